import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { corpoDoErro } from '../../http/errors.ts';
import { verificarBanco } from './service.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['sistema'],
        summary: 'O servidor e o banco de dados estão respondendo?',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          503: z.object({
            status: z.literal('error'),
            database: z.literal('error'),
            error: z.object({ code: z.string(), message: z.string() }),
          }),
        },
      },
    },
    async (request, reply) => {
      try {
        await verificarBanco(app.ctx.database);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health: database did not answer');
        return reply
          .code(503)
          .send({ status: 'error', database: 'error', ...corpoDoErro('bancoIndisponivel') });
      }
    },
  );
};
