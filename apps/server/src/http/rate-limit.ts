import { createHash } from 'node:crypto';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError, ERROS } from './errors.ts';

export interface Limit {
  /** What is limited, e.g. `signup:ip:203.0.113.7`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** "2 minutos", "45 segundos", "1 segundo": the wait as the refusal states it. */
function waitText(seconds: number): string {
  if (seconds >= 120) return `${Math.ceil(seconds / 60)} minutos`;
  return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
}

/**
 * A refused attempt: 429 with the wait in Portuguese. `retryAfterSeconds` is the same wait, for
 * the Retry-After header (set by the routes that answer with it, e.g. auth/routes.ts).
 */
export class TooManyAttempts extends AppError {
  readonly retryAfterSeconds: number;
  constructor(secondsLeft: number) {
    const seconds = Math.max(1, Math.ceil(Number.isFinite(secondsLeft) ? secondsLeft : 1));
    const { code, status, message } = ERROS.muitasTentativas;
    super(code, message(waitText(seconds)), status);
    this.retryAfterSeconds = seconds;
  }
}

// An index entry has a size limit: a key made of a huge e-mail field is kept as its hash. Real
// keys (a 254-character e-mail and an IPv6 address) stay readable, so they can be listed.
function storedKey(key: string): string {
  return key.length > 400 ? `${key.slice(0, 100)}#${createHash('sha256').update(key).digest('hex')}` : key;
}

type CountRow = { count: number; retry_after: number };

/**
 * One hit on a fixed window, as a single upsert, so it is atomic in the database and several
 * instances share it. With `onlyIf`, a live window is only counted when the condition holds (no
 * row comes back otherwise).
 */
function hitSql(key: string, windowSeconds: number, onlyIf?: SQL) {
  const window = `${windowSeconds} seconds`;
  const ended = sql`${rateLimits.windowStart} < now() - ${window}::interval`;
  return sql`
    insert into ${rateLimits} (key, window_start, count) values (${storedKey(key)}, now(), 1)
    on conflict (key) do update set
      count = case when ${ended} then 1 else ${rateLimits.count} + 1 end,
      window_start = case when ${ended} then now() else ${rateLimits.windowStart} end
    ${onlyIf ? sql`where ${ended} or ${onlyIf}` : sql``}
    returning count, extract(epoch from (window_start + ${window}::interval - now()))::float8 as retry_after
  `;
}

/** Counts one hit and returns the count with the seconds left in the window. */
export async function countRateLimit(
  db: DbOrTx,
  limit: Omit<Limit, 'max'>,
): Promise<{ count: number; secondsLeft: number }> {
  const result = (await db.execute(hitSql(limit.key, limit.windowSeconds))) as unknown as {
    rows: CountRow[];
  };
  const row = result.rows[0];
  return { count: row?.count ?? 1, secondsLeft: row?.retry_after ?? limit.windowSeconds };
}

/** Counts one hit and throws 429 past the limit (the hit is counted even when refused). */
export async function hitRateLimit(db: DbOrTx, limit: Limit): Promise<void> {
  const { count, secondsLeft } = await countRateLimit(db, limit);
  if (count > limit.max) throw new TooManyAttempts(secondsLeft);
}

/**
 * Takes one of the window's `max` places, atomically, or throws 429 WITHOUT counting when none is
 * left. Taking the place before the attempt runs (rather than checking, then counting after) means
 * a burst of parallel requests cannot all pass the check. `giveBackRateLimit` returns the place
 * when the attempt turns out not to count.
 */
export async function takeRateLimit(db: DbOrTx, limit: Limit): Promise<void> {
  const taken = (await db.execute(
    hitSql(limit.key, limit.windowSeconds, sql`${rateLimits.count} < ${limit.max}::int`),
  )) as unknown as { rows: CountRow[] };
  if (taken.rows.length > 0) return;
  const full = await peekRateLimit(db, limit);
  throw new TooManyAttempts(full?.secondsLeft ?? 1);
}

/** Gives back one place of the current window (a window that ended meanwhile is left alone). */
export async function giveBackRateLimit(db: DbOrTx, limit: Omit<Limit, 'max'>): Promise<void> {
  await db.execute(sql`
    update ${rateLimits} set count = greatest(${rateLimits.count} - 1, 0)
    where key = ${storedKey(limit.key)}
      and ${rateLimits.windowStart} >= now() - ${`${limit.windowSeconds} seconds`}::interval
  `);
}

/** The count of the current window without counting, or null when there is none. */
export async function peekRateLimit(db: DbOrTx, limit: Omit<Limit, 'max'>): Promise<LiveWindow | null> {
  const [row] = await listRateLimits(db, limit.key, limit.windowSeconds, { exact: true });
  return row ?? null;
}

export interface LiveWindow {
  key: string;
  count: number;
  endsAt: Date;
  /** By the database's clock, like the window itself. */
  secondsLeft: number;
}

/**
 * The live windows whose key starts with `prefix` (or is exactly it), with their counts and
 * when they end. Keys that were hashed for their length are not found by prefix.
 */
export async function listRateLimits(
  db: DbOrTx,
  prefix: string,
  windowSeconds: number,
  { exact = false } = {},
): Promise<LiveWindow[]> {
  const window = `${windowSeconds} seconds`;
  const match = exact ? sql`key = ${storedKey(prefix)}` : sql`starts_with(key, ${prefix})`;
  const result = (await db.execute(sql`
    select key, count,
      (extract(epoch from (window_start + ${window}::interval)) * 1000)::float8 as ends_at,
      extract(epoch from (window_start + ${window}::interval - now()))::float8 as retry_after
    from ${rateLimits}
    where ${match} and ${rateLimits.windowStart} >= now() - ${window}::interval and count > 0
    order by key
  `)) as unknown as { rows: (CountRow & { key: string; ends_at: number })[] };
  return result.rows.map((r) => ({
    key: r.key,
    count: Number(r.count),
    endsAt: new Date(Number(r.ends_at)),
    secondsLeft: Number(r.retry_after),
  }));
}

/** Starts the window of `key` again from now with a count of 1 (e.g. "signed in from here now"). */
export async function markRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`
    insert into ${rateLimits} (key, window_start, count) values (${storedKey(key)}, now(), 1)
    on conflict (key) do update set window_start = now(), count = 1
  `);
}

/** Forgets the windows of these keys. */
export async function clearRateLimits(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, keys.map(storedKey)));
}

const signInWindow = 900;
const normalize = (email: string) => email.trim().toLowerCase();
const knownAddressPrefix = 'signin:conhecido:';
const knownAddressDays = 30;

/** Key prefixes for listing and clearing one account's counters. */
export const limitPrefixes = {
  /** Followed by the address; an address never contains `|`. */
  signInFailuresOfEmail: (email: string) => `signin:falhas:par:${normalize(email)}|`,
};

/** The limits of the product's sensitive actions. */
export const limits = {
  /** Every sign-in attempt from one address, right or wrong: bounds the password-hashing work. */
  signInAttemptsPerIp: (ip: string, max: number): Limit => ({
    key: `signin:ip:${ip}`,
    max,
    windowSeconds: signInWindow,
  }),
  /** Wrong passwords from one address, whatever the accounts (password spraying). */
  signInFailuresPerIp: (ip: string, max = 40): Limit => ({
    key: `signin:falhas:ip:${ip}`,
    max,
    windowSeconds: signInWindow,
  }),
  /** Wrong passwords for one account from one address: stops guessing there, and only there. */
  signInFailuresPerEmailIp: (email: string, ip: string, max = 8): Limit => ({
    key: `${limitPrefixes.signInFailuresOfEmail(email)}${ip}`,
    max,
    windowSeconds: signInWindow,
  }),
  /** Wrong passwords for one account from every address: past `max`, the account is paced. */
  signInFailuresPerAccount: (email: string, max = 50): Limit => ({
    key: `signin:falhas:conta:${normalize(email)}`,
    max,
    windowSeconds: signInWindow,
  }),
  /** One attempt per `seconds` for a paced account. */
  signInAccountPace: (email: string, seconds: number): Limit => ({
    key: `signin:ritmo:${normalize(email)}`,
    max: 1,
    windowSeconds: seconds,
  }),
  /** An address the account signed in from lately (not paced when the account is). */
  signInKnownAddress: (email: string, ip: string): Omit<Limit, 'max'> => ({
    key: `${knownAddressPrefix}${normalize(email)}|${ip}`,
    windowSeconds: knownAddressDays * 86_400,
  }),
  signUpPerIp: (ip: string, max = 10): Limit => ({ key: `signup:ip:${ip}`, max, windowSeconds: 3600 }),
  resetPerEmail: (email: string): Limit => ({
    key: `reset:email:${normalize(email)}`,
    max: 3,
    windowSeconds: 3600,
  }),
  /** Requests that send or open an e-mailed link, per IP per hour (RATE_LIMIT_LINKS_PER_IP). */
  resetPerIp: (ip: string, max: number): Limit => ({ key: `reset:ip:${ip}`, max, windowSeconds: 3600 }),
  twoFactorPerIp: (ip: string): Limit => ({ key: `2fa:ip:${ip}`, max: 10, windowSeconds: 300 }),
  /** Requests of one API key per minute (decision 024). */
  apiKey: (chaveId: string, max: number): Limit => ({ key: `api:chave:${chaveId}`, max, windowSeconds: 60 }),
  passwordChangePerUser: (userId: string): Limit => ({
    key: `senha:user:${userId}`,
    max: 10,
    windowSeconds: 900,
  }),
};

/** Removes windows that ended long ago (known sign-in addresses are kept for 30 days). */
export async function pruneRateLimits(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    delete from ${rateLimits}
    where ${rateLimits.windowStart} < now() - interval '1 day'
      and (not starts_with(key, ${knownAddressPrefix})
        or ${rateLimits.windowStart} < now() - ${`${knownAddressDays} days`}::interval)
  `);
}
