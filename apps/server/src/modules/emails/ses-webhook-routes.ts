import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receberNotificacaoSes } from './ses-webhook.ts';

/** Where Amazon SNS posts SES bounces and complaints (decision 036). Public: the signature is the check. */
export const sesWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/webhooks/ses',
    {
      config: { access: 'public' },
      schema: {
        tags: ['e-mail'],
        summary:
          'Notificações do Amazon SES via SNS (devoluções e reclamações): assinadas pela AWS, tópico em SES_SNS_TOPIC_ARNS',
        // SNS posts JSON as text/plain; the envelope is checked by the handler.
        body: z.unknown(),
        response: { 200: z.object({ ok: z.literal(true), resultado: z.string() }) },
      },
    },
    async (request) => {
      const r = await receberNotificacaoSes(app.ctx.db, app.ctx.config.email.ses.snsTopicArns, request.body);
      request.log.info(
        { webhook: 'ses', resultado: r.tipo, ...('enderecos' in r ? { enderecos: r.enderecos } : {}) },
        'notificação do SES recebida',
      );
      return { ok: true as const, resultado: r.tipo };
    },
  );
};
