import { mensagemDeRecursoForaDoPlano, type Recurso } from '@laudos/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { planos } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';

/**
 * The one check of a plan's paid features (issue 18): whether the plan in force for a person (their
 * company's; decision 020) includes a feature. Every route of a paid feature calls `exigirRecurso`
 * next to its access check. Admins (the firm) have every feature.
 */
export async function temRecurso(
  db: DbOrTx,
  user: Pick<SessionUser, 'tipo' | 'planoId'>,
  recurso: Recurso,
): Promise<boolean> {
  if (user.tipo === 'admin') return true;
  if (!user.planoId) return false;
  const [plano] = await db
    .select({ tem: planos[recurso] })
    .from(planos)
    .where(eq(planos.id, user.planoId))
    .limit(1);
  return Boolean(plano?.tem);
}

/** The active plans that include a feature, cheapest first (named in the refusal and the upgrade call). */
export async function planosCom(db: DbOrTx, recurso: Recurso): Promise<string[]> {
  const rows = await db
    .select({ nome: planos.nome })
    .from(planos)
    .where(and(eq(planos.ativo, true), eq(planos[recurso], true)))
    .orderBy(asc(planos.preco), asc(planos.nome));
  return rows.map((r) => r.nome);
}

/** 403 RECURSO_FORA_DO_PLANO, naming the feature and the plans that include it, unless the plan has it. */
export async function exigirRecurso(
  db: DbOrTx,
  user: Pick<SessionUser, 'tipo' | 'planoId'>,
  recurso: Recurso,
): Promise<void> {
  if (await temRecurso(db, user, recurso)) return;
  throw erro('recursoForaDoPlano', mensagemDeRecursoForaDoPlano(recurso, await planosCom(db, recurso)));
}
