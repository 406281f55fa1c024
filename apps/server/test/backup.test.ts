import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import tar from 'tar-stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ErroDeBackup, fazerBackup } from '../src/backup/backup.ts';
import { MANIFESTO, SQL_CHAVES_REFERENCIADAS } from '../src/backup/manifesto.ts';
import { restaurar } from '../src/backup/restauracao.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { createEmptyDatabase, createTestDatabase, testEngine } from './helpers/db.ts';
import { pastaTemporaria } from './helpers/pasta.ts';
import { createTestBucket } from './helpers/s3.ts';
import type { Cleanup } from './reliability/support.ts';

const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe(`backup and restore (${testEngine})`, () => {
  it('refuses an archive from a newer migration level, a corrupted file and a non-empty directory', async () => {
    const dir = pastaTemporaria('backup-recusas', cleanups);
    const databaseUrl = testEngine === 'postgres' ? 'postgres://nao-usado@127.0.0.1:1/x' : undefined;
    const arquivo = async (nome: string, manifesto: object, extra: [string, Buffer][] = []) => {
      const pack = tar.pack();
      const json = Buffer.from(JSON.stringify(manifesto));
      pack.entry({ name: MANIFESTO }, json);
      for (const [n, b] of extra) pack.entry({ name: n }, b);
      pack.finalize();
      const partes: Buffer[] = [];
      for await (const c of pack as AsyncIterable<Buffer>) partes.push(c);
      const file = path.join(dir, nome);
      writeFileSync(file, Buffer.concat(partes));
      return file;
    };
    const banco = Buffer.from('conteúdo');
    const base = {
      formato: 1,
      aplicacao: 'laudos',
      versao: '0.1.0',
      motor: testEngine,
      migracao: { aplicadas: 2, ultima: '0001_email_delivery' },
      criadoEm: new Date().toISOString(),
      armazenamento: 'local',
      banco: {
        nome: 'banco/x',
        bytes: banco.byteLength,
        sha256: createHash('sha256').update(banco).digest('hex'),
      },
      arquivos: [],
      segredo: null,
    };
    const novo = path.join(dir, 'novo');
    const futuro = await arquivo('futuro.tar', {
      ...base,
      migracao: { aplicadas: 999, ultima: '0998_do_futuro' },
    });
    await expect(restaurar(futuro, { dataDir: novo, databaseUrl })).rejects.toThrow(
      /versão mais nova do Laudos \(migração 0998_do_futuro; este código conhece até \d{4}_\w+\)/,
    );
    const corrompido = await arquivo('corrompido.tar', base, [['banco/x', Buffer.from('conteúdX')]]);
    if (testEngine === 'pglite') {
      await expect(restaurar(corrompido, { dataDir: novo, databaseUrl })).rejects.toThrow(
        'Soma de verificação diferente em banco/x: o backup está corrompido.',
      );
      expect(existsSync(path.join(novo, 'db'))).toBe(false);
    }
    writeFileSync(path.join(dir, 'outro.txt'), '');
    await expect(restaurar(corrompido, { dataDir: dir, databaseUrl })).rejects.toThrow(ErroDeBackup);
    await expect(restaurar(corrompido, { dataDir: dir, databaseUrl })).rejects.toThrow(/não está vazio/);
  });

  it('with STORAGE=s3, restores only into an empty bucket, and a corrupted file leaves it empty again', async () => {
    const dir = pastaTemporaria('backup-bucket', cleanups);
    const bucket = await createTestBucket();
    cleanups.push(() => bucket.destroy());
    let databaseUrl: string | undefined;
    if (testEngine === 'postgres') {
      const vazio = await createEmptyDatabase();
      await vazio.handle.close();
      cleanups.push(() => vazio.destroy());
      databaseUrl = vazio.connectionString!;
    }
    const resumo = (b: Buffer) => ({
      bytes: b.byteLength,
      sha256: createHash('sha256').update(b).digest('hex'),
    });
    const banco = Buffer.from('banco');
    const a = Buffer.from('%PDF-1.4 a');
    const b = Buffer.from('%PDF-1.4 b');
    const pack = tar.pack();
    pack.entry(
      { name: MANIFESTO },
      JSON.stringify({
        formato: 1,
        aplicacao: 'laudos',
        versao: '0.1.0',
        motor: testEngine,
        migracao: { aplicadas: 2, ultima: '0001_email_delivery' },
        criadoEm: new Date().toISOString(),
        armazenamento: 's3',
        banco: { nome: 'banco/x', ...resumo(banco) },
        arquivos: [
          { chave: 'l1/pdf-a.pdf', ...resumo(a) },
          { chave: 'l1/pdf-b.pdf', ...resumo(b) },
        ],
        segredo: null,
      }),
    );
    pack.entry({ name: 'banco/x' }, banco);
    pack.entry({ name: 'arquivos/l1/pdf-a.pdf' }, a);
    pack.entry({ name: 'arquivos/l1/pdf-b.pdf' }, Buffer.from('%PDF-1.4 X'));
    pack.finalize();
    const partes: Buffer[] = [];
    for await (const c of pack as AsyncIterable<Buffer>) partes.push(c);
    const arquivo = path.join(dir, 'b.tar');
    writeFileSync(arquivo, Buffer.concat(partes));

    await bucket.storage.save('outro/x.pdf', Readable.from([Buffer.from('x')]), { maxBytes: 1 });
    await expect(
      restaurar(arquivo, { dataDir: path.join(dir, 'novo'), databaseUrl, bucket: bucket.storage }),
    ).rejects.toThrow(`O bucket ${bucket.bucket} não está vazio`);
    await bucket.empty();
    await expect(
      restaurar(arquivo, { dataDir: path.join(dir, 'novo'), databaseUrl, bucket: bucket.storage }),
    ).rejects.toThrow('Soma de verificação diferente em arquivos/l1/pdf-b.pdf: o backup está corrompido.');
    expect(await bucket.keys()).toEqual([]);
  });

  it('goes on, and says so, when a file the database names was already missing before the backup', async () => {
    const dir = pastaTemporaria('backup-ausente', cleanups);
    const env: Record<string, string> = {
      DATA_DIR: dir,
      AUTH_SECRET: 'segredo-do-teste-de-backup-'.repeat(2),
    };
    const perdido = '00000000-0000-4000-8000-000000000001/pdf-perdido.pdf';
    const inserir = `insert into laudos (nome, codigo, cliente, tipo, arquivo_pdf) values ('Vaso', 'PERDIDO-1', 'ACME', 'NR-13', '${perdido}')`;
    if (testEngine === 'postgres') {
      const db = await createTestDatabase();
      cleanups.push(() => db.destroy());
      await db.handle.db.execute(inserir);
      env.DATABASE_URL = db.connectionString!;
    } else {
      const db = await openDatabase({ engine: 'pglite', dataDir: path.join(dir, 'db') });
      await migrateDatabase(db);
      await db.pglite.exec(inserir);
      await db.close();
    }
    const avisos: string[] = [];
    const { manifesto, rodadas } = await fazerBackup(loadConfig(env), path.join(dir, 'b.tar'), (l) =>
      avisos.push(l),
    );
    expect(rodadas).toBe(2);
    expect(manifesto.ausentes).toEqual([perdido]);
    expect(avisos.join('\n')).toContain(
      `Atenção: 1 arquivo(s) citado(s) pelo banco já não existia(m) no armazenamento antes do backup (${perdido})`,
    );
  });

  it('knows every column that holds a storage key', () => {
    const colunas = Object.values(schema)
      .filter((t) => is(t, PgTable))
      .flatMap((t) => {
        const c = getTableConfig(t as PgTable);
        return c.columns.map((col) => `${c.name}.${col.name}`);
      })
      .filter((c) => /\.(.*_key|arquivo_(pdf|excel)|anexo)$/.test(c));
    expect(colunas.length).toBeGreaterThanOrEqual(7);
    for (const c of colunas) {
      const [tabela, coluna] = c.split('.');
      expect(SQL_CHAVES_REFERENCIADAS, c).toMatch(
        new RegExp(`select ${coluna}( as chave)? from ${tabela} where`),
      );
    }
  });
});
