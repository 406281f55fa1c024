import { formatDateTimeBR } from '@laudos/domain';
import type { filtroDeAuditoria } from '@laudos/domain/api';
import { and, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ATOR_SISTEMA, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { auditoria, empresas } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';
import { celulaCsv } from '../exportacao/laudos.ts';
import { lerLaudo } from '../laudos/service.ts';

export type FiltroDeAuditoria = z.output<typeof filtroDeAuditoria>;

const PAGINA_PADRAO = 50;

const colunas = {
  id: auditoria.id,
  criadoEm: auditoria.criadoEm,
  atorTipo: auditoria.atorTipo,
  atorId: auditoria.atorId,
  atorNome: auditoria.atorNome,
  atorPapel: auditoria.atorPapel,
  ip: auditoria.ip,
  userAgent: auditoria.userAgent,
  empresaId: auditoria.empresaId,
  empresaNome: empresas.nomeFantasia,
  entidade: auditoria.entidade,
  entidadeId: auditoria.entidadeId,
  acao: auditoria.acao,
  campos: auditoria.campos,
  detalhes: auditoria.detalhes,
  /** The keyset position at the database's precision (microseconds), for the next page's cursor. */
  posicao: sql<string>`to_char(${auditoria.criadoEm} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

/** The page's cursor: the last entry's time (µs) and id, opaque to the client. */
function cursorDe(posicao: string, id: string): string {
  return Buffer.from(`${posicao}|${id}`).toString('base64url');
}

function lerCursor(cursor: string): { em: string; id: string } {
  const [em, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    !em ||
    !id ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(em) ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
  )
    throw erro('cursorInvalido');
  return { em, id };
}

/** The entries after the cursor's, in the list's order (newest first). */
function aposCursor(depois: { em: string; id: string }): SQL {
  return sql`(${auditoria.criadoEm}, ${auditoria.id}) < (${depois.em}::timestamptz, ${depois.id}::uuid)`;
}

/** The filters as one condition; the period is whole days in the firm's time zone. */
function condicoes(f: FiltroDeAuditoria, timeZone: string): SQL | undefined {
  if (f.de && f.ate && f.de > f.ate) throw erro('periodoInvalido');
  const ator = f.ator?.trim();
  return and(
    ator ? or(eq(auditoria.atorId, ator), ilike(auditoria.atorNome, containsPattern(ator))) : undefined,
    f.empresa ? eq(auditoria.empresaId, f.empresa) : undefined,
    f.entidade ? eq(auditoria.entidade, f.entidade) : undefined,
    f.acao ? eq(auditoria.acao, f.acao) : undefined,
    f.de ? sql`${auditoria.criadoEm} >= (${f.de}::date)::timestamp at time zone ${timeZone}` : undefined,
    f.ate ? sql`${auditoria.criadoEm} < (${f.ate}::date + 1)::timestamp at time zone ${timeZone}` : undefined,
  );
}

function semPosicao<T extends { posicao: string }>({ posicao: _, ...resto }: T) {
  return resto;
}

/** GET /api/admin/auditoria: newest first, by keyset (never OFFSET: page 500 costs what page 1 does). */
export async function listarAuditoria(
  db: DbOrTx,
  f: FiltroDeAuditoria & { cursor?: string; limite?: number },
  timeZone: string,
) {
  const limite = f.limite ?? PAGINA_PADRAO;
  const depois = f.cursor ? lerCursor(f.cursor) : null;
  const rows = await db
    .select(colunas)
    .from(auditoria)
    .leftJoin(empresas, eq(empresas.id, auditoria.empresaId))
    .where(and(condicoes(f, timeZone), depois ? aposCursor(depois) : undefined))
    .orderBy(desc(auditoria.criadoEm), desc(auditoria.id))
    .limit(limite + 1);
  const pagina = rows.slice(0, limite);
  const ultima = pagina.at(-1);
  return {
    entradas: pagina.map(semPosicao),
    proximoCursor: rows.length > limite && ultima ? cursorDe(ultima.posicao, ultima.id) : null,
  };
}

/** GET /api/admin/auditoria/:id. */
export async function buscarEntradaDeAuditoria(db: DbOrTx, id: string) {
  const [row] = await db
    .select(colunas)
    .from(auditoria)
    .leftJoin(empresas, eq(empresas.id, auditoria.empresaId))
    .where(eq(auditoria.id, id))
    .limit(1);
  if (!row) throw erro('entradaDeAuditoriaNaoEncontrada');
  return { entrada: semPosicao(row) };
}

const COLUNAS_CSV = [
  'Data e hora',
  'Tipo de ator',
  'Ator',
  'Papel',
  'IP',
  'Navegador',
  'Empresa',
  'Entidade',
  'ID da entidade',
  'Ação',
  'Campos alterados',
  'Detalhes',
];

/** GET /api/admin/auditoria/exportar: `;`-separated, UTF-8 with BOM, dates in pt-BR (Excel pt-BR). */
export async function* exportarAuditoriaCsv(
  db: DbOrTx,
  f: FiltroDeAuditoria,
  timeZone: string,
): AsyncGenerator<string> {
  yield `\uFEFF${COLUNAS_CSV.join(';')}\r\n`;
  let cursor: string | undefined;
  do {
    const pagina = await listarAuditoria(db, { ...f, cursor, limite: 1000 }, timeZone);
    let bloco = '';
    for (const e of pagina.entradas) {
      const campos = e.campos
        ? Object.entries(e.campos)
            .map(([c, { de, para }]) => `${c}: ${JSON.stringify(de)} → ${JSON.stringify(para)}`)
            .join(', ')
        : null;
      bloco += `${[
        formatDateTimeBR(e.criadoEm, timeZone),
        e.atorTipo,
        e.atorNome,
        e.atorPapel,
        e.ip,
        e.userAgent,
        e.empresaNome,
        e.entidade,
        e.entidadeId,
        e.acao,
        campos,
        e.detalhes ? JSON.stringify(e.detalhes) : null,
      ]
        .map(celulaCsv)
        .join(';')}\r\n`;
    }
    if (bloco) yield bloco;
    cursor = pagina.proximoCursor ?? undefined;
  } while (cursor);
}

/** The entries that make up a laudo's history: the laudo's own, its files' and its versions'. */
const ENTIDADES_DO_LAUDO = ['laudo', 'arquivo', 'versao'];

/**
 * GET /api/laudos/:id/historico: the laudo must be in the caller's scope (404 otherwise, as every
 * laudo route). A client sees only the entries filed under its own company (a person without one:
 * under the laudo's company, or none): an entry under another company (before or after an admin
 * moved the laudo, which a client may still see when it is addressed to their e-mail) is not
 * theirs to read.
 */
export async function historicoDoLaudo(
  db: DbOrTx,
  user: SessionUser,
  id: string,
  pagina: { cursor?: string | undefined; limite?: number | undefined } = {},
) {
  const limite = pagina.limite ?? PAGINA_PADRAO;
  const depois = pagina.cursor ? lerCursor(pagina.cursor) : null;
  const laudo = await lerLaudo(db, user, id);
  const empresa = user.empresaId ?? laudo.empresaId;
  const daEmpresa =
    user.tipo === 'admin'
      ? undefined
      : empresa
        ? eq(auditoria.empresaId, empresa)
        : sql`${auditoria.empresaId} is null`;
  const rows = await db
    .select({
      id: auditoria.id,
      criadoEm: auditoria.criadoEm,
      atorTipo: auditoria.atorTipo,
      atorNome: auditoria.atorNome,
      entidade: auditoria.entidade,
      acao: auditoria.acao,
      campos: auditoria.campos,
      posicao: colunas.posicao,
    })
    .from(auditoria)
    .where(
      and(
        inArray(auditoria.entidade, ENTIDADES_DO_LAUDO),
        eq(auditoria.entidadeId, id),
        daEmpresa,
        depois ? aposCursor(depois) : undefined,
      ),
    )
    .orderBy(desc(auditoria.criadoEm), desc(auditoria.id))
    .limit(limite + 1);
  const entradas = rows.slice(0, limite);
  const ultima = entradas.at(-1);
  return {
    entradas: entradas.map(semPosicao),
    proximoCursor: rows.length > limite && ultima ? cursorDe(ultima.posicao, ultima.id) : null,
  };
}

/**
 * The retention job (`auditoria-limpar`): deletes entries older than `retencaoDias` and records
 * that it did, in one transaction.
 */
export async function limparAuditoria(db: Db, retencaoDias: number): Promise<number> {
  return db.transaction(async (tx) => {
    const removidas = await tx
      .delete(auditoria)
      .where(lt(auditoria.criadoEm, sql`now() - make_interval(days => ${retencaoDias})`))
      .returning({ id: auditoria.id });
    await registrarAuditoria(tx, ATOR_SISTEMA, {
      entidade: 'auditoria',
      entidadeId: null,
      acao: 'limpou',
      empresaId: null,
      detalhes: { removidas: removidas.length, retencaoDias },
    });
    return removidas.length;
  });
}
