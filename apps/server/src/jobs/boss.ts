import { randomUUID } from 'node:crypto';
import { fromPglite, type Job, PgBoss, type Queue, type WorkOptions } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * pg-boss on the same database as the app: PGlite through its adapter, or PostgreSQL through its
 * own pool. Jobs, retries, cron and "once across instances" all live in the `pgboss` schema.
 *
 * Every instance starts pg-boss so it can enqueue (inside its own transactions). With
 * `workers: false` (JOBS=off) it runs no workers, no cron and no supervision.
 */
export interface QueueDefinition<T extends object = object> {
  name: string;
  options?: Omit<Queue, 'name'>;
  /** Created before `name`, and named as its dead-letter queue. */
  deadLetter?: string;
  /** Cron schedules that send a job to this queue (kept in the database, fired by one instance). */
  schedules?: Array<{ cron: string; tz: string; data?: object }>;
  work?: {
    options?: WorkOptions & { includeMetadata?: boolean };
    handler: (jobs: Job<T>[]) => Promise<unknown>;
  };
}

export interface Jobs {
  readonly boss: PgBoss;
  readonly workers: boolean;
  /** Declares a queue (and optionally its worker) to set up at start. */
  define<T extends object>(queue: QueueDefinition<T>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  workers: boolean;
  superviseIntervalSeconds?: number;
  logError: (err: unknown) => void;
}

export function createJobs(handle: DatabaseHandle, options: JobsOptions): Jobs {
  const common = {
    schema: 'pgboss',
    supervise: options.workers,
    schedule: options.workers,
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 60,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 60,
  };
  const boss =
    handle.engine === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(handle.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: handle.connectionString, max: 4 });
  boss.on('error', options.logError);
  const queues: QueueDefinition<object>[] = [];
  let started = false;
  return {
    boss,
    workers: options.workers,
    define(queue) {
      if (started) throw new Error(`queue ${queue.name} defined after start`);
      queues.push(queue as unknown as QueueDefinition<object>);
    },
    async start() {
      await boss.start();
      started = true;
      // Queues exist before anyone may send to them: on PGlite, a first send to a missing queue
      // inside a transaction waits forever.
      for (const q of queues) {
        if (q.deadLetter && !(await boss.getQueue(q.deadLetter))) await boss.createQueue(q.deadLetter);
        const options = { ...q.options, ...(q.deadLetter ? { deadLetter: q.deadLetter } : {}) };
        if (await boss.getQueue(q.name)) {
          // The policy is fixed when a queue is created; the rest follows the code.
          const { policy: _policy, ...updatable } = options;
          await boss.updateQueue(q.name, updatable);
        } else
          await boss.createQueue(q.name, options).catch(async (err) => {
            // Another instance created it first.
            if (!(await boss.getQueue(q.name))) throw err;
          });
      }
      // Warm pg-boss's queue cache outside any transaction: on a cache miss `send` looks the queue
      // up on its own connection, and on PGlite that waits forever inside a transaction.
      for (const q of queues) {
        for (const name of [q.name, q.deadLetter].filter((n): n is string => Boolean(n))) {
          await boss.getJobById(name, randomUUID());
        }
      }
      if (options.workers) {
        for (const q of queues) {
          for (const s of q.schedules ?? [])
            await boss.schedule(q.name, s.cron, s.data ?? null, { tz: s.tz });
        }
        for (const q of queues) {
          if (q.work)
            await boss.work(q.name, { ...(q.work.options ?? {}) } as never, q.work.handler as never);
        }
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      // Graceful: running handlers finish, then polling stops. The database is closed after this.
      await boss.stop({ graceful: true, timeout: 15_000, close: handle.engine === 'postgres' });
    },
  };
}
