import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMsOf } from './launch.ts';
import { ROOT } from './server.ts';

/** Starts bench/support/bare-fastify.ts in its own process; resolves with its URL. */
export async function startBareFastify(): Promise<{ url: string; cpuMs(): number; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-fastify.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /ouvindo (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`Fastify puro saiu com código ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/json`,
    cpuMs: () => cpuMsOf(child.pid!),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface CannonFigures {
  /** CPU time the server process spent per request answered (user + system), ms; NaN if unknown. */
  cpuPerRequest: number;
  /** CPU time this process (autocannon, the client) spent per request, ms. */
  clientCpuPerRequest: number;
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  /** Mean bytes per second received. */
  bytesPerSecond: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** A browser's request headers for the API: its session cookie and the encodings it accepts. */
export function browserHeaders(cookie?: string): Record<string, string> {
  return { 'accept-encoding': 'gzip, deflate, br', ...(cookie ? { cookie } : {}) };
}

/**
 * One autocannon run (after a warm-up of `warmupSeconds` on the same URL, not counted). With
 * `cpuMs`, the server's CPU time per request is measured too.
 */
export async function cannon(
  url: string,
  options: {
    seconds: number;
    warmupSeconds: number;
    connections: number;
    headers?: Record<string, string>;
    cpuMs?: () => number;
  },
): Promise<CannonFigures> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: options.connections,
      duration,
      headers: options.headers ?? {},
      timeout: 30,
    });
  if (options.warmupSeconds > 0) await run(options.warmupSeconds);
  const cpuBefore = options.cpuMs?.() ?? Number.NaN;
  const clientBefore = process.cpuUsage();
  const r = await run(options.seconds);
  const cpu = (options.cpuMs?.() ?? Number.NaN) - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  return {
    cpuPerRequest: cpu / r.requests.total,
    clientCpuPerRequest: (client.user + client.system) / 1000 / r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytesPerSecond: r.throughput.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/**
 * autocannon cycling through several requests on every connection (a mixed read load), for
 * `seconds`. Returns the overall figures.
 */
export async function cannonMixed(
  baseURL: string,
  paths: string[],
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<CannonFigures> {
  const r = await autocannon({
    url: baseURL,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
    timeout: 30,
  });
  return {
    cpuPerRequest: Number.NaN,
    clientCpuPerRequest: Number.NaN,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytesPerSecond: r.throughput.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}
