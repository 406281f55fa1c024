import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import tar from 'tar-stream';
import { extractPgliteTemplate } from '../db/pglite-template.ts';
import type { S3FileStorage } from '../storage/s3.ts';
import { assertValidStorageKey, type FileStorage, LocalFileStorage } from '../storage/storage.ts';
import { ErroDeBackup, pastaDoArmazenamento, rodarFerramentaPg } from './backup.ts';
import { MANIFESTO, type Manifesto, manifestoSchema, migracoesDoCodigo } from './manifesto.ts';

export interface AlvoDaRestauracao {
  /** The new DATA_DIR: absent or empty (an `auth-secret` alone, as the CLI's config leaves it, is allowed). */
  dataDir: string;
  /** PostgreSQL: an empty database; absent: the embedded database under dataDir. */
  databaseUrl: string | undefined;
  /**
   * STORAGE=s3: the files go into this bucket, which must hold no object at all (as the database
   * must be empty); absent: into the new data directory's storage folder.
   */
  bucket?: S3FileStorage | undefined;
}

/**
 * Restores an archive written by `fazerBackup` into a fresh data directory (and, on PostgreSQL, a
 * fresh database), checking every entry against the manifest's checksums before the database is
 * loaded. Refuses an archive from a newer migration level than this code (it would not know the
 * tables) and an archive of the other engine.
 */
export async function restaurar(arquivo: string, alvo: AlvoDaRestauracao): Promise<Manifesto> {
  if (!existsSync(arquivo)) throw new ErroDeBackup(`Arquivo não encontrado: ${arquivo}`);
  const dataDir = path.resolve(alvo.dataDir);
  const sobras = existsSync(dataDir) ? readdirSync(dataDir).filter((e) => e !== 'auth-secret') : [];
  if (sobras.length > 0)
    throw new ErroDeBackup(
      `O diretório ${dataDir} não está vazio (${sobras.slice(0, 3).join(', ')}${sobras.length > 3 ? ', …' : ''}): a restauração só escreve num diretório de dados novo. Use --data-dir com um diretório vazio.`,
    );

  const { bucket } = alvo;
  if (bucket && !(await bucketVazio(bucket)))
    throw new ErroDeBackup(
      `O bucket ${bucket.bucket} não está vazio: a restauração só escreve num bucket novo. Crie outro bucket e aponte S3_BUCKET para ele.`,
    );
  const storage: FileStorage = bucket ?? new LocalFileStorage(pastaDoArmazenamento(dataDir));
  /** Objects written into the bucket: removed again when the restore fails, so a re-run finds it empty. */
  const enviados: string[] = [];

  const extract = tar.extract();
  const leitura = pipeline(createReadStream(arquivo), extract).catch((err: unknown) => {
    extract.destroy(err as Error);
  });
  let manifesto: Manifesto | undefined;
  const vistos = new Set<string>();
  const criados: string[] = [];
  const temporario = path.join(dataDir, '.restauracao-banco');
  let segredo: Buffer | undefined;
  try {
    for await (const entrada of extract as AsyncIterable<Readable & { header: tar.Headers }>) {
      const nome = entrada.header.name;
      if (!manifesto) {
        if (nome !== MANIFESTO)
          throw new ErroDeBackup('Este arquivo não é um backup do Laudos (falta o manifesto).');
        manifesto = verificarManifesto(await lerTudo(entrada), alvo);
        if (manifesto.motor === 'postgres') await conferirBancoVazio(alvo.databaseUrl!);
        await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
        criados.push(temporario, path.join(dataDir, 'storage'), path.join(dataDir, 'db'));
        continue;
      }
      if (vistos.has(nome)) throw new ErroDeBackup(`Entrada repetida no backup: ${nome}`);
      vistos.add(nome);
      if (nome === manifesto.banco.nome) {
        conferir(
          nome,
          await gravar(entrada, createWriteStream(temporario, { mode: 0o600 })),
          manifesto.banco,
        );
      } else if (nome === 'segredo/auth-secret' && manifesto.segredo) {
        segredo = await lerTudo(entrada);
        conferir(nome, resumoDe(segredo), manifesto.segredo);
      } else if (nome.startsWith('arquivos/')) {
        const chave = nome.slice('arquivos/'.length);
        const esperado = manifesto.arquivos.find((a) => a.chave === chave);
        if (!esperado) throw new ErroDeBackup(`Arquivo fora do manifesto: ${chave}`);
        assertValidStorageKey(chave);
        if (bucket) enviados.push(chave);
        let r = { bytes: 0, sha256: '' };
        const hash = createHash('sha256');
        await storage.save(
          chave,
          (async function* () {
            for await (const chunk of entrada as AsyncIterable<Buffer>) {
              hash.update(chunk);
              r.bytes += chunk.byteLength;
              yield chunk;
            }
            r = { bytes: r.bytes, sha256: hash.digest('hex') };
          })(),
          { maxBytes: Number.MAX_SAFE_INTEGER },
        );
        conferir(nome, r, esperado);
      } else {
        throw new ErroDeBackup(`Entrada desconhecida no backup: ${nome}`);
      }
    }
    await leitura;
    if (!manifesto) throw new ErroDeBackup('Este arquivo não é um backup do Laudos (vazio).');
    const faltando = [
      manifesto.banco.nome,
      ...manifesto.arquivos.map((a) => `arquivos/${a.chave}`),
      ...(manifesto.segredo ? ['segredo/auth-secret'] : []),
    ].filter((n) => !vistos.has(n));
    if (faltando.length > 0)
      throw new ErroDeBackup(`Backup incompleto: faltam ${faltando.length} entrada(s), como ${faltando[0]}.`);

    if (manifesto.motor === 'pglite') {
      // The dump is a data directory as PGlite's `dumpDataDir` writes it: written out as a first
      // start writes the packaged template (decision 017); the next start opens it.
      extractPgliteTemplate(temporario, path.join(dataDir, 'db'));
    } else {
      await rodarFerramentaPg(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', temporario],
        alvo.databaseUrl!,
      );
    }
    await fs.rm(temporario, { force: true });
    if (segredo) await fs.writeFile(path.join(dataDir, 'auth-secret'), segredo, { mode: 0o600 });
    return manifesto;
  } catch (err) {
    extract.destroy();
    for (const c of criados) await fs.rm(c, { recursive: true, force: true });
    for (const chave of enviados) await storage.remove(chave).catch(() => {});
    if (err instanceof ErroDeBackup) throw err;
    if (err instanceof Error && /Unexpected end of data|Invalid tar header|unexpected end/i.test(err.message))
      throw new ErroDeBackup(`O arquivo de backup está corrompido ou incompleto (${err.message}).`);
    throw err;
  }
}

function verificarManifesto(bytes: Buffer, alvo: AlvoDaRestauracao): Manifesto {
  let dados: unknown;
  try {
    dados = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ErroDeBackup('O manifesto do backup está corrompido.');
  }
  const r = manifestoSchema.safeParse(dados);
  if (!r.success)
    throw new ErroDeBackup('O manifesto do backup é de um formato desconhecido ou está corrompido.');
  const m = r.data;
  const { tags } = migracoesDoCodigo();
  if (m.migracao.aplicadas > tags.length || (m.migracao.ultima !== null && !tags.includes(m.migracao.ultima)))
    throw new ErroDeBackup(
      `Este backup é de uma versão mais nova do Laudos (migração ${m.migracao.ultima ?? m.migracao.aplicadas}; este código conhece até ${tags.at(-1)}). Atualize o Laudos antes de restaurar.`,
    );
  if (m.motor === 'pglite' && alvo.databaseUrl)
    throw new ErroDeBackup(
      'Este backup é do banco embutido (PGlite): restaure sem DATABASE_URL. Passar de um banco ao outro não é feito pela restauração.',
    );
  if (m.motor === 'postgres' && !alvo.databaseUrl)
    throw new ErroDeBackup('Este backup é de um PostgreSQL: defina DATABASE_URL com um banco novo e vazio.');
  return m;
}

async function bucketVazio(bucket: S3FileStorage): Promise<boolean> {
  try {
    return await bucket.isEmpty();
  } catch (err) {
    throw new ErroDeBackup(
      `Armazenamento S3: bucket "${bucket.bucket}" inacessível (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
}

/** An empty PostgreSQL database: no table outside the system schemas. */
async function conferirBancoVazio(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0].n) > 0)
      throw new ErroDeBackup(
        'O banco de DATABASE_URL não está vazio: a restauração só escreve num banco novo (crie-o com createdb).',
      );
  } finally {
    await client.end();
  }
}

function conferir(
  nome: string,
  obtido: { bytes: number; sha256: string },
  esperado: { bytes: number; sha256: string },
) {
  if (obtido.bytes !== esperado.bytes || obtido.sha256 !== esperado.sha256)
    throw new ErroDeBackup(`Soma de verificação diferente em ${nome}: o backup está corrompido.`);
}

function resumoDe(b: Buffer) {
  return { bytes: b.byteLength, sha256: createHash('sha256').update(b).digest('hex') };
}

async function lerTudo(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const c of stream) partes.push(c);
  return Buffer.concat(partes);
}

async function gravar(
  fonte: Readable,
  destino: NodeJS.WritableStream,
): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    fonte,
    async function* (s: AsyncIterable<Buffer>) {
      for await (const c of s) {
        hash.update(c);
        bytes += c.byteLength;
        yield c;
      }
    },
    destino,
  );
  return { bytes, sha256: hash.digest('hex') };
}
