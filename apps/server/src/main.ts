import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { armExitWatchdog } from './exit-watchdog.ts';
import { processLogOutput } from './log-output.ts';
import { createServer } from './server.ts';

/**
 * `npm start`: parse the environment, open and migrate the database, seed, start the jobs, listen,
 * and print where to open the product and how to sign in. SIGINT/SIGTERM shut down cleanly.
 */

// Before anything is printed: a reader of stdout or stderr that goes away must not end or hang us.
processLogOutput();

/** SIGTERM/SIGINT end the process within this, whatever is still running (README, Configuração). */
const SHUTDOWN_LIMIT_MS = 20_000;

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError)
    fail(`${err.message}\nCorrija as variáveis de ambiente acima e inicie novamente.`);
  throw err;
}

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
const lines = ['', `  Laudos está no ar: ${url}`, `  Banco de dados: ${engine}`];
if (!config.publicUrlSet) {
  // Without PUBLIC_URL any local address works (http/origin.ts); e-mails still need one address.
  lines.push(
    `  Sem PUBLIC_URL: abra também por http://127.0.0.1:${port} ou pelo IP desta máquina na rede;`,
    `  os links dos e-mails usam ${url} (defina PUBLIC_URL com o endereço que os usuários abrem).`,
  );
}
lines.push('');
const s = server.seedResult;
if (s.kind === 'created-random') {
  lines.push(
    '  Conta de administrador criada agora (esta senha não será mostrada de novo):',
    `    E-mail: ${s.email}`,
    `    Senha:  ${s.password}`,
    `  Entre em ${url}/login — no primeiro acesso o sistema pedirá uma nova senha.`,
  );
} else if (s.kind === 'created-from-env') {
  lines.push(
    `  Conta de administrador criada: ${s.email} (senha de ADMIN_PASSWORD).`,
    `  Entre em ${url}/login`,
  );
} else {
  lines.push(
    `  Entre em ${url}/login com a sua conta de administrador.`,
    '  Esqueceu a senha? npm run cli -- create-admin --email E --nome N cria outra.',
  );
}
process.stdout.write(`${lines.join('\n')}\n\n`);
