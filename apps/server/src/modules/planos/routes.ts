import {
  atualizarPlanoEntrada,
  criarPlanoEntrada,
  planoRespostaSchema,
  planosAdminRespostaSchema,
  planosPublicosRespostaSchema,
  planoUsuariosRespostaSchema,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { atorDoUsuario } from '../../auditoria/registrar.ts';
import {
  atualizarPlano,
  criarPlano,
  listarPlanos,
  listarPlanosPublicos,
  listarUsuariosDoPlano,
} from './service.ts';

export const planosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/planos',
    {
      config: { access: 'public' },
      schema: {
        tags: ['planos'],
        summary: 'Planos ativos, do mais barato ao mais caro',
        response: { 200: planosPublicosRespostaSchema },
      },
    },
    async () => ({
      planos: await listarPlanosPublicos(app.ctx.db, app.ctx.settings.get().plans.recommendedPlanId),
    }),
  );
};

export const planosAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const idParams = z.object({ id: z.uuid('Plano não encontrado.') });

  app.get(
    '/api/admin/planos',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['planos'],
        summary: 'Todos os planos, do mais barato ao mais caro, com o número de usuários',
        response: { 200: planosAdminRespostaSchema },
      },
    },
    async () => ({ planos: await listarPlanos(app.ctx.db) }),
  );

  app.post(
    '/api/admin/planos',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['planos'],
        summary: 'Cria um plano',
        body: criarPlanoEntrada,
        response: { 201: planoRespostaSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ plano: await criarPlano(app.ctx.db, request.body, atorDoUsuario(request.sessionUser!)) }),
  );

  app.patch(
    '/api/admin/planos/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['planos'],
        summary: 'Edita, ativa ou desativa um plano',
        params: idParams,
        body: atualizarPlanoEntrada,
        response: { 200: planoRespostaSchema },
      },
    },
    async (request) => ({
      plano: await atualizarPlano(
        app.ctx.db,
        request.params.id,
        request.body,
        atorDoUsuario(request.sessionUser!),
      ),
    }),
  );

  app.get(
    '/api/admin/planos/:id/usuarios',
    {
      config: {
        access: 'admin',
        deniedMessage: 'Acesso negado: apenas administradores podem ver todos os usuários',
      },
      schema: {
        tags: ['planos'],
        summary: 'Quem está neste plano',
        params: idParams,
        response: { 200: planoUsuariosRespostaSchema },
      },
    },
    async (request) => ({ usuarios: await listarUsuariosDoPlano(app.ctx.db, request.params.id) }),
  );
};
