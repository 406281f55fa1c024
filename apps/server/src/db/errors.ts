/** PostgreSQL error codes, looked up through drizzle's wrapper (the driver's error is its cause). */
function pgCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; i < 4 && e; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';

/**
 * The database is out of reach (restarting, down, the connection dropped): the request may well
 * succeed a moment later, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let i = 0; i < 5 && e; i++) {
    const code = typeof e.code === 'string' ? e.code : '';
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, cannot connect now).
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND'].includes(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (
      /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/i.test(
        message,
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}
