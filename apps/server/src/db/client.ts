import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../paths.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { extractPgliteTemplate, findPgliteTemplate, isNewDataDir } from './pglite-template.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A handle queries can run on: the database, or a transaction inside it. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(serverRoot, 'drizzle');

interface DatabaseBase {
  readonly db: Db;
  /** Checks the database answers (for the health route). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
export interface PgliteDatabaseHandle extends DatabaseBase {
  readonly engine: 'pglite';
  readonly pglite: PGlite;
}
export interface PostgresDatabaseHandle extends DatabaseBase {
  readonly engine: 'postgres';
  readonly pool: pg.Pool;
  readonly connectionString: string;
}
export type DatabaseHandle = PgliteDatabaseHandle | PostgresDatabaseHandle;

export type DatabaseTarget =
  | { engine: 'postgres'; connectionString: string; poolSize?: number }
  /**
   * `dataDir` is a folder on disk (locked for this process) or `memory://`. A new folder starts
   * from the packaged template for the current migrations when there is one (`templateDir` moves
   * where it is looked for: tests), otherwise PGlite runs initdb.
   */
  | { engine: 'pglite'; dataDir: string; loadDataDir?: Blob; lock?: boolean; templateDir?: string };

export async function openDatabase(
  target: Extract<DatabaseTarget, { engine: 'pglite' }>,
): Promise<PgliteDatabaseHandle>;
export async function openDatabase(
  target: Extract<DatabaseTarget, { engine: 'postgres' }>,
): Promise<PostgresDatabaseHandle>;
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle>;
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.engine === 'postgres') return openPostgres(target.connectionString, target.poolSize ?? 10);
  return openPglite(target.dataDir, target.loadDataDir, target.lock ?? true, target.templateDir);
}

/**
 * The embedded database's buffer cache. PGlite's default (128 MB) lives in the server's own memory
 * and is never given back; 16 MB holds this product's working set (a firm's laudos, users and
 * reminder history). The whole server at rest (`npm start`, PGlite, this 2-core machine): 525 → 384 MB
 * reopening a data directory, 987 → 477 MB right after a first start (issue 15).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(
  dataDir: string,
  loadDataDir: Blob | undefined,
  lock: boolean,
  templateDir: string | undefined,
): Promise<PgliteDatabaseHandle> {
  let dirLock: DataDirLock | undefined;
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    if (lock) dirLock = acquireDataDirLock(path.dirname(path.resolve(dataDir)));
  }
  let pglite: PGlite;
  try {
    // Under the lock: another server cannot be filling the same folder.
    if (!inMemory && !loadDataDir && isNewDataDir(dataDir)) {
      const template = findPgliteTemplate(migrationsFolder, templateDir);
      if (template) extractPgliteTemplate(template, dataDir);
    }
    pglite = await PGlite.create(inMemory ? undefined : dataDir, {
      ...(loadDataDir ? { loadDataDir } : {}),
      // The session time zone as a start parameter rather than a `SET` after start: one statement
      // (6–70 ms on this machine under load) less on every open.
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
        '-c',
        'TimeZone=UTC',
      ],
    });
  } catch (err) {
    dirLock?.release();
    throw err;
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  let closed = false;
  return {
    engine: 'pglite',
    db,
    pglite,
    async ping() {
      if (closed || pglite.closed) throw new Error('database closed');
      await pglite.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        dirLock?.release();
      }
    },
  };
}

async function openPostgres(connectionString: string, poolSize: number): Promise<PostgresDatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    // Every session in UTC: timestamps are instants; expiry dates are `date`, never shifted.
    options: '-c TimeZone=UTC',
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection (a PostgreSQL restart) must not crash the process.
  pool.on('error', () => {});
  // pg-pool takes that listener off a client while it is checked out (a transaction): a connection
  // dropped then would emit 'error' with no listener and end the process. The transaction fails by
  // itself (its next query rejects; the pool discards the client on release), so nothing to do here.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    engine: 'postgres',
    db,
    pool,
    connectionString,
    async ping() {
      if (closed) throw new Error('database closed');
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Applies every pending migration. On PostgreSQL several instances may start at once: an advisory
 * lock lets one migrate while the others wait. (`folder`: another set of migrations, for the tests
 * that build a database as an earlier version left it.) */
export async function migrateDatabase(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  if (handle.engine === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: folder });
    return;
  }
  const client = new pg.Client({ connectionString: handle.connectionString, options: '-c TimeZone=UTC' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274001)');
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock(727274001)').catch(() => {});
    await client.end();
  }
}
