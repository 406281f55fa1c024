import { entradaRespostaSchema, entradaSocialRespostaSchema } from '@laudos/domain/api';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

/*
 * Better Auth's sign-in endpoints, under /api/auth. The session cookie comes back with the answer;
 * who signed in is then read from GET /api/me.
 */

export type SignInResult = 'signed-in' | 'two-factor';

/** POST /api/auth/sign-in/email; 'two-factor' when the account asks for its code next. */
export async function signInWithEmail(input: {
  email: string;
  password: string;
  rememberMe: boolean;
}): Promise<SignInResult> {
  const data = await apiFetch('/auth/sign-in/email', {
    method: 'POST',
    body: input,
    parse: (reply: unknown) => entradaRespostaSchema.parse(reply),
  });
  return data.twoFactorRedirect ? 'two-factor' : 'signed-in';
}

/** The 6-digit code of the authenticator app: at sign-in, and to confirm turning two-factor on. */
export async function verifyTotp(input: { code: string; trustDevice?: boolean }): Promise<void> {
  await apiFetch('/auth/two-factor/verify-totp', { method: 'POST', body: input });
}

export async function verifyBackupCode(input: { code: string }): Promise<void> {
  await apiFetch('/auth/two-factor/verify-backup-code', { method: 'POST', body: input });
}

export type SocialProvider = 'google' | 'microsoft';

/** Starts a Google or Microsoft sign-in: the address to send the browser to. */
export async function startSocialSignIn(provider: SocialProvider): Promise<string> {
  const { url } = await apiFetch('/auth/sign-in/social', {
    method: 'POST',
    body: { provider, callbackURL: '/dashboard', errorCallbackURL: '/login' },
    parse: parseWith(entradaSocialRespostaSchema, 'resposta'),
  });
  return url;
}
