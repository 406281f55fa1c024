/*
 * Part of the cold start (bench/cold-start.ts): only loading the server's code, as `npm start`
 * does (node --import tsx), without opening anything. Prints the milliseconds since the process
 * started.
 */
import { performance } from 'node:perf_hooks';

await import('../../apps/server/src/server.ts');
console.log(`carregado ${performance.now().toFixed(0)}`);
