import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, type PgliteDatabaseHandle } from '../../src/db/client.ts';
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
  if (testEngine === 'pglite') return takePgliteDatabase();
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

/**
 * PGlite databases are reused within a test process (decision 045). Loading the template dump costs
 * 2–3 s of CPU per database; putting a used one back as the template left it (every table emptied
 * and refilled, sequences set back, the session reset) costs under 0.1 s. A database is reused only
 * when its catalog is still the template's (no table, function, trigger, schema or column made or
 * dropped) and it answered the reset; otherwise it is closed, as before.
 */
const spares: PgliteDatabaseHandle[] = [];
let template: Promise<TemplateSnapshot> | undefined;

interface TemplateSnapshot {
  /** Every table (partitioned parents, not their partitions), quoted, for one TRUNCATE. */
  tables: string[];
  /** The tables that held rows, with the columns COPY writes (generated ones left out). */
  rows: { target: string; blob: Blob }[];
  /** `select setval(...)` for every sequence, as the template had it. */
  sequences: string;
  fingerprint: string;
}

const CATALOG_FINGERPRINT = `select concat_ws(',',
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_class),
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_proc),
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_trigger),
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_namespace),
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_type),
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_constraint),
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_policy),
  (select count(*) from pg_attribute where not attisdropped),
  (select count(*) from pg_db_role_setting)) as f`;

async function openFromTemplate(): Promise<PgliteDatabaseHandle> {
  const tar = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ engine: 'pglite', dataDir: 'memory://', loadDataDir: new Blob([tar]) });
}

async function fingerprint(handle: PgliteDatabaseHandle): Promise<string> {
  return (await handle.pglite.query<{ f: string }>(CATALOG_FINGERPRINT)).rows[0]!.f;
}

/** What a fresh copy of the template holds, read once per process from an untouched copy. */
async function snapshot(handle: PgliteDatabaseHandle): Promise<TemplateSnapshot> {
  const { pglite } = handle;
  const tables = (
    await pglite.query<{ name: string; cols: string }>(`
      select format('%I.%I', n.nspname, c.relname) as name,
             string_agg(format('%I', a.attname), ', ' order by a.attnum) as cols
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
       where c.relkind in ('r', 'p') and not c.relispartition
         and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
       group by 1 order by 1`)
  ).rows;
  const rows: TemplateSnapshot['rows'] = [];
  for (const t of tables) {
    const counted = await pglite.query<{ n: number }>(`select count(*)::int as n from ${t.name}`);
    if (counted.rows[0]!.n === 0) continue;
    const copied = await pglite.query(`copy (select ${t.cols} from ${t.name}) to '/dev/blob'`);
    rows.push({ target: `${t.name} (${t.cols})`, blob: copied.blob! });
  }
  const sequences = (
    await pglite.query<{ s: string }>(`
      select format('select setval(%L, %s, %s)', format('%I.%I', schemaname, sequencename),
                    coalesce(last_value, start_value), (last_value is not null)::text) as s
        from pg_sequences`)
  ).rows
    .map((r) => r.s)
    .join('; ');
  return { tables: tables.map((t) => t.name), rows, sequences, fingerprint: await fingerprint(handle) };
}

async function takePgliteDatabase(): Promise<TestDatabase> {
  let handle = spares.pop();
  if (!handle) {
    handle = await openFromTemplate();
    if (!template) {
      const first = handle;
      template = snapshot(first);
    }
    await template;
  }
  const inner = handle;
  let released = false;
  // The server closes the database it was given; for a pooled one that is where the test let go.
  const lent: PgliteDatabaseHandle = {
    engine: 'pglite',
    db: inner.db,
    pglite: inner.pglite,
    ping: () => (released ? Promise.reject(new Error('database closed')) : inner.ping()),
    close: async () => {
      released = true;
    },
  };
  let destroyed = false;
  return {
    handle: lent,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      released = true;
      if (await resetToTemplate(inner)) spares.push(inner);
      else await inner.close();
    },
  };
}

/** Puts a used database back as the template left it; false when it cannot be reused. */
async function resetToTemplate(handle: PgliteDatabaseHandle): Promise<boolean> {
  if (handle.pglite.closed || !template) return false;
  try {
    const t = await template;
    const { pglite } = handle;
    // A transaction left open by a failed test; then session settings, locks, temporary tables.
    if (pglite.isInTransaction()) return false;
    await pglite.exec('discard all');
    if ((await fingerprint(handle)) !== t.fingerprint) return false;
    await pglite.exec(`set session_replication_role = replica; truncate ${t.tables.join(', ')}`);
    for (const r of t.rows) await pglite.query(`copy ${r.target} from '/dev/blob'`, [], { blob: r.blob });
    await pglite.exec(`${t.sequences}; reset session_replication_role`);
    return true;
  } catch {
    return false;
  }
}
