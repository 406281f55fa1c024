// Builds what `npm start` runs when it is missing or older than its sources, so that `npm start`
// on a fresh clone (or after a `git pull`) needs no separate build step: the web app
// (apps/web/dist and dist-ssr, vite) and the server's bundle (apps/server/dist, esbuild:
// scripts/build-server.mjs). Each is rebuilt only when one of its own sources is newer.
// A production install (`npm ci --omit=dev`, decision 039) has no build tools: there an existing
// build is run as it is (with a warning when it looks older than the code), and a missing one
// stops the start with what to do.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const targets = [
  {
    name: 'web',
    label: 'da interface web',
    message: 'Compilando a interface web (apps/web)…',
    // The app and the public pages' server renderer (decision 009).
    outputs: ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'],
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/domain/src',
    ],
    command: ['npm', ['run', 'build', '-w', '@laudos/web']],
    // Development dependencies the build needs (absent after `npm ci --omit=dev`).
    tools: ['vite', '@vitejs/plugin-react', '@tailwindcss/vite'],
  },
  {
    name: 'server',
    label: 'do servidor',
    message: 'Compilando o servidor (apps/server)…',
    outputs: [
      'apps/server/dist/main.js',
      'apps/server/dist/serve.js',
      'apps/server/dist/cli.js',
      'apps/server/dist/excel-preview-worker.js',
    ],
    // The migrations are read from apps/server/drizzle at run time, not bundled; a new one still
    // counts, so a bundle is never older than the schema its code expects.
    sources: ['apps/server/src', 'apps/server/drizzle', 'packages/domain/src', 'scripts/build-server.mjs'],
    command: [process.execPath, ['scripts/build-server.mjs']],
    tools: ['esbuild'],
  },
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/** Whether an npm package is installed where the workspaces resolve it (the root's node_modules or a workspace's own). */
function installed(name) {
  return ['.', 'apps/web', 'apps/server'].some((dir) =>
    existsSync(path.join(root, dir, 'node_modules', name, 'package.json')),
  );
}

// `node scripts/ensure-build.mjs server` (npm run cli) checks only the server; no argument, both.
const wanted = process.argv.slice(2);
for (const target of targets) {
  if (wanted.length > 0 && !wanted.includes(target.name)) continue;
  const builtAt = Math.min(
    ...target.outputs.map((p) => path.join(root, p)).map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)),
  );
  const changedAt = Math.max(...target.sources.map((s) => newest(path.join(root, s))));
  if (builtAt >= changedAt) continue;
  const missingTools = target.tools.filter((tool) => !installed(tool));
  if (missingTools.length > 0) {
    const outputs = target.outputs.join(', ');
    if (builtAt > 0) {
      process.stderr.write(
        `Aviso: o build ${target.label} (${outputs}) parece mais antigo que o código, e as ferramentas para ` +
          `refazê-lo não estão instaladas (instalação de produção). Ele será usado assim mesmo; depois de atualizar ` +
          'o código, rode `npm ci && npm run build` (e então `npm ci --omit=dev`) — veja "Atualizar" no README.\n',
      );
      continue;
    }
    process.stderr.write(
      `\nO build ${target.label} não existe (${outputs}) e não pode ser feito aqui: faltam as ferramentas de ` +
        `build (${missingTools.join(', ')}), que são dependências de desenvolvimento — esta instalação foi feita com ` +
        '`npm ci --omit=dev`.\nFaça o build antes: `npm ci && npm run build`, e só então `npm ci --omit=dev` ' +
        '(ou copie apps/web/dist, apps/web/dist-ssr e apps/server/dist de onde o build foi feito). ' +
        'Veja docs/deploy.md.\n\n',
    );
    process.exit(1);
  }
  process.stdout.write(`${target.message}\n`);
  const [command, args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
