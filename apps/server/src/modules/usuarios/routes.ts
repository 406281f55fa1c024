import {
  atualizarUsuarioEntrada,
  criarUsuarioEntrada,
  sincronizacaoRespostaSchema,
  usuarioRespostaSchema,
  usuariosPaginaSchema,
  usuariosQuerySchema,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { atorDoUsuario } from '../../auditoria/registrar.ts';
import { bloqueiosRoutes } from './bloqueios-routes.ts';
import {
  atualizarUsuario,
  buscarUsuario,
  criarUsuario,
  excluirUsuario,
  gerarSenhaTemporaria,
  listarUsuarios,
  sincronizarUsuarios,
} from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

export const usuariosAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const listDenied = 'Acesso negado: apenas administradores podem ver todos os usuários';
  await app.register(bloqueiosRoutes);

  app.get(
    '/api/admin/usuarios',
    {
      config: { access: 'admin', deniedMessage: listDenied },
      schema: {
        tags: ['usuários'],
        summary: 'Usuários com plano, busca, filtros e páginas',
        querystring: usuariosQuerySchema,
        response: { 200: usuariosPaginaSchema },
      },
    },
    async (request) => {
      const { ativo, ...q } = request.query;
      return listarUsuarios(app.ctx.db, { ...q, ativo: ativo === undefined ? undefined : ativo === 'true' });
    },
  );

  app.get(
    '/api/admin/usuarios/:id',
    {
      config: { access: 'admin', deniedMessage: listDenied },
      schema: {
        tags: ['usuários'],
        summary: 'Um usuário',
        params: idParams,
        response: { 200: usuarioRespostaSchema },
      },
    },
    async (request) => ({ usuario: await buscarUsuario(app.ctx.db, request.params.id) }),
  );

  app.post(
    '/api/admin/usuarios',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuários'],
        summary: 'Cria um usuário com senha temporária e envia o e-mail de boas-vindas',
        body: criarUsuarioEntrada,
        response: { 201: usuarioRespostaSchema },
      },
    },
    async (request, reply) => {
      const usuario = await criarUsuario(app.ctx, request.body, atorDoUsuario(request.sessionUser!));
      return reply.code(201).send({ usuario });
    },
  );

  app.patch(
    '/api/admin/usuarios/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuários'],
        summary: 'Edita, confirma a empresa, muda o plano, desativa ou reativa um usuário',
        params: idParams,
        body: atualizarUsuarioEntrada,
        response: { 200: usuarioRespostaSchema },
      },
    },
    async (request) => ({
      usuario: await atualizarUsuario(app.ctx.db, request.sessionUser!, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/admin/usuarios/:id/senha-temporaria',
    {
      config: { access: 'admin', deniedMessage: 'Apenas administradores podem alterar senhas de usuários' },
      schema: {
        tags: ['usuários'],
        summary: 'Gera uma nova senha temporária e a envia por e-mail; vale no próximo acesso',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await gerarSenhaTemporaria(app.ctx, request.params.id, atorDoUsuario(request.sessionUser!));
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/admin/usuarios/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['usuários'], summary: 'Exclui um usuário, depois dos laudos dele', params: idParams },
    },
    async (request, reply) => {
      const { db, storage } = app.ctx;
      await excluirUsuario({ db, storage, log: request.log }, request.sessionUser!, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/admin/usuarios/sincronizar',
    {
      config: { access: 'admin', deniedMessage: 'Apenas administradores podem sincronizar usuários' },
      schema: {
        tags: ['usuários'],
        summary: 'Cria perfis para contas sem perfil e lista perfis que não conseguem entrar',
        response: { 200: sincronizacaoRespostaSchema },
      },
    },
    async () => sincronizarUsuarios(app.ctx.db),
  );
};
