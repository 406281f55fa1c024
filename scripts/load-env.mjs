// Loads the installation's `.env` (beside package.json; `.env.example` lists every variable) into
// the environment, before the server's code runs: `node --import ./scripts/load-env.mjs …`, as
// `npm start`, `npm run cli` and deploy/laudos.service start it (decision 039). A variable already
// in the environment wins over the file (Node's own parser and rule). It is part of how an
// installation is started, not of the server process: the tests, the browser tests and the benches
// start apps/server/dist/main.js with an environment of their own, which a developer's `.env`
// must not change.
import { existsSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '..', '.env');
if (existsSync(file)) {
  try {
    process.loadEnvFile(file);
  } catch (err) {
    process.stderr.write(`\nNão foi possível ler ${file}: ${err instanceof Error ? err.message : err}\n\n`);
    process.exit(1);
  }
}
