import { perfilSchema } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buscarPerfil } from './service.ts';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    {
      config: { access: 'user', allowFirstAccess: true },
      schema: {
        tags: ['conta'],
        summary: 'O usuário da sessão, com seu perfil e plano',
        response: { 200: perfilSchema },
      },
    },
    async (request) => buscarPerfil(app.ctx.db, request.sessionUser!),
  );
};
