/** Small helpers shared by the measurement scripts: figures, formatting, options. */

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0..100) of a list of numbers; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/** "12.3 ms", "1.24 s" */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (value >= 100) return `${value.toFixed(0)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}

/** "1.5 MB", "312 KB", "12.4 KB" (powers of 1024). */
export function bytes(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (value >= 1024 ** 2) return `${(value / 1024 ** 2).toFixed(1)} MB`;
  if (value >= 100 * 1024) return `${(value / 1024).toFixed(0)} KB`;
  return `${(value / 1024).toFixed(1)} KB`;
}

/** 1234567 → "1 234 567" (thin grouping that reads the same in Portuguese and English). */
export function int(value: number): string {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

export function ratio(value: number, base: number): string {
  if (!Number.isFinite(value) || !Number.isFinite(base) || base === 0) return '—';
  return `${(value / base).toFixed(2)}×`;
}

/** `--quick` (small sizes, short runs) and the PostgreSQL server to use, if any. */
export const quick = process.argv.includes('--quick');

export function postgresBase(): string | null {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
}

export const NO_POSTGRES =
  'PostgreSQL indisponível (defina BENCH_DATABASE_URL ou TEST_DATABASE_URL): a parte em PostgreSQL foi pulada.';

/** The command that reproduces a section's figures (`npm run bench:<name>`). */
export function command(name: string): string {
  const q = quick ? ' -- --quick' : '';
  return `\`npm run bench:${name}${q}\` (também pelo \`npm run bench${q}\`)`;
}

export function now(): string {
  return new Date().toISOString();
}

export function sleep(msToWait: number): Promise<void> {
  return new Promise((r) => setTimeout(r, msToWait));
}

/** Runs `fn` over `items` with at most `concurrency` at a time; results in order. */
export async function pool<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    for (;;) {
      const i = next++;
      if (i >= items.length) return;
      results[i] = await fn(items[i]!, i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

export function log(...parts: unknown[]): void {
  console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);
}
