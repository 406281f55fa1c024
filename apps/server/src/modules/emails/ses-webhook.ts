import SnsPayloadValidator from 'sns-payload-validator';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { snsMensagens } from '../../db/schema.ts';
import { contarBounceTransitorio, suprimir } from '../../email/supressao.ts';
import { erro } from '../../http/errors.ts';

/*
 * Amazon SES reports bounces and complaints through an SNS topic, which posts them here
 * (POST /api/webhooks/ses, decision 036). The envelope's signature is checked against Amazon's
 * certificate (sns-payload-validator only fetches certificates from sns.<region>.amazonaws.com),
 * its topic against SES_SNS_TOPIC_ARNS, and each MessageId is handled once.
 */

/**
 * The signature check and the subscription confirmation, replaceable by tests: the validator's
 * certificate cache is preloaded with a test certificate, the confirmation's GET recorded.
 */
export const integracaoSns = {
  validador: new SnsPayloadValidator(),
  async confirmar(url: string): Promise<void> {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
    if (!res.ok) throw new Error(`SNS respondeu ${res.status}`);
  },
};

const envelope = z.object({
  Type: z.enum(['SubscriptionConfirmation', 'Notification', 'UnsubscribeConfirmation']),
  MessageId: z.string().min(1).max(200),
  TopicArn: z.string().min(1).max(400),
  Message: z.string(),
  Timestamp: z.string(),
  SignatureVersion: z.string(),
  Signature: z.string(),
  SigningCertURL: z.string(),
  SubscribeURL: z.string().optional(),
  Token: z.string().optional(),
  Subject: z.string().nullable().optional(),
});

const destinatarios = z.array(z.object({ emailAddress: z.string().max(320) }).loose()).max(1000);
const notificacaoSes = z.discriminatedUnion('notificationType', [
  z
    .object({
      notificationType: z.literal('Bounce'),
      bounce: z
        .object({
          bounceType: z.string(),
          bounceSubType: z.string().optional(),
          bouncedRecipients: z.array(
            z.object({ emailAddress: z.string().max(320), diagnosticCode: z.string().optional() }).loose(),
          ),
        })
        .loose(),
    })
    .loose(),
  z
    .object({
      notificationType: z.literal('Complaint'),
      complaint: z
        .object({ complainedRecipients: destinatarios, complaintFeedbackType: z.string().optional() })
        .loose(),
    })
    .loose(),
  z.object({ notificationType: z.literal('Delivery') }).loose(),
]);

/** Only an https address on Amazon's SNS domain is visited to confirm a subscription. */
function urlDeConfirmacaoValida(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(u.hostname);
  } catch {
    return false;
  }
}

type ResultadoDoWebhook =
  | { tipo: 'inscricao_confirmada' }
  | { tipo: 'repetida' }
  | { tipo: 'ignorada' }
  | { tipo: 'bounce_permanente' | 'bounce_transitorio' | 'reclamacao'; enderecos: number };

/** Handles one SNS post: checks it, then suppresses or counts the addresses it reports. */
export async function receberNotificacaoSes(
  db: Db,
  topicos: readonly string[],
  corpo: unknown,
): Promise<ResultadoDoWebhook> {
  if (topicos.length === 0) throw erro('webhookSesDesativado');
  let bruto: unknown = corpo;
  if (typeof corpo === 'string') {
    try {
      bruto = JSON.parse(corpo);
    } catch {
      throw erro('webhookSesMalformado', 'o corpo não é JSON.');
    }
  }
  const lido = envelope.safeParse(bruto);
  if (!lido.success) throw erro('webhookSesMalformado', 'faltam campos do envelope do SNS.');
  const msg = lido.data;
  // The topic first: a post naming another topic is refused before the validator fetches any
  // certificate (a forged one naming ours still needs Amazon's signature, checked next).
  if (!topicos.includes(msg.TopicArn)) throw erro('webhookSesTopicoNaoPermitido');
  try {
    await integracaoSns.validador.validate(bruto as never);
  } catch {
    throw erro('webhookSesAssinaturaInvalida');
  }

  if (msg.Type === 'SubscriptionConfirmation') {
    if (!msg.SubscribeURL || !urlDeConfirmacaoValida(msg.SubscribeURL))
      throw erro('webhookSesMalformado', 'SubscribeURL ausente ou fora da amazonaws.com.');
    try {
      await integracaoSns.confirmar(msg.SubscribeURL);
    } catch (err) {
      throw Object.assign(erro('webhookSesConfirmacaoFalhou'), { cause: err });
    }
    return { tipo: 'inscricao_confirmada' };
  }
  if (msg.Type !== 'Notification') return { tipo: 'ignorada' };

  let conteudo: unknown;
  try {
    conteudo = JSON.parse(msg.Message);
  } catch {
    throw erro('webhookSesMalformado', 'Message não é JSON.');
  }
  const notificacao = notificacaoSes.safeParse(conteudo);
  if (!notificacao.success) {
    // Another notification type (or another service's message on the topic): nothing to do.
    const tipo = (conteudo as { notificationType?: unknown } | null)?.notificationType;
    if (typeof tipo === 'string' && !['Bounce', 'Complaint'].includes(tipo)) return { tipo: 'ignorada' };
    throw erro('webhookSesMalformado', 'notificação do SES sem os destinatários.');
  }
  const n = notificacao.data;
  if (n.notificationType === 'Delivery') return { tipo: 'ignorada' };

  // One transaction: the MessageId recorded with its effects, so a redelivery changes nothing.
  return db.transaction(async (tx) => {
    const [nova] = await tx
      .insert(snsMensagens)
      .values({ messageId: msg.MessageId })
      .onConflictDoNothing()
      .returning({ id: snsMensagens.messageId });
    if (!nova) return { tipo: 'repetida' } as const;
    if (n.notificationType === 'Complaint') {
      for (const r of n.complaint.complainedRecipients)
        await suprimir(tx, {
          email: r.emailAddress,
          motivo: 'reclamacao',
          detalhe: n.complaint.complaintFeedbackType ?? 'Reclamação do destinatário',
          origem: 'ses',
        });
      return { tipo: 'reclamacao', enderecos: n.complaint.complainedRecipients.length } as const;
    }
    const permanente = n.bounce.bounceType === 'Permanent';
    for (const r of n.bounce.bouncedRecipients) {
      if (permanente)
        await suprimir(tx, {
          email: r.emailAddress,
          motivo: 'bounce_permanente',
          detalhe:
            r.diagnosticCode ??
            `${n.bounce.bounceType}${n.bounce.bounceSubType ? `/${n.bounce.bounceSubType}` : ''}`,
          origem: 'ses',
        });
      else await contarBounceTransitorio(tx, r.emailAddress);
    }
    return {
      tipo: permanente ? 'bounce_permanente' : 'bounce_transitorio',
      enderecos: n.bounce.bouncedRecipients.length,
    } as const;
  });
}
