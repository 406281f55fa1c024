// The API schemas of client companies, their people, invitations and requests to join (issue 17),
// shared by server and web. Responses in camelCase like the other admin shapes; `/api/me` keeps the
// spec's snake_case.
import { z } from 'zod';
import { cnpjValido, digitosDoCnpj } from '../cnpj.ts';
import { emailSchema, SENHA_MAX } from './conta.ts';
import { entrada } from './entrada.ts';

export const papelSchema = z.enum(['gestor', 'membro']);
export type Papel = z.infer<typeof papelSchema>;

const opcional = (max: number) => z.string().trim().max(max).nullable().optional();

/** A CNPJ as typed (with or without punctuation), stored as its 14 digits; empty means none. */
export const cnpjSchema = z
  .string()
  .trim()
  .max(20)
  .transform((v) => digitosDoCnpj(v))
  .refine((v) => v === '' || cnpjValido(v), 'CNPJ inválido: confira os dígitos.')
  .transform((v) => v || null);

/** The fields of a company the admin fills in (the form checks the same ones). */
export const empresaCampos = {
  razaoSocial: z.string().trim().min(1, 'Informe a razão social.').max(200),
  nomeFantasia: z.string().trim().min(1, 'Informe o nome fantasia.').max(160),
  cnpj: cnpjSchema.nullable().optional(),
  endereco: opcional(300),
  emailContato: z
    .union([z.literal(''), emailSchema])
    .nullable()
    .optional()
    .transform((v) => v || null),
  telefone: opcional(40),
  planoId: z.uuid().nullable(),
  ativo: z.boolean(),
};
const nomesDaSpec = {
  razao_social: 'razaoSocial',
  nome_fantasia: 'nomeFantasia',
  email_contato: 'emailContato',
  plano_id: 'planoId',
} as const;

/** POST /api/admin/empresas. */
export const criarEmpresaEntrada = entrada(
  {
    razaoSocial: empresaCampos.razaoSocial,
    nomeFantasia: empresaCampos.nomeFantasia,
    cnpj: empresaCampos.cnpj,
    endereco: empresaCampos.endereco,
    emailContato: empresaCampos.emailContato,
    telefone: empresaCampos.telefone,
    planoId: empresaCampos.planoId.optional(),
  },
  nomesDaSpec,
);
export type NovaEmpresa = z.input<typeof criarEmpresaEntrada>;
export type CriarEmpresaInput = z.output<typeof criarEmpresaEntrada>;

/** PATCH /api/admin/empresas/:id: any of the fields. */
export const atualizarEmpresaEntrada = entrada(
  {
    razaoSocial: empresaCampos.razaoSocial.optional(),
    nomeFantasia: empresaCampos.nomeFantasia.optional(),
    cnpj: empresaCampos.cnpj,
    endereco: empresaCampos.endereco,
    emailContato: empresaCampos.emailContato,
    telefone: empresaCampos.telefone,
    planoId: empresaCampos.planoId.optional(),
    ativo: empresaCampos.ativo.optional(),
  },
  nomesDaSpec,
);
export type AlteracaoEmpresa = z.input<typeof atualizarEmpresaEntrada>;
export type AtualizarEmpresaInput = z.output<typeof atualizarEmpresaEntrada>;

/** GET /api/admin/empresas: search (name, razão social or CNPJ), filters and page. */
export const empresasQuerySchema = z.object({
  busca: z.string().max(200).optional(),
  planoId: z.uuid().optional(),
  ativo: z.enum(['true', 'false']).optional(),
  pagina: z.coerce.number().int().min(1).max(100_000).default(1),
  porPagina: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/admin/empresas/opcoes?busca=: the laudo form's searchable list (active companies). */
export const empresasOpcoesQuerySchema = z.object({ busca: z.string().max(200).optional() });
export const empresaOpcaoSchema = z.object({ id: z.string(), nome: z.string(), cnpj: z.string().nullable() });
export const empresasOpcoesSchema = z.object({ empresas: z.array(empresaOpcaoSchema) });
export type EmpresaOpcao = z.infer<typeof empresaOpcaoSchema>;

const uso = z.object({ usados: z.number(), limite: z.number().nullable() });

const empresaCamposResposta = {
  id: z.string(),
  razaoSocial: z.string(),
  /** The name shown everywhere (the spec's `cliente` of its laudos and `empresa` of its people). */
  nomeFantasia: z.string(),
  /** 14 digits, or null; shown with `formatarCnpj`. */
  cnpj: z.string().nullable(),
  endereco: z.string().nullable(),
  emailContato: z.string().nullable(),
  telefone: z.string().nullable(),
  plano: z.object({ id: z.string(), nome: z.string() }).nullable(),
  ativo: z.boolean(),
  /** Active people plus pending invitations, against the plan's max_usuarios (null: no plan). */
  usuarios: uso,
  /** The company's laudos against the plan's max_laudos. */
  laudos: uso,
};
export const empresaAdminSchema = z.object({ ...empresaCamposResposta, criadoEm: z.date() });
export const empresaSchema = z.object({ ...empresaCamposResposta, criadoEm: z.string() });
export type Empresa = z.infer<typeof empresaSchema>;

const pagina = { total: z.number(), pagina: z.number(), porPagina: z.number() };
export const empresasPaginaSchema = z.object({
  empresas: z.array(empresaAdminSchema),
  ...pagina,
  /** Requests to join a company waiting for an admin. */
  pedidosPendentes: z.number(),
});
export const empresasPaginaWebSchema = z.object({
  empresas: z.array(empresaSchema),
  ...pagina,
  pedidosPendentes: z.number(),
});
export const empresaRespostaSchema = z.object({ empresa: empresaAdminSchema });
export const empresaRespostaWebSchema = z.object({ empresa: empresaSchema });

// ── People and invitations ──────────────────────────────────────────────────────────────────

const pessoaCampos = {
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  papel: papelSchema,
  ativo: z.boolean(),
  /** Whether the person receives the reminders of the company's laudos (default: gestores do). */
  receberLembretes: z.boolean(),
};
export const pessoaSchema = z.object(pessoaCampos);
export type Pessoa = z.infer<typeof pessoaSchema>;

const conviteCampos = <D extends z.ZodType>(data: D) => ({
  id: z.string(),
  email: z.string(),
  nome: z.string().nullable(),
  papel: papelSchema,
  expiraEm: data,
  /** Expired invitations are listed (to resend) but do not count against the limit. */
  expirado: z.boolean(),
  criadoEm: data,
});
export const conviteSchema = z.object(conviteCampos(z.date()));
export const conviteWebSchema = z.object(conviteCampos(z.string()));
export type Convite = z.infer<typeof conviteWebSchema>;

/**
 * GET /api/empresa (the signed-in person's company) and GET /api/admin/empresas/:id. Invitations
 * are sent to gestores and admins only (a member gets an empty list).
 */
export const equipeSchema = z.object({
  empresa: empresaAdminSchema,
  pessoas: z.array(pessoaSchema),
  convites: z.array(conviteSchema),
});
export const equipeWebSchema = z.object({
  empresa: empresaSchema,
  pessoas: z.array(pessoaSchema),
  convites: z.array(conviteWebSchema),
});
export type Equipe = z.infer<typeof equipeWebSchema>;

/** POST /api/empresa/convites (and /api/admin/empresas/:id/convites). */
export const convidarEntrada = entrada({
  email: emailSchema,
  nome: z.string().trim().max(120).nullable().optional(),
  papel: papelSchema.default('membro'),
});
export type NovoConvite = z.input<typeof convidarEntrada>;
export const conviteRespostaSchema = z.object({ convite: conviteSchema });
export const conviteRespostaWebSchema = z.object({ convite: conviteWebSchema });

/** PATCH /api/empresa/pessoas/:id (and the admin's): role, active, reminders (own switch or gestor's). */
export const alterarPessoaEntrada = entrada(
  {
    papel: papelSchema.optional(),
    ativo: z.boolean().optional(),
    receberLembretes: z.boolean().optional(),
  },
  { receber_lembretes: 'receberLembretes' },
);
export type AlteracaoPessoa = z.input<typeof alterarPessoaEntrada>;
export const pessoaRespostaSchema = z.object({ pessoa: pessoaSchema });

/** GET /api/convites/:token (public): what the invitation page shows before accepting. */
export const conviteAbertoSchema = z.object({
  empresa: z.string(),
  email: z.string(),
  nome: z.string().nullable(),
  papel: papelSchema,
  expiraEm: z.string(),
});
/** POST /api/convites/:token/aceitar (public): creates the account, e-mail proven. */
export const aceitarConviteEntrada = entrada({
  nome: z.string().trim().min(1, 'Informe o nome.').max(120),
  senha: z.string().max(SENHA_MAX),
});
export const aceitarConviteRespostaSchema = z.object({ ok: z.literal(true), email: z.string() });

// ── Requests to join a company ──────────────────────────────────────────────────────────────

/** POST /api/conta/pedido-empresa: a client with no company asks to join one by name or CNPJ. */
export const pedirEmpresaEntrada = entrada({
  nome: z.string().trim().max(160).optional(),
  cnpj: empresaCampos.cnpj,
});

const pedidoCampos = <D extends z.ZodType>(data: D) => ({
  id: z.string(),
  usuario: z.object({ id: z.string(), nome: z.string(), email: z.string(), emailVerificado: z.boolean() }),
  /** The name and/or CNPJ the person gave. */
  nome: z.string().nullable(),
  cnpj: z.string().nullable(),
  /** An existing company whose name or CNPJ matches, to join in one click. */
  sugestao: empresaOpcaoSchema.nullable(),
  criadoEm: data,
});
export const pedidoEmpresaSchema = z.object(pedidoCampos(z.date()));
export const pedidoEmpresaWebSchema = z.object(pedidoCampos(z.string()));
export type PedidoEmpresa = z.infer<typeof pedidoEmpresaWebSchema>;
export const pedidosEmpresaSchema = z.object({ pedidos: z.array(pedidoEmpresaSchema) });
export const pedidosEmpresaWebSchema = z.object({ pedidos: z.array(pedidoEmpresaWebSchema) });

/**
 * POST /api/admin/pedidos-empresa/:id/aprovar: join an existing company (`empresaId`) or create
 * one (`nova`); the person joins as `papel` (gestor when they create it, by default).
 */
export const aprovarPedidoEntrada = entrada({
  empresaId: z.uuid().optional(),
  nova: criarEmpresaEntrada.optional(),
  papel: papelSchema.optional(),
});
/** POST /api/admin/pedidos-empresa/:id/recusar. */
export const recusarPedidoEntrada = entrada({ motivo: z.string().trim().max(300).optional() }).optional();
