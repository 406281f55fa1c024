import { z } from 'zod';

/** GET/PUT/DELETE /api/me/whatsapp: the person's WhatsApp alerts (decision 037). */
export const whatsappEstadoSchema = z.object({
  /** Whether the person may turn it on now (server configured, switch on, plan with the feature). */
  disponivel: z.boolean(),
  /** Why not, in pt-BR, when not available. */
  motivo: z.string().nullable(),
  ativo: z.boolean(),
  /** E.164 (+5511988887777) while active. */
  numero: z.string().nullable(),
  consentidoEm: z.string().nullable(),
  /** The consent text shown next to the checkbox (recorded with the consent). */
  texto: z.string(),
});
export type WhatsappEstado = z.infer<typeof whatsappEstadoSchema>;

export const whatsappConsentimentoPedido = z.strictObject({
  numero: z.string().trim().min(1, 'Informe o número do WhatsApp.').max(40, 'Número longo demais.'),
  consentimento: z.boolean(),
});

/** GET /api/admin/whatsapp/mensagens: the latest messages and their statuses. */
export const whatsappMensagemSchema = z.object({
  id: z.string(),
  criadoEm: z.string(),
  /** Null for the monthly summary (no laudo). */
  laudoCodigo: z.string().nullable(),
  destinatario: z.string(),
  numero: z.string(),
  template: z.string(),
  /** What the message is: a reminder's milestone, an answer's confirmation, a month's summary. */
  marco: z.string(),
  status: z.enum(['pending', 'retrying', 'sent', 'delivered', 'read', 'failed']),
  erro: z.string().nullable(),
  tentativas: z.number().int(),
});
export const whatsappMensagensResposta = z.object({
  configurado: z.boolean(),
  mensagens: z.array(whatsappMensagemSchema),
});
export type WhatsappMensagens = z.infer<typeof whatsappMensagensResposta>;
