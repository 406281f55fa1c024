import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { laudos } from '../../db/schema.ts';
import type { FileStorage } from '../../storage/storage.ts';

/**
 * The laudos of a user who is being deleted: those they created and those addressed only to their
 * e-mail (nobody created them). Run inside the deletion's transaction; returns the storage keys of
 * their files, to remove once that transaction has committed (`removerArquivosDosLaudos`).
 */
export async function excluirLaudosDoUsuario(
  tx: DbOrTx,
  usuario: { id: string; email: string },
): Promise<string[]> {
  const removidos = await tx
    .delete(laudos)
    .where(
      or(
        eq(laudos.criadoPor, usuario.id),
        and(
          sql`lower(btrim(${laudos.emailCliente})) = ${usuario.email.toLowerCase()}`,
          isNull(laudos.criadoPor),
        ),
      ),
    )
    .returning({ pdf: laudos.arquivoPdf, excel: laudos.arquivoExcel });
  return removidos.flatMap((l) => [l.pdf, l.excel]).filter((k): k is string => Boolean(k));
}

/** The files of deleted laudos. A storage failure is logged and does not undo the delete (spec section 8). */
export async function removerArquivosDosLaudos(
  storage: Pick<FileStorage, 'remove'>,
  keys: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const key of keys) {
    await storage.remove(key).catch((err) => log.warn({ err, key }, 'arquivo não removido'));
  }
}
