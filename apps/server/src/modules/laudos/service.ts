import {
  addDaysIso,
  classificarVencimento,
  DIAS_ALERTA_VENCIMENTO,
  type StatusVencimento,
  vencimentoPeloPeriodo,
} from '@laudos/domain';
import type { LaudoEntrada } from '@laudos/domain/api';
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { atorDoUsuario, registrarAlteracao, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containsPattern } from '../../db/like.ts';
import { preparada, Valores } from '../../db/prepared.ts';
import { apiKeys, authUser, empresas, laudos, planos, usuarios } from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import { erro, orFail } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { avisoDeLaudoNovo } from '../avisos/mensagens.ts';
import { avisar } from '../avisos/service.ts';
import { arquivosDasVersoes, camposDoLaudoAuditados } from './remocao.ts';
import { erroDoTipoDoCadastro, regraDoTipo } from './tipos.ts';
import { variaveisDoLaudo } from './variaveis-email.ts';

/**
 * The laudos a user may see, as a condition of the query itself (never a filter after loading):
 * admins see all; a client sees the laudos of their company (the indexed `empresa_id`, never a
 * comparison of names) and those addressed to their e-mail once they have proven it is theirs
 * (anyone can type someone else's address at sign-up). Case and surrounding spaces of the e-mail
 * do not matter. A client with neither sees nothing (`false`, not "no condition").
 */
export function escopoDoUsuario(
  user: Pick<SessionUser, 'tipo' | 'email' | 'empresaId' | 'emailVerificado'>,
  valores?: Valores,
): SQL | undefined {
  if (user.tipo === 'admin') return undefined;
  const v = <T>(x: T) => (valores ? valores.de(x) : x);
  const porEmail = user.emailVerificado
    ? sql`lower(btrim(${laudos.emailCliente})) = ${v(user.email.trim().toLowerCase())}`
    : undefined;
  const porEmpresa = user.empresaId ? eq(laudos.empresaId, v(user.empresaId)) : undefined;
  if (porEmail && porEmpresa) return or(porEmpresa, porEmail)!;
  return porEmail ?? porEmpresa ?? sql`false`;
}

/** Which shape `escopoDoUsuario` gives this user's condition (a prepared statement per shape). */
function formaDoEscopo(user: Pick<SessionUser, 'tipo' | 'empresaId' | 'emailVerificado'>): string {
  if (user.tipo === 'admin') return 'todos';
  return `${user.emailVerificado ? 'e' : ''}${user.empresaId ? 'c' : ''}` || 'nada';
}

/**
 * Where a client's new or changed laudo goes: their company and, by default, their own e-mail. A
 * client may address only themself or a colleague of the same company who proved their e-mail:
 * the firm's sender must never mail a stranger what a client typed, and a laudo must never appear
 * in another client's list because someone typed their address. An account that has not proven
 * its own e-mail cannot address anyone yet (its "own" address may be someone else's).
 */
export async function destinoDoCliente(
  db: DbOrTx,
  user: Pick<SessionUser, 'id' | 'nome' | 'email' | 'empresa' | 'empresaId' | 'emailVerificado' | 'chaveApi'>,
  emailCliente: string | null | undefined,
): Promise<{ cliente: string; emailCliente: string | null; empresaId: string | null }> {
  // An API key has no e-mail of its own: its laudo goes to the company, and to a colleague's
  // proven address when the script names one.
  if (!user.emailVerificado && !user.chaveApi) throw erro('emailNaoConfirmado');
  const email = emailCliente?.trim().toLowerCase() || user.email.trim().toLowerCase();
  const destino = {
    cliente: user.empresa?.trim() || user.nome,
    emailCliente: email || null,
    empresaId: user.empresaId,
  };
  if (!email && user.chaveApi) return destino;
  if (email === user.email.trim().toLowerCase()) return destino;
  if (user.empresaId) {
    const [colega] = await db
      .select({ id: usuarios.id })
      .from(usuarios)
      .innerJoin(authUser, eq(authUser.id, usuarios.id))
      .where(
        and(
          eq(sql`lower(${usuarios.email})`, email),
          eq(usuarios.empresaId, user.empresaId),
          eq(usuarios.ativo, true),
          eq(authUser.emailVerified, true),
        ),
      )
      .limit(1);
    if (colega) return destino;
  }
  throw erro('destinatarioNaoPermitido', Boolean(user.empresaId));
}

/**
 * An admin (or an API script) that names the client by text alone: the company whose name is
 * exactly that text, when there is exactly one — a convenience at writing time; scoping never
 * compares names. Otherwise the laudo has no company and `cliente` is the text.
 */
async function empresaPeloNome(db: DbOrTx, nome: string): Promise<{ id: string; nome: string } | null> {
  const achadas = await db
    .select({ id: empresas.id, nome: empresas.nomeFantasia })
    .from(empresas)
    .where(eq(empresas.nomeFantasia, nome))
    .limit(2);
  return achadas.length === 1 ? achadas[0]! : null;
}

/** The admin's choice of company for a laudo: its id and its name (the laudo's `cliente`). */
async function empresaDoLaudo(db: DbOrTx, empresaId: string): Promise<{ id: string; nome: string }> {
  const [empresa] = await db
    .select({ id: empresas.id, nome: empresas.nomeFantasia })
    .from(empresas)
    .where(eq(empresas.id, empresaId))
    .limit(1);
  if (!empresa) throw erro('empresaNaoEncontrada');
  return empresa;
}

/** The expiry status as a condition on data_vencimento (index-friendly), for "today" in the firm's zone. */
export function condicaoStatus(status: StatusVencimento, hoje: string, valores?: Valores): SQL {
  const v = <T>(x: T) => (valores ? valores.de(x) : x);
  const limite = addDaysIso(hoje, DIAS_ALERTA_VENCIMENTO);
  switch (status) {
    case 'vencido':
      return lt(laudos.dataVencimento, v(hoje));
    case 'vencendo':
      return and(gte(laudos.dataVencimento, v(hoje)), lte(laudos.dataVencimento, v(limite)))!;
    default:
      return or(isNull(laudos.dataVencimento), gt(laudos.dataVencimento, v(limite)))!;
  }
}

export interface FiltroLaudos {
  status?: StatusVencimento | undefined;
  tipo?: string | undefined;
  cliente?: string | undefined;
  /** The admin's filter by company (the company page's "Ver laudos"). */
  empresaId?: string | undefined;
  busca?: string | undefined;
  vencimentoDe?: string | undefined;
  vencimentoAte?: string | undefined;
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
  empresaId: laudos.empresaId,
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
  versao: laudos.versao,
  equipamentoId: laudos.equipamentoId,
  exame: laudos.exame,
  criadorNome: usuarios.nome,
  criadorEmail: usuarios.email,
  /** The API key that wrote it (decision 024): its name stands for the author. */
  chaveNome: sql<
    string | null
  >`(select ${apiKeys.nome} from ${apiKeys} where ${apiKeys.id} = ${laudos.criadoPorChaveApi})`,
};
type LaudoRow = {
  [K in Exclude<keyof typeof laudoColumns, 'chaveNome'>]:
    | (typeof laudoColumns)[K]['_']['data']
    | (K extends 'criadorNome' | 'criadorEmail' ? null : never);
} & { chaveNome: string | null };

/**
 * Who a write is recorded as: the person, or (for an API key) nobody — the key goes in
 * `criado_por_chave_api` (`autoria`).
 */
export function autorDoPedido(user: Pick<SessionUser, 'id' | 'chaveApi'>): string | null {
  return user.chaveApi ? null : user.id;
}

/** The author columns of a new laudo: the person or the API key that created it. */
function autoria(user: Pick<SessionUser, 'id' | 'chaveApi'>) {
  return { criadoPor: autorDoPedido(user), criadoPorChaveApi: user.chaveApi?.id ?? null };
}

/** The API shape (`laudosNoServidor.laudo` in @laudos/domain/api), with the expiry status on `hoje`. */
export function toLaudoApi(row: LaudoRow, hoje: string) {
  const pdfUrl = row.arquivoPdf ? `/api/laudos/${row.id}/arquivos/pdf` : null;
  const excelUrl = row.arquivoExcel ? `/api/laudos/${row.id}/arquivos/excel` : null;
  return {
    id: row.id,
    nome: row.nome,
    codigo: row.codigo,
    cliente: row.cliente,
    empresa_id: row.empresaId,
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
    criador: row.criadorNome
      ? { nome: row.criadorNome, email: row.criadorEmail }
      : row.chaveNome
        ? { nome: `Chave de API "${row.chaveNome}"`, email: null }
        : null,
    vencimento: classificarVencimento(row.dataVencimento, hoje),
    versao: row.versao,
    equipamento_id: row.equipamentoId,
    exame: row.exame,
  };
}
type LaudoApi = ReturnType<typeof toLaudoApi>;

function baseQuery(db: DbOrTx) {
  return db.select(laudoColumns).from(laudos).leftJoin(usuarios, eq(usuarios.id, laudos.criadoPor));
}

/** GET /api/laudos: the laudos the user may see, filtered, ordered and paged. */
export function listarLaudos(db: DbOrTx, user: SessionUser, f: FiltroLaudos, hoje: string) {
  return orFail('erroAoListarLaudos', async () => {
    // One statement per shape of request (who, which filters, which order), prepared once; the
    // page and its total come together (`count(*) over ()`), so a page is one round trip.
    const forma = [
      formaDoEscopo(user),
      f.status ?? '',
      f.tipo ? 't' : '',
      f.cliente ? 'c' : '',
      f.empresaId ? 'e' : '',
      f.busca ? 'b' : '',
      f.vencimentoDe ? 'd' : '',
      f.vencimentoAte ? 'a' : '',
      f.comArquivos ? 'f' : '',
      f.ordem,
      f.direcao,
    ].join('|');
    const valores = new Valores();
    const where = condicoesDaLista(user, f, hoje, valores);
    const pagina = preparada(db, `lista|${forma}`, () => {
      const column = {
        vencimento: laudos.dataVencimento,
        nome: laudos.nome,
        codigo: laudos.codigo,
        cliente: laudos.cliente,
        criadoEm: laudos.criadoEm,
      }[f.ordem];
      const order = f.direcao === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
      return db
        .select({ ...laudoColumns, total: sql<number>`(count(*) over ())::int` })
        .from(laudos)
        .leftJoin(usuarios, eq(usuarios.id, laudos.criadoPor))
        .where(where)
        .orderBy(order, f.direcao === 'asc' ? asc(laudos.id) : desc(laudos.id))
        .limit(sql.placeholder('limite'))
        .offset(sql.placeholder('inicio'));
    });
    const rows = await pagina.execute({
      ...valores.todos,
      limite: f.porPagina,
      inicio: (f.pagina - 1) * f.porPagina,
    });
    // Past the last page there is no row to carry the total: count apart (rare).
    const total = rows[0]?.total ?? (f.pagina > 1 ? await contar(db, condicoesDaLista(user, f, hoje)) : 0);
    return {
      laudos: rows.map((r) => toLaudoApi(r as LaudoRow, hoje)),
      total,
      pagina: f.pagina,
      porPagina: f.porPagina,
    };
  });
}

/**
 * The list's WHERE: the user's scope and the filters (values as placeholders when `valores` is given).
 * Also the reports' (modules/relatorios), whose reader may be a job acting for a client.
 */
export function condicoesDaLista(
  user: Pick<SessionUser, 'tipo' | 'email' | 'empresaId' | 'emailVerificado'>,
  f: Omit<FiltroLaudos, 'ordem' | 'direcao' | 'pagina' | 'porPagina'>,
  hoje: string,
  valores?: Valores,
) {
  const v = <T>(x: T) => (valores ? valores.de(x) : x);
  const conditions: (SQL | undefined)[] = [escopoDoUsuario(user, valores)];
  if (f.status) conditions.push(condicaoStatus(f.status, hoje, valores));
  if (f.tipo) conditions.push(eq(laudos.tipo, v(f.tipo)));
  if (f.cliente) conditions.push(sql`lower(btrim(${laudos.cliente})) = ${v(f.cliente.trim().toLowerCase())}`);
  if (f.empresaId) conditions.push(eq(laudos.empresaId, v(f.empresaId)));
  if (f.busca) {
    const like = v(containsPattern(f.busca));
    conditions.push(
      or(
        sql`lower(${laudos.nome}) like ${like}`,
        sql`lower(${laudos.codigo}) like ${like}`,
        sql`lower(${laudos.cliente}) like ${like}`,
      ),
    );
  }
  if (f.vencimentoDe) conditions.push(gte(laudos.dataVencimento, v(f.vencimentoDe)));
  if (f.vencimentoAte) conditions.push(lte(laudos.dataVencimento, v(f.vencimentoAte)));
  if (f.comArquivos) conditions.push(or(isNotNull(laudos.arquivoPdf), isNotNull(laudos.arquivoExcel)));
  return and(...conditions.filter((c): c is SQL => Boolean(c)));
}

/**
 * Every laudo of a list (the user's scope and the filters, in the list's order), in batches of
 * `lote`: what an export writes as it reads, never the whole set in memory.
 */
export async function* percorrerLaudos(
  db: DbOrTx,
  user: SessionUser,
  f: Omit<FiltroLaudos, 'pagina' | 'porPagina'>,
  hoje: string,
  lote = 500,
) {
  for await (const row of linhasDaLista(db, user, f, hoje, lote)) yield toLaudoApi(row, hoje);
}

/** A laudo's stored file, as the full export reads it (the storage key never leaves the server). */
export interface ArquivoGuardado {
  tipo: 'pdf' | 'excel';
  chave: string;
  /** The name it was uploaded with. */
  nome: string | null;
}

/** `percorrerLaudos` with each laudo's stored files (the full export, decision 022). */
export async function* percorrerLaudosComArquivos(
  db: DbOrTx,
  user: SessionUser,
  f: Omit<FiltroLaudos, 'pagina' | 'porPagina'>,
  hoje: string,
  lote = 500,
) {
  for await (const row of linhasDaLista(db, user, f, hoje, lote)) {
    const arquivos: ArquivoGuardado[] = [];
    if (row.arquivoPdf) arquivos.push({ tipo: 'pdf', chave: row.arquivoPdf, nome: row.arquivoPdfNome });
    if (row.arquivoExcel)
      arquivos.push({ tipo: 'excel', chave: row.arquivoExcel, nome: row.arquivoExcelNome });
    yield { laudo: toLaudoApi(row, hoje), arquivos };
  }
}

async function* linhasDaLista(
  db: DbOrTx,
  user: SessionUser,
  f: Omit<FiltroLaudos, 'pagina' | 'porPagina'>,
  hoje: string,
  lote: number,
): AsyncGenerator<LaudoRow> {
  const where = condicoesDaLista(user, f, hoje);
  const column = {
    vencimento: laudos.dataVencimento,
    nome: laudos.nome,
    codigo: laudos.codigo,
    cliente: laudos.cliente,
    criadoEm: laudos.criadoEm,
  }[f.ordem];
  const order = f.direcao === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  for (let inicio = 0; ; inicio += lote) {
    const rows = await db
      .select(laudoColumns)
      .from(laudos)
      .leftJoin(usuarios, eq(usuarios.id, laudos.criadoPor))
      .where(where)
      .orderBy(order, f.direcao === 'asc' ? asc(laudos.id) : desc(laudos.id))
      .limit(lote)
      .offset(inicio);
    for (const row of rows) yield row as LaudoRow;
    if (rows.length < lote) return;
  }
}

async function contar(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(laudos).where(where);
  return row?.total ?? 0;
}

/** One laudo row the user may see, or 404 (never 403: others' laudos do not exist for them). */
export async function lerLaudo(db: DbOrTx, user: SessionUser, id: string): Promise<LaudoRow> {
  const valores = new Valores();
  const escopo = escopoDoUsuario(user, valores);
  const query = preparada(db, `laudo|${formaDoEscopo(user)}`, () =>
    baseQuery(db)
      .where(and(eq(laudos.id, sql.placeholder('id')), escopo))
      .limit(1),
  );
  const [row] = await query.execute({ ...valores.todos, id });
  if (!row) throw erro('laudoNaoEncontrado');
  return row as LaudoRow;
}

/** GET /api/laudos/:id: one laudo the user may see, in the API shape. */
export async function buscarLaudo(
  db: DbOrTx,
  user: SessionUser,
  id: string,
  hoje: string,
): Promise<LaudoApi> {
  return toLaudoApi(await lerLaudo(db, user, id), hoje);
}

/**
 * A client's plan limit (spec default: 100 laudos), counted over the company's laudos (issue 17),
 * or over what a person with no company can see.
 */
async function assertLimiteDoPlano(db: DbOrTx, user: SessionUser) {
  if (user.tipo === 'admin' || !user.planoId) return;
  const [plano] = await db
    .select({ nome: planos.nome, max: planos.maxLaudos })
    .from(planos)
    .where(eq(planos.id, user.planoId));
  if (!plano) return;
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(laudos)
    .where(user.empresaId ? eq(laudos.empresaId, user.empresaId) : escopoDoUsuario(user));
  if (n >= plano.max) throw erro('limiteDoPlano', plano.nome, plano.max);
}

/** A second laudo with the same code is a 409. */
function duplicado(err: unknown): never {
  if (isUniqueViolation(err)) throw erro('codigoDuplicado');
  throw err;
}

interface CriacaoDeLaudo {
  db: Db;
  email: Pick<EmailService, 'enqueue'>;
  /** The app's public address (config.publicUrl), for the link in the e-mail. */
  publicUrl: string;
  /** Today in the firm's time zone. */
  hoje: string;
}

/**
 * POST /api/laudos: checks the required fields, the type, where a client's laudo may go and the
 * plan's limit; inserts it and, in the same transaction, queues the "Novo Laudo Criado" e-mail to
 * the client's address (rolled back together). Answers the laudo as the creator sees it.
 */
export async function criarLaudo(
  { db, email, publicUrl, hoje }: CriacaoDeLaudo,
  user: SessionUser,
  b: LaudoEntrada,
): Promise<LaudoApi> {
  const nome = b.nome?.trim();
  const codigo = b.codigo?.trim();
  const tipo = b.tipo?.trim();
  const clienteInformado = b.cliente?.trim();
  if (!nome || !codigo || !tipo || (user.tipo === 'admin' && !clienteInformado && !b.empresaId)) {
    throw erro('dadosObrigatorios');
  }
  const regra = await regraDoTipo(db, tipo);
  // A type tied to an NR-13 exam is the registry's (decision 049): its laudos and dates come from there.
  if (regra.exame) throw erroDoTipoDoCadastro(tipo, regra.exame);
  // No date for a type with a default period: today (the firm's day) plus the period.
  const dataVencimento =
    b.dataVencimento ?? (regra.periodoMeses ? vencimentoPeloPeriodo(hoje, regra.periodoMeses) : null);
  const empresa =
    user.tipo !== 'admin'
      ? null
      : b.empresaId
        ? await empresaDoLaudo(db, b.empresaId)
        : await empresaPeloNome(db, clienteInformado!);
  const destino =
    user.tipo === 'admin'
      ? {
          cliente: empresa?.nome ?? clienteInformado!,
          emailCliente: b.emailCliente?.trim() || null,
          empresaId: empresa?.id ?? null,
        }
      : await destinoDoCliente(db, user, b.emailCliente);
  await assertLimiteDoPlano(db, user);
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(laudos)
        .values({
          nome,
          codigo,
          tipo,
          cliente: destino.cliente,
          empresaId: destino.empresaId,
          emailCliente: destino.emailCliente,
          observacoes: b.observacoes?.trim() || null,
          dataVencimento,
          ...autoria(user),
        })
        .returning({ id: laudos.id });
      // Read through the creator's own scope: a client's laudo always goes to their e-mail or company.
      const criado = await lerLaudo(tx, user, row!.id);
      const laudo = toLaudoApi(criado, hoje);
      await registrarAuditoria(tx, atorDoUsuario(user), {
        entidade: 'laudo',
        entidadeId: criado.id,
        acao: 'criou',
        empresaId: criado.empresaId,
        depois: criado,
      });
      // The company's people see it in the bell; whoever created it does not (decision 032).
      if (destino.empresaId)
        await avisar(
          tx,
          { empresaId: destino.empresaId, exceto: autorDoPedido(user) },
          avisoDeLaudoNovo(laudo),
        );
      if (laudo.email_cliente) {
        await email.enqueue(tx, {
          type: 'laudo_criado',
          to: laudo.email_cliente,
          laudoId: laudo.id,
          userId: autorDoPedido(user),
          variables: variaveisDoLaudo(laudo, { hoje, publicUrl }),
        });
      }
      return laudo;
    })
    .catch(duplicado);
}

/** PATCH /api/laudos/:id: changes only the fields sent; always stamps atualizado_em. */
export async function atualizarLaudo(
  db: Db,
  user: SessionUser,
  id: string,
  b: LaudoEntrada,
  hoje: string,
): Promise<LaudoApi> {
  const atual = await lerLaudo(db, user, id);
  // An NR-13 exam's date is the registry's (decision 048): it moves by an inspection or an extension.
  if (atual.equipamentoId && b.dataVencimento !== undefined && b.dataVencimento !== atual.dataVencimento)
    throw erro('vencimentoDoCadastro');
  for (const field of ['nome', 'codigo', 'tipo', 'cliente'] as const) {
    if (b[field] !== undefined && !b[field]?.trim()) throw erro('dadosObrigatorios');
  }
  if (user.tipo !== 'admin' && (b.cliente !== undefined || b.empresaId !== undefined))
    throw erro('clienteFixo');
  // The admin moves a laudo to a company (its name becomes `cliente`) or out of any (`null`, with
  // `cliente` as free text).
  const empresa = b.empresaId
    ? await empresaDoLaudo(db, b.empresaId)
    : b.empresaId === undefined && b.cliente?.trim()
      ? await empresaPeloNome(db, b.cliente.trim())
      : null;
  if (b.tipo !== undefined && b.tipo.trim() !== atual.tipo) {
    const regra = await regraDoTipo(db, b.tipo.trim());
    // Only the registry gives a laudo a type tied to an exam (decision 049).
    if (regra.exame && !atual.equipamentoId) throw erroDoTipoDoCadastro(b.tipo.trim(), regra.exame);
  }
  if (user.tipo !== 'admin' && b.emailCliente !== undefined) await destinoDoCliente(db, user, b.emailCliente);
  const set = {
    ...(b.nome !== undefined ? { nome: b.nome.trim() } : {}),
    ...(b.codigo !== undefined ? { codigo: b.codigo.trim() } : {}),
    ...(b.tipo !== undefined ? { tipo: b.tipo.trim() } : {}),
    ...(b.cliente !== undefined ? { cliente: b.cliente.trim() } : {}),
    ...(b.empresaId !== undefined || b.cliente !== undefined ? { empresaId: empresa?.id ?? null } : {}),
    ...(empresa ? { cliente: empresa.nome } : {}),
    ...(b.observacoes !== undefined ? { observacoes: b.observacoes?.trim() || null } : {}),
    ...(b.emailCliente !== undefined ? { emailCliente: b.emailCliente?.trim() || null } : {}),
    ...(b.dataVencimento !== undefined ? { dataVencimento: b.dataVencimento } : {}),
    atualizadoEm: sql`now()`,
  };
  await orFail('erroAoAtualizarLaudo', () =>
    db.transaction(async (tx) => {
      // The values before, locked: a concurrent change cannot slip between this read and the update.
      const [antes] = await tx
        .select(camposDoLaudoAuditados)
        .from(laudos)
        .where(and(eq(laudos.id, id), escopoDoUsuario(user)))
        .for('update');
      if (!antes) throw erro('laudoNaoEncontrado');
      const [depois] = await tx
        .update(laudos)
        .set(set)
        .where(and(eq(laudos.id, id), escopoDoUsuario(user)))
        .returning(camposDoLaudoAuditados)
        .catch(duplicado);
      if (!depois) throw erro('laudoNaoEncontrado');
      // Each changed field with its old and new value; the company is the laudo's after the change
      // (a laudo moved away is no longer the old company's to read). A PATCH that changed nothing
      // but the timestamp is no entry.
      await registrarAlteracao(tx, atorDoUsuario(user), {
        entidade: 'laudo',
        entidadeId: id,
        empresaId: depois.empresaId,
        antes,
        depois,
        ...(antes.empresaId !== depois.empresaId ? { detalhes: { empresaAnterior: antes.empresaId } } : {}),
      });
    }),
  );
  return buscarLaudo(db, user, id, hoje);
}

/** Where a failure that does not stop the operation is written (the request's logger). */
export interface Avisos {
  warn(obj: object, msg: string): void;
}

/**
 * DELETE /api/laudos/:id: the row (its earlier versions go with it, by cascade), then its files and
 * its versions' files. A storage failure does not block the delete (spec section 8): it is logged
 * and the orphan file stays on disk.
 */
export async function excluirLaudo(
  db: Db,
  storage: Pick<FileStorage, 'remove'>,
  log: Avisos,
  user: SessionUser,
  id: string,
): Promise<void> {
  const chaves = await db.transaction(async (tx) => {
    // The versions' files are read first: their rows go with the laudo (cascade).
    const versoes = await arquivosDasVersoes(tx, [id]);
    const [removed] = await tx
      .delete(laudos)
      .where(and(eq(laudos.id, id), escopoDoUsuario(user)))
      .returning({ ...camposDoLaudoAuditados, pdf: laudos.arquivoPdf, excel: laudos.arquivoExcel });
    if (!removed) throw erro('laudoNaoEncontrado');
    await registrarAuditoria(tx, atorDoUsuario(user), {
      entidade: 'laudo',
      entidadeId: id,
      acao: 'excluiu',
      empresaId: removed.empresaId,
      antes: removed,
    });
    return [removed.pdf, removed.excel, ...versoes];
  });
  await removerArquivosGuardados(storage, log, chaves);
}

/**
 * Removes stored laudo files after their rows are gone; a storage failure is logged and does not
 * undo the delete (spec section 8).
 */
export async function removerArquivosGuardados(
  storage: Pick<FileStorage, 'remove'>,
  log: Avisos,
  keys: readonly (string | null)[],
): Promise<void> {
  for (const key of keys) {
    if (key) await storage.remove(key).catch((err) => log.warn({ err, key }, 'arquivo não removido'));
  }
}

/** Laudos by expiry status on `hoje`, within a scope (see `escopoDoUsuario`). */
export async function contarPorStatus(db: DbOrTx, escopo: SQL | undefined, hoje: string) {
  const limite = addDaysIso(hoje, DIAS_ALERTA_VENCIMENTO);
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

/**
 * GET /api/laudos/estatisticas: counts by status and by type, in the same scope as the list. One
 * prepared statement per scope shape: the per-type counts and, from `rollup`, the totals.
 */
export function obterEstatisticas(db: DbOrTx, user: SessionUser, hoje: string) {
  return orFail('erroNasEstatisticas', async () => {
    const valores = new Valores();
    const escopo = escopoDoUsuario(user, valores);
    const query = preparada(db, `estatisticas|${formaDoEscopo(user)}`, () =>
      db
        .select({
          tipo: laudos.tipo,
          geral: sql<number>`grouping(${laudos.tipo})`,
          total: sql<number>`count(*)::int`,
          vencidos: sql<number>`(count(*) filter (where ${laudos.dataVencimento} < ${sql.placeholder('hoje')}))::int`,
          vencendo: sql<number>`(count(*) filter (where ${laudos.dataVencimento} >= ${sql.placeholder('hoje')} and ${laudos.dataVencimento} <= ${sql.placeholder('limite')}))::int`,
        })
        .from(laudos)
        .where(escopo)
        .groupBy(sql`rollup(${laudos.tipo})`)
        .orderBy(sql`grouping(${laudos.tipo}) desc`, desc(sql`count(*)`), asc(laudos.tipo)),
    );
    const rows = await query.execute({
      ...valores.todos,
      hoje,
      limite: addDaysIso(hoje, DIAS_ALERTA_VENCIMENTO),
    });
    const totais = rows.find((r) => Number(r.geral) === 1);
    const total = totais?.total ?? 0;
    const vencidos = totais?.vencidos ?? 0;
    const vencendo = totais?.vencendo ?? 0;
    const porTipo = rows.filter((r) => Number(r.geral) === 0).map((r) => ({ tipo: r.tipo, total: r.total }));
    return { total, ativos: total - vencidos - vencendo, vencendo, vencidos, porTipo };
  });
}
