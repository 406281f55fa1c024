import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle, DbOrTx } from './client.ts';

/**
 * How an in-memory cache follows a change made on another instance (docs/decisions/043-change-feed.md).
 * On PostgreSQL every server process keeps one connection of its own that `LISTEN`s on
 * `CHANGES_CHANNEL`; whoever changes what a cache holds announces the cache's name (`announceChange`,
 * a `NOTIFY` delivered when its transaction commits), and every instance, the announcing one too,
 * reloads that cache. The payload is only the name: never the content, never a secret.
 * A notification sent while a listener is disconnected is lost, so after every (re)connect each
 * cache reloads once, and each cache keeps a slow periodic check of its own as the last safety net.
 * PGlite is one process (its data folder is locked): every write goes through the process's own
 * caches, so its feed does nothing.
 */
export const CHANGES_CHANNEL = 'laudos_mudancas';

export interface ChangeFeed {
  /**
   * Runs `reload` when `name` is announced (by any instance) and once after every reconnect of the
   * listener. Runs never overlap; one asked for while another runs comes right after it.
   * Returns what stops it.
   */
  on(name: string, reload: () => Promise<void>): () => void;
  /** Stops listening and waits for the reloads in flight. Safe to call twice. */
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  /** A failed reload or a lost listener connection (the caches keep what they hold). */
  onError?: (err: unknown, what: string) => void;
  /** The first wait before reconnecting a lost listener (doubles up to 30 s); 1 s by default. */
  reconnectMs?: number;
}

/** Tells every instance that `name` changed. Inside a transaction it is delivered when that commits. */
export async function announceChange(database: DatabaseHandle, db: DbOrTx, name: string): Promise<void> {
  if (database.engine !== 'postgres') return;
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${name})`);
}

/** Opens the feed: on PostgreSQL, connects the listener (a failed first connect is retried later). */
export async function openChangeFeed(
  database: DatabaseHandle,
  options: ChangeFeedOptions = {},
): Promise<ChangeFeed> {
  const reloads = new Map<string, Set<Reloader>>();
  const feed = {
    on(name: string, reload: () => Promise<void>) {
      const reloader = new Reloader(reload, (err) => options.onError?.(err, name));
      let set = reloads.get(name);
      if (!set) {
        set = new Set();
        reloads.set(name, set);
      }
      set.add(reloader);
      return () => {
        set.delete(reloader);
      };
    },
  };
  if (database.engine !== 'postgres') return { ...feed, close: async () => {} };

  const firstWait = options.reconnectMs ?? 1_000;
  let wait = firstWait;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const all = () => [...reloads.values()].flatMap((set) => [...set]);

  const lost = (which: pg.Client, err?: unknown) => {
    if (client !== which) return;
    client = null;
    which.end().catch(() => {});
    if (closed) return;
    options.onError?.(err ?? new Error('conexão encerrada'), 'escuta de mudanças');
    retry();
  };
  const retry = () => {
    timer = setTimeout(() => void connect(), wait);
    timer.unref();
    wait = Math.min(wait * 2, 30_000);
  };
  const connect = async () => {
    const next = new pg.Client({
      connectionString: database.connectionString,
      application_name: 'laudos-mudancas',
      connectionTimeoutMillis: 10_000,
      // Keeps a half-open connection (a dead network path) from going unnoticed for hours.
      keepAlive: true,
    });
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next));
    next.on('notification', (msg) => {
      if (msg.channel !== CHANGES_CHANNEL || !msg.payload) return;
      for (const r of reloads.get(msg.payload) ?? []) r.request();
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
    } catch (err) {
      next.end().catch(() => {});
      if (closed) return;
      options.onError?.(err, 'escuta de mudanças');
      retry();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    wait = firstWait;
    // Whatever was announced while nobody listened here.
    for (const r of all()) r.request();
  };
  await connect();

  return {
    ...feed,
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
      await Promise.all(all().map((r) => r.idle()));
    },
  };
}

/** One cache's reload: never two at once, and one more run when asked for during a run. */
class Reloader {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly reload: () => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  request(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.reload();
        } catch (err) {
          this.onError(err);
        }
      } while (this.again);
      this.running = undefined;
    })();
  }

  async idle(): Promise<void> {
    await this.running;
  }
}
