import { fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * pg-boss on the same database as the app: PGlite through its adapter, or PostgreSQL through its
 * own pool. Jobs, retries, cron and "once across instances" all live in the `pgboss` schema.
 */
export interface Jobs {
  readonly boss: PgBoss;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createJobs(handle: DatabaseHandle, logError: (err: unknown) => void): Jobs {
  const boss =
    handle.engine === 'pglite'
      ? new PgBoss({ db: fromPglite(handle.pglite), backend: 'pglite', schema: 'pgboss' })
      : new PgBoss({ connectionString: handle.connectionString, schema: 'pgboss', max: 4 });
  boss.on('error', logError);
  let started = false;
  return {
    boss,
    async start() {
      await boss.start();
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      // Graceful: wait for running handlers, then stop polling. The database is closed after this.
      await boss.stop({ graceful: true, timeout: 10_000, close: handle.engine === 'postgres' });
    },
  };
}
