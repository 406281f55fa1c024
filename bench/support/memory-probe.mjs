/*
 * Loaded into the server process by bench/support/launch.ts (`node --import`), never by the app —
 * plain JavaScript, since the server runs from its bundle without tsx:
 * writes the process's memory (RSS and V8 heap) to BENCH_MEMORY_FILE four times a second, and at
 * once after a full garbage collection when it receives SIGUSR2 (the process runs with
 * --expose-gc). The benchmark reads that file; the server itself does not know about it.
 */
import cluster from 'node:cluster';
import { renameSync, writeFileSync } from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
// With BENCH_WORKERS > 1 only the primary (the pid the bench knows) writes: the workers would race
// it for the same file.
if (file && cluster.isPrimary) {
  const write = (afterGc) => {
    const m = process.memoryUsage();
    const sample = { t: Date.now(), rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, afterGc };
    writeFileSync(`${file}.tmp`, JSON.stringify(sample));
    renameSync(`${file}.tmp`, file);
  };
  setInterval(() => write(false), 250).unref();
  process.on('SIGUSR2', () => {
    const gc = globalThis.gc;
    gc?.();
    write(true);
  });
}
