import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { convites, empresas, planos, usuarios } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';

/**
 * The team rules of a company (issue 17), shared by the admin's screens, the gestor's and the
 * invitation's acceptance. Each runs inside the transaction of the change it guards, after
 * `travarEmpresa`: the company's row lock serializes two changes to the same team (two invitations
 * sent at once cannot both take the last seat; two gestores cannot demote each other at once).
 */

export interface EmpresaTravada {
  id: string;
  nome: string;
  planoNome: string | null;
  maxUsuarios: number | null;
}

/** Locks the company's row until the transaction ends; 404 when there is none. */
export async function travarEmpresa(tx: DbOrTx, empresaId: string): Promise<EmpresaTravada> {
  const [empresa] = await tx
    .select({ id: empresas.id, nome: empresas.nomeFantasia, planoId: empresas.planoId })
    .from(empresas)
    .where(eq(empresas.id, empresaId))
    .for('update')
    .limit(1);
  if (!empresa) throw erro('empresaNaoEncontrada');
  const [plano] = empresa.planoId
    ? await tx
        .select({ nome: planos.nome, max: planos.maxUsuarios })
        .from(planos)
        .where(eq(planos.id, empresa.planoId))
        .limit(1)
    : [];
  return {
    id: empresa.id,
    nome: empresa.nome,
    planoNome: plano?.nome ?? null,
    maxUsuarios: plano?.max ?? null,
  };
}

/** An invitation still waiting: not accepted, not cancelled, not expired. */
export function conviteAberto() {
  return and(isNull(convites.aceitoEm), isNull(convites.canceladoEm), gt(convites.expiraEm, sql`now()`));
}

/** The seats a company's plan counts: its active people plus its pending invitations. */
export async function vagasUsadas(tx: DbOrTx, empresaId: string): Promise<number> {
  const [row] = await tx
    .select({
      n: sql<number>`(
        (select count(*) from ${usuarios} where ${usuarios.empresaId} = ${empresaId} and ${usuarios.ativo})
        + (select count(*) from ${convites} where ${convites.empresaId} = ${empresaId}
           and ${convites.aceitoEm} is null and ${convites.canceladoEm} is null and ${convites.expiraEm} > now())
      )::int`,
    })
    .from(sql`(select 1) as um`);
  return row?.n ?? 0;
}

/**
 * Refuses a new seat (an invitation, a person joining or reactivated) when the plan's
 * `max_usuarios` is reached, with a message that names the plan. A company with no plan has no limit.
 */
export async function assertVaga(tx: DbOrTx, empresa: EmpresaTravada, novas = 1): Promise<void> {
  if (empresa.maxUsuarios === null) return;
  const usadas = await vagasUsadas(tx, empresa.id);
  if (usadas + novas > empresa.maxUsuarios)
    throw erro('limiteUsuarios', empresa.planoNome!, empresa.maxUsuarios);
}

/** How many active gestores the company has now (inside the transaction: after the change). */
export async function gestoresAtivos(tx: DbOrTx, empresaId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(usuarios)
    .where(and(eq(usuarios.empresaId, empresaId), eq(usuarios.papel, 'gestor'), eq(usuarios.ativo, true)));
  return row?.n ?? 0;
}

/**
 * A company keeps at least one active gestor while it has active people: run after a change that
 * may have removed one (demoted, deactivated, moved to another company, deleted) with the count
 * from before it; throwing rolls the change back. The last person of a company may leave it.
 */
export async function assertGestorRestante(tx: DbOrTx, empresaId: string, antes: number): Promise<void> {
  if (antes === 0 || (await gestoresAtivos(tx, empresaId)) > 0) return;
  const [ativos] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(usuarios)
    .where(and(eq(usuarios.empresaId, empresaId), eq(usuarios.ativo, true)));
  if ((ativos?.n ?? 0) > 0) throw erro('ultimoGestor');
}
