import {
  aprovarPedidoEntrada,
  atualizarEmpresaEntrada,
  criarEmpresaEntrada,
  empresaRespostaSchema,
  empresasOpcoesQuerySchema,
  empresasOpcoesSchema,
  empresasPaginaSchema,
  empresasQuerySchema,
  equipeSchema,
  okSchema,
  pedidosEmpresaSchema,
  pedirEmpresaEntrada,
  recusarPedidoEntrada,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { atorDoUsuario } from '../../auditoria/registrar.ts';
import { aprovarPedido, listarPedidos, pedirEmpresa, recusarPedido } from './pedidos.ts';
import {
  atualizarEmpresa,
  criarEmpresa,
  equipeDaEmpresa,
  listarEmpresas,
  opcoesDeEmpresas,
} from './service.ts';

const idParams = z.object({ id: z.uuid('Empresa não encontrada.') });
const pedidoParams = z.object({ id: z.uuid('Pedido não encontrado ou já resolvido.') });

/** The admin's companies and the requests to join them (issue 17). */
export const empresasAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/empresas',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['empresas'],
        summary: 'Empresas clientes com plano e uso (pessoas, laudos), busca e páginas',
        querystring: empresasQuerySchema,
        response: { 200: empresasPaginaSchema },
      },
    },
    async (request) => {
      const q = request.query;
      return listarEmpresas(app.ctx.db, {
        busca: q.busca,
        planoId: q.planoId,
        ativo: q.ativo === undefined ? undefined : q.ativo === 'true',
        pagina: q.pagina,
        porPagina: q.porPagina,
      });
    },
  );

  app.get(
    '/api/admin/empresas/opcoes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['empresas'],
        summary: 'Até 20 empresas ativas pelo nome ou CNPJ (a lista do formulário de laudo)',
        querystring: empresasOpcoesQuerySchema,
        response: { 200: empresasOpcoesSchema },
      },
    },
    async (request) => opcoesDeEmpresas(app.ctx.db, request.query.busca),
  );

  app.post(
    '/api/admin/empresas',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['empresas'],
        summary: 'Cria uma empresa cliente (no plano padrão, se nenhum for dado)',
        body: criarEmpresaEntrada,
        response: { 201: empresaRespostaSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ empresa: await criarEmpresa(app.ctx.db, request.body, atorDoUsuario(request.sessionUser!)) }),
  );

  app.get(
    '/api/admin/empresas/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['empresas'],
        summary: 'Uma empresa com suas pessoas e convites',
        params: idParams,
        response: { 200: equipeSchema },
      },
    },
    async (request) => equipeDaEmpresa(app.ctx.db, request.params.id, true),
  );

  app.patch(
    '/api/admin/empresas/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['empresas'],
        summary: 'Edita, muda o plano, ativa ou desativa uma empresa',
        params: idParams,
        body: atualizarEmpresaEntrada,
        response: { 200: empresaRespostaSchema },
      },
    },
    async (request) => ({
      empresa: await atualizarEmpresa(
        app.ctx.db,
        request.params.id,
        request.body,
        atorDoUsuario(request.sessionUser!),
      ),
    }),
  );

  app.get(
    '/api/admin/pedidos-empresa',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['empresas'],
        summary: 'Pedidos de vínculo a uma empresa aguardando o administrador',
        response: { 200: pedidosEmpresaSchema },
      },
    },
    async () => listarPedidos(app.ctx.db),
  );

  app.post(
    '/api/admin/pedidos-empresa/:id/aprovar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['empresas'],
        summary: 'Vincula a pessoa a uma empresa existente ou a uma nova',
        params: pedidoParams,
        body: aprovarPedidoEntrada,
        response: { 200: z.object({ ok: z.literal(true), empresaId: z.string() }) },
      },
    },
    async (request) => aprovarPedido(app.ctx.db, request.sessionUser!, request.params.id, request.body),
  );

  app.post(
    '/api/admin/pedidos-empresa/:id/recusar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['empresas'],
        summary: 'Recusa o pedido (a pessoa continua sem empresa)',
        params: pedidoParams,
        body: recusarPedidoEntrada,
        response: { 200: okSchema },
      },
    },
    async (request) => recusarPedido(app.ctx.db, request.sessionUser!, request.params.id),
  );
};

/** A client with no company asks to join one. */
export const pedidoEmpresaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/conta/pedido-empresa',
    {
      config: { access: 'user' },
      schema: {
        tags: ['conta'],
        summary: 'Pede o vínculo a uma empresa pelo nome ou CNPJ (um administrador aprova)',
        body: pedirEmpresaEntrada,
        response: { 200: okSchema },
      },
    },
    async (request) => pedirEmpresa(app.ctx.db, request.sessionUser!, request.body),
  );
};
