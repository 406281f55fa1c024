import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/session.ts';
import type { DbOrTx } from '../db/client.ts';
import { auditoria } from '../db/schema.ts';

/** Where a request came from: written with each entry it causes. */
export interface Origem {
  ip: string | null;
  userAgent: string | null;
}

/** Who did it: a person, an API key (as its company's gestor), or the system's own jobs. */
export interface Ator {
  tipo: 'usuario' | 'chave_api' | 'sistema';
  id: string | null;
  nome: string | null;
  papel: string | null;
  origem: Origem;
}

/** The request's address and browser, as the routes see them (request.ip honours TRUST_PROXY). */
export function origemDoPedido(request: Pick<FastifyRequest, 'ip' | 'headers'>): Origem {
  const ua = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
}

const SEM_ORIGEM: Origem = { ip: null, userAgent: null };

/** The request's caller as an actor: the API key when it is one, else the person and their role. */
export function atorDoUsuario(
  user: Pick<SessionUser, 'id' | 'nome' | 'tipo' | 'papel' | 'chaveApi' | 'empresaId'> & { origem?: Origem },
): Ator {
  if (user.chaveApi)
    return {
      tipo: 'chave_api',
      id: user.chaveApi.id,
      nome: user.chaveApi.nome,
      papel: 'gestor',
      origem: user.origem ?? SEM_ORIGEM,
    };
  return {
    tipo: 'usuario',
    id: user.id,
    nome: user.nome,
    papel: user.tipo === 'admin' ? 'admin' : user.empresaId ? user.papel : 'cliente',
    origem: user.origem ?? SEM_ORIGEM,
  };
}

/** The background jobs (retention, reminders): no person, no address. */
export const ATOR_SISTEMA: Ator = {
  tipo: 'sistema',
  id: null,
  nome: 'Sistema',
  papel: null,
  origem: SEM_ORIGEM,
};

/**
 * The fields each entity's entries may carry, old and new value. An allow-list, not a deny-list:
 * a column added later (a hash, a token, a TOTP secret) stays out of the log until someone puts
 * it here on purpose (decision 046).
 */
export const CAMPOS_AUDITADOS = {
  laudo: [
    'nome',
    'codigo',
    'tipo',
    'cliente',
    'empresaId',
    'emailCliente',
    'observacoes',
    'dataVencimento',
    'status',
    'versao',
  ],
  arquivo: ['tipo', 'nome'],
  versao: ['versao', 'dataVencimento'],
  usuario: [
    'nome',
    'email',
    'tipo',
    'papel',
    'empresaId',
    'ativo',
    'telefone',
    'planoId',
    'doisFatores',
    'receberLembretes',
  ],
  empresa: [
    'nomeFantasia',
    'razaoSocial',
    'cnpj',
    'endereco',
    'emailContato',
    'telefone',
    'ativo',
    'planoId',
  ],
  chave_api: ['nome'],
  convite: ['email', 'papel', 'nome'],
  // A renewal request as the client asked for it (the one-click reminder's form), then its stage.
  renovacao: ['estagio', 'periodo', 'contato', 'observacao'],
  // A reminder's "ciente" (or any other one-click answer): which kind, for which due date.
  resposta: ['tipo', 'dataVencimento'],
  // An e-mail template's text is the firm's, not a secret: subject and bodies, old and new.
  template: ['name', 'subject', 'htmlContent', 'textContent', 'active'],
  regra: [
    'name',
    'enabled',
    'daysBefore',
    'daysAfter',
    'templateType',
    'runTime',
    'frequency',
    'weekday',
    'pararAposResposta',
    'tipos',
    'resumo',
    'escalarAposDias',
  ],
  // A person's request to join a company (the sign-up's company name or CNPJ), and its outcome.
  pedido_empresa: ['nome', 'cnpj', 'status', 'empresaId', 'papel'],
  plano: [
    'nome',
    'preco',
    'maxLaudos',
    'maxUsuarios',
    'ativo',
    'padrao',
    'notificacoes',
    'whatsappAlerts',
    'emailSupport',
    'prioritySupport',
    'customReports',
    'apiAccess',
    'dataExport',
    'customBranding',
  ],
  sessao: [],
  // Every setting is the firm's to read; a secret added to the settings later stays out until listed.
  configuracoes: [
    'mode',
    'notifications.email',
    'notifications.whatsapp',
    'notifications.sms',
    'notifications.tiposObrigatorios',
    'features.fileUpload',
    'features.pdfViewer',
    'features.excelViewer',
    'features.multipleUsers',
    'branding.companyName',
    'branding.primaryColor',
    'branding.logo',
    'contact.email',
    'contact.phone',
    'contact.whatsapp',
    'contact.address',
    'contact.website',
    'limits.maxFileSizeMb',
    'limits.maxLaudosPerClient',
    'limits.maxUsers',
    'security.requireTwoFactorForAdmins',
    'whatsapp.modeloAntes',
    'whatsapp.modeloDepois',
    'whatsapp.modeloConfirmacao',
    'whatsapp.modeloResumo',
    'plans.recommendedPlanId',
    'auditoria.retencaoDias',
  ],
  equipamento: [
    'tipo',
    'tag',
    'descricao',
    'estabelecimento',
    'localizacao',
    'pressaoOperacaoKpa',
    'pressaoMaximaKpa',
    'volumeM3',
    'fluido',
    'classeFluido',
    'spie',
    'opcoes',
    'placa',
    'dataInstalacao',
    'protegeId',
    'ativo',
    'categoria',
  ],
  inspecao: ['tipo', 'exames', 'dataFim', 'phNome', 'phCrea', 'resultado', 'proximasPlanejadas', 'laudoId'],
  prorrogacao: ['exame', 'tipo', 'meses', 'justificativa', 'phNome', 'phCrea', 'status'],
  evento_equipamento: ['tipo', 'data', 'descricao', 'exigeInspecao'],
  // A laudo type of the admin's list (decision 049): its default period and the exam it stands for.
  tipo_laudo: ['nome', 'descricao', 'ativo', 'ordem', 'periodoMeses', 'exame'],
  auditoria: [],
} as const satisfies Record<string, readonly string[]>;

export type Entidade = keyof typeof CAMPOS_AUDITADOS;

/** A nested document as `{ 'secao.campo': valor }` (the settings' shape for `campos`). */
export function achatar(doc: object, prefixo = ''): Record<string, unknown> {
  const plano: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) {
    const chave = prefixo ? `${prefixo}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(plano, achatar(v, chave));
    else plano[chave] = v;
  }
  return plano;
}

/** Keys a `detalhes` object may never carry, whatever a caller passes (a second fence). */
const SEGREDO = /senha|password|token|secret|segredo|hash|totp|backup|chave_?api_?completa/i;

export interface EntradaDeAuditoria {
  entidade: Entidade;
  entidadeId: string | null;
  acao: string;
  /** The company it concerns (a client sees its laudos' entries by it). */
  empresaId: string | null;
  /** The record before and after: only CAMPOS_AUDITADOS[entidade] that differ are kept. */
  antes?: Record<string, unknown> | null;
  depois?: Record<string, unknown> | null;
  detalhes?: Record<string, unknown>;
}

/**
 * A value as jsonb keeps it: dates as ISO text, and no NUL character (PostgreSQL's jsonb refuses
 * `\u0000`, and a typed e-mail of a refused sign-in may carry one: the entry must still be written).
 */
function normalizar(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') return v.replaceAll('\u0000', '');
  if (Array.isArray(v)) return v.map(normalizar);
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replaceAll('\u0000', ''), normalizar(x)]));
  return v === undefined ? null : v;
}

/** `{campo: {de, para}}` of the allow-listed fields that changed; null when none did. */
export function camposAlterados(
  entidade: Entidade,
  antes: Record<string, unknown> | null | undefined,
  depois: Record<string, unknown> | null | undefined,
): Record<string, { de: unknown; para: unknown }> | null {
  const campos: Record<string, { de: unknown; para: unknown }> = {};
  for (const campo of CAMPOS_AUDITADOS[entidade] as readonly string[]) {
    const temAntes = antes != null && campo in antes;
    const temDepois = depois != null && campo in depois;
    if (!temAntes && !temDepois) continue;
    const de = normalizar(antes?.[campo]);
    const para = normalizar(depois?.[campo]);
    if (JSON.stringify(de) !== JSON.stringify(para)) campos[campo] = { de, para };
  }
  return Object.keys(campos).length > 0 ? campos : null;
}

function semSegredos(detalhes: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!detalhes) return null;
  const limpo = normalizar(
    Object.fromEntries(Object.entries(detalhes).filter(([k]) => !SEGREDO.test(k))),
  ) as Record<string, unknown>;
  return Object.keys(limpo).length > 0 ? limpo : null;
}

/**
 * Writes one entry with the caller's handle: inside the change's transaction, so a change that
 * fails (rolls back) leaves no entry, and an entry never claims a change that did not happen.
 */
export async function registrarAuditoria(tx: DbOrTx, ator: Ator, entrada: EntradaDeAuditoria): Promise<void> {
  await tx
    .insert(auditoria)
    .values(
      linhaDeAuditoria(ator, entrada, camposAlterados(entrada.entidade, entrada.antes, entrada.depois)),
    );
}

/**
 * An update's entry (`acao` 'alterou' unless told): written only when an allow-listed field changed,
 * so a save that changed nothing (or only a timestamp) is no entry. Returns whether it wrote one.
 */
export async function registrarAlteracao(
  tx: DbOrTx,
  ator: Ator,
  entrada: Omit<EntradaDeAuditoria, 'acao'> & { acao?: string },
): Promise<boolean> {
  const campos = camposAlterados(entrada.entidade, entrada.antes, entrada.depois);
  if (!campos) return false;
  await tx
    .insert(auditoria)
    .values(linhaDeAuditoria(ator, { ...entrada, acao: entrada.acao ?? 'alterou' }, campos));
  return true;
}

/**
 * Many entries of one actor in one statement, with the same allow-list and fence as one entry:
 * a batch of a spreadsheet import (decision 047) writes its laudos' entries at once.
 */
export async function registrarAuditorias(
  tx: DbOrTx,
  ator: Ator,
  entradas: readonly EntradaDeAuditoria[],
): Promise<void> {
  for (let i = 0; i < entradas.length; i += 1000)
    await tx
      .insert(auditoria)
      .values(
        entradas
          .slice(i, i + 1000)
          .map((e) => linhaDeAuditoria(ator, e, camposAlterados(e.entidade, e.antes, e.depois))),
      );
}

function linhaDeAuditoria(
  ator: Ator,
  entrada: EntradaDeAuditoria,
  campos: ReturnType<typeof camposAlterados>,
): typeof auditoria.$inferInsert {
  return {
    atorTipo: ator.tipo,
    atorId: ator.id,
    atorNome: ator.nome,
    atorPapel: ator.papel,
    ip: ator.origem.ip,
    userAgent: ator.origem.userAgent,
    empresaId: entrada.empresaId,
    entidade: entrada.entidade,
    entidadeId: entrada.entidadeId,
    acao: entrada.acao,
    campos,
    detalhes: semSegredos(entrada.detalhes),
  };
}
