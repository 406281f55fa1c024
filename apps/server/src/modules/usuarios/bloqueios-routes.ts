import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSignInBlocks, listSignInBlocks } from '../../auth/sign-in-limits.ts';
import { getUsuario } from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

const bloqueiosSchema = z.object({
  enderecos: z.array(
    z.object({
      ip: z.string(),
      falhas: z.number(),
      bloqueado: z.boolean(),
      /** When the failures from this address are forgotten (and its block ends). */
      ate: z.date(),
    }),
  ),
  conta: z
    .object({
      falhas: z.number(),
      lenta: z.boolean(),
      ate: z.date(),
    })
    .nullable(),
  limites: z.object({ porEndereco: z.number(), porConta: z.number(), intervaloSegundos: z.number() }),
});

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
    async (request) => {
      const { db, config } = app.ctx;
      const u = await getUsuario(db, request.params.id);
      return listSignInBlocks(db, config.rateLimits, u.email);
    },
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
      const { db } = app.ctx;
      const u = await getUsuario(db, request.params.id);
      await clearSignInBlocks(db, u.email);
      request.log.info({ usuarioId: u.id }, 'acesso liberado pelo administrador');
      return reply.code(204).send(null);
    },
  );
};
