import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { openDatabase, type PgliteDatabaseHandle, type PostgresDatabaseHandle } from '../../src/db/client.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { pastaTemporaria } from '../helpers/pasta.ts';
import { freePort, type ServerProcess, startServerProcess } from '../helpers/process.ts';

/**
 * What the reliability scenarios share: a server process on a database of its own (a fresh
 * PostgreSQL database on the TEST_DATABASE_URL server, or a PGlite data directory), restarted on
 * the same port, data directory and database after a SIGKILL; plain HTTP calls that tell an
 * acknowledged answer from one that never came.
 */
export type Engine = 'postgres' | 'pglite';

export const ADMIN = { email: 'firma@laudos.test', password: 'senha-da-firma-123' };

export type Cleanup = () => Promise<unknown> | unknown;

export interface Environment {
  env: Record<string, string>;
  engine: Engine;
  dataDir: string;
  /** A connection of the test's own to the same database (PGlite: only while no server runs). */
  open(): Promise<PostgresDatabaseHandle | PgliteDatabaseHandle>;
}

/** A data directory and a database of the scenario's own; `cleanups` undoes both. */
export async function environment(
  engine: Engine,
  cleanups: Cleanup[],
  extra: Record<string, string> = {},
): Promise<Environment> {
  const dataDir = pastaTemporaria('confiabilidade', cleanups);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    // API only: these servers never serve pages, and .ci/run rebuilds apps/web/dist for the browser
    // tests while this suite runs beside them.
    WEB_DIST_DIR: path.join(dataDir, 'sem-interface'),
    AUTH_SECRET: 'confiabilidade-do-laudos-'.repeat(3),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    EMAIL_RATE_PER_SECOND: '200',
    EMAIL_RETRY_DELAY_SECONDS: '1',
    EMAIL_SEND_TIMEOUT_SECONDS: '5',
    JOBS_SUPERVISE_SECONDS: '1',
    LOG_LEVEL: 'error',
    ...extra,
  };
  if (engine === 'postgres') {
    const db = await createTestDatabase();
    await db.handle.close();
    cleanups.push(() => db.destroy());
    env.DATABASE_URL = db.connectionString!;
  }
  return {
    env,
    engine,
    dataDir,
    open: () =>
      env.DATABASE_URL
        ? openDatabase({ engine: 'postgres', connectionString: env.DATABASE_URL, poolSize: 2 })
        : openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'db') }),
  };
}

export interface RunningServer {
  proc: ServerProcess;
  url: string;
  port: number;
}

/** Starts `npm start`'s entry point; `port` keeps the address (and so the cookie's origin) across restarts. */
export async function startServer(
  env: Record<string, string>,
  cleanups: Cleanup[],
  port?: number,
): Promise<RunningServer> {
  const p = port ?? (await freePort());
  const url = `http://127.0.0.1:${p}`;
  const proc = startServerProcess({ ...env, PORT: String(p), PUBLIC_URL: url });
  cleanups.push(() => proc.stop('SIGKILL'));
  await proc.waitFor(/Laudos está no ar/, 120_000);
  return { proc, url, port: p };
}

export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** An answer that arrived whole, or `null` when the connection failed (the server died). */
export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export async function call<T = unknown>(
  url: string,
  cookie: string,
  method: string,
  route: string,
  body?: unknown,
  timeoutMs = 60_000,
): Promise<Answer<T> | null> {
  try {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: {
        origin: url,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  } catch {
    return null;
  }
}

/** Sends one file as the browser does (multipart, field "arquivo"). */
export async function upload(
  url: string,
  cookie: string,
  laudoId: string,
  tipo: 'pdf' | 'excel',
  content: Buffer,
  filename: string,
): Promise<Answer | null> {
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(content)]), filename);
  try {
    const res = await fetch(`${url}/api/laudos/${laudoId}/arquivos/${tipo}`, {
      method: 'POST',
      headers: { origin: url, cookie },
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return null;
  }
}

/** Downloads a laudo's file: its bytes' SHA-256 and length, and what Content-Length announced. */
export async function download(url: string, cookie: string, laudoId: string, tipo: 'pdf' | 'excel') {
  const res = await fetch(`${url}/api/laudos/${laudoId}/arquivos/${tipo}/download`, {
    headers: { cookie },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    sha256: sha256(bytes),
    bytes: bytes.length,
    contentLength: Number(res.headers.get('content-length')),
  };
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A small seeded generator, so a failing run can be replayed with RELIABILITY_SEED. */
export function seededRandom(): { seed: number; next: () => number } {
  const seed = Number(process.env.RELIABILITY_SEED) || Math.floor(Math.random() * 2 ** 31);
  let a = seed >>> 0;
  return {
    seed,
    next() {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/** A "PDF" of `size` bytes: the magic the server checks, then incompressible content. */
export function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length - tail.length)), tail]);
}

/** A legacy .xls (an OLE2 compound file's signature, then content) of `size` bytes. */
export function xlsOf(size: number): Buffer {
  const magic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([magic, randomBytes(Math.max(0, size - magic.length))]);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The local PostgreSQL cluster that serves TEST_DATABASE_URL (by port, from `pg_lsclusters`), to
 * stop, start and restart it with `pg_ctlcluster`. Throws when it is not a local cluster.
 */
export function localCluster(): { version: string; name: string; port: number } {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const port = Number(url.port || 5432);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname))
    throw new Error(`TEST_DATABASE_URL (${url.hostname}) is not a local cluster: cannot restart it`);
  const rows = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  const row = rows.find((r) => Number(r[2]) === port);
  if (!row) throw new Error(`no cluster on port ${port} in pg_lsclusters`);
  return { version: row[0]!, name: row[1]!, port };
}

/** Starts the cluster if it is not running (a failed scenario must not leave PostgreSQL down). */
export function ensureClusterRunning(): void {
  const c = localCluster();
  const status = execFileSync('pg_lsclusters', ['-h', c.version, c.name], { encoding: 'utf8' });
  if (!/\bonline\b/.test(status)) pgCtlCluster('start');
}

/** `pg_ctlcluster VERSION NAME action` (stop and restart in fast mode: sessions are ended at once). */
export function pgCtlCluster(action: 'start' | 'stop' | 'restart'): void {
  const c = localCluster();
  const mode = action === 'start' ? [] : ['-m', 'fast'];
  execFileSync('pg_ctlcluster', [c.version, c.name, action, ...mode], { stdio: 'pipe' });
}
