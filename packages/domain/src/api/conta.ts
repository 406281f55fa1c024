// The API schemas of the account routes (sign-up, e-mail confirmation, passwords, /api/me),
// shared by server and web.
import { z } from 'zod';
import { planoFeaturesSchema } from '../planos.ts';
import { entrada } from './entrada.ts';

/** An e-mail address as every form and body takes it. */
export const emailSchema = z.email('E-mail inválido.').max(254);

/** True when `email` (trimmed) is an address the server accepts. */
export function emailValido(email: string): boolean {
  return emailSchema.safeParse(email.trim()).success;
}

export const SENHA_MIN = 8;
export const SENHA_MAX = 128;

const texto = (max: number) => z.string().trim().max(max);

/** POST /api/cadastro. The password's length is checked by the service (SENHA_FRACA). */
export const cadastroEntrada = entrada({
  nome: texto(120).min(1, 'Informe o nome.'),
  email: emailSchema,
  senha: z.string().max(SENHA_MAX),
  /** A request to join a company (name and/or CNPJ) that an admin approves. */
  empresa: texto(160).optional(),
  telefone: texto(40).optional(),
});
export type CadastroInput = z.input<typeof cadastroEntrada>;
export const cadastroRespostaSchema = z.object({ ok: z.literal(true), mensagem: z.string() });

const token = z.string().min(1).max(200);

/** POST /api/conta/confirmar-email. */
export const confirmarEmailEntrada = entrada({ token });
export const confirmarEmailRespostaSchema = z.object({ ok: z.literal(true), email: z.string() });

/** POST /api/conta/reenviar-confirmacao: no fields. */
export const reenviarConfirmacaoEntrada = entrada({}).optional();

/**
 * POST /api/conta/senha. `senhaAtual` is required except on first access (a session opened with
 * the temporary password already proves it): the service says SENHA_ATUAL_OBRIGATORIA.
 */
export const alterarSenhaEntrada = entrada(
  { senhaAtual: z.string().min(1).max(SENHA_MAX).optional(), novaSenha: z.string().max(SENHA_MAX) },
  { senha_atual: 'senhaAtual', nova_senha: 'novaSenha' },
);

/** POST /api/conta/redefinir-senha. */
export const redefinirSenhaEntrada = entrada(
  { token, novaSenha: z.string().max(SENHA_MAX) },
  { nova_senha: 'novaSenha' },
);

export const okSchema = z.object({ ok: z.literal(true) });

const perfilCampos = {
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  tipo: z.enum(['admin', 'cliente']),
  /** The company's name (nome fantasia), or null. */
  empresa: z.string().nullable(),
  telefone: z.string().nullable(),
  ativo: z.boolean(),
  primeiro_acesso: z.boolean(),
};
/** Issue 17: the person's company and role in it, and a request to join one waiting for an admin. */
const empresaDoPerfilCampos = {
  empresa_id: z.string().nullable(),
  papel: z.enum(['gestor', 'membro']).nullable(),
  pedido_empresa: z.object({ nome: z.string().nullable(), cnpj: z.string().nullable() }).nullable(),
};
const planoDoPerfilCampos = { id: z.string(), nome: z.string(), preco: z.number() };

/** GET /api/me as the server sends it: the session user (spec section 3), with the plan. */
export const perfilSchema = z.object({
  ...perfilCampos,
  ...empresaDoPerfilCampos,
  plano: z.object({ ...planoDoPerfilCampos, ...planoFeaturesSchema.shape }).nullable(),
  dois_fatores: z.boolean(),
  /** False until the person follows the confirmation link (the app shows a banner to resend it). */
  email_verificado: z.boolean(),
  /** True while the person's address is on the suppression list (the app shows a banner, decision 036). */
  email_suprimido: z.boolean(),
});

const recurso = z.boolean().catch(false);

/**
 * GET /api/me as the web app reads it: a feature not sent counts as not included, no two-factor
 * when not said, and a server that does not say `email_verificado` had no verification.
 */
export const perfilWebSchema = z.object({
  ...perfilCampos,
  empresa_id: z.string().nullable().catch(null),
  papel: z.enum(['gestor', 'membro']).nullable().catch(null),
  pedido_empresa: empresaDoPerfilCampos.pedido_empresa.catch(null),
  plano: z
    .object({
      ...planoDoPerfilCampos,
      maxLaudos: z.number(),
      maxUsuarios: z.number(),
      notificacoes: recurso,
      whatsappAlerts: recurso,
      emailSupport: recurso,
      prioritySupport: recurso,
      customReports: recurso,
      apiAccess: recurso,
      dataExport: recurso,
      customBranding: recurso,
    })
    .nullable()
    .catch(null),
  dois_fatores: z.boolean().catch(false),
  email_verificado: z.boolean().catch(true),
  email_suprimido: z.boolean().catch(false),
});
export type Perfil = z.infer<typeof perfilWebSchema>;

// ── Better Auth's replies (under /api/auth), as the web app reads them ──────────────────────────

const textoOuNulo = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/** GET /api/auth/list-sessions: the user's open sessions. */
export const sessoesSchema = z.array(
  z.object({
    id: z.string(),
    token: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    expiresAt: z.string(),
    ipAddress: textoOuNulo,
    userAgent: textoOuNulo,
  }),
);
export type Sessao = z.infer<typeof sessoesSchema>[number];

/** GET /api/auth/get-session: only the current session's token matters (anything else: none). */
export const sessaoAtualSchema = z
  .object({ session: z.object({ token: z.string() }) })
  .nullable()
  .catch(null);

/** POST /api/auth/sign-in/email: `twoFactorRedirect` when the account asks for its code next. */
export const entradaRespostaSchema = z
  .object({ twoFactorRedirect: z.literal(true).optional().catch(undefined) })
  .catch({});

/** POST /api/auth/sign-in/social: where to send the browser. */
export const entradaSocialRespostaSchema = z.object({ url: z.string() });

/** POST /api/auth/two-factor/enable. */
export const doisFatoresRespostaSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
