import {
  aceitarConviteEntrada,
  aceitarConviteRespostaSchema,
  alterarPessoaEntrada,
  convidarEntrada,
  conviteAbertoSchema,
  conviteRespostaSchema,
  equipeSchema,
  pessoaRespostaSchema,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { origemDoPedido } from '../../auditoria/registrar.ts';
import { equipeDaEmpresa } from '../empresas/service.ts';
import { atorAdmin, atorDaEmpresa } from './ator.ts';
import {
  abrirConvite,
  aceitarConvite,
  cancelarConvite,
  convidarPessoa,
  reenviarConvite,
} from './convites.ts';
import { alterarPessoa } from './pessoas.ts';

const conviteId = z.uuid('Convite não encontrado.');
const usuarioId = z.string().min(1).max(100);
const empresaId = z.uuid('Empresa não encontrada.');
const cancelado = z.null().describe('Convite cancelado');

/** The signed-in client's team: their company, its people and (gestor) its invitations. */
export const equipeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/empresa',
    {
      config: { access: 'user' },
      schema: {
        tags: ['equipes'],
        summary: 'A empresa de quem está conectado, com as pessoas e (para o gestor) os convites',
        response: { 200: equipeSchema },
      },
    },
    async (request) => {
      const ator = atorDaEmpresa(request.sessionUser!);
      return equipeDaEmpresa(app.ctx.db, ator.empresaId, ator.gere);
    },
  );

  app.post(
    '/api/empresa/convites',
    {
      config: { access: 'user' },
      schema: {
        tags: ['equipes'],
        summary: 'O gestor convida alguém por e-mail (link válido por 7 dias; ocupa uma vaga do plano)',
        body: convidarEntrada,
        response: { 201: conviteRespostaSchema },
      },
    },
    async (request, reply) => {
      const ator = atorDaEmpresa(request.sessionUser!);
      return reply.code(201).send({ convite: await convidarPessoa(app.ctx, ator, request.body) });
    },
  );

  app.post(
    '/api/empresa/convites/:id/reenviar',
    {
      config: { access: 'user' },
      schema: {
        tags: ['equipes'],
        summary: 'O gestor reenvia um convite: novo link, válido por mais 7 dias',
        params: z.object({ id: conviteId }),
        response: { 200: conviteRespostaSchema },
      },
    },
    async (request) => ({
      convite: await reenviarConvite(app.ctx, atorDaEmpresa(request.sessionUser!), request.params.id),
    }),
  );

  app.delete(
    '/api/empresa/convites/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['equipes'],
        summary: 'O gestor cancela um convite (o link deixa de valer e a vaga é liberada)',
        params: z.object({ id: conviteId }),
        response: { 204: cancelado },
      },
    },
    async (request, reply) => {
      await cancelarConvite(app.ctx.db, atorDaEmpresa(request.sessionUser!), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/empresa/pessoas/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['equipes'],
        summary:
          'O gestor muda o papel, ativa ou desativa alguém da empresa; cada pessoa liga ou desliga os próprios lembretes',
        params: z.object({ id: usuarioId }),
        body: alterarPessoaEntrada,
        response: { 200: pessoaRespostaSchema },
      },
    },
    async (request) => ({
      pessoa: await alterarPessoa(
        app.ctx.db,
        atorDaEmpresa(request.sessionUser!),
        request.params.id,
        request.body,
      ),
    }),
  );
};

/** The admin's hand on any company's team: the same services, with the company in the address. */
export const equipesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/empresas/:id/convites',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['equipes'],
        summary: 'Convida alguém para a equipe da empresa (dentro do limite do plano)',
        params: z.object({ id: empresaId }),
        body: convidarEntrada,
        response: { 201: conviteRespostaSchema },
      },
    },
    async (request, reply) => {
      const ator = atorAdmin(request.sessionUser!, request.params.id);
      return reply.code(201).send({ convite: await convidarPessoa(app.ctx, ator, request.body) });
    },
  );

  app.post(
    '/api/admin/empresas/:id/convites/:conviteId/reenviar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['equipes'],
        summary: 'Reenvia um convite da empresa: novo link, válido por mais 7 dias',
        params: z.object({ id: empresaId, conviteId }),
        response: { 200: conviteRespostaSchema },
      },
    },
    async (request) => ({
      convite: await reenviarConvite(
        app.ctx,
        atorAdmin(request.sessionUser!, request.params.id),
        request.params.conviteId,
      ),
    }),
  );

  app.delete(
    '/api/admin/empresas/:id/convites/:conviteId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['equipes'],
        summary: 'Cancela um convite da empresa',
        params: z.object({ id: empresaId, conviteId }),
        response: { 204: cancelado },
      },
    },
    async (request, reply) => {
      await cancelarConvite(
        app.ctx.db,
        atorAdmin(request.sessionUser!, request.params.id),
        request.params.conviteId,
      );
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/admin/empresas/:id/pessoas/:usuarioId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['equipes'],
        summary: 'Muda o papel, ativa, desativa ou muda os lembretes de uma pessoa da empresa',
        params: z.object({ id: empresaId, usuarioId }),
        body: alterarPessoaEntrada,
        response: { 200: pessoaRespostaSchema },
      },
    },
    async (request) => ({
      pessoa: await alterarPessoa(
        app.ctx.db,
        atorAdmin(request.sessionUser!, request.params.id),
        request.params.usuarioId,
        request.body,
      ),
    }),
  );
};

/** The invitation link, opened by someone with no account yet. */
export const conviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokenParams = z.object({ token: z.string().max(512) });

  app.get(
    '/api/convites/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['equipes'],
        summary: 'O convite do link: empresa, e-mail e papel (404 se inválido, expirado, cancelado ou usado)',
        params: tokenParams,
        response: { 200: conviteAbertoSchema },
      },
    },
    async (request) =>
      abrirConvite(app.ctx.db, request.params.token, request.ip, app.ctx.config.rateLimits.linksPerIp),
  );

  app.post(
    '/api/convites/:token/aceitar',
    {
      config: { access: 'public' },
      schema: {
        tags: ['equipes'],
        summary:
          'Aceita o convite: cria a conta com o e-mail confirmado, na empresa e no papel do convite (depois, entrar em /login)',
        params: tokenParams,
        body: aceitarConviteEntrada,
        response: { 200: aceitarConviteRespostaSchema },
      },
    },
    async (request) =>
      aceitarConvite(
        app.ctx.db,
        request.params.token,
        request.body,
        request.ip,
        app.ctx.config.rateLimits.linksPerIp,
        origemDoPedido(request),
      ),
  );
};
