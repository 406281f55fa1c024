import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BENCH_ADMIN = { email: 'admin@bench.laudos.test', password: 'senha-admin-bench' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type RunningServer = { baseURL: string; child: ChildProcess; stop(): Promise<void> };

/** Builds the web app if needed and starts the real server on a free port and a fresh data dir. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const build = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('a compilação da interface web falhou');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-bench-'));
  const baseURL = `http://localhost:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`o servidor não ficou saudável em 120 s:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    child,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An API client signed in as the bench's admin (cookie kept, Origin sent). */
export async function adminClient(baseURL: string) {
  let cookie = '';
  const origin = new URL(baseURL).origin;
  async function call(method: string, url: string, body?: unknown | FormData): Promise<Response> {
    const headers: Record<string, string> = { origin };
    if (cookie) headers.cookie = cookie;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${baseURL}${url}`, { method, headers, body: payload });
    const set = res.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    return res;
  }
  const res = await call('POST', '/api/auth/sign-in/email', BENCH_ADMIN);
  if (!res.ok) throw new Error(`entrada do admin falhou: ${res.status} ${await res.text()}`);
  return { call };
}
