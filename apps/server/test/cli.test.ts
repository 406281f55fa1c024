import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../src/storage/storage.ts';
import { createTestDatabase, testEngine } from './helpers/db.ts';
import { runCli } from './helpers/process.ts';
import { createTestBucket } from './helpers/s3.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const cli = runCli;

describe(`CLI (${testEngine})`, () => {
  it('storage:migrate --to s3 copies the files to the bucket; without STORAGE=s3 it says what to set', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-cli-migrar-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const bucket = await createTestBucket();
    cleanups.push(() => bucket.destroy());
    const disco = new LocalFileStorage(path.join(dataDir, 'storage', 'laudos'));
    await disco.save('l1/pdf-a.pdf', Readable.from([Buffer.from('%PDF-1.4 um')]), { maxBytes: 100 });
    await disco.save('blog/p1/capa-b.webp', Readable.from([Buffer.from('capa')]), { maxBytes: 100 });

    const semBucket = await cli(['storage:migrate', '--to', 's3'], { DATA_DIR: dataDir });
    expect(semBucket.code).toBe(1);
    expect(semBucket.out).toContain('Defina STORAGE=s3 e S3_BUCKET');

    const migrado = await cli(['storage:migrate', '--to', 's3'], { DATA_DIR: dataDir, ...bucket.env });
    expect(migrado.out).toContain(
      '2 arquivo(s) no disco: 2 copiado(s) e conferido(s), 0 já estava(m) no bucket.',
    );
    expect(migrado.code).toBe(0);
    expect(await bucket.keys()).toEqual(['blog/p1/capa-b.webp', 'l1/pdf-a.pdf']);
  });

  it('migrate, then create-admin prints a temporary password once; a repeated e-mail is refused', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-cli-admin-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (testEngine === 'postgres') {
      const db = await createTestDatabase();
      await db.handle.close();
      cleanups.push(() => db.destroy());
      env.DATABASE_URL = db.connectionString!;
    }
    const migrated = await cli(['migrate'], env);
    expect(migrated.out).toContain('Migrações aplicadas.');
    expect(migrated.code).toBe(0);

    const created = await cli(
      ['create-admin', '--email', 'Chefe@Firma.com.br', '--nome', 'Chefe da Firma'],
      env,
    );
    expect(created.code).toBe(0);
    expect(created.out).toContain('Administrador criado: chefe@firma.com.br');
    expect(created.out).toMatch(/Senha temporária \(mostrada só agora\): \S{16}/);

    const again = await cli(['create-admin', '--email', 'chefe@firma.com.br', '--nome', 'Outro'], env);
    expect(again.code).toBe(1);
    expect(again.out).toContain('Já existe um usuário com este e-mail.');

    const usage = await cli(['create-admin', '--email', 'x@y.com.br'], env);
    expect(usage.code).toBe(1);
    expect(usage.out).toContain('Informe --email e --nome.');
    const unknown = await cli(['apagar-tudo'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('Comando desconhecido: apagar-tudo');
  });
});
