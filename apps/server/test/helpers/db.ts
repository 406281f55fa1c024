import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { withDatabase } from './global-setup.ts';

export type TestEngine = 'pglite' | 'postgres';
export const testEngine: TestEngine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** For PostgreSQL: the connection string of this test's own database. */
  connectionString?: string;
  /** Closes the handle (if still open) and drops the database. */
  destroy(): Promise<void>;
}

/** A fresh, migrated database of its own, copied from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine === 'pglite') {
    const tar = readFileSync(inject('pgliteTemplate'));
    const handle = await openDatabase({
      engine: 'pglite',
      dataDir: 'memory://',
      loadDataDir: new Blob([tar]),
    });
    return { handle, destroy: () => handle.close() };
  }
  return createPostgresDatabase(`laudos_t_${randomBytes(6).toString('hex')}`, inject('postgresTemplate'));
}

/** A brand-new empty database (no migrations) for migration tests. */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  if (testEngine === 'pglite') {
    const handle = await openDatabase({ engine: 'pglite', dataDir: 'memory://' });
    return { handle, destroy: () => handle.close() };
  }
  return createPostgresDatabase(`laudos_e_${randomBytes(6).toString('hex')}`);
}

/** A database of its own on the TEST_DATABASE_URL server (copied from `template` when given). */
async function createPostgresDatabase(name: string, template?: string): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL!;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const connectionString = withDatabase(base, name);
  const handle = await openDatabase({ engine: 'postgres', connectionString, poolSize: template ? 5 : 2 });
  return {
    handle,
    connectionString,
    async destroy() {
      await handle.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
