import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  clearRateLimits,
  countRateLimit,
  giveBackRateLimit,
  hitRateLimit,
  type Limit,
  limitPrefixes,
  limits,
  listRateLimits,
  markRateLimit,
  peekRateLimit,
  takeRateLimit,
} from '../http/rate-limit.ts';

/*
 * Sign-in throttling (decision 012): wrong passwords are counted per (e-mail, address) and per
 * address, so guessing from one address stops there without closing the account to everyone else;
 * across all addresses an account past its ceiling is paced (one attempt per few seconds), never
 * closed. Every attempt takes its place in the counters before the password is checked, and gives
 * it back once Better Auth's answer shows it was not a wrong password.
 */

type SignInConfig = Config['rateLimits'];

/** Every attempt from one address, right or wrong, may be this many times the failures allowed. */
const ATTEMPTS_PER_FAILURE = 10;

export type SignInOutcome = 'sucesso' | 'senha_errada' | 'outro';

/** An admitted attempt: what it holds, to settle once the answer is known. */
export interface SignInAttempt {
  readonly email: string | null;
  readonly ip: string;
  readonly held: readonly Limit[];
}

/**
 * Before Better Auth checks the password: refuses with 429 and the wait (TooManyAttempts), or
 * admits the attempt. Order: all attempts from the address (bounds the hashing work), wrong
 * passwords from the address, wrong passwords for this e-mail from this address, then the
 * account's pace, which an address the account signed in from lately skips.
 */
export async function admitSignIn(
  db: DbOrTx,
  config: SignInConfig,
  email: string | null,
  ip: string,
): Promise<SignInAttempt> {
  await hitRateLimit(db, limits.signInAttemptsPerIp(ip, config.signInPerIp * ATTEMPTS_PER_FAILURE));
  const held: Limit[] = [];
  try {
    const porIp = limits.signInFailuresPerIp(ip, config.signInPerIp);
    await takeRateLimit(db, porIp);
    held.push(porIp);
    if (email) {
      const par = limits.signInFailuresPerEmailIp(email, ip, config.signInPerEmail);
      await takeRateLimit(db, par);
      held.push(par);
      const conta = limits.signInFailuresPerAccount(email, config.signInPerAccount);
      const { count } = await countRateLimit(db, conta);
      held.push(conta);
      if (count > conta.max && !(await peekRateLimit(db, limits.signInKnownAddress(email, ip)))) {
        await takeRateLimit(db, limits.signInAccountPace(email, config.signInAccountPaceSeconds));
      }
    }
  } catch (err) {
    // A refused attempt is not a wrong password: it gives back what it took.
    for (const limit of held) await giveBackRateLimit(db, limit);
    throw err;
  }
  return { email, ip, held };
}

/**
 * After Better Auth answered. A wrong password stays counted. Anything else gives its places back;
 * a success also forgets the failures from this address and remembers the address, so a later
 * attack on the account does not slow its owner there.
 */
export async function settleSignIn(db: DbOrTx, attempt: SignInAttempt, outcome: SignInOutcome) {
  if (outcome === 'senha_errada') return;
  for (const limit of attempt.held) await giveBackRateLimit(db, limit);
  if (outcome === 'sucesso' && attempt.email) {
    await clearRateLimits(db, [limits.signInFailuresPerEmailIp(attempt.email, attempt.ip).key]);
    await markRateLimit(db, limits.signInKnownAddress(attempt.email, attempt.ip).key);
  }
}

export interface SignInBlocks {
  /** Addresses with wrong passwords for the account in the window; `bloqueado` once at the limit. */
  enderecos: { ip: string; falhas: number; bloqueado: boolean; ate: Date }[];
  /** Wrong passwords from every address; `lenta` once past the ceiling (one attempt per pace). */
  conta: { falhas: number; lenta: boolean; ate: Date } | null;
  limites: { porEndereco: number; porConta: number; intervaloSegundos: number };
}

/** What keeps (or is about to keep) this e-mail from signing in, as the admin sees it. */
export async function listSignInBlocks(
  db: DbOrTx,
  config: SignInConfig,
  email: string,
): Promise<SignInBlocks> {
  const prefix = limitPrefixes.signInFailuresOfEmail(email);
  const pares = await listRateLimits(db, prefix, limits.signInFailuresPerEmailIp(email, '').windowSeconds);
  const conta = await peekRateLimit(db, limits.signInFailuresPerAccount(email));
  return {
    enderecos: pares
      .map((p) => ({ ip: p.key.slice(prefix.length), falhas: p.count, ate: p.endsAt }))
      // An e-mail typed with a `|` in it is another account's key, not an address of this one.
      .filter((p) => p.ip.length > 0 && !p.ip.includes('|'))
      .map((p) => ({ ...p, bloqueado: p.falhas >= config.signInPerEmail }))
      .sort((a, b) => b.falhas - a.falhas || a.ip.localeCompare(b.ip)),
    conta: conta
      ? { falhas: conta.count, lenta: conta.count >= config.signInPerAccount, ate: conta.endsAt }
      : null,
    limites: {
      porEndereco: config.signInPerEmail,
      porConta: config.signInPerAccount,
      intervaloSegundos: config.signInAccountPaceSeconds,
    },
  };
}

/**
 * "Liberar acesso": forgets the account's failures and its pace. The per-address counters shared
 * by every account (password spraying) are left alone.
 */
export async function clearSignInBlocks(db: DbOrTx, email: string): Promise<void> {
  const prefix = limitPrefixes.signInFailuresOfEmail(email);
  const pares = await listRateLimits(db, prefix, limits.signInFailuresPerEmailIp(email, '').windowSeconds);
  await clearRateLimits(db, [
    ...pares.filter((p) => !p.key.slice(prefix.length).includes('|')).map((p) => p.key),
    limits.signInFailuresPerAccount(email).key,
    limits.signInAccountPace(email, 1).key,
  ]);
}
