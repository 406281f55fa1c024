import { doisFatoresRespostaSchema } from '@laudos/domain/api';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type TwoFactorSetup = {
  /** otpauth://totp/... for the authenticator app. */
  totpURI: string;
  /** The secret inside the URI, for apps where it is typed in. */
  secret: string | null;
  backupCodes: string[];
};

/** The base32 secret of an otpauth:// URI, grouped in fours to be typed more easily. */
export function secretFromTotpUri(uri: string): string | null {
  try {
    const secret = new URL(uri).searchParams.get('secret');
    return secret ? (secret.match(/.{1,4}/g) ?? [secret]).join(' ') : null;
  } catch {
    return null;
  }
}

/** Step 1 of turning two-factor on: it only counts after the first code is verified. */
export async function ativarDoisFatores(password: string): Promise<TwoFactorSetup> {
  const { totpURI, backupCodes } = await apiFetch('/auth/two-factor/enable', {
    method: 'POST',
    body: { password },
    parse: parseWith(doisFatoresRespostaSchema, 'resposta'),
  });
  return { totpURI, secret: secretFromTotpUri(totpURI), backupCodes };
}

export async function desativarDoisFatores(password: string): Promise<void> {
  await apiFetch('/auth/two-factor/disable', { method: 'POST', body: { password } });
}
