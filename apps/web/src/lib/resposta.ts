import { UnexpectedResponseError } from './parse';

/** A response schema of `@laudos/domain/api` (only what is needed of zod's interface). */
type Esquema<T> = {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[] }> } };
};

/**
 * The `parse` of `apiFetch` for a reply checked by its shared schema: a reply of the wrong shape is
 * the UnexpectedResponseError every other reply gives, naming where it went wrong.
 */
export function conforme<T>(esquema: Esquema<T>): (data: unknown) => T {
  return (data) => {
    const r = esquema.safeParse(data);
    if (!r.success)
      throw new UnexpectedResponseError(r.error.issues[0]?.path.map(String).join('.') || 'resposta');
    return r.data;
  };
}
