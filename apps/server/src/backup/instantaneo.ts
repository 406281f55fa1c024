import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { type Consulta, chavesReferenciadas, type NivelDeMigracao, nivelDeMigracao } from './manifesto.ts';

/** One consistent view of the database: its dump on disk, the storage keys it points to, its level. */
export interface Instantaneo {
  arquivo: string;
  chaves: string[];
  migracao: NivelDeMigracao;
}

/**
 * The embedded database's snapshot, taken by the process that has it open (the server, through
 * `canal.ts`, or the CLI when no server runs). Inside a PGlite transaction no other transaction or
 * query can run (one connection, one mutex), so the keys, the level and the dump of the data files
 * all see the same committed state; the checkpoint first puts it in the data files, so a restore
 * has almost no WAL to replay. `dumpDataDir` takes only the query mutex, free between our reads.
 */
export async function instantaneoPglite(pglite: PGlite, destino: string): Promise<Instantaneo> {
  const { chaves, migracao, dump } = await pglite.transaction(async (tx) => {
    const query: Consulta = (text) => tx.query<Record<string, unknown>>(text);
    await tx.exec('CHECKPOINT');
    const chaves = await chavesReferenciadas(query);
    const migracao = await nivelDeMigracao(query);
    // Uncompressed: the server only copies; the CLI compresses it in its own process (zlib).
    const dump = await pglite.dumpDataDir('none');
    return { chaves, migracao, dump };
  });
  await pipeline(
    Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream),
    createWriteStream(destino, { mode: 0o600 }),
  );
  return { arquivo: destino, chaves, migracao };
}
