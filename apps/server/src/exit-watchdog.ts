import { Worker } from 'node:worker_threads';

/** SIGTERM/SIGINT end the process within this, whatever is still running (README, Configuração). */
export const SHUTDOWN_LIMIT_MS = 20_000;

/**
 * Kills the process (SIGKILL) `ms` from now, from a thread of its own: it fires even when the main
 * thread is stuck (a synchronous write to a blocked output, an exit hook that never returns), which
 * a timer on the main thread would wait behind. Ending normally first makes it moot.
 */
export function armExitWatchdog(ms: number): void {
  const worker = new Worker(`setTimeout(() => process.kill(${process.pid}, 'SIGKILL'), ${ms});`, {
    eval: true,
    // Not the parent's `--import tsx`: the thread must be up at once and needs no TypeScript.
    execArgv: [],
  });
  worker.unref();
}
