import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from './helpers/db.ts';
import { freePort, type ServerProcess, startServerProcess } from './helpers/process.ts';
import { waitUntil } from './helpers/wait.ts';

/*
 * Decision 043: what an admin changes on one instance is served by every other one at once, by
 * the change feed (LISTEN/NOTIFY) and not by the periodic check, which these servers run once an
 * hour. PGlite is one process per data directory: there is no other instance to reach.
 */
const ADMIN = { email: 'firma@laudos.test', password: 'senha-da-firma-123' };

const running: ServerProcess[] = [];
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop('SIGKILL')));
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function instance(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-instancia-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = startServerProcess({
    AUTH_SECRET: 'instancias-do-laudos-'.repeat(3),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'sem-interface'),
    PORT: String(port),
    PUBLIC_URL: url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Nothing here needs the background jobs: less to start.
    JOBS: 'off',
    // The safety net out of the way: only a notification can bring the change in time.
    SETTINGS_REFRESH_SECONDS: '3600',
  });
  running.push(proc);
  return { proc, url };
}

async function companyName(url: string): Promise<string> {
  const res = await fetch(`${url}/api/settings/public`);
  return ((await res.json()) as { branding: { companyName: string } }).branding.companyName;
}

describe.runIf(testEngine === 'postgres')(
  'several instances on one database (PostgreSQL only: PGlite is one process)',
  () => {
    it('a setting the admin saves on one instance is served by another without waiting for its periodic check, also after its listener lost the connection', async () => {
      const db = await createTestDatabase();
      await db.handle.close();
      cleanups.push(() => db.destroy());
      const a = await instance(db.connectionString!);
      const b = await instance(db.connectionString!);
      await Promise.all([a.proc.waitFor(/Laudos está no ar/), b.proc.waitFor(/Laudos está no ar/)]);

      const signIn = await fetch(`${a.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin: a.url, 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      // What the admin screen does: read the settings, change a field, save them all.
      const save = async (name: string) => {
        const read = await fetch(`${a.url}/api/admin/settings`, { headers: { cookie } });
        const current = (await read.json()) as { branding: Record<string, unknown> };
        const res = await fetch(`${a.url}/api/admin/settings`, {
          method: 'PUT',
          headers: { origin: a.url, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ ...current, branding: { ...current.branding, companyName: name } }),
        });
        expect(res.status).toBe(200);
      };

      expect(await companyName(b.url)).not.toBe('Souza & Filhos Engenharia');
      await save('Souza & Filhos Engenharia');
      expect(await companyName(a.url)).toBe('Souza & Filhos Engenharia');
      await waitUntil(async () => (await companyName(b.url)) === 'Souza & Filhos Engenharia', {
        what: 'the other instance to serve the new name',
      });

      // Every listener's connection dropped (a PostgreSQL restart, a proxy timeout): the change saved
      // meanwhile is announced to nobody, and each instance reloads once when it listens again.
      const admin = new pg.Client({ connectionString: db.connectionString! });
      await admin.connect();
      cleanups.push(() => admin.end());
      const ended = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'laudos-mudancas' and datname = current_database()`,
      );
      expect(ended.rowCount).toBe(2);
      await save('Souza & Filhos Inspeções');
      await waitUntil(async () => (await companyName(b.url)) === 'Souza & Filhos Inspeções', {
        what: 'the other instance to serve the name saved while it was not listening',
      });
      await b.proc.waitFor(/mudanças de outras instâncias: falha/);
    });
  },
);
