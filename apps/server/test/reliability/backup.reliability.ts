import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../helpers/db.ts';
import { runCli } from '../helpers/process.ts';
import { createTestBucket } from '../helpers/s3.ts';
import {
  ADMIN,
  type Cleanup,
  call,
  download,
  type Engine,
  environment,
  pdfOf,
  sha256,
  signIn,
  startServer,
  upload,
} from './support.ts';

/**
 * Scenario 7: `npm run cli -- backup` while the server runs and laudos with files are created and
 * deleted, then `restore` into a fresh data directory (and, on PostgreSQL, a fresh database) and a
 * server started on it: every laudo, user and file the backup saw is there (decision 040); with
 * STORAGE=s3 the files come from a bucket and go into another, empty one. The
 * refusals and the checks of the archive are in ../backup.test.ts.
 */
const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Laudo {
  id: string;
  codigo: string;
  arquivo_pdf: string | null;
}

describe.each<[string, Engine, boolean]>([
  ['postgres', 'postgres', false],
  ['pglite', 'pglite', false],
  // STORAGE=s3: the files in a bucket (Swift), restored into another, empty bucket.
  ['postgres + s3', 'postgres', true],
])('backup under writes (%s)', (rotulo, engine, s3) => {
  it('restores every laudo, user and file the backup saw, while laudos with files were being created and deleted', {
    timeout: 240_000,
  }, async () => {
    const t0 = Date.now();
    const marcas: string[] = [];
    const marca = (n: string) => marcas.push(`${n} ${((Date.now() - t0) / 1000).toFixed(1)}s`);
    const origem = s3 ? await createTestBucket() : undefined;
    if (origem) cleanups.push(() => origem.destroy());
    const ambiente = await environment(engine, cleanups, origem?.env);
    const env = { dataDir: ambiente.dataDir };
    // The secret from DATA_DIR/auth-secret, as a default install keeps it: the backup carries it.
    delete ambiente.env.AUTH_SECRET;
    const s = await startServer(ambiente.env, cleanups);
    const cookie = await signIn(s.url);
    marca('server');
    if (engine === 'pglite') {
      // The channel the CLI asks through: a socket in a folder only DATA_DIR's owner may enter.
      expect(statSync(path.join(ambiente.dataDir, 'run')).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(ambiente.dataDir, 'run', 'backup.sock')).mode & 0o777).toBe(0o600);
    }

    const conteudo = new Map<string, string>(); // laudo id → the PDF's sha256
    const criar = async (codigo: string) => {
      const r = await call<{ laudo: { id: string } }>(s.url, cookie, 'POST', '/api/laudos', {
        nome: `Vaso ${codigo}`,
        codigo,
        cliente: 'ACME Ltda',
        tipo: 'NR-13',
        dataVencimento: '2031-06-30',
      });
      expect(r?.status).toBe(201);
      const id = r!.body.laudo.id;
      const pdf = pdfOf(2048 + conteudo.size * 97);
      expect((await upload(s.url, cookie, id, 'pdf', pdf, `${codigo}.pdf`))?.status).toBe(200);
      conteudo.set(id, sha256(pdf));
      return id;
    };
    const antes: string[] = [];
    for (let i = 0; i < 4; i++) antes.push(await criar(`ANTES-${i}`));
    const cliente = await call(s.url, cookie, 'POST', '/api/admin/usuarios', {
      nome: 'Cliente do Backup',
      email: 'cliente@backup.test',
    });
    expect(cliente?.status).toBe(201);

    // Writes while the backup runs: new laudos with files, and every third one deleted again (its
    // file removed), so the backup's snapshot and file copy race real changes.
    let parar = false;
    let escritas = 0;
    const laco = (async () => {
      const feitos: string[] = [];
      while (!parar && escritas < 300) {
        feitos.push(await criar(`DURANTE-${escritas}`));
        escritas++;
        if (escritas % 3 === 0) {
          const id = feitos.shift()!;
          expect((await call(s.url, cookie, 'DELETE', `/api/laudos/${id}`))?.status).toBe(204);
        }
      }
    })();
    laco.catch(() => {}); // awaited below, after the backup
    const arquivo = path.join(env.dataDir, '..', `${path.basename(env.dataDir)}.tar`);
    cleanups.push(() => rmSync(arquivo, { force: true }));
    const inicio = Date.now();
    const backup = await runCli(['backup', '--saida', arquivo], {
      DATA_DIR: env.dataDir,
      ...(ambiente.env.DATABASE_URL ? { DATABASE_URL: ambiente.env.DATABASE_URL } : {}),
      ...origem?.env,
    });
    parar = true;
    await laco;
    expect(backup.out).toMatch(
      /Backup gravado em .*: banco (pglite|postgres) \(migração \d{4}_\w+\), \d+ arquivo\(s\)/,
    );
    expect(backup.code).toBe(0);
    const segundos = (Date.now() - inicio) / 1000;
    expect(escritas, `writes during the ${segundos}s backup`).toBeGreaterThan(0);
    marca('backup');
    await s.proc.stop();

    // A fresh data directory (and, on PostgreSQL, a fresh empty database).
    const novo = path.join(mkdtempSync(path.join(tmpdir(), 'laudos-restaurado-')), 'dados');
    cleanups.push(() => rmSync(path.dirname(novo), { recursive: true, force: true }));
    const restoreEnv: Record<string, string> = { DATA_DIR: novo };
    if (engine === 'postgres') {
      const vazio = await createEmptyDatabase();
      await vazio.handle.close();
      cleanups.push(() => vazio.destroy());
      restoreEnv.DATABASE_URL = vazio.connectionString!;
    }
    const destino = s3 ? await createTestBucket() : undefined;
    if (destino) {
      cleanups.push(() => destino.destroy());
      Object.assign(restoreEnv, destino.env);
      // A bucket that already holds an object is refused, as a database with tables is.
      await destino.storage.save('outro/arquivo.pdf', Readable.from([Buffer.from('x')]), { maxBytes: 1 });
      const recusa = await runCli(['restore', arquivo, '--data-dir', novo], restoreEnv);
      expect(recusa.out).toContain(`O bucket ${destino.bucket} não está vazio`);
      expect(recusa.code).toBe(1);
      await destino.empty();
    }
    const restore = await runCli(['restore', arquivo, '--data-dir', novo], restoreEnv);
    expect(restore.out).toContain(`restaurado em ${novo}`);
    expect(restore.code).toBe(0);
    if (origem && destino) {
      expect(restore.out).toContain(`conferido(s) no bucket ${destino.bucket}`);
      // Every committed object of the source bucket the archive holds, none staged, nothing on disk.
      const restaurados = await destino.keys();
      expect(restaurados.length).toBeGreaterThan(0);
      expect(restaurados.filter((k) => k.startsWith('staging/'))).toEqual([]);
      expect(existsSync(path.join(novo, 'storage'))).toBe(false);
    }
    expect(readFileSync(path.join(novo, 'auth-secret'))).toEqual(
      readFileSync(path.join(env.dataDir, 'auth-secret')),
    );
    marca('restore');
    const r = await startServer({ ...ambiente.env, ...restoreEnv }, cleanups);
    const cookie2 = await signIn(r.url);
    const lista = await call<{ laudos: Laudo[]; total: number }>(
      r.url,
      cookie2,
      'GET',
      '/api/laudos?porPagina=100',
    );
    const restaurados = lista!.body.laudos;
    expect(lista!.body.total).toBe(restaurados.length);
    for (const id of antes) expect(restaurados.map((l) => l.id)).toContain(id);
    // Consistent: every laudo the snapshot holds has its file, byte for byte.
    for (const l of restaurados) {
      expect(conteudo.has(l.id), l.codigo).toBe(true);
      // A laudo caught between its creation and its upload (two requests) has no file yet: fine. One
      // whose row names a file must have it.
      if (l.arquivo_pdf === null) {
        expect(antes, l.codigo).not.toContain(l.id);
        continue;
      }
      const d = await download(r.url, cookie2, l.id, 'pdf');
      expect({ codigo: l.codigo, status: d.status, sha256: d.sha256 }).toEqual({
        codigo: l.codigo,
        status: 200,
        sha256: conteudo.get(l.id),
      });
    }
    marca('verified');
    const usuarios = await call<{ usuarios: { email: string }[] }>(
      r.url,
      cookie2,
      'GET',
      '/api/admin/usuarios',
    );
    expect(usuarios!.body.usuarios.map((u) => u.email).sort()).toEqual(
      ['cliente@backup.test', ADMIN.email].sort(),
    );
    console.log(
      `backup (${rotulo}): ${segundos.toFixed(1)} s with ${escritas} writes meanwhile; ${restaurados.length} laudos restored; ${marcas.join(', ')}`,
    );
  });
});
