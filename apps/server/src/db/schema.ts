import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One schema for both engines (PGlite and PostgreSQL). Migrations are generated from it by
 * drizzle-kit into ../../drizzle and applied at start-up.
 */

const timestamps = {
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
};

// ---------------------------------------------------------------------------------------------
// Authentication (Better Auth's tables; the product's profile is `usuarios`)
// ---------------------------------------------------------------------------------------------

export const authUser = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authSession = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

export const authAccount = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_account_user_idx').on(t.userId),
    uniqueIndex('auth_account_provider_uq').on(t.providerId, t.accountId),
  ],
);

export const authVerification = pgTable(
  'auth_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_verification_identifier_idx').on(t.identifier)],
);

export const authTwoFactor = pgTable(
  'auth_two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(false),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('auth_two_factor_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Product tables (spec section 3)
// ---------------------------------------------------------------------------------------------

export const planos = pgTable(
  'planos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    descricao: text('descricao'),
    preco: numeric('preco', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    ativo: boolean('ativo').notNull().default(true),
    /** The plan given to new sign-ups; at most one plan has it. */
    padrao: boolean('padrao').notNull().default(false),
    maxLaudos: integer('max_laudos').notNull().default(100),
    maxUsuarios: integer('max_usuarios').notNull().default(50),
    notificacoes: boolean('notificacoes').notNull().default(true),
    whatsappAlerts: boolean('whatsapp_alerts').notNull().default(false),
    emailSupport: boolean('email_support').notNull().default(true),
    prioritySupport: boolean('priority_support').notNull().default(false),
    customReports: boolean('custom_reports').notNull().default(false),
    apiAccess: boolean('api_access').notNull().default(false),
    dataExport: boolean('data_export').notNull().default(false),
    customBranding: boolean('custom_branding').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('planos_nome_uq').on(sql`lower(${t.nome})`),
    uniqueIndex('planos_padrao_uq').on(t.padrao).where(sql`${t.padrao}`),
    index('planos_preco_idx').on(t.preco),
    check('planos_preco_ck', sql`${t.preco} >= 0`),
    check('planos_limites_ck', sql`${t.maxLaudos} >= 0 and ${t.maxUsuarios} >= 0`),
  ],
);

export const tipoUsuario = pgEnum('tipo_usuario', ['admin', 'cliente']);
export const papelNaEmpresa = pgEnum('papel_empresa', ['gestor', 'membro']);

/**
 * Client companies (issue 17): a company has people, a plan and its laudos. `nome_fantasia` is the
 * name shown everywhere (the spec's `cliente` of a laudo and `empresa` of a user).
 */
export const empresas = pgTable(
  'empresas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    razaoSocial: text('razao_social').notNull(),
    nomeFantasia: text('nome_fantasia').notNull(),
    /** 14 digits (check digits verified), or null. */
    cnpj: text('cnpj'),
    endereco: text('endereco'),
    emailContato: text('email_contato'),
    telefone: text('telefone'),
    planoId: uuid('plano_id').references(() => planos.id, { onDelete: 'set null' }),
    ativo: boolean('ativo').notNull().default(true),
    /** The company's logo (plan feature `custom_branding`): a storage key of a re-encoded PNG. */
    marcaLogoKey: text('marca_logo_key'),
    /** The company's colour, #rrggbb (plan feature `custom_branding`). */
    marcaCor: text('marca_cor'),
    ...timestamps,
  },
  (t) => [
    check('empresas_marca_cor_ck', sql`${t.marcaCor} is null or ${t.marcaCor} ~ '^#[0-9a-f]{6}$'`),
    uniqueIndex('empresas_cnpj_uq').on(t.cnpj).where(sql`${t.cnpj} is not null`),
    index('empresas_nome_idx').on(sql`lower(${t.nomeFantasia})`),
    index('empresas_plano_idx').on(t.planoId),
    check('empresas_cnpj_ck', sql`${t.cnpj} is null or ${t.cnpj} ~ '^[0-9]{14}$'`),
  ],
);

export const usuarios = pgTable(
  'usuarios',
  {
    /** Same id as the authentication user: one profile per account. */
    id: text('id')
      .primaryKey()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    tipo: tipoUsuario('tipo').notNull().default('cliente'),
    /** The client company the person belongs to; laudos are scoped by it (laudos/service.ts). */
    empresaId: uuid('empresa_id').references(() => empresas.id, { onDelete: 'set null' }),
    papel: papelNaEmpresa('papel').notNull().default('membro'),
    /** Whether the person receives the reminders of the company's laudos; null = gestores do. */
    receberLembretes: boolean('receber_lembretes'),
    telefone: text('telefone'),
    ativo: boolean('ativo').notNull().default(true),
    primeiroAcesso: boolean('primeiro_acesso').notNull().default(false),
    /**
     * The spec's temp_password. The temporary password itself is never stored: only its hash, as
     * the account's password. This records when it stops being accepted.
     */
    senhaTemporariaExpiraEm: timestamp('senha_temporaria_expira_em', { withTimezone: true }),
    /** The plan of a person with no company (with one, the company's plan applies). */
    planoId: uuid('plano_id').references(() => planos.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('usuarios_email_uq').on(sql`lower(${t.email})`),
    index('usuarios_empresa_idx').on(t.empresaId),
    index('usuarios_plano_idx').on(t.planoId),
  ],
);

/** A client's request to join a company (by name and/or CNPJ), resolved by an admin. */
export const pedidosEmpresa = pgTable(
  'pedidos_empresa',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    usuarioId: text('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    nome: text('nome'),
    cnpj: text('cnpj'),
    status: text('status', { enum: ['pendente', 'aprovado', 'recusado'] })
      .notNull()
      .default('pendente'),
    resolvidoPor: text('resolvido_por').references(() => authUser.id, { onDelete: 'set null' }),
    resolvidoEm: timestamp('resolvido_em', { withTimezone: true }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One pending request per person (a new one replaces it).
    uniqueIndex('pedidos_empresa_pendente_uq').on(t.usuarioId).where(sql`${t.status} = 'pendente'`),
    index('pedidos_empresa_status_idx').on(t.status, t.criadoEm),
    check('pedidos_empresa_algo_ck', sql`${t.nome} is not null or ${t.cnpj} is not null`),
  ],
);

/**
 * An invitation to join a company's team: a link valid 7 days, its token stored only as a
 * SHA-256 hash. Pending = not accepted, not cancelled and not expired.
 */
export const convites = pgTable(
  'convites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    empresaId: uuid('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    nome: text('nome'),
    papel: papelNaEmpresa('papel').notNull().default('membro'),
    tokenHash: text('token_hash').notNull(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    criadoPor: text('criado_por').references(() => authUser.id, { onDelete: 'set null' }),
    aceitoEm: timestamp('aceito_em', { withTimezone: true }),
    canceladoEm: timestamp('cancelado_em', { withTimezone: true }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('convites_token_uq').on(t.tokenHash),
    // One open invitation per company and address (resending renews it).
    uniqueIndex('convites_aberto_uq')
      .on(t.empresaId, sql`lower(${t.email})`)
      .where(sql`${t.aceitoEm} is null and ${t.canceladoEm} is null`),
    index('convites_empresa_idx').on(t.empresaId),
  ],
);

/**
 * A company's API key (issue 18, decision 024): the key is shown once at creation and only its
 * SHA-256 is kept; `prefixo` (its first characters) tells keys apart in the list. Revoked keys stay
 * listed. A key reaches only the routes that opt in (`config.chaveApi`).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    empresaId: uuid('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    prefixo: text('prefixo').notNull(),
    hash: text('hash').notNull(),
    criadoPor: text('criado_por').references(() => authUser.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    ultimoUsoEm: timestamp('ultimo_uso_em', { withTimezone: true }),
    revogadoEm: timestamp('revogado_em', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.hash), index('api_keys_empresa_idx').on(t.empresaId)],
);

/** Report types (spec section 1), a list the admin can extend. */
export const tiposLaudo = pgTable(
  'tipos_laudo',
  {
    nome: text('nome').primaryKey(),
    descricao: text('descricao'),
    ativo: boolean('ativo').notNull().default(true),
    ordem: integer('ordem').notNull().default(100),
    /** The default period in months (decision 049): a new laudo's date is today plus it. */
    periodoMeses: integer('periodo_meses'),
    /** The NR-13 exam the type stands for (decision 049): the registry's laudos of it take this type. */
    exame: text('exame'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tipos_laudo_periodo_ck', sql`${t.periodoMeses} is null or ${t.periodoMeses} between 1 and 120`),
    check(
      'tipos_laudo_exame_ck',
      sql`${t.exame} is null or ${t.exame} in ('externo', 'interno', 'seguranca', 'periodica', 'extraordinaria')`,
    ),
    uniqueIndex('tipos_laudo_exame_ativo_uq').on(t.exame).where(sql`${t.ativo} and ${t.exame} is not null`),
  ],
);

export const laudos = pgTable(
  'laudos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    codigo: text('codigo').notNull(),
    /**
     * The company's name when `empresa_id` is set (kept in step by the companies module: the
     * spec's `cliente` field), or the free text an admin typed for a laudo with no company.
     */
    cliente: text('cliente').notNull(),
    /** The client company the laudo belongs to: the scope of its people (laudos/service.ts). */
    empresaId: uuid('empresa_id').references(() => empresas.id, { onDelete: 'set null' }),
    tipo: text('tipo')
      .notNull()
      .references(() => tiposLaudo.nome, { onUpdate: 'cascade', onDelete: 'restrict' }),
    observacoes: text('observacoes'),
    /** Workflow status; the expiry classification is always computed from data_vencimento. */
    status: text('status').notNull().default('ativo'),
    emailCliente: text('email_cliente'),
    /** A calendar date in the firm's time zone, never a timestamp. */
    dataVencimento: date('data_vencimento', { mode: 'string' }),
    criadoPor: text('criado_por').references(() => authUser.id, { onDelete: 'set null' }),
    /** The API key that created it, when a script did (its name is shown as the author). */
    criadoPorChaveApi: uuid('criado_por_chave_api').references(() => apiKeys.id, { onDelete: 'set null' }),
    arquivoPdf: text('arquivo_pdf'),
    arquivoPdfNome: text('arquivo_pdf_nome'),
    arquivoPdfUrl: text('arquivo_pdf_url'),
    arquivoExcel: text('arquivo_excel'),
    arquivoExcelNome: text('arquivo_excel_nome'),
    arquivoExcelUrl: text('arquivo_excel_url'),
    /** The current version's number (decision 030): 1, then +1 at each renewal (`laudo_versoes`). */
    versao: integer('versao').notNull().default(1),
    /** When and by whom the current version was issued by a renewal; null while it is version 1 (criado_em/criado_por). */
    versaoEmitidaEm: timestamp('versao_emitida_em', { withTimezone: true }),
    versaoEmitidaPor: text('versao_emitida_por').references(() => authUser.id, { onDelete: 'set null' }),
    /**
     * An NR-13 exam's laudo (issue 23, decision 048): the equipment and exam whose next date it
     * carries, kept in step by the registry (`recalcularEquipamento`); null for every other laudo.
     */
    equipamentoId: uuid('equipamento_id').references((): AnyPgColumn => equipamentos.id, {
      onDelete: 'set null',
    }),
    exame: text('exame'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('laudos_codigo_uq').on(t.codigo),
    uniqueIndex('laudos_equipamento_exame_uq')
      .on(t.equipamentoId, t.exame)
      .where(sql`${t.equipamentoId} is not null`),
    index('laudos_data_vencimento_idx').on(t.dataVencimento),
    index('laudos_cliente_idx').on(sql`lower(btrim(${t.cliente}))`),
    index('laudos_empresa_idx').on(t.empresaId),
    index('laudos_email_cliente_idx').on(sql`lower(btrim(${t.emailCliente}))`),
    index('laudos_criado_em_idx').on(t.criadoEm),
  ],
);

/**
 * A laudo's earlier versions (decision 030): what the `laudos` row was before each renewal, with
 * its files (kept: they belong to the version; deleted with the laudo). The `laudos` row stays the
 * current version, so lists, dashboards, reminders and exports read only it.
 */
export const laudoVersoes = pgTable(
  'laudo_versoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    laudoId: uuid('laudo_id')
      .notNull()
      .references(() => laudos.id, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    codigo: text('codigo').notNull(),
    dataVencimento: date('data_vencimento', { mode: 'string' }),
    observacoes: text('observacoes'),
    arquivoPdf: text('arquivo_pdf'),
    arquivoPdfNome: text('arquivo_pdf_nome'),
    arquivoExcel: text('arquivo_excel'),
    arquivoExcelNome: text('arquivo_excel_nome'),
    /** Who issued this version, and when (the laudo's creation for version 1). */
    emitidoEm: timestamp('emitido_em', { withTimezone: true }).notNull(),
    emitidoPor: text('emitido_por').references(() => authUser.id, { onDelete: 'set null' }),
    /** Who renewed it into the next version, and when. */
    renovadoEm: timestamp('renovado_em', { withTimezone: true }).notNull().defaultNow(),
    renovadoPor: text('renovado_por').references(() => authUser.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('laudo_versoes_laudo_numero_uq').on(t.laudoId, t.numero)],
);

// ---------------------------------------------------------------------------------------------
// The NR-13 equipment registry (issue 23, decision 048). The rules are in packages/domain/src/nr13.ts;
// `equipamento_exames` holds each exam's computed next date (recomputed in the transaction of every
// change that moves it), so lists, filters and reminders read dates, not rules.
// ---------------------------------------------------------------------------------------------

export const equipamentos = pgTable(
  'equipamentos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    empresaId: uuid('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    tipo: text('tipo').$type<'caldeira' | 'vaso' | 'tubulacao' | 'tanque' | 'dispositivo'>().notNull(),
    tag: text('tag').notNull(),
    descricao: text('descricao'),
    estabelecimento: text('estabelecimento'),
    localizacao: text('localizacao'),
    pressaoOperacaoKpa: numeric('pressao_operacao_kpa', { mode: 'number' }),
    pressaoMaximaKpa: numeric('pressao_maxima_kpa', { mode: 'number' }),
    volumeM3: numeric('volume_m3', { mode: 'number' }),
    fluido: text('fluido'),
    classeFluido: text('classe_fluido').$type<'A' | 'B' | 'C' | 'D'>(),
    spie: boolean('spie').notNull().default(false),
    opcoes: jsonb('opcoes').$type<Record<string, boolean>>().notNull().default({}),
    placa: jsonb('placa').$type<Record<string, string | number | null>>().notNull().default({}),
    dataInstalacao: date('data_instalacao', { mode: 'string' }),
    /** A safety device: the equipment it protects. */
    protegeId: uuid('protege_id'),
    ativo: boolean('ativo').notNull().default(true),
    /** Computed: the category (I–V, A/B) and how it was found. */
    categoria: text('categoria'),
    classificacao: text('classificacao').notNull().default(''),
    /** Computed: the earliest date of its exams. */
    proximaData: date('proxima_data', { mode: 'string' }),
    criadoPor: text('criado_por').references(() => authUser.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('equipamentos_empresa_tag_uq').on(t.empresaId, sql`lower(${t.tag})`),
    index('equipamentos_proxima_idx').on(t.empresaId, t.proximaData),
    index('equipamentos_protege_idx').on(t.protegeId),
    check(
      'equipamentos_tipo_ck',
      sql`${t.tipo} in ('caldeira', 'vaso', 'tubulacao', 'tanque', 'dispositivo')`,
    ),
  ],
);

/** Piping and the vessels or boilers it connects (its deadline follows the most critical one). */
export const equipamentoConexoes = pgTable(
  'equipamento_conexoes',
  {
    tubulacaoId: uuid('tubulacao_id')
      .notNull()
      .references(() => equipamentos.id, { onDelete: 'cascade' }),
    equipamentoId: uuid('equipamento_id')
      .notNull()
      .references(() => equipamentos.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.tubulacaoId, t.equipamentoId] }),
    index('equipamento_conexoes_equipamento_idx').on(t.equipamentoId),
  ],
);

export const equipamentoInspecoes = pgTable(
  'equipamento_inspecoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    equipamentoId: uuid('equipamento_id')
      .notNull()
      .references(() => equipamentos.id, { onDelete: 'cascade' }),
    /** inicial | periodica | extraordinaria | registro_anterior (a date given at registration). */
    tipo: text('tipo').notNull(),
    exames: jsonb('exames').$type<string[]>().notNull(),
    dataInicio: date('data_inicio', { mode: 'string' }),
    dataFim: date('data_fim', { mode: 'string' }).notNull(),
    phNome: text('ph_nome'),
    phCrea: text('ph_crea'),
    resultado: text('resultado'),
    parecer: text('parecer'),
    recomendacoes: jsonb('recomendacoes')
      .$type<{ descricao: string; prazo?: string | null; responsavel?: string | null }[]>()
      .notNull()
      .default([]),
    proximasPlanejadas: jsonb('proximas_planejadas').$type<Record<string, string>>().notNull().default({}),
    laudoId: uuid('laudo_id').references(() => laudos.id, { onDelete: 'set null' }),
    criadoPor: text('criado_por').references(() => authUser.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('equipamento_inspecoes_equipamento_idx').on(t.equipamentoId, t.dataFim)],
);

export const equipamentoProrrogacoes = pgTable(
  'equipamento_prorrogacoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    equipamentoId: uuid('equipamento_id')
      .notNull()
      .references(() => equipamentos.id, { onDelete: 'cascade' }),
    exame: text('exame').notNull(),
    tipo: text('tipo').$type<'forca_maior' | 'inspecao_nao_intrusiva'>().notNull(),
    meses: integer('meses').notNull(),
    justificativa: text('justificativa').notNull(),
    phNome: text('ph_nome').notNull(),
    phCrea: text('ph_crea').notNull(),
    avisoSindicatoEm: date('aviso_sindicato_em', { mode: 'string' }),
    status: text('status').$type<'solicitada' | 'aprovada' | 'recusada'>().notNull().default('solicitada'),
    decididaPor: text('decidida_por').references(() => authUser.id, { onDelete: 'set null' }),
    decididaEm: timestamp('decidida_em', { withTimezone: true }),
    criadoPor: text('criado_por').references(() => authUser.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('equipamento_prorrogacoes_equipamento_idx').on(t.equipamentoId)],
);

/** Idle periods, alterations, moves and accidents: what may call for an extraordinary inspection. */
export const equipamentoEventos = pgTable(
  'equipamento_eventos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    equipamentoId: uuid('equipamento_id')
      .notNull()
      .references(() => equipamentos.id, { onDelete: 'cascade' }),
    tipo: text('tipo')
      .$type<'parada' | 'retorno' | 'alteracao' | 'mudanca_de_local' | 'acidente'>()
      .notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    descricao: text('descricao'),
    exigeInspecao: boolean('exige_inspecao').notNull().default(false),
    criadoPor: text('criado_por').references(() => authUser.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('equipamento_eventos_equipamento_idx').on(t.equipamentoId, t.data)],
);

/** Each exam's computed next date, with how it was found (rewritten by `recalcularEquipamento`). */
export const equipamentoExames = pgTable(
  'equipamento_exames',
  {
    equipamentoId: uuid('equipamento_id')
      .notNull()
      .references(() => equipamentos.id, { onDelete: 'cascade' }),
    exame: text('exame').notNull(),
    intervaloMeses: integer('intervalo_meses'),
    ultimaEm: date('ultima_em', { mode: 'string' }),
    maxima: date('maxima', { mode: 'string' }),
    data: date('data', { mode: 'string' }),
    explicacao: text('explicacao').notNull(),
    prorrogacao: text('prorrogacao'),
  },
  (t) => [
    primaryKey({ columns: [t.equipamentoId, t.exame] }),
    index('equipamento_exames_data_idx').on(t.data),
  ],
);

export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    htmlContent: text('html_content').notNull(),
    textContent: text('text_content').notNull(),
    variables: jsonb('variables').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    urgencyLevel: text('urgency_level').notNull().default('normal'),
    daysBefore: integer('days_before'),
    daysAfter: integer('days_after'),
    /** Set when an admin edits the template; seeding never overwrites such a template. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_templates_type_uq').on(t.type)],
);

export const emailLogs = pgTable(
  'email_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => authUser.id, { onDelete: 'set null' }),
    laudoId: uuid('laudo_id').references(() => laudos.id, { onDelete: 'set null' }),
    recipientEmail: text('recipient_email').notNull(),
    recipientName: text('recipient_name'),
    subject: text('subject').notNull(),
    templateType: text('template_type'),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    messageId: text('message_id'),
    errorMessage: text('error_message'),
    /** Sending attempts so far; each one is also listed in metadata.attempts. */
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_logs_created_at_idx').on(t.createdAt),
    index('email_logs_status_idx').on(t.status),
    index('email_logs_laudo_idx').on(t.laudoId),
    index('email_logs_user_idx').on(t.userId),
  ],
);

/**
 * The outbox transport: messages that did not leave the machine (EMAIL_TRANSPORT=outbox, or the
 * sandbox mode), stored rendered so an admin can read exactly what would have been sent.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailLogId: uuid('email_log_id').references(() => emailLogs.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    toName: text('to_name'),
    fromAddress: text('from_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One stored message per e-mail: a retried delivery does not store it twice.
    uniqueIndex('email_outbox_email_log_uq').on(t.emailLogId),
    index('email_outbox_created_at_idx').on(t.createdAt),
    index('email_outbox_to_idx').on(sql`lower(${t.toEmail})`),
  ],
);

/** One row: the next free sending slot, shared by every instance, so pacing holds across them. */
export const emailPacing = pgTable('email_pacing', {
  id: smallint('id').primaryKey().default(1),
  nextSlot: timestamp('next_slot', { withTimezone: true }).notNull().defaultNow(),
});

export const notificationRules = pgTable(
  'notification_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable name of a seeded rule (seeding finds it by this, never overwriting an admin's edit). */
    slug: text('slug'),
    name: text('name').notNull(),
    /** 'vencendo' (before data_vencimento), 'vencido' (on and after it) or 'relatorio_mensal'. */
    kind: text('kind').notNull(),
    /** Null: the template is chosen by the days (spec section 9). */
    templateType: text('template_type'),
    daysBefore: integer('days_before').array().notNull().default(sql`'{}'::integer[]`),
    daysAfter: integer('days_after').array().notNull().default(sql`'{}'::integer[]`),
    enabled: boolean('enabled').notNull().default(true),
    /** Wall-clock time in APP_TIMEZONE. */
    runTime: time('run_time').notNull().default('09:00'),
    /** 'daily', 'weekly' (on `weekday`) or 'monthly' (on the 1st). */
    frequency: text('frequency').notNull().default('daily'),
    /** 0 = Sunday … 6 = Saturday, for weekly rules. */
    weekday: smallint('weekday').notNull().default(1),
    /**
     * After-expiry rules: no more notices once the due date was answered (issue 19). Before-expiry
     * rules always stop on an answer; this column is ignored for them.
     */
    pararAposResposta: boolean('parar_apos_resposta').notNull().default(false),
    /** The laudo types (tipos_laudo.nome) the rule applies to; empty: every type (decision 031). */
    tipos: text('tipos').array().notNull().default(sql`'{}'::text[]`),
    /**
     * "Um e-mail por destinatário": a run's due laudos of such rules go to each recipient in one
     * digest e-mail (template `resumo_lembretes`), each laudo's milestone still recorded once.
     */
    resumo: boolean('resumo').notNull().default(false),
    /**
     * After-expiry rules: days after a laudo's first after-expiry notice at which, still unanswered,
     * a copy goes to its company's gestores (template `escalonamento`); null: no escalation.
     */
    escalarAposDias: integer('escalar_apos_dias').default(7),
    /** The reference date of the last completed run: the next run covers the days after it. */
    lastRunDate: date('last_run_date', { mode: 'string' }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_rules_slug_uq').on(t.slug),
    check('notification_rules_weekday_ck', sql`${t.weekday} between 0 and 6`),
  ],
);

export const notificationLogs = pgTable(
  'notification_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    laudoId: uuid('laudo_id').references(() => laudos.id, { onDelete: 'set null' }),
    ruleId: uuid('rule_id').references(() => notificationRules.id, { onDelete: 'set null' }),
    ruleName: text('rule_name'),
    daysBefore: integer('days_before'),
    recipientEmail: text('recipient_email').notNull(),
    recipientName: text('recipient_name'),
    laudoCode: text('laudo_code'),
    laudoName: text('laudo_name'),
    status: text('status').notNull(),
    errorMessage: text('error_message'),
    notificationType: text('notification_type').notNull(),
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The e-mail carrying this notification: its delivery settles the status. */
    emailLogId: uuid('email_log_id').references(() => emailLogs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_logs_created_at_idx').on(t.createdAt),
    index('notification_logs_email_log_idx').on(t.emailLogId),
    index('notification_logs_scheduled_date_idx').on(t.scheduledDate),
    index('notification_logs_laudo_idx').on(t.laudoId),
    index('notification_logs_recipient_idx').on(sql`lower(${t.recipientEmail})`),
  ],
);

export const notificationHistory = pgTable(
  'notification_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    laudoId: uuid('laudo_id')
      .notNull()
      .references(() => laudos.id, { onDelete: 'cascade' }),
    usuarioId: text('usuario_id').references(() => authUser.id, { onDelete: 'set null' }),
    templateType: text('template_type').notNull(),
    notificationType: text('notification_type').notNull(),
    daysValue: integer('days_value').notNull(),
    /** The data_vencimento the milestone belongs to: a renewal starts a fresh series. */
    dataVencimento: date('data_vencimento', { mode: 'string' }).notNull(),
    /** The address the milestone went to (lower-case): each recipient gets each milestone once. */
    destinatario: text('destinatario').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    success: boolean('success').notNull().default(false),
    errorMessage: text('error_message'),
    emailLogId: uuid('email_log_id').references(() => emailLogs.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The exactly-once guard: one row per laudo, due date, milestone and recipient.
    uniqueIndex('notification_history_milestone_uq').on(
      t.laudoId,
      t.dataVencimento,
      t.notificationType,
      t.daysValue,
      t.destinatario,
    ),
    index('notification_history_sent_at_idx').on(t.sentAt),
    index('notification_history_email_log_idx').on(t.emailLogId),
  ],
);

/** The monthly summary (spec: on the 1st), once per client and month. */
export const monthlyReports = pgTable(
  'monthly_reports',
  {
    usuarioId: text('usuario_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    /** The first day of the month reported. */
    month: date('month', { mode: 'string' }).notNull(),
    emailLogId: uuid('email_log_id').references(() => emailLogs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.month] })],
);

/** One row per scheduler run (scheduled, manual, on resume or from the CLI): what it did. */
export const notificationRuns = pgTable(
  'notification_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    origin: text('origin').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rules: text('rules').array().notNull().default(sql`'{}'::text[]`),
    queued: integer('queued').notNull().default(0),
    alreadySent: integer('already_sent').notNull().default(0),
    withoutEmail: integer('without_email').notNull().default(0),
    /** Due reminders and monthly reports not sent: the company's plan leaves out `notificacoes`. */
    withoutPlan: integer('without_plan').notNull().default(0),
    /** Due laudos skipped because their due date was answered (renewal requested or "ciente"). */
    answered: integer('answered').notNull().default(0),
    /** Due laudos no rule of their type reached (per-type rules, decision 031). */
    outOfType: integer('out_of_type').notNull().default(0),
    /** Reminders and monthly reports not sent: the person turned that kind of e-mail off (decision 035). */
    unsubscribed: integer('unsubscribed').notNull().default(0),
    /** Due reminders not sent: the recipient's address is on the suppression list (decision 036). */
    suppressed: integer('suppressed').notNull().default(0),
    /** Digest e-mails queued (one per recipient), and the laudo milestones they listed. */
    digests: integer('digests').notNull().default(0),
    digestLaudos: integer('digest_laudos').notNull().default(0),
    /** Escalation copies queued (to gestores of expired, unanswered laudos). */
    escalations: integer('escalations').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    message: text('message'),
  },
  (t) => [index('notification_runs_started_at_idx').on(t.startedAt)],
);

/** One row: whether an admin paused the scheduler, and its last check (shared by every instance). */
export const schedulerState = pgTable(
  'scheduler_state',
  {
    id: smallint('id').primaryKey().default(1),
    paused: boolean('paused').notNull().default(false),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedBy: text('paused_by'),
    lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
  },
  (t) => [check('scheduler_state_singleton_ck', sql`${t.id} = 1`)],
);

/**
 * The firm's blog. `conteudo` is Markdown, rendered to sanitised HTML on the way out; a published
 * post always has a publication date (kept when it is unpublished and republished).
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    titulo: text('titulo').notNull(),
    resumo: text('resumo').notNull(),
    conteudo: text('conteudo').notNull(),
    autorId: text('autor_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** The name shown on the post: the creating admin's by default, editable. */
    autorNome: text('autor_nome').notNull(),
    publicado: boolean('publicado').notNull().default(false),
    publicadoEm: timestamp('publicado_em', { withTimezone: true }),
    /** Storage key of the cover (WebP, re-encoded on upload); its width and height in pixels. */
    capaKey: text('capa_key'),
    capaLargura: integer('capa_largura'),
    capaAltura: integer('capa_altura'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('blog_posts_slug_uq').on(t.slug),
    index('blog_posts_publicados_idx').on(t.publicado, t.publicadoEm.desc()),
    index('blog_posts_atualizado_em_idx').on(t.atualizadoEm),
    check('blog_posts_publicado_em_ck', sql`not ${t.publicado} or ${t.publicadoEm} is not null`),
  ],
);

/** The firm's settings (the spec's "local config"), one row, validated by the domain schema. */
export const appSettings = pgTable(
  'app_settings',
  {
    id: smallint('id').primaryKey().default(1),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('app_settings_singleton_ck', sql`${t.id} = 1`)],
);

/**
 * Fixed-window counters for abuse limits (sign-in, sign-up, password reset), in the database so a
 * limit holds across every instance.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * The support area (issue 18, `emailSupport` / `prioritySupport`; decision 027): a client's request
 * to the firm, owned by the company (its whole team sees it). Its priority is not stored: it is the
 * company's plan in force when read (an upgrade moves the open requests up at once).
 */
export const chamados = pgTable(
  'chamados',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    empresaId: uuid('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    autorId: text('autor_id').references(() => authUser.id, { onDelete: 'set null' }),
    laudoId: uuid('laudo_id').references(() => laudos.id, { onDelete: 'set null' }),
    assunto: text('assunto').notNull(),
    /** aberto (waiting for the firm), respondido (waiting for the client), fechado. */
    status: text('status').notNull().default('aberto'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chamados_empresa_idx').on(t.empresaId, t.criadoEm),
    index('chamados_status_idx').on(t.status, t.criadoEm),
    check('chamados_status_ck', sql`${t.status} in ('aberto', 'respondido', 'fechado')`),
  ],
);

/** One message of a request's thread: the client's or the firm's, with at most one attached file. */
export const chamadoMensagens = pgTable(
  'chamado_mensagens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chamadoId: uuid('chamado_id')
      .notNull()
      .references(() => chamados.id, { onDelete: 'cascade' }),
    autorId: text('autor_id').references(() => authUser.id, { onDelete: 'set null' }),
    daFirma: boolean('da_firma').notNull(),
    corpo: text('corpo').notNull(),
    /** The storage key of the attached file (PDF or image), its download name and its size. */
    anexo: text('anexo'),
    anexoNome: text('anexo_nome'),
    anexoBytes: integer('anexo_bytes'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chamado_mensagens_chamado_idx').on(t.chamadoId, t.criadoEm)],
);

/**
 * Answers to a reminder (issue 19), from the signed links of its e-mail: a renewal request
 * ('solicitacao', which enters the firm's pipeline at `estagio` 'solicitado') or an acknowledgement
 * ('ciente'). One of each kind per laudo and due date: a repeated click finds the row. An answer
 * stops the due date's remaining before-expiry reminders (modules/notificacoes/planejamento.ts).
 */
export const respostasLembrete = pgTable(
  'respostas_lembrete',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    laudoId: uuid('laudo_id')
      .notNull()
      .references(() => laudos.id, { onDelete: 'cascade' }),
    /** The laudo's company when answered (the client's view and the firm's board filter by it). */
    empresaId: uuid('empresa_id').references(() => empresas.id, { onDelete: 'set null' }),
    /** The due date answered: a renewed laudo (new date) starts unanswered. */
    dataVencimento: date('data_vencimento', { mode: 'string' }).notNull(),
    tipo: text('tipo').notNull(),
    /** The address the link was sent to (lower-case), and its account, if any. */
    destinatario: text('destinatario').notNull(),
    usuarioId: text('usuario_id').references(() => authUser.id, { onDelete: 'set null' }),
    /** The reminder the link came with (its milestone row), and that milestone: 'vencendo:30'. */
    notificationHistoryId: uuid('notification_history_id').references(() => notificationHistory.id, {
      onDelete: 'set null',
    }),
    marco: text('marco').notNull(),
    periodo: text('periodo'),
    contato: text('contato'),
    observacao: text('observacao'),
    /** The request's stage in the firm's pipeline; null for a 'ciente'. */
    estagio: text('estagio').default('solicitado'),
    /** The laudo's version issued when a renewal closed this request as 'concluido' (decision 030). */
    versaoConcluida: integer('versao_concluida'),
    /** Stage data (decision 029): the inspection's calendar date and engineer (Agendado), the quote's note, why it was lost (Perdido). */
    agendadoPara: date('agendado_para', { mode: 'string' }),
    engenheiro: text('engenheiro'),
    orcamento: text('orcamento'),
    motivoPerda: text('motivo_perda'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('respostas_lembrete_laudo_uq').on(t.laudoId, t.dataVencimento, t.tipo),
    index('respostas_lembrete_empresa_idx').on(t.empresaId, t.createdAt),
    check('respostas_lembrete_tipo_ck', sql`${t.tipo} in ('solicitacao', 'ciente')`),
    check(
      'respostas_lembrete_estagio_ck',
      sql`(${t.tipo} = 'ciente' and ${t.estagio} is null) or (${t.tipo} = 'solicitacao' and ${t.estagio} in ('solicitado', 'orcamento_enviado', 'agendado', 'inspecionado', 'concluido', 'perdido'))`,
    ),
  ],
);

/**
 * In-app notices (issue 19, the header's bell; decision 032): one row per person and event (a new
 * laudo, a reminder sent, a support reply, …), written in the event's own transaction
 * (modules/avisos). `link` is a path of the app. Read ones older than 90 days are dropped by a daily
 * job (jobs/limpar-avisos.ts); unread ones stay.
 */
export const avisos = pgTable(
  'avisos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    usuarioId: text('usuario_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    titulo: text('titulo').notNull(),
    texto: text('texto').notNull(),
    link: text('link').notNull(),
    lidoEm: timestamp('lido_em', { withTimezone: true }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The unread count (usuario, lido_em is null) and the retention's read-and-old.
    index('avisos_usuario_lido_idx').on(t.usuarioId, t.lidoEm, t.criadoEm),
    // The list, newest first, paged by (criado_em, id).
    index('avisos_usuario_criado_idx').on(t.usuarioId, t.criadoEm, t.id),
  ],
);

/**
 * The history of a renewal request in the firm's pipeline (decision 029): each stage move (`de` →
 * `para`, with an optional note) and each note alone (`de` and `para` null). `interna` notes are the
 * firm's only; the client sees the rest in their Renovações.
 */
export const respostasEstagios = pgTable(
  'respostas_estagios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    respostaId: uuid('resposta_id')
      .notNull()
      .references(() => respostasLembrete.id, { onDelete: 'cascade' }),
    de: text('de'),
    para: text('para'),
    nota: text('nota'),
    interna: boolean('interna').notNull().default(false),
    /** Who moved it or wrote the note (an admin), or null when done by the system (a new laudo version). */
    usuarioId: text('usuario_id').references(() => authUser.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('respostas_estagios_resposta_idx').on(t.respostaId, t.criadoEm),
    index('respostas_estagios_para_idx').on(t.para, t.criadoEm),
    check('respostas_estagios_nota_ck', sql`${t.para} is not null or ${t.nota} is not null`),
  ],
);

/**
 * A person's private calendar feed (decision 034): the SHA-256 of its token, never the token. One
 * row per person: "Gerar novo link" replaces the hash (the old link stops at once), revoking
 * deletes the row.
 */
export const calendarioFeeds = pgTable(
  'calendario_feeds',
  {
    usuarioId: text('usuario_id')
      .primaryKey()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendario_feeds_hash_uq').on(t.hash)],
);

/**
 * What a person chose to receive (issue 20, decision 035): one row per person, kind of message and
 * channel they changed; no row means the default, "on". `origem` says how it was last changed: in
 * the app, by an e-mail's unsubscribe link, or by an admin. The kinds and channels are
 * `TIPOS_DE_MENSAGEM` / `CANAIS_DE_MENSAGEM` (packages/domain).
 */
export const preferenciasNotificacao = pgTable(
  'preferencias_notificacao',
  {
    usuarioId: text('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    canal: text('canal').notNull(),
    ativo: boolean('ativo').notNull(),
    origem: text('origem', { enum: ['app', 'descadastro', 'admin'] }).notNull(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.tipo, t.canal] }),
    check('preferencias_notificacao_canal_ck', sql`${t.canal} in ('email', 'whatsapp')`),
    check('preferencias_notificacao_origem_ck', sql`${t.origem} in ('app', 'descadastro', 'admin')`),
  ],
);

/**
 * Addresses the product no longer e-mails (decision 036): a permanent bounce or a complaint reported
 * by Amazon SES (through SNS), or a permanent SMTP refusal (5xx) at send time. An admin may remove one.
 */
export const emailSupressoes = pgTable(
  'email_supressoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    motivo: text('motivo').notNull(),
    /** The provider's diagnostic (bounce diagnostic code, SMTP response). */
    detalhe: text('detalhe'),
    origem: text('origem').notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_supressoes_email_uq').on(sql`lower(${t.email})`),
    index('email_supressoes_criado_em_idx').on(t.criadoEm),
    check('email_supressoes_motivo_ck', sql`${t.motivo} in ('bounce_permanente', 'reclamacao', 'smtp_5xx')`),
    check('email_supressoes_origem_ck', sql`${t.origem} in ('ses', 'smtp')`),
  ],
);

/** Transient bounces per address (mailbox full, …): counted, never suppressing (decision 036). */
export const emailBouncesTransitorios = pgTable('email_bounces_transitorios', {
  /** Lower-cased. */
  email: text('email').primaryKey(),
  total: integer('total').notNull().default(0),
  ultimoEm: timestamp('ultimo_em', { withTimezone: true }).notNull().defaultNow(),
});

/** SNS messages already handled, by MessageId: SNS may deliver one more than once. */
export const snsMensagens = pgTable('sns_mensagens', {
  messageId: text('message_id').primaryKey(),
  recebidoEm: timestamp('recebido_em', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// WhatsApp (decision 037)
// ---------------------------------------------------------------------------------------------

/**
 * A person's WhatsApp consent (LGPD), append-only: each grant and each revocation is a row, with
 * when, how (`app`: the person on their account page) and the exact text shown. The latest row per
 * person says whether they receive WhatsApp messages, and at which number (E.164).
 */
export const whatsappConsentimentos = pgTable(
  'whatsapp_consentimentos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    usuarioId: text('usuario_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    acao: text('acao').$type<'concedido' | 'revogado'>().notNull(),
    numero: text('numero'),
    origem: text('origem').$type<'app' | 'admin'>().notNull(),
    texto: text('texto'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('whatsapp_consentimentos_usuario_idx').on(t.usuarioId, t.criadoEm),
    check('whatsapp_consentimentos_acao_ck', sql`${t.acao} in ('concedido', 'revogado')`),
  ],
);

/**
 * One WhatsApp message, with its exactly-once key by kind (`notification_type`): a reminder's
 * milestone for one person ('vencendo' | 'vencido': laudo, due date, days, person, like
 * notification_history's key), the confirmation of an answer to a reminder ('confirmacao': the
 * answer), the monthly summary ('resumo_mensal': person and month). Each kind leaves the others'
 * key columns null (nulls never collide in a unique index). Then its status from the Cloud API and
 * its webhook (pending < sent < delivered < read; failed is final), and Meta's message id.
 */
export const whatsappMensagens = pgTable(
  'whatsapp_mensagens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    laudoId: uuid('laudo_id').references(() => laudos.id, { onDelete: 'cascade' }),
    usuarioId: text('usuario_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    dataVencimento: date('data_vencimento', { mode: 'string' }),
    notificationType: text('notification_type')
      .$type<'vencendo' | 'vencido' | 'confirmacao' | 'resumo_mensal'>()
      .notNull(),
    daysValue: integer('days_value'),
    /** 'confirmacao': the answer it confirms (once per answer). */
    respostaId: uuid('resposta_id').references(() => respostasLembrete.id, { onDelete: 'cascade' }),
    /** 'resumo_mensal': the month's first day (once per person and month). */
    mes: date('mes', { mode: 'string' }),
    numero: text('numero').notNull(),
    template: text('template').notNull(),
    parametros: jsonb('parametros').$type<string[]>().notNull(),
    status: text('status')
      .$type<'pending' | 'retrying' | 'sent' | 'delivered' | 'read' | 'failed'>()
      .notNull()
      .default('pending'),
    wamid: text('wamid'),
    erro: text('erro'),
    tentativas: integer('tentativas').notNull().default(0),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('whatsapp_mensagens_marco_uq').on(
      t.laudoId,
      t.dataVencimento,
      t.notificationType,
      t.daysValue,
      t.usuarioId,
    ),
    uniqueIndex('whatsapp_mensagens_resposta_uq').on(t.respostaId),
    uniqueIndex('whatsapp_mensagens_resumo_uq').on(t.usuarioId, t.mes),
    index('whatsapp_mensagens_criado_idx').on(t.criadoEm),
  ],
);

/**
 * The audit log (issue 22, decision 046): who did what, when, from where. Written by
 * `registrarAuditoria` (src/auditoria) with the transaction handle of the change it records. No
 * foreign keys: an entry outlives the user, company or laudo it names (the names are copied in).
 * `campos` holds only the allow-listed fields (`CAMPOS_AUDITADOS`), never a secret.
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atorTipo: text('ator_tipo').$type<'usuario' | 'chave_api' | 'sistema'>().notNull(),
    atorId: text('ator_id'),
    atorNome: text('ator_nome'),
    atorPapel: text('ator_papel'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    empresaId: uuid('empresa_id'),
    entidade: text('entidade').notNull(),
    entidadeId: text('entidade_id'),
    acao: text('acao').notNull(),
    campos: jsonb('campos').$type<Record<string, { de: unknown; para: unknown }>>(),
    detalhes: jsonb('detalhes').$type<Record<string, unknown>>(),
  },
  (t) => [
    // Ascending, read backwards: `order by criado_em desc, id desc` is DESC NULLS FIRST, which a
    // `desc()` index (DESC NULLS LAST) cannot give, so 0023's indexes sorted the whole table for
    // each page (migration 0025, docs/benchmarks.md section 10). Each ends with the keyset's
    // (criado_em, id), so a deep page starts at its cursor in the filter's own index.
    index('auditoria_criado_idx').on(t.criadoEm, t.id),
    index('auditoria_empresa_idx').on(t.empresaId, t.criadoEm, t.id),
    index('auditoria_entidade_idx').on(t.entidade, t.entidadeId, t.criadoEm, t.id),
    index('auditoria_ator_idx').on(t.atorId, t.criadoEm, t.id),
    check('auditoria_ator_tipo_ck', sql`${t.atorTipo} in ('usuario', 'chave_api', 'sistema')`),
  ],
);

/**
 * A spreadsheet import of laudos (issue 22, decision 047): the file's headings and its rows are
 * parsed at upload and kept here (`importacao_linhas`), never the file. `processadas` is the
 * cursor of the pg-boss job: each batch advances it in the transaction that writes its laudos, so
 * a crash resumes exactly where it was.
 */
export const importacoes = pgTable(
  'importacoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The company the laudos go to; null when an admin imports "pela coluna Empresa". */
    empresaId: uuid('empresa_id').references(() => empresas.id, { onDelete: 'cascade' }),
    criadoPor: text('criado_por').references(() => authUser.id, { onDelete: 'set null' }),
    criadoPorNome: text('criado_por_nome'),
    /** Whether the company's plan limit applies (a gestor's import; the firm's admins have none). */
    limitada: boolean('limitada').notNull().default(false),
    nomeArquivo: text('nome_arquivo').notNull(),
    status: text('status')
      .$type<'enviada' | 'validada' | 'importando' | 'concluida' | 'falhou'>()
      .notNull()
      .default('enviada'),
    colunas: jsonb('colunas').$type<string[]>().notNull(),
    total: integer('total').notNull(),
    mapeamento: jsonb('mapeamento').$type<Record<string, string>>().notNull().default({}),
    existentes: text('existentes').$type<'pular' | 'atualizar'>().notNull().default('pular'),
    enviarEmails: boolean('enviar_emails').notNull().default(false),
    /** The last preview (counts and every row's error). */
    previa: jsonb('previa').$type<Record<string, unknown>>(),
    /** Who runs it (the audit entries' actor): name, role, address and browser of the request. */
    ator: jsonb('ator').$type<Record<string, unknown>>(),
    processadas: integer('processadas').notNull().default(0),
    importados: integer('importados').notNull().default(0),
    atualizados: integer('atualizados').notNull().default(0),
    pulados: integer('pulados').notNull().default(0),
    erros: integer('erros').notNull().default(0),
    falha: text('falha'),
    ...timestamps,
  },
  (t) => [
    index('importacoes_empresa_idx').on(t.empresaId, t.criadoEm.desc()),
    index('importacoes_criado_idx').on(t.criadoEm.desc()),
    check(
      'importacoes_status_ck',
      sql`${t.status} in ('enviada', 'validada', 'importando', 'concluida', 'falhou')`,
    ),
    check('importacoes_existentes_ck', sql`${t.existentes} in ('pular', 'atualizar')`),
  ],
);

/** The rows of an import: `ordem` from 0 (the job's cursor), `linha` the spreadsheet's row number. */
export const importacaoLinhas = pgTable(
  'importacao_linhas',
  {
    importacaoId: uuid('importacao_id')
      .notNull()
      .references(() => importacoes.id, { onDelete: 'cascade' }),
    ordem: integer('ordem').notNull(),
    linha: integer('linha').notNull(),
    valores: jsonb('valores').$type<string[]>().notNull(),
    /** What the job did with it: importado | atualizado | pulado | erro (null until then). */
    resultado: text('resultado'),
    mensagem: text('mensagem'),
  },
  (t) => [primaryKey({ columns: [t.importacaoId, t.ordem] })],
);

/**
 * The mapping last used for a set of headings (`assinatura`: the normalized headings), per company
 * (`escopo` = its id) or for the firm's imports "pela coluna Empresa" (`escopo` = 'coluna').
 */
export const importacaoMapeamentos = pgTable(
  'importacao_mapeamentos',
  {
    escopo: text('escopo').notNull(),
    assinatura: text('assinatura').notNull(),
    mapeamento: jsonb('mapeamento').$type<Record<string, string>>().notNull(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.escopo, t.assinatura] })],
);
