import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { laudos, laudoVersoes } from '../../db/schema.ts';

/**
 * The laudos of a user who is being deleted: those they created and those addressed only to their
 * e-mail (nobody created them) — never a company's laudos, which stay with the company (issue 17). Run inside the deletion's transaction; returns the storage keys of
 * their files, to remove once that transaction has committed (`removerArquivosGuardados`).
 */
export async function excluirLaudosDoUsuario(
  tx: DbOrTx,
  usuario: { id: string; email: string },
): Promise<string[]> {
  const doUsuario = and(
    isNull(laudos.empresaId),
    or(
      eq(laudos.criadoPor, usuario.id),
      and(
        sql`lower(btrim(${laudos.emailCliente})) = ${usuario.email.toLowerCase()}`,
        isNull(laudos.criadoPor),
      ),
    ),
  );
  // Their earlier versions' files first: the rows go with the laudos (cascade).
  const ids = await tx.select({ id: laudos.id }).from(laudos).where(doUsuario).for('update');
  const versoes = await arquivosDasVersoes(
    tx,
    ids.map((l) => l.id),
  );
  const removidos = await tx
    .delete(laudos)
    .where(doUsuario)
    .returning({ pdf: laudos.arquivoPdf, excel: laudos.arquivoExcel });
  return [...removidos.flatMap((l) => [l.pdf, l.excel]), ...versoes].filter((k): k is string => Boolean(k));
}

/** The stored files of the earlier versions of these laudos: removed when the laudos are deleted. */
export async function arquivosDasVersoes(tx: DbOrTx, laudoIds: readonly string[]): Promise<string[]> {
  if (laudoIds.length === 0) return [];
  const rows = await tx
    .select({ pdf: laudoVersoes.arquivoPdf, excel: laudoVersoes.arquivoExcel })
    .from(laudoVersoes)
    .where(inArray(laudoVersoes.laudoId, [...laudoIds]));
  return rows.flatMap((r) => [r.pdf, r.excel]).filter((k): k is string => Boolean(k));
}
