import { type Perfil, parsePerfil } from './api/me';

/*
 * The last profile the server confirmed, kept in localStorage. It is only a fallback for when the
 * session check does not answer (spec section 8): it decides what the screen shows, never what the
 * server allows.
 */

const STORAGE_KEY = 'laudos:perfil';
/** Spec section 9: the session context accepts a cached profile for 15 minutes. */
export const PROFILE_CACHE_MAX_AGE_MS = 15 * 60 * 1000;

type Stored = { perfil: unknown; salvoEm: number };

export function saveCachedProfile(perfil: Perfil, now = Date.now()): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ perfil, salvoEm: now } satisfies Stored));
  } catch {
    // Storage full or disabled (private mode): the fallback is simply unavailable.
  }
}

export function clearCachedProfile(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was stored either.
  }
}

/** The cached profile if it is younger than 15 minutes, otherwise null. */
export function readFreshCachedProfile(now = Date.now()): Perfil | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored>;
    const age = now - (typeof stored.salvoEm === 'number' ? stored.salvoEm : Number.NaN);
    if (!(age >= 0 && age < PROFILE_CACHE_MAX_AGE_MS)) return null;
    return parsePerfil(stored.perfil);
  } catch {
    // Unreadable or from an older version: as good as absent.
    return null;
  }
}
