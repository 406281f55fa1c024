import { addDaysIso, classificarVencimento, type StatusVencimento } from '@laudos/domain';
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { authUser, laudos, planos, tiposLaudo, usuarios } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The laudos a user may see, as a condition of the query itself (never a filter after loading):
 * admins see all; a client sees the laudos addressed to their e-mail once they have proven it is
 * theirs (anyone can type someone else's address at sign-up), and those of their company once an
 * admin has confirmed it. Case and surrounding spaces do not matter. A client with neither sees
 * nothing (`false`, not "no condition").
 */
export function escopoDoUsuario(
  user: Pick<SessionUser, 'tipo' | 'email' | 'empresa' | 'empresaConfirmada' | 'emailVerificado'>,
): SQL | undefined {
  if (user.tipo === 'admin') return undefined;
  const porEmail = user.emailVerificado
    ? sql`lower(btrim(${laudos.emailCliente})) = ${user.email.trim().toLowerCase()}`
    : undefined;
  const empresa = user.empresaConfirmada ? user.empresa?.trim().toLowerCase() : '';
  const porEmpresa = empresa ? sql`lower(btrim(${laudos.cliente})) = ${empresa}` : undefined;
  if (porEmail && porEmpresa) return or(porEmail, porEmpresa)!;
  return porEmail ?? porEmpresa ?? sql`false`;
}

/**
 * Where a client's new or changed laudo goes: their company and, by default, their own e-mail. A
 * client may address only themself or a colleague who proved their e-mail in the same confirmed
 * company: the firm's sender must never mail a stranger what a client typed, and a laudo must never
 * appear in another client's list because someone typed their address. An account that has not
 * proven its own e-mail cannot address anyone yet (its "own" address may be someone else's).
 */
export async function destinoDoCliente(
  db: DbOrTx,
  user: Pick<SessionUser, 'id' | 'nome' | 'email' | 'empresa' | 'empresaConfirmada' | 'emailVerificado'>,
  emailCliente: string | null | undefined,
): Promise<{ cliente: string; emailCliente: string }> {
  if (!user.emailVerificado) {
    throw new AppError(
      'EMAIL_NAO_CONFIRMADO',
      'Confirme seu e-mail antes de cadastrar ou endereçar laudos: siga o link que enviamos (ou peça outro no aviso do painel).',
      403,
    );
  }
  const email = emailCliente?.trim().toLowerCase() || user.email.trim().toLowerCase();
  const destino = { cliente: user.empresa?.trim() || user.nome, emailCliente: email };
  if (email === user.email.trim().toLowerCase()) return destino;
  const empresa = user.empresaConfirmada ? user.empresa?.trim().toLowerCase() : '';
  if (empresa) {
    const [colega] = await db
      .select({ id: usuarios.id })
      .from(usuarios)
      .innerJoin(authUser, eq(authUser.id, usuarios.id))
      .where(
        and(
          eq(sql`lower(${usuarios.email})`, email),
          eq(usuarios.empresaConfirmada, true),
          eq(sql`lower(btrim(${usuarios.empresa}))`, empresa),
          eq(usuarios.ativo, true),
          eq(authUser.emailVerified, true),
        ),
      )
      .limit(1);
    if (colega) return destino;
  }
  throw new AppError(
    'DESTINATARIO_NAO_PERMITIDO',
    empresa
      ? 'Você só pode enviar laudos para o seu e-mail ou para o de um colega da sua empresa com e-mail confirmado.'
      : 'Enquanto sua empresa não for confirmada, os laudos que você cria ficam no seu próprio e-mail.',
    403,
  );
}

/** The expiry status as a condition on data_vencimento (index-friendly), for "today" in the firm's zone. */
export function condicaoStatus(status: StatusVencimento, hoje: string): SQL {
  const limite = addDaysIso(hoje, 30);
  switch (status) {
    case 'vencido':
      return lt(laudos.dataVencimento, hoje);
    case 'vencendo':
      return and(gte(laudos.dataVencimento, hoje), lte(laudos.dataVencimento, limite))!;
    default:
      return or(isNull(laudos.dataVencimento), gt(laudos.dataVencimento, limite))!;
  }
}

export interface FiltroLaudos {
  status?: StatusVencimento;
  tipo?: string;
  cliente?: string;
  busca?: string;
  vencimentoDe?: string;
  vencimentoAte?: string;
  /** Only laudos with a PDF or an Excel attached (/documentos). */
  comArquivos?: boolean;
  ordem: 'vencimento' | 'nome' | 'codigo' | 'cliente' | 'criadoEm';
  direcao: 'asc' | 'desc';
  pagina: number;
  porPagina: number;
}

const laudoColumns = {
  id: laudos.id,
  nome: laudos.nome,
  codigo: laudos.codigo,
  cliente: laudos.cliente,
  tipo: laudos.tipo,
  observacoes: laudos.observacoes,
  status: laudos.status,
  emailCliente: laudos.emailCliente,
  dataVencimento: laudos.dataVencimento,
  criadoEm: laudos.criadoEm,
  atualizadoEm: laudos.atualizadoEm,
  criadoPor: laudos.criadoPor,
  arquivoPdf: laudos.arquivoPdf,
  arquivoPdfNome: laudos.arquivoPdfNome,
  arquivoExcel: laudos.arquivoExcel,
  arquivoExcelNome: laudos.arquivoExcelNome,
  criadorNome: usuarios.nome,
  criadorEmail: usuarios.email,
};
type LaudoRow = {
  [K in keyof typeof laudoColumns]:
    | (typeof laudoColumns)[K]['_']['data']
    | (K extends 'criadorNome' | 'criadorEmail' ? null : never);
};

/** The API shape: the spec's snake_case fields, the read aliases, the creator and the expiry status. */
export function toLaudoApi(row: LaudoRow, hoje: string) {
  const pdfUrl = row.arquivoPdf ? `/api/laudos/${row.id}/arquivos/pdf` : null;
  const excelUrl = row.arquivoExcel ? `/api/laudos/${row.id}/arquivos/excel` : null;
  return {
    id: row.id,
    nome: row.nome,
    codigo: row.codigo,
    cliente: row.cliente,
    tipo: row.tipo,
    observacoes: row.observacoes,
    status: row.status,
    email_cliente: row.emailCliente,
    data_vencimento: row.dataVencimento,
    criado_em: row.criadoEm,
    atualizado_em: row.atualizadoEm,
    criado_por: row.criadoPor,
    arquivo_pdf: row.arquivoPdfNome,
    arquivo_excel: row.arquivoExcelNome,
    arquivo_pdf_url: pdfUrl,
    arquivo_excel_url: excelUrl,
    dataVencimento: row.dataVencimento,
    criadoEm: row.criadoEm,
    emailCliente: row.emailCliente,
    criador: row.criadorNome ? { nome: row.criadorNome, email: row.criadorEmail } : null,
    vencimento: classificarVencimento(row.dataVencimento, hoje),
  };
}
export type LaudoApi = ReturnType<typeof toLaudoApi>;

function baseQuery(db: DbOrTx) {
  return db.select(laudoColumns).from(laudos).leftJoin(usuarios, eq(usuarios.id, laudos.criadoPor));
}

export async function listarLaudos(db: DbOrTx, user: SessionUser, f: FiltroLaudos, hoje: string) {
  const conditions: (SQL | undefined)[] = [escopoDoUsuario(user)];
  if (f.status) conditions.push(condicaoStatus(f.status, hoje));
  if (f.tipo) conditions.push(eq(laudos.tipo, f.tipo));
  if (f.cliente) conditions.push(sql`lower(btrim(${laudos.cliente})) = ${f.cliente.trim().toLowerCase()}`);
  if (f.busca) {
    const like = containsPattern(f.busca);
    conditions.push(
      or(
        sql`lower(${laudos.nome}) like ${like}`,
        sql`lower(${laudos.codigo}) like ${like}`,
        sql`lower(${laudos.cliente}) like ${like}`,
      ),
    );
  }
  if (f.vencimentoDe) conditions.push(gte(laudos.dataVencimento, f.vencimentoDe));
  if (f.vencimentoAte) conditions.push(lte(laudos.dataVencimento, f.vencimentoAte));
  if (f.comArquivos) conditions.push(or(isNotNull(laudos.arquivoPdf), isNotNull(laudos.arquivoExcel)));
  const where = and(...conditions.filter((c): c is SQL => Boolean(c)));
  const column = {
    vencimento: laudos.dataVencimento,
    nome: laudos.nome,
    codigo: laudos.codigo,
    cliente: laudos.cliente,
    criadoEm: laudos.criadoEm,
  }[f.ordem];
  const order = f.direcao === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(laudos)
    .where(where);
  const rows = await baseQuery(db)
    .where(where)
    .orderBy(order, f.direcao === 'asc' ? asc(laudos.id) : desc(laudos.id))
    .limit(f.porPagina)
    .offset((f.pagina - 1) * f.porPagina);
  return {
    laudos: rows.map((r) => toLaudoApi(r as LaudoRow, hoje)),
    total,
    pagina: f.pagina,
    porPagina: f.porPagina,
  };
}

/** One laudo the user may see, or 404 (never 403: others' laudos do not exist for them). */
export async function buscarLaudo(db: DbOrTx, user: SessionUser, id: string) {
  const [row] = await baseQuery(db)
    .where(and(eq(laudos.id, id), escopoDoUsuario(user)))
    .limit(1);
  if (!row) throw new AppError('NAO_ENCONTRADO', 'Laudo não encontrado.', 404);
  return row as LaudoRow;
}

export async function assertTipoValido(db: DbOrTx, tipo: string) {
  const [t] = await db
    .select({ nome: tiposLaudo.nome })
    .from(tiposLaudo)
    .where(and(eq(tiposLaudo.nome, tipo), eq(tiposLaudo.ativo, true)))
    .limit(1);
  if (!t) throw new AppError('TIPO_INVALIDO', `Tipo de laudo inválido: ${tipo}.`, 400);
}

/** A client's plan limit (spec default: 100 laudos per client), counted over what they can see. */
export async function assertLimiteDoPlano(db: DbOrTx, user: SessionUser) {
  if (user.tipo === 'admin' || !user.planoId) return;
  const [plano] = await db
    .select({ nome: planos.nome, max: planos.maxLaudos })
    .from(planos)
    .where(eq(planos.id, user.planoId));
  if (!plano) return;
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(laudos)
    .where(escopoDoUsuario(user));
  if (n >= plano.max) {
    throw new AppError(
      'LIMITE_DO_PLANO',
      `Limite do plano atingido: o plano ${plano.nome} permite até ${plano.max} laudos. Fale conosco para mudar de plano.`,
      403,
    );
  }
}

/** Laudos by expiry status on `hoje`, within a scope (see `escopoDoUsuario`). */
export async function contarPorStatus(db: DbOrTx, escopo: SQL | undefined, hoje: string) {
  const limite = addDaysIso(hoje, 30);
  const [totais] = await db
    .select({
      total: sql<number>`count(*)::int`,
      vencidos: sql<number>`count(*) filter (where ${laudos.dataVencimento} < ${hoje})::int`,
      vencendo: sql<number>`count(*) filter (where ${laudos.dataVencimento} >= ${hoje} and ${laudos.dataVencimento} <= ${limite})::int`,
    })
    .from(laudos)
    .where(escopo);
  const total = totais?.total ?? 0;
  const vencidos = totais?.vencidos ?? 0;
  const vencendo = totais?.vencendo ?? 0;
  return { total, ativos: total - vencidos - vencendo, vencendo, vencidos };
}

export async function estatisticas(db: DbOrTx, user: SessionUser, hoje: string) {
  const escopo = escopoDoUsuario(user);
  const porStatus = await contarPorStatus(db, escopo, hoje);
  const porTipo = await db
    .select({ tipo: laudos.tipo, total: sql<number>`count(*)::int` })
    .from(laudos)
    .where(escopo)
    .groupBy(laudos.tipo)
    .orderBy(desc(sql`count(*)`), asc(laudos.tipo));
  return { ...porStatus, porTipo };
}
