import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authVerification } from '../../db/schema.ts';

/**
 * What an e-mailed link's token is for: our own e-mail confirmation, or Better Auth's password
 * reset (which keeps its tokens as the same kind of hash, `storeIdentifier: 'hashed'`).
 */
export type Finalidade = 'confirmar-email' | 'reset-password';

/** Tokens are kept only as hashes: the stored identifier of a token. */
export function identificadorDoToken(finalidade: Finalidade, token: string): string {
  return createHash('sha256').update(`${finalidade}:${token}`).digest('base64url');
}

/**
 * Uses up the token of an e-mailed link: one atomic delete of its unexpired verification row, so
 * two uses at the same instant (even on two instances) give exactly one success. Returns the row's
 * stored value, or null when the token is malformed, unknown, expired or already used.
 */
export async function consumirVerificacao(
  tx: DbOrTx,
  finalidade: Finalidade,
  token: string,
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const [consumida] = await tx
    .delete(authVerification)
    .where(
      and(
        eq(authVerification.identifier, identificadorDoToken(finalidade, token)),
        gt(authVerification.expiresAt, sql`now()`),
      ),
    )
    .returning({ value: authVerification.value });
  return consumida?.value ?? null;
}
