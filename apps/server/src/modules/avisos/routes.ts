import { avisosNoServidor, avisosQuery } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contarNaoLidos, listarAvisos, marcarLido, marcarTodosLidos } from './service.ts';

const { lista, naoLidos } = avisosNoServidor;
const TAG = ['avisos'];

/**
 * The signed-in person's own notices (clients and admins alike; not API keys): the list, the unread
 * count the header polls, and marking read.
 */
export const avisosRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'user' } as const;

  app.get(
    '/api/avisos',
    {
      config,
      schema: {
        tags: TAG,
        summary: 'Os avisos da pessoa, mais novos primeiro (paginados por "antes")',
        querystring: avisosQuery,
        response: { 200: lista },
      },
    },
    async (request) => listarAvisos(app.ctx.db, request.sessionUser!, request.query),
  );

  app.get(
    '/api/avisos/nao-lidos',
    {
      config,
      schema: { tags: TAG, summary: 'Quantos avisos não lidos', response: { 200: naoLidos } },
    },
    async (request) => contarNaoLidos(app.ctx.db, request.sessionUser!),
  );

  app.post(
    '/api/avisos/:id/lido',
    {
      config,
      schema: {
        tags: TAG,
        summary: 'Marca o aviso como lido',
        params: z.object({ id: z.uuid('Aviso não encontrado.') }),
        response: { 200: naoLidos },
      },
    },
    async (request) => marcarLido(app.ctx.db, request.sessionUser!, request.params.id),
  );

  app.post(
    '/api/avisos/lidos',
    {
      config,
      schema: { tags: TAG, summary: 'Marca todos os avisos como lidos', response: { 200: naoLidos } },
    },
    async (request) => marcarTodosLidos(app.ctx.db, request.sessionUser!),
  );
};
