import {
  CABECALHOS_DA_IMPORTACAO,
  CAMPOS_DA_IMPORTACAO,
  CAMPOS_OBRIGATORIOS_DA_IMPORTACAO,
  type CampoDaImportacao,
  type ErroDaImportacao,
  type ExameDoTipo,
  type ExecutarImportacaoEntrada,
  type MapeamentoDaImportacao,
  NOMES_DOS_EXAMES_DOS_TIPOS,
  normalizarCabecalho,
  type PreviaDaImportacao,
  type PreviaDaImportacaoEntrada,
} from '@laudos/domain/api';
import { and, asc, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import { z } from 'zod';
import {
  type Ator,
  atorDoUsuario,
  camposAlterados,
  type EntradaDeAuditoria,
  registrarAuditorias,
} from '../../auditoria/registrar.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  authUser,
  empresas,
  importacaoLinhas,
  importacaoMapeamentos,
  importacoes,
  laudos,
  planos,
  tiposLaudo,
  usuarios,
} from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import { ERROS, erro } from '../../http/errors.ts';
import { executarImportacaoJob } from '../../jobs/executar-importacao.ts';
import { avisar } from '../avisos/service.ts';
import { celulaCsv } from '../exportacao/laudos.ts';
import { variaveisDoLaudo } from '../laudos/variaveis-email.ts';
import { lerPlanilha } from './planilha.ts';

/*
 * The spreadsheet import of laudos (issue 22, decision 047): upload (parsed at once, rows kept in
 * the database), preview (every row validated, the mapping remembered), execution (a pg-boss job,
 * batches of 500 rows, each one transaction with its laudos, audit entries, e-mails and the cursor)
 * and the report. Who may: the firm's admins (any company) and a company's gestor whose plan has
 * the "importação e exportação de dados" feature (the route checks the plan).
 */

export const LOTE_DA_IMPORTACAO = 500;

type ImportacaoRow = typeof importacoes.$inferSelect;

/** Row messages of the preview and the report, pt-BR; the spec's where it has one. */
export const MENSAGENS_DA_LINHA = {
  obrigatorio: ERROS.dadosObrigatorios.message,
  data: 'Data inválida: use dd/mm/aaaa ou AAAA-MM-DD',
  tipo: ERROS.tipoInvalido.message,
  email: ERROS.emailInvalido.message('E-mail do cliente'),
  destinatario: ERROS.destinatarioNaoPermitido.message(true),
  repetido: (linha: number) => `Código repetido na planilha: já aparece na linha ${linha}.`,
  outraEmpresa: 'Código já usado por um laudo de outra empresa',
  empresa: (texto: string) => `Empresa não encontrada: ${texto}.`,
  tipoDoCadastro: ERROS.tipoDoCadastro.message,
} as const;

// ── Who may import, and which imports they see ─────────────────────────────────────────────────

/** Admins, or a company's gestor (the plan's feature is checked by the route); others 403. */
export function exigirImportador(user: SessionUser, acao = 'importar laudos por planilha'): void {
  if (user.tipo === 'admin') return;
  if (user.chaveApi || !user.empresaId || user.papel !== 'gestor') throw erro('apenasGestor', acao);
  // As for a laudo made by hand (destinoDoCliente): an unproven address cannot address anyone.
  if (!user.emailVerificado) throw erro('emailNaoConfirmado');
}

function escopoDasImportacoes(user: SessionUser) {
  return user.tipo === 'admin' ? undefined : eq(importacoes.empresaId, user.empresaId ?? sql`null`);
}

async function lerImportacao(db: DbOrTx, user: SessionUser, id: string): Promise<ImportacaoRow> {
  exigirImportador(user);
  if (!z.uuid().safeParse(id).success) throw erro('importacaoNaoEncontrada');
  const [row] = await db
    .select()
    .from(importacoes)
    .where(and(eq(importacoes.id, id), escopoDasImportacoes(user)))
    .limit(1);
  if (!row) throw erro('importacaoNaoEncontrada');
  return row;
}

// ── The API shape ──────────────────────────────────────────────────────────────────────────────

/** The API shape; the list leaves the preview out (its errors may be thousands of rows each). */
async function paraApi(db: DbOrTx, row: ImportacaoRow, { comPrevia = true } = {}) {
  const [empresa] = row.empresaId
    ? await db
        .select({ nome: empresas.nomeFantasia })
        .from(empresas)
        .where(eq(empresas.id, row.empresaId))
        .limit(1)
    : [];
  const amostra = await db
    .select({ valores: importacaoLinhas.valores })
    .from(importacaoLinhas)
    .where(eq(importacaoLinhas.importacaoId, row.id))
    .orderBy(asc(importacaoLinhas.ordem))
    .limit(5);
  const terminou = row.status === 'concluida' || row.status === 'falhou';
  return {
    id: row.id,
    empresaId: row.empresaId,
    empresaNome: empresa?.nome ?? null,
    nomeArquivo: row.nomeArquivo,
    criadoEm: row.criadoEm,
    criadoPor: { id: row.criadoPor, nome: row.criadoPorNome },
    status: row.status,
    colunas: row.colunas,
    amostra: amostra.map((a) => a.valores),
    total: row.total,
    mapeamento: row.mapeamento as MapeamentoDaImportacao,
    existentes: row.existentes,
    enviarEmails: row.enviarEmails,
    // Not while importing: the progress screen polls every second and needs none of it (up to
    // 10,000 row errors, about 1 MB).
    ...(row.previa && comPrevia && row.status !== 'importando'
      ? { previa: row.previa as unknown as PreviaDaImportacao }
      : {}),
    progresso: { processadas: row.processadas, total: row.total },
    ...(terminou || row.processadas > 0
      ? {
          resultado: {
            importados: row.importados,
            atualizados: row.atualizados,
            pulados: row.pulados,
            erros: row.erros,
          },
        }
      : {}),
    falha: row.falha,
  };
}

export type ImportacaoApiNoServidor = Awaited<ReturnType<typeof paraApi>>;

// ── Mapping ────────────────────────────────────────────────────────────────────────────────────

/** Other headings a firm's own spreadsheet may use for each field (compared normalized). */
const SINONIMOS: Record<CampoDaImportacao, string[]> = {
  codigo: ['codigo', 'cod', 'codigo do laudo', 'numero', 'numero do laudo'],
  nome: ['nome', 'nome do laudo', 'laudo', 'equipamento', 'descricao'],
  tipo: ['tipo', 'tipo de laudo', 'tipo do laudo'],
  dataVencimento: ['data de vencimento', 'vencimento', 'data_vencimento', 'validade', 'vence em'],
  emailCliente: ['e-mail do cliente', 'email do cliente', 'email_cliente', 'e-mail', 'email'],
  observacoes: ['observacoes', 'observacao', 'obs', 'notas'],
  empresa: ['empresa', 'cliente', 'cnpj', 'empresa cliente'],
};

const assinaturaDe = (colunas: string[]) => colunas.map(normalizarCabecalho).join('\u001f');
const escopoDoMapeamento = (empresaId: string | null) => empresaId ?? 'coluna';

/** The mapping remembered for these headings (this company's), else one by the headings' names. */
async function sugerirMapeamento(
  db: DbOrTx,
  empresaId: string | null,
  colunas: string[],
): Promise<MapeamentoDaImportacao> {
  const [lembrado] = await db
    .select({ mapeamento: importacaoMapeamentos.mapeamento })
    .from(importacaoMapeamentos)
    .where(
      and(
        eq(importacaoMapeamentos.escopo, escopoDoMapeamento(empresaId)),
        eq(importacaoMapeamentos.assinatura, assinaturaDe(colunas)),
      ),
    )
    .limit(1);
  if (lembrado) return lembrado.mapeamento as MapeamentoDaImportacao;
  const porNome = new Map(colunas.map((c) => [normalizarCabecalho(c), c]));
  const mapeamento: MapeamentoDaImportacao = {};
  const usadas = new Set<string>();
  for (const campo of CAMPOS_DA_IMPORTACAO) {
    if (campo === 'empresa' && empresaId) continue;
    const nomes = [normalizarCabecalho(CABECALHOS_DA_IMPORTACAO[campo]), ...SINONIMOS[campo]];
    const achada = nomes.map((n) => porNome.get(n)).find((c) => c && !usadas.has(c));
    if (achada) {
      mapeamento[campo] = achada;
      usadas.add(achada);
    }
  }
  return mapeamento;
}

// ── Upload ─────────────────────────────────────────────────────────────────────────────────────

export interface ArquivoDaImportacao {
  nomeArquivo: string;
  bytes: Buffer;
  empresaId?: string | undefined;
}

/** POST /api/importacoes: reads the file, keeps its rows and suggests a mapping. */
export async function enviarImportacao(
  db: Db,
  user: SessionUser,
  { nomeArquivo, bytes, empresaId }: ArquivoDaImportacao,
): Promise<ImportacaoApiNoServidor> {
  exigirImportador(user);
  let destino: string | null;
  if (user.tipo === 'admin') {
    destino = empresaId ?? null;
    if (destino) {
      const [e] = await db
        .select({ id: empresas.id })
        .from(empresas)
        .where(eq(empresas.id, destino))
        .limit(1);
      if (!e) throw erro('empresaNaoEncontrada');
    }
  } else destino = user.empresaId;
  const planilha = await lerPlanilha(nomeArquivo, bytes);
  const mapeamento = await sugerirMapeamento(db, destino, planilha.colunas);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(importacoes)
      .values({
        empresaId: destino,
        criadoPor: user.id,
        criadoPorNome: user.nome,
        limitada: user.tipo !== 'admin',
        nomeArquivo: nomeArquivo.slice(0, 255) || 'planilha',
        colunas: planilha.colunas,
        total: planilha.linhas.length,
        mapeamento,
      })
      .returning({ id: importacoes.id });
    for (let i = 0; i < planilha.linhas.length; i += 1000) {
      await tx.insert(importacaoLinhas).values(
        planilha.linhas.slice(i, i + 1000).map((l, j) => ({
          importacaoId: row!.id,
          ordem: i + j,
          linha: l.linha,
          valores: l.valores,
        })),
      );
    }
    return row!.id;
  });
  return buscarImportacao(db, user, id);
}

/** GET /api/importacoes: the caller's recent imports (admin: all; gestor: their company's), newest first. */
export async function listarImportacoes(db: DbOrTx, user: SessionUser): Promise<ImportacaoApiNoServidor[]> {
  exigirImportador(user);
  const rows = await db
    .select()
    .from(importacoes)
    .where(escopoDasImportacoes(user))
    .orderBy(desc(importacoes.criadoEm), desc(importacoes.id))
    .limit(20);
  return Promise.all(rows.map((r) => paraApi(db, r, { comPrevia: false })));
}

/** GET /api/importacoes/:id */
export async function buscarImportacao(db: DbOrTx, user: SessionUser, id: string) {
  return paraApi(db, await lerImportacao(db, user, id));
}

// ── Validation of the rows ─────────────────────────────────────────────────────────────────────

/** What the rows are checked against: the types, the companies, who a gestor may address. */
interface Contexto {
  tipos: Map<string, string>;
  /** The types tied to an NR-13 exam (decision 049): name → exam's name; their laudos are the registry's. */
  tiposDoCadastro: Map<string, string>;
  /** A fixed company for every row, or null ("pela coluna Empresa"). */
  empresaFixa: { id: string; nome: string } | null;
  empresasPorChave: Map<string, { id: string; nome: string }>;
  /** A gestor's import: the addresses they may give (theirs and confirmed colleagues'), and their own. */
  gestor: { permitidos: Set<string>; proprio: string } | null;
}

async function contextoDe(
  db: DbOrTx,
  imp: Pick<ImportacaoRow, 'empresaId' | 'limitada' | 'criadoPor'>,
  emailDoGestor: string | null,
): Promise<Contexto> {
  const ativos = await db
    .select({ nome: tiposLaudo.nome, exame: tiposLaudo.exame })
    .from(tiposLaudo)
    .where(eq(tiposLaudo.ativo, true));
  const tipos = new Map(ativos.map((t) => [normalizarCabecalho(t.nome), t.nome]));
  const tiposDoCadastro = new Map(
    ativos.flatMap((t) =>
      t.exame ? [[t.nome, NOMES_DOS_EXAMES_DOS_TIPOS[t.exame as ExameDoTipo] ?? t.exame] as const] : [],
    ),
  );
  let empresaFixa: Contexto['empresaFixa'] = null;
  const empresasPorChave = new Map<string, { id: string; nome: string }>();
  if (imp.empresaId) {
    const [e] = await db
      .select({ id: empresas.id, nome: empresas.nomeFantasia })
      .from(empresas)
      .where(eq(empresas.id, imp.empresaId));
    if (!e) throw erro('empresaNaoEncontrada');
    empresaFixa = e;
  } else {
    const todas = await db
      .select({
        id: empresas.id,
        nome: empresas.nomeFantasia,
        razao: empresas.razaoSocial,
        cnpj: empresas.cnpj,
      })
      .from(empresas);
    for (const e of todas) {
      const v = { id: e.id, nome: e.nome };
      if (e.cnpj) empresasPorChave.set(e.cnpj, v);
      empresasPorChave.set(normalizarCabecalho(e.razao), v);
    }
    // The trade name wins over another company's legal name.
    for (const e of todas) empresasPorChave.set(normalizarCabecalho(e.nome), { id: e.id, nome: e.nome });
  }
  let gestor: Contexto['gestor'] = null;
  if (imp.limitada && imp.empresaId) {
    const colegas = await db
      .select({ email: usuarios.email })
      .from(usuarios)
      .innerJoin(authUser, eq(authUser.id, usuarios.id))
      .where(
        and(
          eq(usuarios.empresaId, imp.empresaId),
          eq(usuarios.ativo, true),
          eq(authUser.emailVerified, true),
        ),
      );
    const proprio = (emailDoGestor ?? '').trim().toLowerCase();
    gestor = { permitidos: new Set([proprio, ...colegas.map((c) => c.email.trim().toLowerCase())]), proprio };
  }
  return { tipos, tiposDoCadastro, empresaFixa, empresasPorChave, gestor };
}

/** dd/mm/aaaa (d/m too) or AAAA-MM-DD, a real calendar day; as AAAA-MM-DD. */
export function dataDaPlanilha(texto: string): string | null {
  let a: number;
  let m: number;
  let d: number;
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(texto);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(texto);
  if (br) [d, m, a] = [Number(br[1]), Number(br[2]), Number(br[3])];
  else if (iso) [a, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const data = new Date(Date.UTC(a, m - 1, d));
  if (data.getUTCFullYear() !== a || data.getUTCMonth() !== m - 1 || data.getUTCDate() !== d) return null;
  if (a < 1900 || a > 2200) return null;
  return data.toISOString().slice(0, 10);
}

const emailValido = z.email().max(254);

interface DadosDaLinha {
  codigo: string;
  nome: string;
  tipo: string;
  dataVencimento: string | null;
  emailCliente: string | null;
  /** Whether the row's own cell had an e-mail (a gestor's default does not overwrite on update). */
  emailNaCelula: boolean;
  observacoes: string | null;
  empresa: { id: string; nome: string } | null;
}

type ErroDaLinha = { campo: CampoDaImportacao | null; mensagem: string };

/** One row's values, checked on their own (no database, no other row). */
function lerLinha(
  valores: string[],
  indices: Partial<Record<CampoDaImportacao, number>>,
  ctx: Contexto,
): { dados: DadosDaLinha; erros: ErroDaLinha[] } {
  const v = (campo: CampoDaImportacao) => {
    const i = indices[campo];
    return i === undefined ? '' : (valores[i] ?? '').trim();
  };
  const erros: ErroDaLinha[] = [];
  for (const campo of CAMPOS_OBRIGATORIOS_DA_IMPORTACAO)
    if (!v(campo)) erros.push({ campo, mensagem: MENSAGENS_DA_LINHA.obrigatorio });
  const tipoTexto = v('tipo');
  const tipo = tipoTexto ? ctx.tipos.get(normalizarCabecalho(tipoTexto)) : undefined;
  if (tipoTexto && !tipo) erros.push({ campo: 'tipo', mensagem: MENSAGENS_DA_LINHA.tipo(tipoTexto) });
  const exameDoTipo = tipo ? ctx.tiposDoCadastro.get(tipo) : undefined;
  if (tipo && exameDoTipo)
    erros.push({ campo: 'tipo', mensagem: MENSAGENS_DA_LINHA.tipoDoCadastro(tipo, exameDoTipo) });
  const dataTexto = v('dataVencimento');
  const data = dataTexto ? dataDaPlanilha(dataTexto) : null;
  if (dataTexto && !data) erros.push({ campo: 'dataVencimento', mensagem: MENSAGENS_DA_LINHA.data });
  let email: string | null = v('emailCliente').toLowerCase() || null;
  if (email && !emailValido.safeParse(email).success) {
    erros.push({ campo: 'emailCliente', mensagem: MENSAGENS_DA_LINHA.email });
  } else if (ctx.gestor) {
    // As a laudo created by hand (destinoDoCliente): the gestor's own address by default, and
    // only a confirmed colleague's otherwise — the firm's sender never mails a stranger.
    email ??= ctx.gestor.proprio || null;
    if (email && !ctx.gestor.permitidos.has(email))
      erros.push({ campo: 'emailCliente', mensagem: MENSAGENS_DA_LINHA.destinatario });
  }
  let empresa = ctx.empresaFixa;
  if (!empresa) {
    const texto = v('empresa');
    if (!texto) erros.push({ campo: 'empresa', mensagem: MENSAGENS_DA_LINHA.obrigatorio });
    else {
      const cnpj = texto.replace(/\D/g, '');
      empresa =
        (cnpj.length === 14 ? ctx.empresasPorChave.get(cnpj) : undefined) ??
        ctx.empresasPorChave.get(normalizarCabecalho(texto)) ??
        null;
      if (!empresa) erros.push({ campo: 'empresa', mensagem: MENSAGENS_DA_LINHA.empresa(texto) });
    }
  }
  return {
    dados: {
      codigo: v('codigo'),
      nome: v('nome'),
      tipo: tipo ?? tipoTexto,
      dataVencimento: data,
      emailCliente: email,
      emailNaCelula: Boolean(v('emailCliente')),
      observacoes: v('observacoes') || null,
      empresa,
    },
    erros,
  };
}

function indicesDe(colunas: string[], mapeamento: MapeamentoDaImportacao) {
  const indices: Partial<Record<CampoDaImportacao, number>> = {};
  for (const [campo, coluna] of Object.entries(mapeamento) as [CampoDaImportacao, string][]) {
    if (!coluna) continue;
    const i = colunas.indexOf(coluna);
    if (i < 0) throw erro('colunaInexistente', coluna);
    indices[campo] = i;
  }
  return indices;
}

type Existente = { id: string; codigo: string; empresaId: string | null };

async function laudosPorCodigo(
  db: DbOrTx,
  codigos: string[],
  travar = false,
): Promise<Map<string, Existente>> {
  const achados = new Map<string, Existente>();
  const unicos = [...new Set(codigos.filter(Boolean))];
  for (let i = 0; i < unicos.length; i += 1000) {
    const q = db
      .select({ id: laudos.id, codigo: laudos.codigo, empresaId: laudos.empresaId })
      .from(laudos)
      .where(inArray(laudos.codigo, unicos.slice(i, i + 1000)));
    const rows = travar ? await q.for('update') : await q;
    for (const r of rows) achados.set(r.codigo, r);
  }
  return achados;
}

/** The company's plan limit, when it applies: the plan's name and maximum, and the laudos it has. */
async function limiteDaEmpresa(db: DbOrTx, empresaId: string) {
  const [plano] = await db
    .select({ nome: planos.nome, max: planos.maxLaudos })
    .from(empresas)
    .innerJoin(planos, eq(planos.id, empresas.planoId))
    .where(eq(empresas.id, empresaId));
  if (!plano) return null;
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(laudos)
    .where(eq(laudos.empresaId, empresaId));
  return { ...plano, atuais: n };
}

// ── Preview ────────────────────────────────────────────────────────────────────────────────────

/** POST /api/importacoes/:id/previa: validates every row with this mapping and remembers it. */
export async function previaDaImportacao(
  db: Db,
  user: SessionUser,
  id: string,
  { mapeamento: bruto, existentes }: PreviaDaImportacaoEntrada,
): Promise<ImportacaoApiNoServidor> {
  const imp = await lerImportacao(db, user, id);
  if (imp.status === 'importando' || imp.status === 'concluida') throw erro('importacaoJaIniciada');
  const mapeamento = Object.fromEntries(
    Object.entries(bruto).filter(([campo, coluna]) => coluna && !(campo === 'empresa' && imp.empresaId)),
  ) as MapeamentoDaImportacao;
  const faltam = CAMPOS_OBRIGATORIOS_DA_IMPORTACAO.filter((c) => !mapeamento[c]);
  if (faltam.length > 0)
    throw erro('colunasObrigatorias', faltam.map((c) => CABECALHOS_DA_IMPORTACAO[c]).join(', '));
  if (!imp.empresaId && !mapeamento.empresa) throw erro('empresaDaImportacao');
  const indices = indicesDe(imp.colunas, mapeamento);
  const ctx = await contextoDe(db, imp, user.tipo === 'admin' ? null : user.email);
  const linhas = await db
    .select({ linha: importacaoLinhas.linha, valores: importacaoLinhas.valores })
    .from(importacaoLinhas)
    .where(eq(importacaoLinhas.importacaoId, id))
    .orderBy(asc(importacaoLinhas.ordem));

  const erros: ErroDaImportacao[] = [];
  const primeiraLinha = new Map<string, number>();
  const lidas: { linha: number; dados: DadosDaLinha; ok: boolean }[] = [];
  for (const l of linhas) {
    const { dados, erros: daLinha } = lerLinha(l.valores, indices, ctx);
    if (dados.codigo) {
      const antes = primeiraLinha.get(dados.codigo);
      if (antes !== undefined)
        daLinha.push({ campo: 'codigo', mensagem: MENSAGENS_DA_LINHA.repetido(antes) });
      else primeiraLinha.set(dados.codigo, l.linha);
    }
    for (const e of daLinha) erros.push({ linha: l.linha, ...e });
    lidas.push({ linha: l.linha, dados, ok: daLinha.length === 0 });
  }
  const existentesNoBanco = await laudosPorCodigo(
    db,
    lidas.filter((l) => l.ok).map((l) => l.dados.codigo),
  );
  let novos = 0;
  let atualizar = 0;
  let pular = 0;
  for (const l of lidas) {
    if (!l.ok) continue;
    const existente = existentesNoBanco.get(l.dados.codigo);
    if (!existente) novos++;
    else if (existentes === 'pular') pular++;
    else if (existente.empresaId && existente.empresaId === l.dados.empresa?.id) atualizar++;
    else {
      l.ok = false;
      erros.push({ linha: l.linha, campo: 'codigo', mensagem: MENSAGENS_DA_LINHA.outraEmpresa });
    }
  }
  erros.sort((a, b) => a.linha - b.linha);
  let limiteExcedido: string | null = null;
  if (imp.limitada && imp.empresaId) {
    const limite = await limiteDaEmpresa(db, imp.empresaId);
    if (limite && limite.atuais + novos > limite.max)
      limiteExcedido = ERROS.limiteDoPlano.message(limite.nome, limite.max);
  }
  const previa: PreviaDaImportacao = {
    validas: lidas.filter((l) => l.ok).length,
    novos,
    atualizar,
    pular,
    erros,
    limiteExcedido,
  };
  await db.transaction(async (tx) => {
    await tx
      .update(importacoes)
      .set({ mapeamento, existentes, previa, status: 'validada', atualizadoEm: sql`now()` })
      .where(eq(importacoes.id, id));
    const chave = { escopo: escopoDoMapeamento(imp.empresaId), assinatura: assinaturaDe(imp.colunas) };
    await tx
      .insert(importacaoMapeamentos)
      .values({ ...chave, mapeamento })
      .onConflictDoUpdate({
        target: [importacaoMapeamentos.escopo, importacaoMapeamentos.assinatura],
        set: { mapeamento, atualizadoEm: sql`now()` },
      });
  });
  return buscarImportacao(db, user, id);
}

// ── Execution ──────────────────────────────────────────────────────────────────────────────────

export interface Enfileirador {
  jobs: { boss: { send(name: string, data: object, options: object): Promise<string | null> } };
}

/**
 * POST /api/importacoes/:id/executar: refused unless the preview was made with these choices and
 * keeps within the plan; marks the import `importando` and queues its job in one transaction.
 */
export async function executarImportacao(
  { db, jobs }: { db: Db } & Enfileirador,
  user: SessionUser,
  id: string,
  { existentes, enviarEmails }: ExecutarImportacaoEntrada,
): Promise<ImportacaoApiNoServidor> {
  const imp = await lerImportacao(db, user, id);
  if (imp.status === 'importando' || imp.status === 'concluida') throw erro('importacaoJaIniciada');
  if (imp.status !== 'validada' || !imp.previa || imp.existentes !== existentes) throw erro('previaPendente');
  const previa = imp.previa as unknown as PreviaDaImportacao;
  if (imp.limitada && imp.empresaId) {
    const limite = await limiteDaEmpresa(db, imp.empresaId);
    if (limite && limite.atuais + previa.novos > limite.max)
      throw erro('limiteDoPlanoNaImportacao', limite.nome, limite.max);
  }
  const ator = { ...atorDoUsuario(user), email: user.tipo === 'admin' ? null : user.email };
  await db.transaction(async (tx) => {
    const [marcada] = await tx
      .update(importacoes)
      .set({ status: 'importando', enviarEmails, ator, atualizadoEm: sql`now()` })
      .where(and(eq(importacoes.id, id), eq(importacoes.status, 'validada')))
      .returning({ id: importacoes.id });
    if (!marcada) throw erro('importacaoJaIniciada');
    await jobs.boss.send(
      executarImportacaoJob.name,
      { importacaoId: id },
      { db: fromDrizzle(tx as never, sql as never), singletonKey: id },
    );
  });
  return buscarImportacao(db, user, id);
}

export interface Processamento {
  db: Db;
  email: Pick<EmailService, 'enqueue'>;
  publicUrl: string;
  hoje: () => string;
}

type Resultado = 'importado' | 'atualizado' | 'pulado' | 'erro';

/**
 * The job: batches of 500 rows until the import is done. Each batch is one transaction that
 * writes its laudos, their audit entries and e-mails, the rows' outcomes and the cursor; a crash
 * (or a retry) resumes at the cursor with nothing doubled.
 */
export async function processarImportacao(p: Processamento, id: string): Promise<void> {
  while (await processarLote(p, id));
}

/** One batch; whether there is more to do. */
export async function processarLote(
  { db, email, publicUrl, hoje }: Processamento,
  id: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [imp] = await tx.select().from(importacoes).where(eq(importacoes.id, id)).for('update');
    if (imp?.status !== 'importando') return false;
    const previa = imp.previa as unknown as PreviaDaImportacao;
    const ator = imp.ator as unknown as Ator & { email: string | null };

    // The plan's limit again, under a lock on the company row: two imports (or this one and a
    // laudo made by hand) cannot both pass it. The other running imports' new laudos still to
    // come count as taken.
    if (imp.processadas === 0 && imp.limitada && imp.empresaId) {
      await tx.select({ id: empresas.id }).from(empresas).where(eq(empresas.id, imp.empresaId)).for('update');
      const limite = await limiteDaEmpresa(tx, imp.empresaId);
      if (limite) {
        const outras = await tx
          .select({ previa: importacoes.previa, importados: importacoes.importados })
          .from(importacoes)
          .where(
            and(
              eq(importacoes.empresaId, imp.empresaId),
              eq(importacoes.status, 'importando'),
              ne(importacoes.id, id),
              gte(importacoes.processadas, 1),
            ),
          );
        const reservados = outras.reduce(
          (s, o) => s + Math.max(0, ((o.previa as { novos?: number } | null)?.novos ?? 0) - o.importados),
          0,
        );
        if (limite.atuais + reservados + previa.novos > limite.max) {
          await tx
            .update(importacoes)
            .set({
              status: 'falhou',
              falha: ERROS.limiteDoPlanoNaImportacao.message(limite.nome, limite.max),
              atualizadoEm: sql`now()`,
            })
            .where(eq(importacoes.id, id));
          return false;
        }
      }
    }

    const linhas = await tx
      .select()
      .from(importacaoLinhas)
      .where(and(eq(importacaoLinhas.importacaoId, id), gte(importacaoLinhas.ordem, imp.processadas)))
      .orderBy(asc(importacaoLinhas.ordem))
      .limit(LOTE_DA_IMPORTACAO);

    const ctx = await contextoDe(tx, imp, ator.email);
    const indices = indicesDe(imp.colunas, imp.mapeamento as MapeamentoDaImportacao);
    const errosDaPrevia = new Map<number, string>();
    for (const e of previa.erros) if (!errosDaPrevia.has(e.linha)) errosDaPrevia.set(e.linha, e.mensagem);

    const desfechos: { ordem: number; resultado: Resultado; mensagem: string | null }[] = [];
    const validas: { ordem: number; dados: DadosDaLinha }[] = [];
    for (const l of linhas) {
      const daPrevia = errosDaPrevia.get(l.linha);
      const lida = lerLinha(l.valores, indices, ctx);
      const mensagem = daPrevia ?? lida.erros[0]?.mensagem;
      if (mensagem) desfechos.push({ ordem: l.ordem, resultado: 'erro', mensagem });
      else validas.push({ ordem: l.ordem, dados: lida.dados });
    }
    const existentes = await laudosPorCodigo(
      tx,
      validas.map((v) => v.dados.codigo),
      true,
    );
    const inserir: { ordem: number; dados: DadosDaLinha }[] = [];
    const atualizar: { ordem: number; dados: DadosDaLinha; laudoId: string }[] = [];
    for (const v of validas) {
      const ex = existentes.get(v.dados.codigo);
      if (!ex) inserir.push(v);
      else if (imp.existentes === 'pular')
        desfechos.push({ ordem: v.ordem, resultado: 'pulado', mensagem: null });
      else if (ex.empresaId && ex.empresaId === v.dados.empresa?.id) atualizar.push({ ...v, laudoId: ex.id });
      else desfechos.push({ ordem: v.ordem, resultado: 'erro', mensagem: MENSAGENS_DA_LINHA.outraEmpresa });
    }

    const entradas: EntradaDeAuditoria[] = [];
    const base = { entidade: 'laudo', detalhes: { importacaoId: id } } as const;
    let importados = 0;
    let atualizados = 0;
    if (inserir.length > 0) {
      const criados = await tx
        .insert(laudos)
        .values(
          inserir.map(({ dados: d }) => ({
            nome: d.nome,
            codigo: d.codigo,
            tipo: d.tipo,
            cliente: d.empresa!.nome,
            empresaId: d.empresa!.id,
            emailCliente: d.emailCliente,
            observacoes: d.observacoes,
            dataVencimento: d.dataVencimento,
            criadoPor: ator.tipo === 'usuario' ? ator.id : null,
          })),
        )
        .returning();
      importados = criados.length;
      for (const c of criados) {
        entradas.push({
          ...base,
          empresaId: c.empresaId,
          entidadeId: c.id,
          acao: 'criou',
          depois: c,
        });
        if (imp.enviarEmails && c.emailCliente) {
          await email.enqueue(tx, {
            type: 'laudo_criado',
            to: c.emailCliente,
            laudoId: c.id,
            userId: ator.tipo === 'usuario' ? ator.id : null,
            empresaId: c.empresaId,
            variables: variaveisDoLaudo(c, { hoje: hoje(), publicUrl }),
          });
        }
      }
      for (const v of inserir) desfechos.push({ ordem: v.ordem, resultado: 'importado', mensagem: null });
    }
    for (const a of atualizar) {
      const d = a.dados;
      const [antes] = await tx.select().from(laudos).where(eq(laudos.id, a.laudoId));
      const set = {
        nome: d.nome,
        tipo: d.tipo,
        ...(d.dataVencimento ? { dataVencimento: d.dataVencimento } : {}),
        ...(d.emailNaCelula && d.emailCliente ? { emailCliente: d.emailCliente } : {}),
        ...(d.observacoes ? { observacoes: d.observacoes } : {}),
      };
      const campos = camposAlterados('laudo', antes, { ...antes, ...set });
      if (campos) {
        await tx
          .update(laudos)
          .set({ ...set, atualizadoEm: sql`now()` })
          .where(eq(laudos.id, a.laudoId));
        entradas.push({
          ...base,
          empresaId: antes!.empresaId,
          entidadeId: a.laudoId,
          acao: 'alterou',
          antes,
          depois: { ...antes, ...set },
        });
      }
      atualizados++;
      desfechos.push({ ordem: a.ordem, resultado: 'atualizado', mensagem: null });
    }
    await registrarAuditorias(
      tx,
      { tipo: ator.tipo, id: ator.id, nome: ator.nome, papel: ator.papel, origem: ator.origem },
      entradas,
    );

    if (desfechos.length > 0) {
      await tx.execute(sql`
        update ${importacaoLinhas} set resultado = d.resultado, mensagem = d.mensagem
        from (select unnest(${sql.param(desfechos.map((d) => d.ordem))}::int[]) as ordem,
                     unnest(${sql.param(desfechos.map((d) => d.resultado))}::text[]) as resultado,
                     unnest(${sql.param(desfechos.map((d) => d.mensagem))}::text[]) as mensagem) as d
        where ${importacaoLinhas.importacaoId} = ${id} and ${importacaoLinhas.ordem} = d.ordem`);
    }
    const processadas = imp.processadas + linhas.length;
    const acabou = linhas.length < LOTE_DA_IMPORTACAO || processadas >= imp.total;
    const totais = {
      importados: imp.importados + importados,
      atualizados: imp.atualizados + atualizados,
      pulados: imp.pulados + desfechos.filter((d) => d.resultado === 'pulado').length,
      erros: imp.erros + desfechos.filter((d) => d.resultado === 'erro').length,
    };
    await tx
      .update(importacoes)
      .set({ processadas, ...totais, ...(acabou ? { status: 'concluida' } : {}), atualizadoEm: sql`now()` })
      .where(eq(importacoes.id, id));
    // One notice in the bell for the company's people (not one per laudo), as the import ends.
    if (acabou && totais.importados + totais.atualizados > 0) {
      const empresasTocadas = imp.empresaId
        ? [imp.empresaId]
        : await empresasDasLinhasGravadas(tx, id, indices, ctx);
      for (const empresaId of empresasTocadas)
        await avisar(
          tx,
          { empresaId, exceto: ator.tipo === 'usuario' ? ator.id : null },
          {
            tipo: 'laudo_novo',
            titulo: 'Laudos importados',
            texto: `${totais.importados} laudos importados e ${totais.atualizados} atualizados da planilha ${imp.nomeArquivo}.`,
            link: '/laudos',
          },
        );
    }
    return !acabou;
  });
}

/** The companies of an import "pela coluna Empresa" whose laudos it wrote. */
async function empresasDasLinhasGravadas(
  tx: DbOrTx,
  id: string,
  indices: Partial<Record<CampoDaImportacao, number>>,
  ctx: Contexto,
): Promise<string[]> {
  const gravadas = await tx
    .select({ valores: importacaoLinhas.valores })
    .from(importacaoLinhas)
    .where(
      and(
        eq(importacaoLinhas.importacaoId, id),
        inArray(importacaoLinhas.resultado, ['importado', 'atualizado']),
      ),
    );
  const ids = new Set<string>();
  for (const g of gravadas) {
    const empresa = lerLinha(g.valores, indices, ctx).dados.empresa;
    if (empresa) ids.add(empresa.id);
  }
  return [...ids];
}

/** A failure the job gave up on: the import says so (the rows written so far stay). */
export async function marcarFalha(db: Db, id: string, mensagem: string): Promise<void> {
  await db
    .update(importacoes)
    .set({ status: 'falhou', falha: mensagem, atualizadoEm: sql`now()` })
    .where(and(eq(importacoes.id, id), eq(importacoes.status, 'importando')));
}

// ── Report ─────────────────────────────────────────────────────────────────────────────────────

const RESULTADOS: Record<Resultado, string> = {
  importado: 'Importado',
  atualizado: 'Atualizado',
  pulado: 'Pulado',
  erro: 'Erro',
};

/** GET /api/importacoes/:id/relatorio.csv: one line per data row (`;`, BOM, CRLF). */
export async function relatorioDaImportacao(db: DbOrTx, user: SessionUser, id: string): Promise<string> {
  const imp = await lerImportacao(db, user, id);
  const previa = imp.previa as unknown as PreviaDaImportacao | null;
  const errosDaPrevia = new Map<number, string>();
  for (const e of previa?.erros ?? [])
    if (!errosDaPrevia.has(e.linha)) errosDaPrevia.set(e.linha, e.mensagem);
  const mapeamento = imp.mapeamento as MapeamentoDaImportacao;
  const iCodigo = mapeamento.codigo ? imp.colunas.indexOf(mapeamento.codigo) : -1;
  const linhas = await db
    .select()
    .from(importacaoLinhas)
    .where(eq(importacaoLinhas.importacaoId, id))
    .orderBy(asc(importacaoLinhas.ordem));
  let csv = '\uFEFFLinha;Código;Resultado;Mensagem\r\n';
  for (const l of linhas) {
    const resultado = l.resultado
      ? RESULTADOS[l.resultado as Resultado]
      : errosDaPrevia.has(l.linha)
        ? 'Erro'
        : 'Pendente';
    const mensagem = l.mensagem ?? errosDaPrevia.get(l.linha) ?? '';
    const codigo = iCodigo >= 0 ? (l.valores[iCodigo] ?? '') : '';
    csv += `${[l.linha, codigo, resultado, mensagem].map(celulaCsv).join(';')}\r\n`;
  }
  return csv;
}
