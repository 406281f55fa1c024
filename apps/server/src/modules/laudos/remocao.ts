import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { laudos } from '../../db/schema.ts';

/**
 * The laudos of a user who is being deleted: those they created and those addressed only to their
 * e-mail (nobody created them) — never a company's laudos, which stay with the company (issue 17). Run inside the deletion's transaction; returns the storage keys of
 * their files, to remove once that transaction has committed (`removerArquivosGuardados`).
 */
export async function excluirLaudosDoUsuario(
  tx: DbOrTx,
  usuario: { id: string; email: string },
): Promise<string[]> {
  const removidos = await tx
    .delete(laudos)
    .where(
      and(
        isNull(laudos.empresaId),
        or(
          eq(laudos.criadoPor, usuario.id),
          and(
            sql`lower(btrim(${laudos.emailCliente})) = ${usuario.email.toLowerCase()}`,
            isNull(laudos.criadoPor),
          ),
        ),
      ),
    )
    .returning({ pdf: laudos.arquivoPdf, excel: laudos.arquivoExcel });
  return removidos.flatMap((l) => [l.pdf, l.excel]).filter((k): k is string => Boolean(k));
}
