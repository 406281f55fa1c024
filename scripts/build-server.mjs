// Compiles apps/server into one ES module bundle per entry (apps/server/dist), which `npm start`
// runs with plain `node --enable-source-maps`: loading the TypeScript sources through tsx at every
// start cost about 2.3 s (docs/benchmarks.md). Our code is bundled — apps/server/src and the
// workspace package @laudos/domain, whose exports are TypeScript sources — and every npm package
// stays external, loaded from node_modules as before (native addons such as sharp, PGlite's
// WebAssembly and data files, pg-boss's SQL all find their files where they were installed).
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');

/** Bare imports (npm packages, node: builtins) are external, except our own workspace package. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@laudos/domain' || args.path.startsWith('@laudos/domain/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const outdir = path.join(server, 'dist');
const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'apps/server/src/main.ts',
    cli: 'apps/server/src/cli.ts',
    // What main.ts imports to run a server process (not in a cluster's primary); on its own, the
    // cold-start bench loads it to time the code's loading (bench/support/import-server.mjs).
    serve: 'apps/server/src/serve.ts',
    // A worker thread's entry: excel-preview.ts starts it from the bundle without tsx.
    'excel-preview-worker': 'apps/server/src/storage/excel-preview-worker.ts',
  },
  outdir,
  // Chunks sit next to the entries: code that resolves paths from import.meta.dirname
  // (src/paths.ts) sees the same folder depth from any of them, apps/server/dist ≡ apps/server/src.
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: 'linked',
  // Stack traces and logs keep the real function and class names.
  keepNames: true,
  plugins: [externalPackages],
  logLevel: 'warning',
  // Written below, file by file.
  write: false,
});

// Each file replaces its old version in one rename, and the previous build's leftovers (chunks
// named by an older hash) go after: a server starting meanwhile (or the test that builds while
// another project's test does the same) never reads a half-written file.
mkdirSync(outdir, { recursive: true });
const written = new Set();
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
  written.add(path.basename(file.path));
}
for (const name of readdirSync(outdir)) {
  if (!written.has(name) && !name.endsWith('.tmp')) rmSync(path.join(outdir, name), { force: true });
}
process.stdout.write(
  `apps/server/dist compilado em ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
