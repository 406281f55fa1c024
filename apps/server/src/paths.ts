import path from 'node:path';

/**
 * The server package's folder (apps/server), found the same way from the TypeScript sources (tsx,
 * tests: this file is apps/server/src/paths.ts) and from the bundle `npm start` runs (this code
 * sits in a file of apps/server/dist, which scripts/build-server.mjs writes flat, chunks included).
 * Code that finds files by its own location must start here, never from its own import.meta:
 * a module at src/db/ is at dist/ once bundled.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');

/** True when this code runs from the bundle, not from the .ts sources. */
export const runningFromBundle = !import.meta.url.endsWith('.ts');
