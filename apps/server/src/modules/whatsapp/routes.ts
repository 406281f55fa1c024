import {
  whatsappConsentimentoPedido,
  whatsappEstadoSchema,
  whatsappMensagensResposta,
} from '@laudos/domain/api';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { erro } from '../../http/errors.ts';
import {
  assinaturaValida,
  consentir,
  type DependenciasDoWhatsapp,
  estadoDoWhatsapp,
  listarMensagens,
  registrarStatus,
  revogar,
} from './service.ts';

function dependencias(app: FastifyInstance): DependenciasDoWhatsapp {
  const { config, db, jobs, settings } = app.ctx;
  return { config, db, jobs, settings, log: app.log };
}

/** The person's own WhatsApp alerts (account page). */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['whatsapp'];
  app.get(
    '/api/me/whatsapp',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Meus alertas por WhatsApp', response: { 200: whatsappEstadoSchema } },
    },
    async (request) => estadoDoWhatsapp(dependencias(app), request.sessionUser!),
  );
  app.put(
    '/api/me/whatsapp',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Ativa (ou troca o número de) meus alertas por WhatsApp, com consentimento',
        body: whatsappConsentimentoPedido,
        response: { 200: whatsappEstadoSchema },
      },
    },
    async (request) => consentir(dependencias(app), request.sessionUser!, request.body),
  );
  app.delete(
    '/api/me/whatsapp',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Desativa meus alertas por WhatsApp',
        response: { 200: whatsappEstadoSchema },
      },
    },
    async (request) => revogar(dependencias(app), request.sessionUser!),
  );
};

/** The firm's view of the messages and their delivery statuses. */
export const whatsappAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/whatsapp/mensagens',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['whatsapp'],
        summary: 'Últimas mensagens de WhatsApp e seus status',
        response: { 200: whatsappMensagensResposta },
      },
    },
    async () => listarMensagens(app.ctx.db, Boolean(app.ctx.config.whatsapp)),
  );
};

/**
 * Meta's webhook: GET verifies the subscription (hub.challenge echoed), POST brings the messages'
 * statuses, signed with the app secret over the raw body. In its own scope, where a JSON body is
 * kept raw (a Buffer) for the signature. Meta posts without an Origin header and without cookies,
 * which the cross-origin guard of app.ts lets through as it does any server-to-server call.
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.get(
    '/api/webhooks/whatsapp',
    {
      config: { access: 'public' },
      schema: {
        tags: ['whatsapp'],
        summary: 'Verificação do webhook pela Meta (hub.challenge)',
        querystring: z.object({
          'hub.mode': z.string().max(40).optional(),
          'hub.verify_token': z.string().max(500).optional(),
          'hub.challenge': z.string().max(500).optional(),
        }),
      },
    },
    async (request, reply) => {
      const w = app.ctx.config.whatsapp;
      const q = request.query;
      if (
        !w ||
        q['hub.mode'] !== 'subscribe' ||
        q['hub.verify_token'] !== w.verifyToken ||
        !q['hub.challenge']
      )
        throw erro('acessoNegado', 'Token de verificação do webhook inválido.');
      return reply.type('text/plain; charset=utf-8').send(q['hub.challenge']);
    },
  );
  app.post(
    '/api/webhooks/whatsapp',
    {
      config: { access: 'public' },
      schema: {
        tags: ['whatsapp'],
        summary: 'Status das mensagens enviadas pela Meta (assinado com X-Hub-Signature-256)',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const w = app.ctx.config.whatsapp;
      const corpo = Buffer.isBuffer(request.body) ? request.body : null;
      const assinatura = request.headers['x-hub-signature-256'];
      if (
        !w ||
        !corpo ||
        !assinaturaValida(w.appSecret, corpo, typeof assinatura === 'string' ? assinatura : undefined)
      )
        throw erro('whatsappAssinaturaInvalida');
      let dados: unknown;
      try {
        dados = JSON.parse(corpo.toString('utf8'));
      } catch {
        throw erro('dadosInvalidos', 'JSON inválido.');
      }
      await registrarStatus(app.ctx.db, dados);
      return { ok: true as const };
    },
  );
};
