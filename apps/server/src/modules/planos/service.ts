import { type PlanoPublico, planoFeatures } from '@laudos/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { planos } from '../../db/schema.ts';

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
export async function listarPlanosPublicos(db: DbOrTx): Promise<PlanoPublico[]> {
  const rows = await listPlanosAtivos(db);
  return rows.map((p) => ({
    id: p.id,
    nome: p.nome,
    descricao: p.descricao,
    preco: Number(p.preco),
    recursos: planoFeatures(p),
  }));
}

export async function listPlanosAtivos(db: DbOrTx) {
  return db.select().from(planos).where(eq(planos.ativo, true)).orderBy(asc(planos.preco), asc(planos.nome));
}

export async function getPlanoPadrao(db: DbOrTx) {
  const [plano] = await db.select().from(planos).where(eq(planos.padrao, true)).limit(1);
  return plano ?? null;
}
