import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BENCH_ADMIN, ROOT } from './server.ts';
import { sleep } from './stats.ts';

/**
 * Starts the real server as `npm start` runs it — the bundle, `node --enable-source-maps
 * apps/server/dist/main.js`, built first when its sources are newer, with the built web app; one
 * process (WORKERS=1: the figures are one server process's) and PGlite in a fresh data dir unless
 * DATABASE_URL is given: the data
 * directory can be kept and reopened, the time from spawn to the first healthy answer is measured
 * (polled every 20 ms), and the server's memory can be read (RSS from /proc, the V8 heap from
 * bench/support/memory-probe.mjs, which the process loads with --import).
 */
export interface LaunchedServer {
  baseURL: string;
  child: ChildProcess;
  pid: number;
  dataDir: string;
  /** Milliseconds from spawn to the first `GET /api/health` 200. */
  healthyAfterMs: number;
  /** Current RSS (from /proc) and the latest heap sample of the process. */
  memory(options?: { gc?: boolean }): Promise<MemorySample>;
  /** CPU time (user + system) the process has used so far, in milliseconds. */
  cpuMs(): number;
  /** The server's output so far (its log at LOG_LEVEL). */
  output(): string;
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

export interface MemorySample {
  /** Resident set size, bytes. */
  rss: number;
  /** V8 heap in use, bytes. */
  heapUsed: number;
  heapTotal: number;
}

const PROBE = path.join(import.meta.dirname, 'memory-probe.mjs');

let built = false;
/** What `npm start` builds first: the web app and the server's bundle, when older than their sources. */
export function ensureBuild(): void {
  if (built) return;
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('a compilação (interface web ou servidor) falhou');
  // What `npm start` does too: a new PGlite data directory starts from the packaged template
  // (decision 017), so the "first start" measured is a user's first start. It warns, never fails.
  spawnSync(process.execPath, ['scripts/ensure-pglite-template.mjs'], { cwd: ROOT, stdio: 'inherit' });
  built = true;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** CPU time (user + system) a process has used, in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export async function launchServer(
  options: {
    env?: Record<string, string>;
    dataDir?: string;
    timeoutMs?: number;
    /** Extra flags for node, before the script (e.g. `--cpu-prof` in bench/profile.ts). */
    nodeArgs?: string[];
  } = {},
): Promise<LaunchedServer> {
  ensureBuild();
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'laudos-bench-'));
  const memoryFile = path.join(tmpdir(), `laudos-bench-mem-${port}-${process.pid}.json`);
  const baseURL = `http://localhost:${port}`;
  let output = '';
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--enable-source-maps',
      ...(options.nodeArgs ?? []),
      '--import',
      PROBE,
      'apps/server/dist/main.js',
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        BENCH_MEMORY_FILE: memoryFile,
        // One process: the figures are one server process's (BENCH_WORKERS to compare with more).
        WORKERS: process.env.BENCH_WORKERS ?? '1',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let healthyAfterMs = Number.NaN;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`o servidor não ficou saudável a tempo:\n${output}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) {
        healthyAfterMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const pid = child.pid!;
  return {
    baseURL,
    child,
    pid,
    dataDir,
    healthyAfterMs,
    output: () => output,
    cpuMs: () => cpuMsOf(pid),
    async memory({ gc = false } = {}) {
      const before = Date.now();
      if (gc) {
        child.kill('SIGUSR2');
        for (let i = 0; i < 100; i++) {
          await sleep(20);
          const s = readSample(memoryFile);
          if (s?.afterGc && s.t >= before)
            return { rss: rssOf(pid), heapUsed: s.heapUsed, heapTotal: s.heapTotal };
        }
      }
      const s = readSample(memoryFile);
      return { rss: rssOf(pid), heapUsed: s?.heapUsed ?? Number.NaN, heapTotal: s?.heapTotal ?? Number.NaN };
    },
    async stop({ keepDataDir = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(memoryFile, { force: true });
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function readSample(
  file: string,
): { t: number; heapUsed: number; heapTotal: number; afterGc: boolean } | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Samples a server's memory every 250 ms until stopped; keeps the peaks. */
export function watchMemory(server: LaunchedServer) {
  let peakRss = 0;
  let peakHeap = 0;
  let samples = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const m = await server.memory();
      if (m.rss > peakRss) peakRss = m.rss;
      if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
      samples++;
      await sleep(250);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { peakRss, peakHeap, samples };
    },
  };
}
