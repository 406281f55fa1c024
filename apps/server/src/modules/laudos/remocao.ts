import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Ator, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { DbOrTx } from '../../db/client.ts';
import { laudos, laudoVersoes } from '../../db/schema.ts';

/** The laudo's columns its audit entries compare (CAMPOS_AUDITADOS.laudo). */
export const camposDoLaudoAuditados = {
  nome: laudos.nome,
  codigo: laudos.codigo,
  tipo: laudos.tipo,
  cliente: laudos.cliente,
  empresaId: laudos.empresaId,
  emailCliente: laudos.emailCliente,
  observacoes: laudos.observacoes,
  dataVencimento: laudos.dataVencimento,
  status: laudos.status,
  versao: laudos.versao,
};

/**
 * The laudos of a user who is being deleted: those they created and those addressed only to their
 * e-mail (nobody created them) — never a company's laudos, which stay with the company (issue 17). Run inside the deletion's transaction; returns the storage keys of
 * their files, to remove once that transaction has committed (`removerArquivosGuardados`). Each
 * laudo gets its own 'excluiu' entry (as a laudo deleted on its own does), so its history ends
 * with who deleted it and why.
 */
export async function excluirLaudosDoUsuario(
  tx: DbOrTx,
  usuario: { id: string; email: string },
  ator: Ator,
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
    .returning({
      ...camposDoLaudoAuditados,
      id: laudos.id,
      pdf: laudos.arquivoPdf,
      excel: laudos.arquivoExcel,
    });
  for (const laudo of removidos)
    await registrarAuditoria(tx, ator, {
      entidade: 'laudo',
      entidadeId: laudo.id,
      acao: 'excluiu',
      empresaId: laudo.empresaId,
      antes: laudo,
      detalhes: { motivo: 'usuario_excluido', usuarioId: usuario.id },
    });
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
