import { respostasDeEmail, supressaoParams, supressoesQuery } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listarSupressoes, removerSupressao } from '../../email/supressao.ts';
import { erro } from '../../http/errors.ts';

/** The suppression list (decision 036): addresses not e-mailed after a hard bounce or a complaint. */
export const emailSupressoesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/email/supressoes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Endereços na lista de supressão (devolução permanente, reclamação, recusa SMTP 5xx)',
        querystring: supressoesQuery,
        response: { 200: respostasDeEmail.supressoes },
      },
    },
    async (request) => ({ supressoes: await listarSupressoes(app.ctx.db, request.query.busca) }),
  );

  app.delete(
    '/api/admin/email/supressoes/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Remove um endereço da lista de supressão: os próximos e-mails voltam a ser enviados',
        params: supressaoParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const removida = await removerSupressao(app.ctx.db, request.params.id);
      if (!removida) throw erro('supressaoNaoEncontrada');
      request.log.info({ by: request.sessionUser?.id, supressao: request.params.id }, 'supressão removida');
      return reply.code(204).send(null);
    },
  );
};
