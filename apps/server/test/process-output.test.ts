import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from './helpers/db.ts';
import {
  freePort,
  processAlive,
  startServerFromExitingParent,
  startServerLosingOutput,
} from './helpers/process.ts';

/** main.ts's bound on SIGTERM/SIGINT (README, Configuração). */
const SHUTDOWN_LIMIT_MS = 20_000;
const ADMIN = { email: 'admin@saida.test', password: 'Xx-2026-senha-saida!' };

const pids: number[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const c of cleanups.splice(0)) await c();
});

/** A data directory and, on PostgreSQL, a database of its own; the server logs at info. */
async function serverEnv() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-saida-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env: Record<string, string> = {
    AUTH_SECRET: 'saida-de-log-perdida-'.repeat(3),
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'info',
  };
  if (testEngine === 'postgres') {
    const db = await createTestDatabase();
    await db.handle.close();
    cleanups.push(() => db.destroy());
    env.DATABASE_URL = db.connectionString!;
  }
  return { env, port, dataDir };
}

/** Signs in, creates a laudo (which e-mails its client) and signs up: each must answer. */
async function useTheProduct(port: number, pid: number) {
  const base = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  // A server stuck on its output takes the connection and never answers: fail fast, not at 60 s.
  const post = (url: string, body: unknown, cookie?: string) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });

  // Start-up alone can take most of a minute on a loaded CI machine.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (!processAlive(pid)) throw new Error('the server ended before answering /api/health');
    const up = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health in 150 s');
    await new Promise((r) => setTimeout(r, 200));
  }

  const signIn = await post('/api/auth/sign-in/email', ADMIN);
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const laudo = await post(
    '/api/laudos',
    {
      nome: 'Caldeira 01',
      codigo: 'NR13-SAIDA',
      cliente: 'ACME Ltda',
      tipo: 'NR-13',
      emailCliente: 'compras@acme.test',
      dataVencimento: '2030-01-31',
    },
    cookie,
  );
  expect(laudo.status).toBe(201);

  const cadastro = await post('/api/cadastro', {
    nome: 'Joana Prado',
    email: 'joana@fabrica.test',
    senha: 'senha-segura-1',
  });
  expect(cadastro.status).toBeLessThan(500);
}

async function waitForEnd(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !processAlive(pid);
}

describe(`a server whose log output goes away (${testEngine})`, () => {
  it('keeps answering, and SIGTERM ends it within the bound', { timeout: 240_000 }, async () => {
    const { env, port, dataDir } = await serverEnv();
    const server = startServerLosingOutput(env);
    const pid = server.child.pid!;
    pids.push(pid);

    await useTheProduct(port, pid);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const end = await Promise.race([
      server.exited,
      new Promise<'running'>((r) => setTimeout(() => r('running'), SHUTDOWN_LIMIT_MS + 2_000)),
    ]);
    expect(end).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_LIMIT_MS);
    // The next start on this data directory is not refused.
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  it('keeps answering when the process that started it exits at once, and SIGTERM ends it', {
    timeout: 240_000,
  }, async () => {
    const { env, port } = await serverEnv();
    const pid = await startServerFromExitingParent(env);
    pids.push(pid);

    await useTheProduct(port, pid);

    const signalled = Date.now();
    process.kill(pid, 'SIGTERM');
    expect(await waitForEnd(pid, SHUTDOWN_LIMIT_MS + 2_000)).toBe(true);
    expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_LIMIT_MS);
  });
});
