import { type PlanoPublico, planoFeatures } from '@laudos/domain';
import type { AlteracaoPlano, PlanoAdmin, PlanoDados } from '@laudos/domain/api';
import { asc, eq, sql } from 'drizzle-orm';
import { type Ator, registrarAlteracao, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { planoEmVigor } from '../../db/plano-em-vigor.ts';
import { empresas, planos, usuarios } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';

type NovoPlano = typeof planos.$inferInsert;

/** The plans every new installation starts with. `padrao` is the plan given at sign-up. */
export const defaultPlanos: NovoPlano[] = [
  {
    nome: 'Básico',
    descricao:
      'Para quem tem poucos equipamentos e quer os laudos organizados e os vencimentos sob controle.',
    preco: 99.9,
    padrao: true,
    maxLaudos: 100,
    maxUsuarios: 3,
    notificacoes: true,
    whatsappAlerts: false,
    emailSupport: true,
    prioritySupport: false,
    customReports: false,
    apiAccess: false,
    dataExport: false,
    customBranding: false,
  },
  {
    nome: 'Profissional',
    descricao: 'Para plantas com vários equipamentos NR-13 e NR-12 e uma equipe de manutenção.',
    preco: 249.9,
    maxLaudos: 500,
    maxUsuarios: 15,
    notificacoes: true,
    whatsappAlerts: true,
    emailSupport: true,
    prioritySupport: true,
    customReports: true,
    apiAccess: false,
    dataExport: true,
    customBranding: false,
  },
  {
    nome: 'Empresarial',
    descricao:
      'Para grupos com várias unidades: integração por API, marca própria e atendimento prioritário.',
    preco: 599.9,
    maxLaudos: 5000,
    maxUsuarios: 50,
    notificacoes: true,
    whatsappAlerts: true,
    emailSupport: true,
    prioritySupport: true,
    customReports: true,
    apiAccess: true,
    dataExport: true,
    customBranding: true,
  },
];

/** Inserts the default plans that do not exist yet (by name); never changes an existing plan. */
export async function seedPlanos(db: DbOrTx): Promise<void> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(planos);
  if (count > 0) return;
  // Concurrent first starts (several instances on one PostgreSQL) may race: the unique name wins.
  await db.insert(planos).values(defaultPlanos).onConflictDoNothing();
}

/** The active plans as any visitor sees them (the /planos page and GET /api/planos), cheapest first. */
/** The active plans; `recomendadoId` (the settings' recommended plan) is marked when it is one of them. */
export async function listarPlanosPublicos(
  db: DbOrTx,
  recomendadoId: string | null,
): Promise<PlanoPublico[]> {
  const rows = await listPlanosAtivos(db);
  return rows.map((p) => ({
    id: p.id,
    nome: p.nome,
    descricao: p.descricao,
    preco: Number(p.preco),
    recursos: planoFeatures(p),
    recomendado: p.id === recomendadoId,
  }));
}

export async function listPlanosAtivos(db: DbOrTx) {
  return db.select().from(planos).where(eq(planos.ativo, true)).orderBy(asc(planos.preco), asc(planos.nome));
}

export async function getPlanoPadrao(db: DbOrTx) {
  const [plano] = await db.select().from(planos).where(eq(planos.padrao, true)).limit(1);
  return plano ?? null;
}

// ---------------------------------------------------------------------------------------------
// Administration
// ---------------------------------------------------------------------------------------------

/** 400 PLANO_INVALIDO when a plan chosen for a person or a company does not exist (none is fine). */
export async function assertPlano(db: DbOrTx, planoId: string | null | undefined): Promise<void> {
  if (!planoId) return;
  const [p] = await db.select({ id: planos.id }).from(planos).where(eq(planos.id, planoId)).limit(1);
  if (!p) throw erro('planoInvalido');
}

/** GET /api/admin/planos: every plan, cheapest first, with how many users are on each. */
export async function listarPlanos(db: DbOrTx, id?: string): Promise<PlanoAdmin[]> {
  const rows = await db
    .select({
      plano: planos,
      // Qualified by hand: drizzle writes a one-table select's columns bare ("id" would be usuarios').
      usuarios: sql<number>`(select count(*) from ${usuarios} where ${planoEmVigor} = ${sql.identifier('planos')}.${sql.identifier('id')})::int`,
    })
    .from(planos)
    .where(id ? eq(planos.id, id) : undefined)
    .orderBy(asc(planos.preco), asc(planos.nome));
  return rows.map(({ plano: p, usuarios: n }) => ({
    id: p.id,
    nome: p.nome,
    descricao: p.descricao,
    preco: Number(p.preco),
    ativo: p.ativo,
    padrao: p.padrao,
    ...planoFeatures(p),
    usuarios: n,
  }));
}

/** One plan with its number of users; NAO_ENCONTRADO when there is none. */
export async function buscarPlano(db: DbOrTx, id: string): Promise<PlanoAdmin> {
  const [row] = await listarPlanos(db, id);
  if (!row) throw erro('planoNaoEncontrado');
  return row;
}

/** Only one default plan: making one the default takes the flag from the others. */
async function saveDefaultFlag(tx: DbOrTx, id: string, padrao: boolean | undefined) {
  if (padrao)
    await tx.update(planos).set({ padrao: false }).where(sql`${planos.id} <> ${id} and ${planos.padrao}`);
}

function uniqueName(err: unknown): never {
  if (isUniqueViolation(err)) throw erro('planoDuplicado');
  throw err;
}

/** POST /api/admin/planos: a new plan; made the default, it takes the flag from the others. */
export async function criarPlano(db: Db, input: PlanoDados, auditor: Ator): Promise<PlanoAdmin> {
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(planos)
        .values({ ...input, padrao: false })
        .returning({ id: planos.id });
      await saveDefaultFlag(tx, row!.id, input.padrao);
      if (input.padrao) await tx.update(planos).set({ padrao: true }).where(eq(planos.id, row!.id));
      await registrarAuditoria(tx, auditor, {
        entidade: 'plano',
        entidadeId: row!.id,
        acao: 'criou',
        empresaId: null,
        depois: { ...input },
      });
      return row!.id;
    })
    .catch(uniqueName);
  return buscarPlano(db, id);
}

/**
 * PATCH /api/admin/planos/:id. The default plan stays active, and stops being the default only when
 * another one becomes it.
 */
export async function atualizarPlano(
  db: Db,
  id: string,
  b: AlteracaoPlano,
  auditor: Ator,
): Promise<PlanoAdmin> {
  const atual = await buscarPlano(db, id);
  if (b.padrao === false && atual.padrao) throw erro('planoPadraoDesmarcado');
  if (b.ativo === false && (atual.padrao || b.padrao)) throw erro('planoPadraoDesativado');
  await db
    .transaction(async (tx) => {
      await saveDefaultFlag(tx, id, b.padrao);
      await tx
        .update(planos)
        .set({ ...b, atualizadoEm: new Date() })
        .where(eq(planos.id, id));
      const antes = Object.fromEntries(Object.keys(b).map((k) => [k, atual[k as keyof PlanoAdmin]]));
      await registrarAlteracao(tx, auditor, {
        entidade: 'plano',
        entidadeId: id,
        empresaId: null,
        antes,
        depois: { ...b },
      });
    })
    .catch(uniqueName);
  return buscarPlano(db, id);
}

/** GET /api/admin/planos/:id/usuarios: who is on a plan. */
export async function listarUsuariosDoPlano(db: DbOrTx, id: string) {
  await buscarPlano(db, id);
  return db
    .select({ id: usuarios.id, nome: usuarios.nome, email: usuarios.email, empresa: empresas.nomeFantasia })
    .from(usuarios)
    .leftJoin(empresas, eq(empresas.id, usuarios.empresaId))
    .where(sql`${planoEmVigor} = ${id}`)
    .orderBy(asc(usuarios.email));
}
