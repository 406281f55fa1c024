import { calendarDayIn } from '@laudos/domain';
import { calendarioNoServidor } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { criarCalendario, estadoDoCalendario, feedDoCalendario, revogarCalendario } from './service.ts';

const { estado, criado } = calendarioNoServidor;

/**
 * The signed-in person's private calendar feed (issue 20, decision 034): their own link only, never
 * someone else's; and the feed itself, public, with the token as the credential.
 */
export const calendarioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/calendario',
    {
      config: { access: 'user' },
      schema: {
        tags: ['calendario'],
        summary: 'Se a pessoa tem um link de calendário (iCal) e desde quando; o link não é mostrado de novo',
        response: { 200: estado },
      },
    },
    async (request) => estadoDoCalendario(app.ctx.db, request.sessionUser!.id),
  );

  app.post(
    '/api/calendario',
    {
      config: { access: 'user' },
      schema: {
        tags: ['calendario'],
        summary:
          'Cria o link privado do calendário (ou gera um novo, revogando o anterior): o link aparece só nesta resposta',
        response: { 201: criado },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await criarCalendario(app.ctx.db, request.sessionUser!.id, app.ctx.config.publicUrl)),
  );

  app.delete(
    '/api/calendario',
    {
      config: { access: 'user' },
      schema: {
        tags: ['calendario'],
        summary: 'Revoga o link do calendário: ele passa a responder 404',
        response: { 204: z.null().describe('Link revogado') },
      },
    },
    async (request, reply) => {
      await revogarCalendario(app.ctx.db, request.sessionUser!.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/calendario/:arquivo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['calendario'],
        summary:
          'O calendário (text/calendar) de um link `<token>.ics`: um evento de dia inteiro por vencimento dos laudos da pessoa, com alarmes 30, 7 e 1 dia antes; 404 se o link não existe ou foi revogado',
        params: z.object({ arquivo: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const corpo = await feedDoCalendario(app.ctx.db, request.params.arquivo, {
        publicUrl: app.ctx.config.publicUrl,
        hoje: calendarDayIn(app.ctx.config.timeZone, app.ctx.notificacoes.now()),
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=0')
        .header('content-disposition', 'inline; filename="laudos.ics"')
        .header('x-robots-tag', 'noindex')
        .send(corpo);
    },
  );
};
