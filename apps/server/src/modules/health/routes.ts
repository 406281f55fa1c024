import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const PING_TIMEOUT_MS = 3000;

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
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          app.ctx.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
          }),
        ]).finally(() => clearTimeout(timer));
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health: database did not answer');
        return reply.code(503).send({
          status: 'error',
          database: 'error',
          error: { code: 'BANCO_INDISPONIVEL', message: 'O banco de dados não está respondendo.' },
        });
      }
    },
  );
};
