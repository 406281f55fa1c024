import type { Config } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { armExitWatchdog, SHUTDOWN_LIMIT_MS } from './exit-watchdog.ts';
import type { AdminSeedResult } from './seed.ts';
import { createServer } from './server.ts';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

/**
 * One server process (main.ts: `npm start` with WORKERS=1, or each worker of the cluster): open and
 * migrate the database, seed, start the jobs, listen; SIGINT/SIGTERM shut it down cleanly. Once it
 * listens, `onListening` gets the address to print and what the seed did.
 */
export async function serve(
  config: Config,
  onListening: (url: string, engine: string, seedResult: AdminSeedResult) => void,
): Promise<void> {
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    server = await createServer(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    fail(`Não foi possível iniciar o servidor: ${(err as Error).message}`);
  }

  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    // The kill comes from another thread, so it does not wait for this one to be free; the timer
    // below is the gentler exit (code 1) when it is.
    try {
      armExitWatchdog(SHUTDOWN_LIMIT_MS);
    } catch (err) {
      server.app.log.error({ err }, 'sem o vigia do encerramento');
    }
    server.app.log.info({ signal }, 'encerrando');
    const force = setTimeout(() => {
      server.app.log.error('encerramento demorou demais; saindo à força');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS - 1_000);
    force.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      server.app.log.error({ err }, 'erro ao encerrar');
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await server.app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await server.close().catch(() => {});
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`A porta ${config.port} já está em uso. Defina PORT com outra porta.`);
    fail(`Não foi possível abrir a porta ${config.port}: ${(err as Error).message}`);
  }

  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.includes(`:${config.port}`)
    ? config.publicUrl.replace(`:${config.port}`, `:${port}`)
    : config.publicUrl;
  const engine =
    server.database.engine === 'pglite'
      ? `embutido (PGlite) em ${config.dataDir}`
      : 'PostgreSQL (DATABASE_URL)';
  onListening(url, engine, server.seedResult);
}
