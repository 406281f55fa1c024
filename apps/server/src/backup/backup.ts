import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import tar from 'tar-stream';
import type { Config } from '../config.ts';
import { openDatabase, type PgliteDatabaseHandle } from '../db/client.ts';
import { DataDirLockedError } from '../db/lock.ts';
import type { S3FileStorage } from '../storage/s3.ts';
import { FileNotFoundError, type FileStorage, LocalFileStorage, STAGING_PREFIX } from '../storage/storage.ts';
import { ErroDoCanal, pastaDoCanal, pedirInstantaneo } from './canal.ts';
import { type Instantaneo, instantaneoPglite } from './instantaneo.ts';
import {
  chavesReferenciadas,
  FORMATO,
  MANIFESTO,
  type Manifesto,
  nivelDeMigracao,
  versaoDoAplicativo,
} from './manifesto.ts';

/** A refusal or failure to tell the person in pt-BR (the CLI prints it and exits 1). */
export class ErroDeBackup extends Error {}

/** Rounds of "snapshot, then copy the files it points to" before giving up (see `fazerBackup`). */
const RODADAS = 5;

export function pastaDoArmazenamento(dataDir: string): string {
  return path.join(dataDir, 'storage', 'laudos');
}

/**
 * Writes one archive (tar: manifest, database, files, secret) of what the server has now, with the
 * server running (decision 040).
 *
 * Consistency without stopping writes: a file is written before the row that points to it commits
 * and removed only after the row that dropped it commits, and a key's content never changes (a new
 * upload gets a new key). So every key a snapshot points to exists when the snapshot is taken. The
 * files are copied first, then the snapshot is taken, then the keys it points to that were not
 * copied yet (uploads meanwhile) are copied; one removed in between (a laudo deleted meanwhile)
 * means a new snapshot, which no longer points to it. Files no row points to come along too.
 */
export async function fazerBackup(
  config: Config,
  saida: string,
  avisar: (linha: string) => void,
): Promise<{ manifesto: Manifesto; rodadas: number }> {
  const destino = path.resolve(saida);
  if (existsSync(destino))
    throw new ErroDeBackup(`O arquivo ${destino} já existe: escolha outro nome com --saida.`);
  await fs.mkdir(path.dirname(destino), { recursive: true });
  const preparo = await fs.mkdtemp(path.join(path.dirname(destino), '.laudos-backup-'));
  await fs.chmod(preparo, 0o700);
  let storage: FileStorage | undefined;
  try {
    const aberto = await abrirArmazenamento(config);
    storage = aberto.storage;
    const copiados = new Map<string, { bytes: number; sha256: string }>();
    for await (const chave of aberto.chaves()) {
      await copiar(storage, chave, preparo, copiados);
    }
    const motor = config.databaseUrl ? 'postgres' : 'pglite';
    const instantaneo =
      motor === 'postgres' ? instantaneoPostgres(config.databaseUrl!) : instantaneoDoPglite(config);
    let inst: Instantaneo | undefined;
    let ausentes: string[] = [];
    let faltavamAntes = new Set<string>();
    let rodadas = 0;
    for (; rodadas < RODADAS && !inst; rodadas++) {
      const candidato = await instantaneo(path.join(preparo, `banco-${rodadas}`));
      const faltam: string[] = [];
      for (const chave of candidato.chaves) {
        if (copiados.has(chave)) continue;
        if (!(await copiar(storage, chave, preparo, copiados))) faltam.push(chave);
      }
      // A key still named by this snapshot and already missing after the previous one was never
      // removed by the code (removal follows the row's change): it was lost before the backup.
      // The archive is then as faithful as it can be, and says so.
      if (faltam.every((k) => faltavamAntes.has(k))) {
        inst = candidato;
        ausentes = faltam;
      } else {
        faltavamAntes = new Set(faltam);
        await fs.rm(candidato.arquivo, { force: true });
      }
    }
    if (!inst)
      throw new ErroDeBackup(
        `Os arquivos mudaram durante ${RODADAS} tentativas seguidas de backup. Tente de novo num momento de menos uso.`,
      );
    if (ausentes.length > 0)
      avisar(
        `Atenção: ${ausentes.length} arquivo(s) citado(s) pelo banco já não existia(m) no armazenamento antes do backup (${ausentes.slice(0, 3).join(', ')}${ausentes.length > 3 ? ', …' : ''}); o backup segue sem eles.`,
      );
    const banco = await resumo(inst.arquivo);
    const segredoArquivo = path.join(config.dataDir, 'auth-secret');
    const segredo = existsSync(segredoArquivo) ? await resumo(segredoArquivo) : null;
    if (!segredo)
      avisar('AUTH_SECRET vem do ambiente: ele não vai no backup. Guarde-o junto do arquivo para restaurar.');
    const manifesto: Manifesto = {
      formato: FORMATO,
      aplicacao: 'laudos',
      versao: versaoDoAplicativo(),
      motor,
      migracao: inst.migracao,
      criadoEm: new Date().toISOString(),
      armazenamento: config.storage.backend === 's3' ? 's3' : 'local',
      banco: { nome: motor === 'pglite' ? 'banco/pglite.tar.gz' : 'banco/postgres.dump', ...banco },
      arquivos: [...copiados]
        .map(([chave, r]) => ({ chave, ...r }))
        .sort((a, b) => a.chave.localeCompare(b.chave)),
      segredo,
      ausentes,
    };
    const parcial = `${destino}.parcial`;
    await escreverTar(parcial, manifesto, {
      banco: inst.arquivo,
      arquivo: (chave) => path.join(preparo, 'arquivos', chave),
      segredo: segredo ? segredoArquivo : null,
    });
    await fs.rename(parcial, destino);
    return { manifesto, rodadas };
  } finally {
    storage?.close();
    await fs.rm(preparo, { recursive: true, force: true });
    await fs.rm(`${destino}.parcial`, { force: true });
  }
}

/**
 * The storage `STORAGE` names and its committed keys: the folder on disk, or the bucket (each object
 * streamed from S3 through the same `open` the server uses; staging/ is left out on both).
 */
export async function abrirArmazenamento(config: Config): Promise<{
  storage: FileStorage;
  chaves: () => AsyncGenerator<string>;
  onde: string;
  bucket?: S3FileStorage;
}> {
  if (config.storage.backend !== 's3') {
    const local = new LocalFileStorage(pastaDoArmazenamento(config.dataDir));
    return { storage: local, chaves: () => listarChavesLocais(local.rootDir), onde: local.rootDir };
  }
  const { createStorage } = await import('../storage/create-storage.ts');
  let s3: S3FileStorage;
  try {
    s3 = (await createStorage(config)) as S3FileStorage;
  } catch (err) {
    throw new ErroDeBackup(err instanceof Error ? err.message : String(err));
  }
  return { storage: s3, chaves: () => s3.keys(), onde: `bucket ${s3.bucket}`, bucket: s3 };
}

/** Every key under the local storage folder (temporary dot-files of saves under way left out). */
async function* listarChavesLocais(raiz: string, prefixo = ''): AsyncGenerator<string> {
  let entradas: import('node:fs').Dirent[];
  try {
    entradas = await fs.readdir(path.join(raiz, prefixo), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entradas) {
    if (e.name.startsWith('.')) continue;
    // Uploads not yet committed (staging/, decision 038): no row names them.
    if (!prefixo && e.name === STAGING_PREFIX) continue;
    const chave = prefixo ? `${prefixo}/${e.name}` : e.name;
    if (e.isDirectory()) yield* listarChavesLocais(raiz, chave);
    else if (e.isFile()) yield chave;
  }
}

/** Copies one stored file into the staging folder through the storage interface; false when gone. */
async function copiar(
  storage: FileStorage,
  chave: string,
  preparo: string,
  copiados: Map<string, { bytes: number; sha256: string }>,
): Promise<boolean> {
  let aberto: Awaited<ReturnType<FileStorage['open']>>;
  try {
    aberto = await storage.open(chave);
  } catch (err) {
    if (err instanceof FileNotFoundError) return false;
    throw err;
  }
  const alvo = path.join(preparo, 'arquivos', chave);
  await fs.mkdir(path.dirname(alvo), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    aberto.stream as NodeJS.ReadableStream & AsyncIterable<Buffer>,
    async function* (fonte: AsyncIterable<Buffer>) {
      for await (const chunk of fonte) {
        hash.update(chunk);
        bytes += chunk.byteLength;
        yield chunk;
      }
    },
    createWriteStream(alvo, { mode: 0o600 }),
  );
  copiados.set(chave, { bytes, sha256: hash.digest('hex') });
  return true;
}

export async function resumo(arquivo: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(arquivo) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.byteLength;
  }
  return { bytes, sha256: hash.digest('hex') };
}

async function escreverTar(
  destino: string,
  manifesto: Manifesto,
  origem: { banco: string; arquivo: (chave: string) => string; segredo: string | null },
): Promise<void> {
  const pack = tar.pack();
  const escrita = pipeline(pack, createWriteStream(destino, { mode: 0o600 }));
  const entrada = async (name: string, arquivo: string, size: number) => {
    await new Promise<void>((resolve, reject) => {
      const stream = pack.entry({ name, size, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
      createReadStream(arquivo).on('error', reject).pipe(stream);
    });
  };
  try {
    const json = Buffer.from(`${JSON.stringify(manifesto, null, 2)}\n`);
    pack.entry({ name: MANIFESTO, size: json.byteLength, mode: 0o600 }, json);
    await entrada(manifesto.banco.nome, origem.banco, manifesto.banco.bytes);
    for (const a of manifesto.arquivos)
      await entrada(`arquivos/${a.chave}`, origem.arquivo(a.chave), a.bytes);
    if (origem.segredo && manifesto.segredo)
      await entrada('segredo/auth-secret', origem.segredo, manifesto.segredo.bytes);
    pack.finalize();
  } catch (err) {
    pack.destroy(err as Error);
    await escrita.catch(() => {});
    throw err;
  }
  await escrita;
  const handle = await fs.open(destino, 'r');
  await handle.sync();
  await handle.close();
}

/** PGlite: from the running server through the local channel, or, with no server, opened here. */
function instantaneoDoPglite(config: Config): (destino: string) => Promise<Instantaneo> {
  return async (destino) => {
    let inst: Instantaneo | null;
    try {
      inst = await pedirInstantaneo(config.dataDir);
    } catch (err) {
      if (err instanceof ErroDoCanal) throw new ErroDeBackup(err.message);
      throw err;
    }
    if (inst) {
      // The server writes the dump in its own folder; only a file there is taken.
      if (path.dirname(path.resolve(inst.arquivo)) !== path.resolve(pastaDoCanal(config.dataDir)))
        throw new ErroDeBackup('Resposta inválida do servidor pelo canal de backup.');
      try {
        await pipeline(
          createReadStream(inst.arquivo),
          createGzip(),
          createWriteStream(destino, { mode: 0o600 }),
        );
      } finally {
        await fs.rm(inst.arquivo, { force: true });
      }
      return { ...inst, arquivo: destino };
    }
    let database: PgliteDatabaseHandle;
    try {
      database = await openDatabase({ engine: 'pglite', dataDir: path.join(config.dataDir, 'db') });
    } catch (err) {
      if (err instanceof DataDirLockedError)
        throw new ErroDeBackup(
          `${err.message}\nO servidor em execução não respondeu pelo canal de backup (${pastaDoCanal(config.dataDir)}).`,
        );
      throw err;
    }
    const cru = `${destino}.tar`;
    try {
      const inst = await instantaneoPglite(database.pglite, cru);
      await pipeline(createReadStream(cru), createGzip(), createWriteStream(destino, { mode: 0o600 }));
      return { ...inst, arquivo: destino };
    } finally {
      await database.close();
      await fs.rm(cru, { force: true });
    }
  };
}

/**
 * PostgreSQL: a read-only repeatable-read transaction exports its snapshot; the keys and the level
 * are read in it and `pg_dump --snapshot` dumps exactly it (custom format, for pg_restore).
 */
function instantaneoPostgres(connectionString: string): (destino: string) => Promise<Instantaneo> {
  return async (destino) => {
    const client = new pg.Client({ connectionString, options: '-c TimeZone=UTC' });
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const snapshot = String((await client.query('select pg_export_snapshot() as s')).rows[0].s);
      const query = (text: string) => client.query(text);
      const chaves = await chavesReferenciadas(query);
      const migracao = await nivelDeMigracao(query);
      await rodarFerramentaPg(
        'pg_dump',
        ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--no-privileges', `--file=${destino}`],
        connectionString,
      );
      await client.query('commit');
      return { arquivo: destino, chaves, migracao };
    } finally {
      await client.end().catch(() => {});
    }
  };
}

/**
 * Runs pg_dump or pg_restore against the database. The password goes in PGPASSWORD, not in the
 * arguments (which any user of the machine can read in the process list).
 */
export async function rodarFerramentaPg(
  ferramenta: string,
  args: string[],
  connectionString: string,
): Promise<void> {
  const url = new URL(connectionString);
  const senha = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env, ...(senha ? { PGPASSWORD: senha } : {}) };
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ferramenta, [...args, `--dbname=${url.toString()}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let erro = '';
    child.stderr.on('data', (c: Buffer) => {
      erro += c.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new ErroDeBackup(
              `${ferramenta} não encontrado: instale as ferramentas cliente do PostgreSQL (no Debian, postgresql-client-15).`,
            )
          : err,
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new ErroDeBackup(`${ferramenta} falhou (código ${code}): ${erro.trim()}`)),
    );
  });
}
