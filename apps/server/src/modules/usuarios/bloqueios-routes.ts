import { bloqueiosSchema } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { liberarAcesso, listarBloqueios } from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** The sign-in blocks of one user, on the user's screen of the admin area (decision 012). */
export const bloqueiosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/usuarios/:id/bloqueios',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuários'],
        summary:
          'Tentativas de entrada erradas do usuário: por endereço IP (bloqueado ou não, até quando) e no total',
        params: idParams,
        response: { 200: bloqueiosSchema },
      },
    },
    async (request) => listarBloqueios(app.ctx.db, app.ctx.config.rateLimits, request.params.id),
  );

  app.delete(
    '/api/admin/usuarios/:id/bloqueios',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuários'],
        summary: 'Liberar acesso: esquece as tentativas erradas do usuário e o ritmo imposto à conta',
        params: idParams,
        response: { 204: z.null().describe('Acesso liberado') },
      },
    },
    async (request, reply) => {
      await liberarAcesso(app.ctx.db, request.params.id, request.log);
      return reply.code(204).send(null);
    },
  );
};
