import { type Perfil, perfilWebSchema } from '@laudos/domain/api';
import { ApiError, apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

/**
 * The session user (spec section 3, "Session user"), as GET /api/me answers it, with the plan's
 * limits and features. `email_verificado` is false until the person follows the link mailed at
 * sign-up (laudos sent to the e-mail wait).
 */
export type { Perfil };

export const parsePerfil = parseWith(perfilWebSchema, 'perfil');

/** Query key of the session user; everything about "who is signed in" hangs on it. */
export const meQueryKey = ['auth', 'me'] as const;

/**
 * GET /api/me: the signed-in user, or null when there is no session (401) or the account may not
 * use one (403, e.g. deactivated). Other failures (network, 5xx) throw.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Perfil | null> {
  try {
    return await apiFetch('/me', { parse: parsePerfil, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}
