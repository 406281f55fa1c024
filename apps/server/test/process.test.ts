import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from './helpers/db.ts';
import { freePort, type ServerProcess, startServerProcess } from './helpers/process.ts';

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop('SIGKILL')));
  for (const c of cleanups.splice(0)) await c();
});

function start(env: Record<string, string>) {
  const p = startServerProcess({ AUTH_SECRET: 'processo-de-teste-'.repeat(3), ...env });
  running.push(p);
  return p;
}

async function health(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  return { status: res.status, body: await res.json() };
}

describe(`the server process (${testEngine})`, () => {
  if (testEngine === 'pglite') {
    it('prints where to open it and how to sign in; a second server on the same data directory is refused', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-proc-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const first = start({ DATA_DIR: dataDir, PORT: String(port) });
      await first.waitFor(/Senha: {2}\S{16}/);
      expect(first.output()).toContain(`Laudos está no ar: http://localhost:${port}`);
      expect(first.output()).toContain('E-mail: admin@laudos.local');
      expect(first.output()).toContain(`Entre em http://localhost:${port}/login`);
      expect(await health(port)).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });

      const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('O diretório de dados já está em uso pelo processo');
      // The first one is untouched.
      expect(await health(port)).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });

      // A clean shutdown releases the lock; a restart keeps the admin and prints no new password.
      expect(await first.stop('SIGTERM')).toBe(0);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
      const again = start({ DATA_DIR: dataDir, PORT: String(port) });
      await again.waitFor(/com a sua conta de administrador/);
      expect(again.output()).not.toContain('Senha:');
    });

    it('a server killed with SIGKILL leaves a stale lock that the next start takes over', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-proc-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const first = start({ DATA_DIR: dataDir, PORT: String(port) });
      await first.waitFor(/Laudos está no ar/);
      await first.stop('SIGKILL');
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
      const second = start({ DATA_DIR: dataDir, PORT: String(port) });
      await second.waitFor(/Laudos está no ar/);
      expect(await health(port)).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });
    });
  } else {
    it('several servers on one PostgreSQL start together, migrate and seed once, and all answer', async () => {
      const db = await createTestDatabase();
      // Start from an empty public schema so the instances race on migrations and the seed.
      await db.handle.close();
      cleanups.push(() => db.destroy());
      const { default: pg } = await import('pg');
      const c = new pg.Client({ connectionString: db.connectionString });
      await c.connect();
      await c.query(
        'drop schema public cascade; drop schema if exists drizzle cascade; create schema public',
      );
      await c.end();

      const ports = [await freePort(), await freePort(), await freePort()];
      const servers = ports.map((port) =>
        start({
          DATABASE_URL: db.connectionString!,
          PORT: String(port),
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'laudos-pg-')),
        }),
      );
      await Promise.all(servers.map((s) => s.waitFor(/Laudos está no ar/)));
      for (const port of ports)
        expect(await health(port)).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });
      const printedPasswords = servers.filter((s) => s.output().includes('Senha:'));
      expect(printedPasswords).toHaveLength(1);

      const check = new pg.Client({ connectionString: db.connectionString });
      await check.connect();
      const admins = await check.query("select count(*)::int as n from usuarios where tipo = 'admin'");
      const plans = await check.query('select count(*)::int as n from planos');
      await check.end();
      expect(admins.rows[0].n).toBe(1);
      expect(plans.rows[0].n).toBe(3);
    });
  }
});
