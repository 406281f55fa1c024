import { type AppSettings, appSettingsSchema, defaultAppSettings } from '@laudos/domain';
import { eq, sql } from 'drizzle-orm';
import { announceChange, type ChangeFeed } from '../db/changes.ts';
import type { DatabaseHandle, DbOrTx } from '../db/client.ts';
import { appSettings } from '../db/schema.ts';

/**
 * How often an instance on PostgreSQL checks whether the settings changed without a notification
 * reaching it (a lost one, an edit by hand): the safety net, SETTINGS_REFRESH_SECONDS in the server.
 */
export const SETTINGS_REFRESH_MS = 60_000;

/** The name the settings are announced by on the change feed (db/changes.ts). */
export const SETTINGS_CHANGE = 'configuracoes';

/**
 * The system settings, read once at start and kept in memory: requests and e-mails read `get()`,
 * never the database (inside a transaction there is no query on the outer handle to wait for).
 * Freshness across instances (docs/decisions/043-change-feed.md): on PostgreSQL a write announces
 * itself on the change feed when it commits and every instance listening compares a hash of the
 * stored document and reloads it when it differs; a slow timer does the same check as a safety
 * net. PGlite is one process (its data folder is locked), so every write goes through this store.
 */
export interface SettingsStore {
  /** The current settings, frozen. */
  get(): AppSettings;
  /**
   * Validates, writes and caches `next`; returns what was stored. `registrar` runs in the write's
   * transaction with the settings before and after (the audit entry, decision 046).
   */
  update(
    next: AppSettings,
    registrar?: (tx: DbOrTx, antes: AppSettings, depois: AppSettings) => Promise<void>,
  ): Promise<AppSettings>;
  /** Reloads from the database now (a change made outside this store). */
  refresh(): Promise<AppSettings>;
  /** Stops the periodic check; waits for one in flight. Safe to call twice. */
  close(): Promise<void>;
}

export interface SettingsStoreOptions {
  /** The safety-net check interval on PostgreSQL; SETTINGS_REFRESH_MS by default. */
  refreshMs?: number;
  /** Where changes made by other instances are announced (without it, only the timer sees them). */
  changes?: ChangeFeed;
  /** Called when a periodic check fails (the cached settings stay in use). */
  onRefreshError?: (err: unknown) => void;
}

/** Loads the settings and, on PostgreSQL, starts the periodic check. */
export async function openSettingsStore(
  database: DatabaseHandle,
  options: SettingsStoreOptions = {},
): Promise<SettingsStore> {
  const { db } = database;
  let current = await loadSettings(db);
  // A load that started earlier (a periodic check) must not overwrite one that started later (a write).
  let started = 0;
  let applied = 0;
  const reload = async () => {
    const mine = ++started;
    const loaded = await loadSettings(db);
    if (mine > applied) {
      applied = mine;
      current = loaded;
    }
    return current.settings;
  };
  let closed = false;
  let checking: Promise<void> | undefined;

  const check = async () => {
    const [row] = await db
      .select({ version: sql<string>`md5(${appSettings.data}::text)` })
      .from(appSettings)
      .where(eq(appSettings.id, 1))
      .limit(1);
    if ((row?.version ?? null) !== current.version) await reload();
  };
  const stopListening = options.changes?.on(SETTINGS_CHANGE, async () => {
    if (!closed) await check();
  });
  const timer =
    database.engine === 'postgres'
      ? setInterval(() => {
          if (checking || closed) return;
          checking = check()
            .catch((err) => options.onRefreshError?.(err))
            .finally(() => {
              checking = undefined;
            });
        }, options.refreshMs ?? SETTINGS_REFRESH_MS)
      : undefined;
  timer?.unref();

  return {
    get: () => current.settings,
    async update(next, registrar) {
      const antes = current.settings;
      // Announced when the write commits: every other instance reloads then.
      const stored = await db.transaction(async (tx) => {
        const written = await writeSettings(tx, next);
        await registrar?.(tx, antes, written);
        await announceChange(database, tx, SETTINGS_CHANGE);
        return written;
      });
      await reload();
      return stored;
    },
    refresh: reload,
    async close() {
      closed = true;
      stopListening?.();
      clearInterval(timer);
      await checking;
    },
  };
}

interface Loaded {
  settings: AppSettings;
  /** md5 of the stored document; null when there is no row. */
  version: string | null;
}

async function loadSettings(db: DbOrTx): Promise<Loaded> {
  const [row] = await db
    .select({ data: appSettings.data, version: sql<string>`md5(${appSettings.data}::text)` })
    .from(appSettings)
    .where(eq(appSettings.id, 1))
    .limit(1);
  // A copy: the parsed document may share objects with the defaults, which must not be frozen.
  return { settings: deepFreeze(structuredClone(parseSettings(row?.data))), version: row?.version ?? null };
}

/**
 * Anything missing or from an older version is filled with the defaults. A stored field that no
 * longer validates (edited by hand, or saved before a rule existed, like the logo's) falls back to
 * its default alone: the rest of what the admin saved is kept, and the product still starts.
 */
function parseSettings(data: unknown): AppSettings {
  if (data === undefined) return defaultAppSettings;
  let doc: unknown = structuredClone(data);
  for (let attempt = 0; attempt < 20; attempt++) {
    const parsed = appSettingsSchema.safeParse(doc);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) doc = withoutPath(doc, issue.path);
  }
  return appSettingsSchema.parse({});
}

/** `doc` without the value at `path` (the whole document when the path is empty). */
function withoutPath(doc: unknown, path: readonly PropertyKey[]): unknown {
  if (path.length === 0 || doc === null || typeof doc !== 'object') return undefined;
  let parent = doc as Record<PropertyKey, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = parent[key];
    if (next === null || typeof next !== 'object') return doc;
    parent = next as Record<PropertyKey, unknown>;
  }
  delete parent[path[path.length - 1]!];
  return doc;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Reads the settings straight from the database (the store's loading; code that has no store). */
export async function readSettings(db: DbOrTx): Promise<AppSettings> {
  const [row] = await db
    .select({ data: appSettings.data })
    .from(appSettings)
    .where(eq(appSettings.id, 1))
    .limit(1);
  return parseSettings(row?.data);
}

/** Creates the settings row with the defaults; never overwrites an existing one. */
export async function seedSettings(db: DbOrTx): Promise<void> {
  await db.insert(appSettings).values({ id: 1, data: defaultAppSettings }).onConflictDoNothing();
}

/** Writes the settings row. Only the store calls this: a write elsewhere leaves caches stale. */
async function writeSettings(db: DbOrTx, next: AppSettings): Promise<AppSettings> {
  const data = appSettingsSchema.parse(next);
  await db
    .insert(appSettings)
    .values({ id: 1, data })
    .onConflictDoUpdate({ target: appSettings.id, set: { data, updatedAt: sql`now()` } });
  return data;
}
