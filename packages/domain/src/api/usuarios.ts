// The API schemas of the usuarios routes (request bodies, queries, responses), shared by server and web.
import { z } from 'zod';
import { emailSchema } from './conta.ts';
import { papelSchema } from './empresas.ts';
import { entrada } from './entrada.ts';

export const tipoUsuarioSchema = z.enum(['admin', 'cliente']);
export type TipoUsuario = z.infer<typeof tipoUsuarioSchema>;

const opcional = (max: number) => z.string().trim().max(max).nullable().optional();

/** The fields of a user an admin fills in, with their rules (the form checks the same ones). */
export const usuarioCampos = {
  nome: z.string().trim().min(1, 'Informe o nome.').max(120),
  email: emailSchema,
  tipo: tipoUsuarioSchema,
  /** The client company the person belongs to (null: none; they see only laudos sent to them). */
  empresaId: z.uuid().nullable(),
  papel: papelSchema,
  telefone: opcional(40),
  planoId: z.uuid().nullable(),
  ativo: z.boolean(),
};

/** POST /api/admin/usuarios (the server e-mails a temporary password). */
export const criarUsuarioEntrada = entrada(
  {
    nome: usuarioCampos.nome,
    email: usuarioCampos.email,
    tipo: usuarioCampos.tipo.default('cliente'),
    empresaId: usuarioCampos.empresaId.optional(),
    papel: usuarioCampos.papel.optional(),
    telefone: usuarioCampos.telefone,
    planoId: usuarioCampos.planoId.optional(),
  },
  { plano_id: 'planoId', empresa_id: 'empresaId' },
);
export type NovoUsuario = z.input<typeof criarUsuarioEntrada>;
export type CriarUsuarioInput = z.output<typeof criarUsuarioEntrada>;

/** PATCH /api/admin/usuarios/:id: any of the fields but the e-mail. */
export const atualizarUsuarioEntrada = entrada(
  {
    nome: usuarioCampos.nome.optional(),
    tipo: usuarioCampos.tipo.optional(),
    empresaId: usuarioCampos.empresaId.optional(),
    papel: usuarioCampos.papel.optional(),
    telefone: usuarioCampos.telefone,
    planoId: usuarioCampos.planoId.optional(),
    ativo: usuarioCampos.ativo.optional(),
  },
  { plano_id: 'planoId', empresa_id: 'empresaId' },
);
export type AlteracaoUsuario = z.input<typeof atualizarUsuarioEntrada>;
export type AtualizarUsuarioInput = z.output<typeof atualizarUsuarioEntrada>;

/** GET /api/admin/usuarios: search, filters and page. */
export const usuariosQuerySchema = z.object({
  busca: z.string().max(200).optional(),
  tipo: tipoUsuarioSchema.optional(),
  ativo: z.enum(['true', 'false']).optional(),
  planoId: z.uuid().optional(),
  empresaId: z.uuid().optional(),
  pagina: z.coerce.number().int().min(1).max(100_000).default(1),
  porPagina: z.coerce.number().int().min(1).max(100).default(20),
});

const usuarioAdminCampos = {
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  tipo: tipoUsuarioSchema,
  /** The company's name (nome fantasia), or null. */
  empresa: z.string().nullable(),
  empresaId: z.string().nullable(),
  papel: papelSchema.nullable(),
  telefone: z.string().nullable(),
  ativo: z.boolean(),
  /** Still on the temporary password. */
  primeiroAcesso: z.boolean(),
  plano: z.object({ id: z.string(), nome: z.string() }).nullable(),
};

/**
 * A user as the admin sees it. `criadoEm` is a Date on the server (Fastify writes it as ISO text)
 * and that ISO text in the web app: `usuarioAdminSchema` is the server's, `usuarioSchema` the web's.
 */
export const usuarioAdminSchema = z.object({ ...usuarioAdminCampos, criadoEm: z.date() });
export const usuarioSchema = z.object({ ...usuarioAdminCampos, criadoEm: z.string() });
export type Usuario = z.infer<typeof usuarioSchema>;

const pagina = { total: z.number(), pagina: z.number(), porPagina: z.number() };
export const usuariosPaginaSchema = z.object({ usuarios: z.array(usuarioAdminSchema), ...pagina });
export const usuariosPaginaWebSchema = z.object({ usuarios: z.array(usuarioSchema), ...pagina });
export const usuarioRespostaSchema = z.object({ usuario: usuarioAdminSchema });
export const usuarioRespostaWebSchema = z.object({ usuario: usuarioSchema });

/** POST /api/admin/usuarios/sincronizar. */
export const sincronizacaoRespostaSchema = z.object({
  perfisCriados: z.number(),
  contasSemPerfil: z.array(z.string()),
  perfisSemLogin: z.array(z.string()),
});

/** GET /api/admin/usuarios/:id/bloqueios: wrong sign-in attempts, per address and in total. */
const bloqueiosCampos = <D extends z.ZodType>(data: D) =>
  z.object({
    enderecos: z.array(
      z.object({
        ip: z.string(),
        falhas: z.number(),
        bloqueado: z.boolean(),
        /** When the failures from this address are forgotten (and its block ends). */
        ate: data,
      }),
    ),
    conta: z.object({ falhas: z.number(), lenta: z.boolean(), ate: data }).nullable(),
    limites: z.object({ porEndereco: z.number(), porConta: z.number(), intervaloSegundos: z.number() }),
  });
export const bloqueiosSchema = bloqueiosCampos(z.date());
export const bloqueiosWebSchema = bloqueiosCampos(z.string());
