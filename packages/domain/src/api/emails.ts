// The API schemas of the admin's e-mail routes (/api/admin/email/*): request bodies, queries,
// params and responses, shared by the server (validation, OpenAPI) and the web app (parsing).
import { z } from 'zod';
import { entrada } from './entrada.ts';

/** Where an e-mail is in its delivery (`email_logs.status`). */
export const statusesDeEmail = ['pending', 'sending', 'retrying', 'sent', 'failed', 'suprimido'] as const;
export type StatusDeEmail = (typeof statusesDeEmail)[number];

// ── Requests ────────────────────────────────────────────────────────────────────────────────

export const templateDeEmailParams = z.object({ type: z.string().min(1).max(40) });
export const mensagemDeEmailParams = z.object({ id: z.uuid() });

const partesDoTemplate = {
  subject: z.string().max(500),
  html: z.string().max(200_000),
  text: z.string().max(100_000),
};

/** POST /api/admin/email/templates/:type/preview: the content to render (not saved). */
export const previaDeTemplateEntrada = entrada(partesDoTemplate);
/** PUT /api/admin/email/templates/:type. */
export const salvarTemplateEntrada = entrada({ ...partesDoTemplate, active: z.boolean().optional() });
/** POST /api/admin/email/templates/:type/teste. */
export const testeDeTemplateEntrada = entrada({ to: z.string().trim().min(3).max(254) });
/** POST /api/admin/email/limpar-logs. */
export const limparLogsEntrada = entrada({ dias: z.number().int().min(1).max(36_500).default(90) });

/** GET /api/admin/email/mensagens. */
export const mensagensDeEmailQuery = z.object({
  status: z.enum(statusesDeEmail).optional(),
  busca: z.string().trim().max(200).optional(),
  pagina: z.coerce.number().int().min(1).max(100_000).default(1),
  porPagina: z.coerce.number().int().min(1).max(200).default(50),
});
/** GET /api/admin/email/supressoes. */
export const supressoesQuery = z.object({ busca: z.string().trim().max(200).optional() });
export const supressaoParams = z.object({ id: z.uuid() });

/** Why an address is on the suppression list (decision 036). */
export const motivosDeSupressao = ['bounce_permanente', 'reclamacao', 'smtp_5xx'] as const;
export type MotivoDeSupressao = (typeof motivosDeSupressao)[number];

/** GET /api/admin/email/outbox. */
export const outboxDeEmailQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });

// ── Responses ───────────────────────────────────────────────────────────────────────────────

/**
 * The responses, built around the type of their dates: the server hands `Date`s to Fastify, which
 * writes them as ISO text, and the web app reads that text.
 */
function respostas<D extends z.ZodType>(data: D) {
  const status = z.object({
    mode: z.enum(['sandbox', 'production']),
    provider: z.enum(['outbox', 'smtp', 'amazon-ses']),
    configured: z.boolean(),
    transport: z.enum(['outbox', 'smtp', 'ses']),
    from: z.string(),
    ratePerSecond: z.number(),
  });
  const estatisticas = z.object({
    total: z.number(),
    sent: z.number(),
    failed: z.number(),
    pending: z.number(),
    byProvider: z.record(z.string(), z.number()),
  });
  const limpeza = z.object({
    /** What was older than this was removed. */
    corte: data,
    removidos: z.object({ emailLogs: z.number(), outbox: z.number(), notificationLogs: z.number() }),
  });
  const mensagem = z.object({
    id: z.string(),
    recipientEmail: z.string(),
    recipientName: z.string().nullable(),
    subject: z.string(),
    templateType: z.string().nullable(),
    provider: z.string(),
    status: z.enum(statusesDeEmail),
    errorMessage: z.string().nullable(),
    attempts: z.number(),
    sentAt: data.nullable(),
    createdAt: data,
    laudoId: z.string().nullable(),
    /** The rendered message is stored (outbox/sandbox). */
    temConteudo: z.boolean(),
  });
  const paginaDeMensagens = z.object({
    mensagens: z.array(mensagem),
    total: z.number(),
    pagina: z.number(),
    porPagina: z.number(),
  });
  const conteudo = z.object({
    from: z.string(),
    replyTo: z.string().nullable(),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
  });
  const mensagemComConteudo = z.object({ mensagem, conteudo: conteudo.nullable() });
  const outbox = z.object({
    mensagens: z.array(
      z.object({
        id: z.string(),
        emailLogId: z.string().nullable(),
        toEmail: z.string(),
        toName: z.string().nullable(),
        fromAddress: z.string(),
        subject: z.string(),
        text: z.string(),
        html: z.string(),
        createdAt: data,
      }),
    ),
  });
  const templateResumo = z.object({
    type: z.string(),
    name: z.string(),
    subject: z.string(),
    active: z.boolean(),
    urgencyLevel: z.string(),
    /** Changed by an admin: differs from the default. */
    editado: z.boolean(),
    updatedAt: data,
  });
  const template = templateResumo.extend({
    html: z.string(),
    text: z.string(),
    /** The variables this type may use, without braces. */
    variaveis: z.array(z.string()),
  });
  const supressoes = z.object({
    supressoes: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        motivo: z.enum(motivosDeSupressao),
        detalhe: z.string().nullable(),
        origem: z.enum(['ses', 'smtp']),
        criadoEm: data,
        /** Transient bounces counted for the address (they never suppress). */
        bouncesTransitorios: z.number(),
      }),
    ),
  });
  return {
    status,
    estatisticas,
    supressoes,
    limpeza,
    paginaDeMensagens,
    mensagemComConteudo,
    outbox,
    templates: z.object({ templates: z.array(templateResumo) }),
    template: z.object({ template }),
    previa: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
    teste: z.object({
      success: z.boolean(),
      error: z.string().optional(),
      provider: z.string(),
      messageId: z.string().optional(),
    }),
  };
}

/** The responses as the server declares them (dates as `Date`). */
export const respostasDeEmail = respostas(z.date());
/** The same responses as the web app reads them (dates as ISO text). */
export const respostasDeEmailWeb = respostas(z.string());

type Web = typeof respostasDeEmailWeb;
export type StatusDoServicoDeEmail = z.infer<Web['status']>;
export type EstatisticasDeEmail = z.infer<Web['estatisticas']>;
export type ResultadoDaLimpezaDeLogs = z.infer<Web['limpeza']>;
export type PaginaDeMensagensDeEmail = z.infer<Web['paginaDeMensagens']>;
export type MensagemDeEmail = PaginaDeMensagensDeEmail['mensagens'][number];
export type MensagemDeEmailComConteudo = z.infer<Web['mensagemComConteudo']>;
export type TemplateDeEmailResumo = z.infer<Web['templates']>['templates'][number];
export type TemplateDeEmail = z.infer<Web['template']>['template'];
export type PreviaDeTemplate = z.infer<Web['previa']>;
export type SupressaoDeEmail = z.infer<Web['supressoes']>['supressoes'][number];
export type ResultadoDoTesteDeTemplate = z.infer<Web['teste']>;
export type ConteudoDeTemplate = z.output<typeof previaDeTemplateEntrada>;
