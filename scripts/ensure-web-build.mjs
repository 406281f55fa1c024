// Builds the web app when apps/web/dist (or dist-ssr) is missing or older than its sources, so that
// `npm start` on a fresh clone serves the interface without a separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The app and the public pages' server renderer (decision 009).
const outputs = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'].map((p) =>
  path.join(root, p),
);
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const builtAt = Math.min(...outputs.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (builtAt >= changedAt) process.exit(0);

process.stdout.write('Compilando a interface web (apps/web)…\n');
const result = spawnSync('npm', ['run', 'build', '-w', '@laudos/web'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
