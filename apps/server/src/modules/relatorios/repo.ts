import { addDaysIso, DIAS_ALERTA_VENCIMENTO, daysBetween } from '@laudos/domain';
import { and, asc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { empresas, laudos } from '../../db/schema.ts';
import { condicoesDaLista } from '../laudos/service.ts';

/** Whose laudos a report reads: a session's person, or a client the monthly job acts for. */
export type LeitorDoRelatorio = Pick<SessionUser, 'tipo' | 'email' | 'empresaId' | 'emailVerificado'>;

export interface FiltroDoRelatorio {
  tipo?: string | undefined;
  status?: 'ativo' | 'vencendo' | 'vencido' | undefined;
  vencimentoDe?: string | undefined;
  vencimentoAte?: string | undefined;
  /** The admin's choice of company (a client is always limited to their own scope). */
  empresaId?: string | undefined;
}

/** The report's WHERE: the reader's scope (`escopoDoUsuario`, inside) and the filters. */
export function condicoesDoRelatorio(leitor: LeitorDoRelatorio, f: FiltroDoRelatorio, hoje: string): SQL {
  return condicoesDaLista(leitor, f, hoje) ?? sql`true`;
}

export async function nomeDaEmpresa(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ nome: empresas.nomeFantasia })
    .from(empresas)
    .where(eq(empresas.id, id))
    .limit(1);
  return row?.nome ?? null;
}

/** Laudos by status and by type within the report's conditions. */
export async function contagens(db: DbOrTx, where: SQL, hoje: string) {
  const limite = addDaysIso(hoje, DIAS_ALERTA_VENCIMENTO);
  const rows = await db
    .select({
      tipo: laudos.tipo,
      total: sql<number>`count(*)::int`,
      vencidos: sql<number>`(count(*) filter (where ${laudos.dataVencimento} < ${hoje}))::int`,
      vencendo: sql<number>`(count(*) filter (where ${laudos.dataVencimento} >= ${hoje} and ${laudos.dataVencimento} <= ${limite}))::int`,
    })
    .from(laudos)
    .where(where)
    .groupBy(laudos.tipo)
    .orderBy(sql`count(*) desc`, asc(laudos.tipo));
  const soma = (k: 'total' | 'vencidos' | 'vencendo') => rows.reduce((s, r) => s + Number(r[k]), 0);
  const total = soma('total');
  const vencidos = soma('vencidos');
  const vencendo = soma('vencendo');
  return {
    total,
    ativos: total - vencidos - vencendo,
    vencendo,
    vencidos,
    porTipo: rows.map((r) => ({ tipo: r.tipo, total: Number(r.total) })),
  };
}

/** The first day of the month `n` months after the month of `dia`. */
export function inicioDoMes(dia: string, n = 0): string {
  const [ano, mes] = dia.split('-').map(Number) as [number, number];
  const indice = ano * 12 + (mes - 1) + n;
  return `${Math.floor(indice / 12)}-${String((indice % 12) + 1).padStart(2, '0')}-01`;
}

/** Due dates per month for the 12 months from the current one ('2026-11' … '2027-10'), zeros included. */
export async function vencimentosPorMes(db: DbOrTx, where: SQL, hoje: string) {
  const inicio = inicioDoMes(hoje);
  const fim = inicioDoMes(hoje, 12);
  const mes = sql<string>`to_char(${laudos.dataVencimento}, 'YYYY-MM')`;
  const rows = await db
    .select({ mes, total: sql<number>`count(*)::int` })
    .from(laudos)
    .where(and(where, gte(laudos.dataVencimento, inicio), lt(laudos.dataVencimento, fim)))
    .groupBy(mes);
  const porMes = new Map(rows.map((r) => [r.mes, Number(r.total)]));
  return Array.from({ length: 12 }, (_, i) => {
    const m = inicioDoMes(hoje, i).slice(0, 7);
    return { mes: m, total: porMes.get(m) ?? 0 };
  });
}

/** The table's condition: the vencidos and the vencendo (due on or before today + the alert window). */
function condicaoDaTabela(where: SQL, hoje: string): SQL {
  return and(where, lte(laudos.dataVencimento, addDaysIso(hoje, DIAS_ALERTA_VENCIMENTO)))!;
}

export async function contarLinhasDaTabela(db: DbOrTx, where: SQL, hoje: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(laudos)
    .where(condicaoDaTabela(where, hoje));
  return Number(row?.total ?? 0);
}

export interface LinhaDaTabela {
  codigo: string;
  nome: string;
  tipo: string;
  vencimento: string;
  /** Days to the due date; negative once expired. */
  dias: number;
}

/**
 * The vencidos then the vencendo, oldest due date first, read in batches of `lote` by the last
 * (due date, id) seen: the report never holds the whole list.
 */
export async function* linhasDaTabela(
  db: DbOrTx,
  where: SQL,
  hoje: string,
  lote = 500,
): AsyncGenerator<LinhaDaTabela> {
  const base = condicaoDaTabela(where, hoje);
  let depois: { vencimento: string; id: string } | null = null;
  for (;;) {
    const rows: { id: string; codigo: string; nome: string; tipo: string; vencimento: string | null }[] =
      await db
        .select({
          id: laudos.id,
          codigo: laudos.codigo,
          nome: laudos.nome,
          tipo: laudos.tipo,
          vencimento: laudos.dataVencimento,
        })
        .from(laudos)
        .where(
          depois
            ? and(
                base,
                sql`(${laudos.dataVencimento}, ${laudos.id}) > (${depois.vencimento}::date, ${depois.id}::uuid)`,
              )
            : base,
        )
        .orderBy(asc(laudos.dataVencimento), asc(laudos.id))
        .limit(lote);
    for (const r of rows) {
      const vencimento = r.vencimento!;
      yield { codigo: r.codigo, nome: r.nome, tipo: r.tipo, vencimento, dias: daysBetween(hoje, vencimento) };
    }
    if (rows.length < lote) return;
    const ultimo = rows.at(-1)!;
    depois = { vencimento: ultimo.vencimento!, id: ultimo.id };
  }
}
