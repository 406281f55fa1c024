import { createHash } from 'node:crypto';
import { type Placeholder, sql } from 'drizzle-orm';

/**
 * A statement's values kept apart from its text: each value becomes a placeholder (`v0`, `v1`… in
 * the order they are given), so every request of one shape builds the same text and can run the
 * statement prepared by the first (`preparada`). `todos` goes to `execute`.
 */
export class Valores {
  readonly todos: Record<string, unknown> = {};
  private n = 0;

  de(value: unknown): Placeholder {
    const name = `v${this.n++}`;
    this.todos[name] = value;
    return sql.placeholder(name);
  }
}

interface Preparavel {
  prepare(name: string): unknown;
}

/** Prepared statements by database handle, then by shape. */
const porHandle = new WeakMap<object, Map<string, unknown>>();
/** Shapes kept per handle: the hot routes have a few dozen; past this, statements are not kept. */
const MAXIMO = 256;

/**
 * The statement for `forma` (a key naming everything that changes its text: who asks, which
 * filters, which order), built and prepared on first use and reused after: Drizzle builds the
 * SQL text once, and on PostgreSQL each connection parses and plans it once (a named statement)
 * instead of on every request (issue 15). `build` must put every value through a `Valores`.
 */
export function preparada<Q extends Preparavel>(
  db: object,
  forma: string,
  build: () => Q,
): ReturnType<Q['prepare']> {
  let cache = porHandle.get(db);
  if (!cache) {
    cache = new Map();
    porHandle.set(db, cache);
  }
  let statement = cache.get(forma);
  if (!statement) {
    statement = build().prepare(nomeDaForma(forma));
    if (cache.size < MAXIMO) cache.set(forma, statement);
  }
  return statement as ReturnType<Q['prepare']>;
}

/** A PostgreSQL statement name (at most 63 bytes) unique to the shape. */
function nomeDaForma(forma: string): string {
  return `laudos_${createHash('sha1').update(forma).digest('hex').slice(0, 20)}`;
}
