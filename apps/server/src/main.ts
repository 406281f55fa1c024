import cluster from 'node:cluster';
import { banner, type WorkerReady } from './banner.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { processLogOutput } from './log-output.ts';
import { nodeTooOld } from './node-version.ts';

/**
 * `npm start`: parse the environment, then either run the server in this process (WORKERS=1, the
 * default on PGlite: serve.ts) or, with WORKERS above 1 on PostgreSQL, be the primary of a cluster
 * of that many server processes (cluster.ts), which share the port. Either way the address and how
 * to sign in are printed once. The server's code is loaded only where it runs: not in the primary.
 */

// Before anything is printed: a reader of stdout or stderr that goes away must not end or hang us.
processLogOutput();

const oldNode = nodeTooOld();
if (oldNode) {
  process.stderr.write(`\n${oldNode}\n\n`);
  process.exit(1);
}

let config: Config;
try {
  // In the primary this also creates DATA_DIR/auth-secret when needed, before any worker reads it.
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`\n${err.message}\nCorrija as variáveis de ambiente acima e inicie novamente.\n\n`);
    process.exit(1);
  }
  throw err;
}

if (cluster.isPrimary && config.workers > 1) {
  const { runPrimary } = await import('./cluster.ts');
  runPrimary(config);
} else {
  const { serve } = await import('./serve.ts');
  await serve(config, (url, engine, seedResult) => {
    // A worker's seed result (the admin's one-time password, if this worker created the admin)
    // goes to the primary, which prints the banner once for all of them.
    if (cluster.isWorker)
      process.send?.({ type: 'laudos:pronto', url, engine, seedResult } satisfies WorkerReady);
    else process.stdout.write(banner(url, engine, seedResult, { publicUrlSet: config.publicUrlSet }));
  });
}
