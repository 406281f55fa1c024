import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewJob, WorkerMessage } from '../src/storage/excel-preview-worker.ts';
import { xlsxBuffer } from '../src/storage/test-fixtures.ts';
import { createEmptyDatabase, testEngine } from './helpers/db.ts';
import {
  buildServerBundle,
  freePort,
  processAlive,
  type ServerProcess,
  startServerProcess,
} from './helpers/process.ts';

/**
 * What `npm start` runs: the esbuild bundle (apps/server/dist, scripts/build-server.mjs), built
 * here from the current sources, not the TypeScript the other process tests run through tsx.
 * On PostgreSQL, the same bundle as a cluster of two workers (WORKERS=2, cluster.ts).
 */

const serverRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(serverRoot, 'dist');

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop('SIGKILL')));
  for (const c of cleanups.splice(0)) await c();
});

beforeAll(() => buildServerBundle(), 60_000);

function start(env: Record<string, string>) {
  const p = startServerProcess({ AUTH_SECRET: 'pacote-de-teste-'.repeat(3), ...env }, { bundle: true });
  running.push(p);
  return p;
}

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'laudos-bundle-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function health(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  return { status: res.status, body: await res.json() };
}

describe(`the built server, dist/main.js (${testEngine})`, () => {
  if (testEngine === 'pglite') {
    it('starts without tsx, answers /api/health and prints where to open it and how to sign in', async () => {
      const port = await freePort();
      const server = start({ DATA_DIR: tempDir(), PORT: String(port) });
      await server.waitFor(/Senha: {2}\S{16}/);
      expect(server.output()).toContain(`Laudos está no ar: http://localhost:${port}`);
      expect(server.output()).toContain('Banco de dados: embutido (PGlite)');
      expect(server.output()).toContain('E-mail: admin@laudos.local');
      expect(server.output()).toContain(`Entre em http://localhost:${port}/login`);
      // One process: no cluster line.
      expect(server.output()).not.toContain('Processos:');
      expect(await health(port)).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });
      expect(await server.stop('SIGTERM')).toBe(0);
    });

    it('refuses WORKERS above 1 on PGlite, in Portuguese, before opening anything', async () => {
      const server = start({ DATA_DIR: tempDir(), PORT: String(await freePort()), WORKERS: '2' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        'WORKERS: com o banco embutido (PGlite) o servidor roda em um só processo',
      );
    });

    it('WORKERS=2 on a PostgreSQL that cannot be reached: the cluster stops with 1 and says why', async () => {
      // No PostgreSQL needed: port 1 refuses. The first worker to fail stops the other (cluster.ts).
      const server = start({
        DATA_DIR: tempDir(),
        PORT: String(await freePort()),
        DATABASE_URL: 'postgres://ninguem:nada@127.0.0.1:1/laudos',
        WORKERS: '2',
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('Não foi possível iniciar o servidor: connect ECONNREFUSED');
      expect(server.output()).not.toContain('Laudos está no ar');
    });

    it('its stack traces name the TypeScript files and lines (source maps)', () => {
      // DATA_DIR under a file: creating auth-secret's folder throws from config.ts, uncaught.
      const file = path.join(tempDir(), 'um-arquivo');
      writeFileSync(file, '');
      const result = spawnSync(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
        cwd: serverRoot,
        env: { PATH: process.env.PATH, DATA_DIR: path.join(file, 'dados') },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(/at readOrCreateSecret \(.*apps\/server\/src\/config\.ts:\d+:\d+\)/);
      expect(result.stderr).toMatch(/apps\/server\/src\/main\.ts:\d+:\d+/);
    });

    it('the spreadsheet preview worker runs from its own bundle entry, without tsx', async () => {
      const file = path.join(tempDir(), 'planilha.xlsx');
      writeFileSync(
        file,
        await xlsxBuffer((wb) => {
          const ws = wb.addWorksheet('Medições');
          ws.addRow(['Ponto', 'Valor']);
          ws.addRow(['A1', 42]);
        }),
      );
      const worker = new Worker(path.join(dist, 'excel-preview-worker.js'), { execArgv: [] });
      try {
        const messages: WorkerMessage[] = [];
        const done = new Promise<WorkerMessage>((resolve, reject) => {
          worker.on('error', reject);
          worker.on('message', (m: WorkerMessage) => {
            messages.push(m);
            if (m.type === 'ready')
              worker.postMessage({
                id: 1,
                filePath: file,
                maxRows: 200,
                maxCols: 50,
                maxInflatedBytes: 64 * 1024 * 1024,
              } satisfies PreviewJob);
            if (m.type === 'done') resolve(m);
          });
        });
        const outcome = await done;
        expect(messages[0]).toEqual({ type: 'ready' });
        expect(outcome.type === 'done' && outcome.outcome.kind).toBe('ok');
        expect(JSON.stringify(outcome)).toContain('Ponto');
        expect(JSON.stringify(outcome)).toContain('42');
      } finally {
        await worker.terminate();
      }
    });
  } else {
    it('WORKERS=2: two workers migrate and seed one empty database once, one banner, a dead worker is restarted, SIGTERM ends all', async () => {
      const db = await createEmptyDatabase();
      await db.handle.close();
      cleanups.push(() => db.destroy());
      const port = await freePort();
      const server = start({
        DATABASE_URL: db.connectionString!,
        PORT: String(port),
        DATA_DIR: tempDir(),
        WORKERS: '2',
        LOG_LEVEL: 'info',
      });
      await server.waitFor(/Senha: {2}\S{16}/, 90_000);
      const out = server.output();
      expect(out.match(/Laudos está no ar/g)).toHaveLength(1);
      expect(out.match(/Senha:/g)).toHaveLength(1);
      expect(out).toContain('Processos: 2 (WORKERS)');
      expect(out).toContain('Banco de dados: PostgreSQL (DATABASE_URL)');
      const workers = [...out.matchAll(/"pid":(\d+),[^\n]*Server listening at http:\/\/127\.0\.0\.1/g)].map(
        (m) => Number(m[1]),
      );
      expect(new Set(workers).size).toBe(2);
      expect(workers).not.toContain(server.child.pid);

      const check = new pg.Client({ connectionString: db.connectionString });
      await check.connect();
      const admins = await check.query("select count(*)::int as n from usuarios where tipo = 'admin'");
      await check.end();
      expect(admins.rows[0].n).toBe(1);
      for (let i = 0; i < 4; i++)
        expect(await health(port)).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });

      // A worker killed outright: the primary logs it and starts another after a second.
      process.kill(workers[0]!, 'SIGKILL');
      await server.waitFor(/saiu inesperadamente; outro começa em 1 s/);
      await server.waitFor(/processo do servidor reiniciado e no ar/, 60_000);
      expect(await health(port)).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });
      const now = [
        ...server.output().matchAll(/"pid":(\d+),[^\n]*Server listening at http:\/\/127\.0\.0\.1/g),
      ].map((m) => Number(m[1]));
      expect(now).toHaveLength(3);

      // SIGTERM to the primary: every worker closes and the primary exits 0, within the limit.
      const t0 = Date.now();
      expect(await server.stop('SIGTERM')).toBe(0);
      expect(Date.now() - t0).toBeLessThan(20_000);
      for (const pid of now) expect(processAlive(pid)).toBe(false);
      expect(server.output().match(/"msg":"encerrando"/g)?.length).toBeGreaterThanOrEqual(3);
    });
  }
});
