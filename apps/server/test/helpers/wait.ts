/** Polls until `check` returns a truthy value (returned), or fails after `timeoutMs`. */
export async function waitUntil<T>(
  check: () => Promise<T> | T,
  { timeoutMs = 20_000, intervalMs = 100, what = 'condition' } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
}
