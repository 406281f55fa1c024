import {
  type ExameDoTipo,
  NOMES_DOS_EXAMES_DOS_TIPOS,
  type TipoDeLaudoAlteracao,
  type TipoDeLaudoEntrada,
} from '@laudos/domain/api';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import {
  type Ator,
  registrarAlteracao,
  registrarAuditoria,
  registrarAuditorias,
} from '../../auditoria/registrar.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { laudos, tiposLaudo } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';

/**
 * The admin's list of laudo types (decision 049): each may carry a default period (a new laudo's
 * date is today plus it) and may stand for one NR-13 exam (the registry's laudos of that exam take
 * it, and nobody types their date). The registry's own fallback type is NR-13.
 */

/** The type the registry's exam laudos have when no active type is tied to their exam. */
export const TIPO_DO_CADASTRO = 'NR-13';

const colunas = {
  nome: tiposLaudo.nome,
  descricao: tiposLaudo.descricao,
  ativo: tiposLaudo.ativo,
  ordem: tiposLaudo.ordem,
  periodoMeses: tiposLaudo.periodoMeses,
  exame: tiposLaudo.exame,
};
type TipoRow = { [K in keyof typeof colunas]: (typeof colunas)[K]['_']['data'] | null } & {
  nome: string;
  ativo: boolean;
  ordem: number;
};
const comExame = (row: TipoRow) => ({ ...row, exame: row.exame as ExameDoTipo | null });

/** GET /api/tipos-laudo: the active types, in the admin's order, with their period and exam. */
export async function listarTiposDeLaudo(db: DbOrTx) {
  const rows = await db
    .select({
      nome: tiposLaudo.nome,
      descricao: tiposLaudo.descricao,
      periodoMeses: tiposLaudo.periodoMeses,
      exame: tiposLaudo.exame,
    })
    .from(tiposLaudo)
    .where(eq(tiposLaudo.ativo, true))
    .orderBy(asc(tiposLaudo.ordem), asc(tiposLaudo.nome));
  return rows.map((r) => ({ ...r, exame: r.exame as ExameDoTipo | null }));
}

/** GET /api/admin/tipos-laudo: every type, the inactive ones too. */
export async function listarTodosOsTiposDeLaudo(db: DbOrTx) {
  const rows = await db.select(colunas).from(tiposLaudo).orderBy(asc(tiposLaudo.ordem), asc(tiposLaudo.nome));
  return rows.map(comExame);
}

async function lerTipo(db: DbOrTx, nome: string, travar = false): Promise<TipoRow> {
  const q = db.select(colunas).from(tiposLaudo).where(eq(tiposLaudo.nome, nome)).limit(1);
  const [row] = travar ? await q.for('update') : await q;
  if (!row) throw erro('tipoDeLaudoNaoEncontrado');
  return row;
}

/** What a new laudo of an active type must follow: its default period and the exam it stands for. */
export async function regraDoTipo(db: DbOrTx, tipo: string) {
  const [row] = await db
    .select({ periodoMeses: tiposLaudo.periodoMeses, exame: tiposLaudo.exame })
    .from(tiposLaudo)
    .where(and(eq(tiposLaudo.nome, tipo), eq(tiposLaudo.ativo, true)))
    .limit(1);
  if (!row) throw erro('tipoInvalido', tipo);
  return { periodoMeses: row.periodoMeses, exame: row.exame as ExameDoTipo | null };
}

/** The 400 of a laudo of a tied type written by hand: its date is the registry's. */
export function erroDoTipoDoCadastro(tipo: string, exame: string) {
  return erro('tipoDoCadastro', tipo, NOMES_DOS_EXAMES_DOS_TIPOS[exame as ExameDoTipo] ?? exame);
}

/** The active types tied to an exam: exam → type name (what the registry names its laudos by). */
export async function tiposDosExames(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db
    .select({ nome: tiposLaudo.nome, exame: tiposLaudo.exame })
    .from(tiposLaudo)
    .where(and(eq(tiposLaudo.ativo, true), isNotNull(tiposLaudo.exame)));
  return new Map(rows.map((r) => [r.exame!, r.nome]));
}

/** 409 when another active type already stands for `exame`. */
async function assertExameLivre(tx: DbOrTx, exame: string, nome: string) {
  const [outro] = await tx
    .select({ nome: tiposLaudo.nome })
    .from(tiposLaudo)
    .where(and(eq(tiposLaudo.exame, exame), eq(tiposLaudo.ativo, true), ne(tiposLaudo.nome, nome)))
    .limit(1);
  if (outro)
    throw erro('exameJaVinculado', NOMES_DOS_EXAMES_DOS_TIPOS[exame as ExameDoTipo] ?? exame, outro.nome);
}

/**
 * Gives the registry's existing laudos of `exame` the type now tied to it (or NR-13), in the
 * caller's transaction; one audit entry per laudo, by the admin who changed the tie.
 */
async function retiparLaudosDoExame(tx: DbOrTx, exame: string, ator: Ator) {
  const novo = (await tiposDosExames(tx)).get(exame) ?? TIPO_DO_CADASTRO;
  await tx.insert(tiposLaudo).values({ nome: novo }).onConflictDoNothing();
  const antes = await tx
    .select({
      id: laudos.id,
      tipo: laudos.tipo,
      empresaId: laudos.empresaId,
      equipamentoId: laudos.equipamentoId,
    })
    .from(laudos)
    .where(and(isNotNull(laudos.equipamentoId), eq(laudos.exame, exame), ne(laudos.tipo, novo)))
    .for('update');
  if (antes.length === 0) return;
  await tx
    .update(laudos)
    .set({ tipo: novo, atualizadoEm: new Date() })
    .where(and(isNotNull(laudos.equipamentoId), eq(laudos.exame, exame), ne(laudos.tipo, novo)));
  await registrarAuditorias(
    tx,
    ator,
    antes.map((l) => ({
      entidade: 'laudo' as const,
      entidadeId: l.id,
      acao: 'alterou',
      empresaId: l.empresaId,
      antes: { tipo: l.tipo },
      depois: { tipo: novo },
      detalhes: { equipamentoId: l.equipamentoId, exame, motivo: 'tipo de laudo vinculado ao exame' },
    })),
  );
}

/** The exams whose tied type may have changed between two states of a type. */
function examesAfetados(
  antes: Pick<TipoRow, 'ativo' | 'exame'> | null,
  depois: Pick<TipoRow, 'ativo' | 'exame'>,
) {
  const tie = (t: Pick<TipoRow, 'ativo' | 'exame'> | null) => (t?.ativo && t.exame ? t.exame : null);
  const de = tie(antes);
  const para = tie(depois);
  return de === para ? [] : [de, para].filter((e): e is string => e !== null);
}

/** A race lost to another admin tying the same exam: the partial unique index answers. */
async function exameJaTomado<T>(
  db: Db,
  exame: string | null | undefined,
  nome: string,
  fn: () => Promise<T>,
) {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err) && exame) await assertExameLivre(db, exame, nome);
    throw err;
  }
}

/**
 * POST /api/admin/tipos-laudo: adds a type (or turns an old one of the same name back on, with the
 * fields sent). Tying it to an exam re-types the registry's laudos of that exam at once.
 */
export async function criarTipoDeLaudo(db: Db, b: TipoDeLaudoEntrada, ator: Ator) {
  const { nome, ...campos } = b;
  return exameJaTomado(db, campos.exame, nome, () =>
    db.transaction(async (tx) => {
      const [atual] = await tx
        .select(colunas)
        .from(tiposLaudo)
        .where(eq(tiposLaudo.nome, nome))
        .for('update');
      const depois = { ...(atual ?? {}), ...definidos(campos), nome, ativo: true };
      if (depois.exame) await assertExameLivre(tx, depois.exame, nome);
      const [row] = await tx
        .insert(tiposLaudo)
        .values({ ...definidos(campos), nome })
        .onConflictDoUpdate({ target: tiposLaudo.nome, set: { ...definidos(campos), ativo: true } })
        .returning(colunas);
      if (atual)
        await registrarAlteracao(tx, ator, {
          entidade: 'tipo_laudo',
          entidadeId: nome,
          empresaId: null,
          antes: atual,
          depois: row!,
        });
      else
        await registrarAuditoria(tx, ator, {
          entidade: 'tipo_laudo',
          entidadeId: nome,
          acao: 'criou',
          empresaId: null,
          depois: row!,
        });
      for (const exame of examesAfetados(atual ?? null, row!)) await retiparLaudosDoExame(tx, exame, ator);
      return comExame(row!);
    }),
  );
}

/**
 * PATCH /api/admin/tipos-laudo/:nome: changes the fields sent. Tying, untying, turning on or off a
 * type tied to an exam re-types the registry's laudos of that exam in the same transaction.
 */
export async function alterarTipoDeLaudo(db: Db, nome: string, b: TipoDeLaudoAlteracao, ator: Ator) {
  return exameJaTomado(db, b.exame, nome, () =>
    db.transaction(async (tx) => {
      const atual = await lerTipo(tx, nome, true);
      const mudancas = definidos(b);
      const depois = { ...atual, ...mudancas };
      if (depois.ativo && depois.exame && (depois.exame !== atual.exame || !atual.ativo))
        await assertExameLivre(tx, depois.exame, nome);
      const [row] =
        Object.keys(mudancas).length > 0
          ? await tx.update(tiposLaudo).set(mudancas).where(eq(tiposLaudo.nome, nome)).returning(colunas)
          : [atual];
      await registrarAlteracao(tx, ator, {
        entidade: 'tipo_laudo',
        entidadeId: nome,
        empresaId: null,
        antes: atual,
        depois: row!,
      });
      for (const exame of examesAfetados(atual, row!)) await retiparLaudosDoExame(tx, exame, ator);
      return comExame(row!);
    }),
  );
}

/** The fields actually sent (undefined: unchanged; null: cleared). */
function definidos<T extends Record<string, unknown>>(b: T): Partial<T> {
  return Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined)) as Partial<T>;
}
