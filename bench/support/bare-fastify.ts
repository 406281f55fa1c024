/*
 * The baseline of the API measurements: a bare Fastify app with one JSON route, in its own process
 * like the real server. Prints "ouvindo <port>" once listening; SIGTERM ends it.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/json', async () => ({ ok: true, mensagem: 'Fastify puro', agora: new Date().toISOString() }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`ouvindo ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
