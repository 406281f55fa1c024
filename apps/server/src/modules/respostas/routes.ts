import { calendarDayIn } from '@laudos/domain';
import {
  responderLembreteEntrada,
  respostaAbertaSchema,
  respostaConfirmadaSchema,
  respostasDoLaudoSchema,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { origemDoPedido } from '../../auditoria/registrar.ts';
import { abrirResposta, responderLembrete, respostasDoLaudo } from './service.ts';

/** The answers to a reminder: the public signed links, and what a laudo's page shows. */
export const respostasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokenParams = z.object({ token: z.string().max(200) });
  const deps = () => ({
    db: app.ctx.db,
    email: app.ctx.email,
    settings: app.ctx.settings,
    secret: app.ctx.config.authSecret,
    linksPorIp: app.ctx.config.rateLimits.linksPerIp,
    publicUrl: app.ctx.config.publicUrl,
    hoje: calendarDayIn(app.ctx.config.timeZone, app.ctx.notificacoes.now()),
    whatsapp: {
      config: app.ctx.config,
      db: app.ctx.db,
      jobs: app.ctx.jobs,
      settings: app.ctx.settings,
      log: app.log,
    },
  });

  app.get(
    '/api/respostas/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['respostas'],
        summary:
          'O link de um lembrete (Solicitar renovação ou Já estou providenciando): laudo, vencimento e a resposta já dada (404 se inválido, 410 se o vencimento mudou)',
        params: tokenParams,
        response: { 200: respostaAbertaSchema },
      },
    },
    async (request) => abrirResposta(deps(), request.params.token, request.ip),
  );

  app.post(
    '/api/respostas/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['respostas'],
        summary:
          'Registra a resposta ao lembrete, uma vez por laudo e vencimento (repetir não cria outra); um pedido de renovação avisa a empresa por e-mail; quem respondeu recebe a confirmação por WhatsApp, se a recebe',
        params: tokenParams,
        body: responderLembreteEntrada,
        response: { 200: respostaConfirmadaSchema },
      },
    },
    async (request) =>
      responderLembrete(deps(), request.params.token, request.body, request.ip, origemDoPedido(request)),
  );

  app.get(
    '/api/laudos/:id/respostas',
    {
      config: { access: 'user' },
      schema: {
        tags: ['respostas'],
        summary: 'Respostas aos lembretes do vencimento atual do laudo (pedido de renovação, ciente)',
        params: z.object({ id: z.uuid('Laudo não encontrado.') }),
        response: { 200: respostasDoLaudoSchema },
      },
    },
    async (request) => respostasDoLaudo(app.ctx.db, request.sessionUser!, request.params.id),
  );
};
