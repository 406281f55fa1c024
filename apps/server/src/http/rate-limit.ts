import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from './errors.ts';

export interface Limit {
  /** What is limited, e.g. `signin:email:fulano@x.com`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit against a fixed window, atomically in the database (so several instances share
 * it), and throws 429 with a pt-BR message past the limit.
 */
export async function hitRateLimit(db: DbOrTx, limit: Limit): Promise<void> {
  const window = `${limit.windowSeconds} seconds`;
  // An index entry has a size limit: a key made of a huge e-mail field is kept as its hash.
  const key =
    limit.key.length > 200
      ? `${limit.key.slice(0, 100)}#${createHash('sha256').update(limit.key).digest('hex')}`
      : limit.key;
  const result = (await db.execute(sql`
    insert into ${rateLimits} (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when ${rateLimits.windowStart} < now() - ${window}::interval then 1 else ${rateLimits.count} + 1 end,
      window_start = case when ${rateLimits.windowStart} < now() - ${window}::interval then now() else ${rateLimits.windowStart} end
    returning count, extract(epoch from (window_start + ${window}::interval - now()))::float8 as retry_after
  `)) as unknown as { rows: { count: number; retry_after: number }[] };
  const row = result.rows[0];
  if (row && row.count > limit.max) {
    const seconds = Math.max(1, Math.ceil(row.retry_after));
    const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutos` : `${seconds} segundos`;
    throw new AppError('MUITAS_TENTATIVAS', `Muitas tentativas. Aguarde ${wait} e tente novamente.`, 429);
  }
}

/** The limits of the product's sensitive actions. */
export const limits = {
  signInPerEmail: (email: string, max = 8): Limit => ({
    key: `signin:email:${email.trim().toLowerCase()}`,
    max,
    windowSeconds: 900,
  }),
  signInPerIp: (ip: string, max = 40): Limit => ({ key: `signin:ip:${ip}`, max, windowSeconds: 900 }),
  signUpPerIp: (ip: string, max = 10): Limit => ({ key: `signup:ip:${ip}`, max, windowSeconds: 3600 }),
  resetPerEmail: (email: string): Limit => ({
    key: `reset:email:${email.trim().toLowerCase()}`,
    max: 3,
    windowSeconds: 3600,
  }),
  resetPerIp: (ip: string): Limit => ({ key: `reset:ip:${ip}`, max: 20, windowSeconds: 3600 }),
  twoFactorPerIp: (ip: string): Limit => ({ key: `2fa:ip:${ip}`, max: 10, windowSeconds: 300 }),
  passwordChangePerUser: (userId: string): Limit => ({
    key: `senha:user:${userId}`,
    max: 10,
    windowSeconds: 900,
  }),
};

/** Removes windows that ended long ago (called by the daily maintenance). */
export async function pruneRateLimits(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from ${rateLimits} where ${rateLimits.windowStart} < now() - interval '1 day'`);
}
