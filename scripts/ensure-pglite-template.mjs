// Builds the embedded database's template (an empty, migrated PGlite data directory; decision 017)
// when the one for the current migrations is missing, so that the first `npm start` copies it
// instead of running initdb in the server. The build runs in a process of its own: initdb's
// WebAssembly memory (~600 MB) goes away with it. Nothing to do on PostgreSQL (DATABASE_URL).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pgliteTemplateFile } from '../apps/server/src/db/pglite-template-key.mjs';

const root = path.resolve(import.meta.dirname, '..');
// DATABASE_URL may come from the installation's .env, which the server gets too (load-env.mjs).
await import('./load-env.mjs');
if (process.env.DATABASE_URL) process.exit(0);
if (existsSync(pgliteTemplateFile(path.join(root, 'apps/server/drizzle')))) process.exit(0);

process.stdout.write('Preparando o modelo do banco embutido (apps/server/.pglite-template)…\n');
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/db/build-pglite-template.ts'],
  { cwd: root, stdio: 'inherit' },
);
// The server still starts without it (PGlite runs initdb, only slower): say so, do not stop the start.
if (result.status !== 0) {
  process.stderr.write(
    'Aviso: o modelo do banco embutido não pôde ser preparado; um banco novo será criado pelo initdb (mais lento).\n',
  );
}
