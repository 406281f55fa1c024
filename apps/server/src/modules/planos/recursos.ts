import { mensagemDeRecursoForaDoPlano, type Recurso, type RecursoExigido } from '@laudos/domain';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { empresas, planos } from '../../db/schema.ts';
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

/** The features a route names, as a list (one, or any of several). */
const lista = (recurso: RecursoExigido): readonly Recurso[] =>
  typeof recurso === 'string' ? [recurso] : recurso;

/**
 * Whether the plan includes any of the features (a route open to either of two: the support
 * area). One feature is `temRecurso`.
 */
export async function temAlgumRecurso(
  db: DbOrTx,
  user: Pick<SessionUser, 'tipo' | 'planoId'>,
  recurso: RecursoExigido,
): Promise<boolean> {
  for (const r of lista(recurso)) if (await temRecurso(db, user, r)) return true;
  return false;
}

/**
 * The active plans that include a feature (or any of several), cheapest first (named in the
 * refusal and the upgrade call).
 */
export async function planosCom(db: DbOrTx, recurso: RecursoExigido): Promise<string[]> {
  const algum = or(...lista(recurso).map((r) => eq(planos[r], true)));
  const rows = await db
    .select({ nome: planos.nome })
    .from(planos)
    .where(and(eq(planos.ativo, true), algum))
    .orderBy(asc(planos.preco), asc(planos.nome));
  return rows.map((r) => r.nome);
}

/**
 * 403 RECURSO_FORA_DO_PLANO, naming the feature and the plans that include it, unless the plan has
 * it. Given several features, the plan needs any one of them (the message names them all).
 */
export async function exigirRecurso(
  db: DbOrTx,
  user: Pick<SessionUser, 'tipo' | 'planoId'>,
  recurso: RecursoExigido,
): Promise<void> {
  if (await temAlgumRecurso(db, user, recurso)) return;
  throw erro('recursoForaDoPlano', mensagemDeRecursoForaDoPlano(recurso, await planosCom(db, recurso)));
}

/**
 * The same check for work outside a request (the reminder runs): of these companies, the ones whose
 * plan leaves the feature out. A company without a plan is the firm's to manage (no limits, decision
 * 020) and is not cut off.
 */
export async function empresasSemRecurso(
  db: DbOrTx,
  empresaIds: Iterable<string | null>,
  recurso: Recurso,
): Promise<Set<string>> {
  const ids = [...new Set([...empresaIds].filter((id): id is string => Boolean(id)))];
  const sem = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: empresas.id, tem: planos[recurso] })
      .from(empresas)
      .innerJoin(planos, eq(planos.id, empresas.planoId))
      .where(inArray(empresas.id, ids.slice(i, i + 1000)));
    for (const r of rows) if (!r.tem) sem.add(r.id);
  }
  return sem;
}
