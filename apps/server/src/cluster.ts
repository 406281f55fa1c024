import cluster, { type Worker } from 'node:cluster';
import { banner, type WorkerReady } from './banner.ts';
import type { Config } from './config.ts';
import { SHUTDOWN_LIMIT_MS } from './exit-watchdog.ts';

/**
 * The primary of `npm start` with WORKERS above 1 (PostgreSQL only: config.ts refuses it on PGlite,
 * whose folder one process owns). It forks that many server processes, which share the port
 * (Node's cluster hands connections round-robin) and everything else through the database, as
 * separate instances already do: sessions, settings (refreshed from the database), rate limits,
 * jobs (pg-boss), the seed (an advisory lock in seed.ts makes one admin however many start at once).
 *
 * - The banner is printed once, when every worker listens, with the admin's one-time password if
 *   one worker's seed created it (its result comes over IPC: banner.ts's WorkerReady).
 * - A worker that fails before listening (a bad database URL, a busy port) has printed why: the
 *   others are stopped and the primary exits with 1, as a single server would.
 * - A worker that dies later is restarted after a pause that doubles from 1 s up to 30 s while
 *   restarts keep failing (back to 1 s once one has lived a minute); each is logged.
 * - SIGTERM/SIGINT is passed to every worker, each closes as a single server does, and the primary
 *   exits when all are gone, or kills what is left just before SHUTDOWN_LIMIT_MS.
 *
 * The primary loads none of the server's code: it holds no database connection and serves nothing.
 */

const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;
/** A worker that lived this long was not failing at start: the next restart waits the least again. */
const STABLE_MS = 60_000;

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

export function runPrimary(config: Config): void {
  const threshold = LEVELS[config.logLevel as keyof typeof LEVELS] ?? Number.POSITIVE_INFINITY;
  // The workers log through pino as JSON lines; the primary's few lines take the same shape.
  const log = (level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}) => {
    if (LEVELS[level] < threshold) return;
    const line = { level: LEVELS[level], time: Date.now(), pid: process.pid, msg, ...fields };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };

  let phase: 'starting' | 'running' | 'stopping' = 'starting';
  let exitCode = 0;
  const ready = new Map<number, WorkerReady>();
  const startedAt = new Map<number, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let failedRestarts = 0;

  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);

  function fork(): void {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.on('message', (message: WorkerReady) => {
      if (message?.type !== 'laudos:pronto') return;
      if (phase === 'starting') {
        ready.set(worker.id, message);
        if (ready.size === config.workers) {
          phase = 'running';
          const all = [...ready.values()];
          // At most one seed created the admin (seed.ts's lock); the others found it.
          const created = all.find((r) => r.seedResult.kind !== 'existing') ?? all[0]!;
          process.stdout.write(
            banner(created.url, created.engine, created.seedResult, {
              workers: config.workers,
              publicUrlSet: config.publicUrlSet,
            }),
          );
        }
      } else if (phase === 'running') {
        log('info', 'processo do servidor reiniciado e no ar', { worker: worker.process.pid });
      }
    });
  }

  function finishIfDone(): void {
    if (phase === 'stopping' && alive().length === 0) process.exit(exitCode);
  }

  function stop(signal: NodeJS.Signals, code: number): void {
    if (phase === 'stopping') return;
    phase = 'stopping';
    exitCode = code;
    for (const t of restarts) clearTimeout(t);
    restarts.clear();
    for (const worker of alive()) worker.process.kill(signal);
    const force = setTimeout(() => {
      log('error', 'encerramento demorou demais; saindo à força', {
        workers: alive().map((w) => w.process.pid),
      });
      for (const worker of alive()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS - 500);
    force.unref();
    finishIfDone();
  }

  cluster.on('exit', (worker, code, signal) => {
    ready.delete(worker.id);
    if (phase === 'stopping') {
      if (code !== 0) exitCode = 1;
      finishIfDone();
      return;
    }
    if (phase === 'starting') {
      // It has said why on stderr (serve.ts); the rest would only repeat it or run short-handed.
      stop('SIGTERM', 1);
      return;
    }
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (lived >= STABLE_MS) failedRestarts = 0;
    const delay = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** failedRestarts);
    failedRestarts++;
    log('error', `um processo do servidor saiu inesperadamente; outro começa em ${delay / 1000} s`, {
      worker: worker.process.pid,
      code,
      signal,
    });
    const t = setTimeout(() => {
      restarts.delete(t);
      if (phase === 'running') fork();
    }, delay);
    restarts.add(t);
  });

  process.on('SIGINT', () => {
    log('info', 'encerrando', { signal: 'SIGINT' });
    stop('SIGINT', 0);
  });
  process.on('SIGTERM', () => {
    log('info', 'encerrando', { signal: 'SIGTERM' });
    stop('SIGTERM', 0);
  });

  for (let i = 0; i < config.workers; i++) fork();
}
