// The API schemas of the planos routes (request bodies, responses), shared by server and web.
import { z } from 'zod';
import { planoFeaturesSchema } from '../planos.ts';
import { entrada } from './entrada.ts';

/** A plan as any visitor sees it (GET /api/planos, the /planos page). */
export const planoPublicoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  preco: z.number(),
  recursos: planoFeaturesSchema,
  /** The plan the admin recommends (settings.plans.recommendedPlanId): at most one is true. */
  recomendado: z.boolean(),
});
export const planosPublicosRespostaSchema = z.object({ planos: z.array(planoPublicoSchema) });

/** The fields an admin edits, with their rules (the form checks the same ones). */
export const planoCampos = {
  nome: z.string().trim().min(1, 'Informe o nome do plano.').max(80),
  descricao: z.string().trim().max(500).nullable(),
  preco: z.number().min(0, 'O preço não pode ser negativo.').max(1_000_000),
  ativo: z.boolean(),
  padrao: z.boolean(),
  ...planoFeaturesSchema.shape,
  maxLaudos: z.number().int().min(0).max(10_000_000),
  maxUsuarios: z.number().int().min(0).max(1_000_000),
};

/** The spec's snake_case names of a plan's fields, accepted on input. */
const nomesDaSpec = {
  max_laudos: 'maxLaudos',
  max_usuarios: 'maxUsuarios',
  whatsapp_alerts: 'whatsappAlerts',
  email_support: 'emailSupport',
  priority_support: 'prioritySupport',
  custom_reports: 'customReports',
  api_access: 'apiAccess',
  data_export: 'dataExport',
  custom_branding: 'customBranding',
} as const;

/** POST /api/admin/planos: every field. */
export const criarPlanoEntrada = entrada(planoCampos, nomesDaSpec);
/** PATCH /api/admin/planos/:id: any of the fields. */
export const atualizarPlanoEntrada = entrada(
  Object.fromEntries(Object.entries(planoCampos).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof planoCampos]: z.ZodOptional<(typeof planoCampos)[K]>;
  },
  nomesDaSpec,
);
export type PlanoDados = z.output<typeof criarPlanoEntrada>;
export type AlteracaoPlano = z.output<typeof atualizarPlanoEntrada>;

/** A plan in the admin area, with how many users are on it. */
export const planoAdminSchema = z.object({ id: z.string(), ...planoCampos, usuarios: z.number() });
export type PlanoAdmin = z.infer<typeof planoAdminSchema>;
export const planosAdminRespostaSchema = z.object({ planos: z.array(planoAdminSchema) });
export const planoRespostaSchema = z.object({ plano: planoAdminSchema });

/** Who is on a plan (GET /api/admin/planos/:id/usuarios). */
export const planoUsuariosRespostaSchema = z.object({
  usuarios: z.array(
    z.object({ id: z.string(), nome: z.string(), email: z.string(), empresa: z.string().nullable() }),
  ),
});
