/*
 * Part of the cold start (bench/cold-start.ts): only loading the server's code, as `npm start`
 * does (the bundle, apps/server/dist: serve.js is what main.js imports to run a server process),
 * without opening anything. Prints the milliseconds since the process started.
 */
import { performance } from 'node:perf_hooks';

await import('../../apps/server/dist/serve.js');
console.log(`carregado ${performance.now().toFixed(0)}`);
