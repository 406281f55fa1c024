import {
  alteracaoRegraSchema,
  logsFiltroSchema,
  notificacoesPaginaPedidoSchema,
  notificacoesResposta,
  novaRegraSchema,
  simulacaoPedidoSchema,
  simulacaoSchema,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { atorDoUsuario } from '../../auditoria/registrar.ts';
import { listarLogsDeNotificacao, listarNotificacoesDoUsuario } from './logs.ts';
import { alterarRegra, consultarRegras, criarRegra } from './regras.ts';

export const notificacoesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const agendador = () => app.ctx.notificacoes;

  app.get(
    '/api/admin/notificacoes/regras',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Regras de notificação (dias, modelo, horário, frequência)',
        response: { 200: notificacoesResposta.regras },
      },
    },
    async () => ({ regras: await consultarRegras(app.ctx.db, config.timeZone, agendador().now()) }),
  );

  app.post(
    '/api/admin/notificacoes/regras',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Cria uma regra de lembrete (desativada), para limitar a tipos de laudo e ajustar',
        body: novaRegraSchema,
        response: { 201: notificacoesResposta.regraAlterada },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        regra: await criarRegra(
          app.ctx.db,
          request.body,
          config.timeZone,
          agendador().now(),
          atorDoUsuario(request.sessionUser!),
        ),
      }),
  );

  app.patch(
    '/api/admin/notificacoes/regras/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Altera uma regra; vale a partir da próxima execução',
        params: z.object({ id: z.uuid() }),
        body: alteracaoRegraSchema,
        response: { 200: notificacoesResposta.regraAlterada },
      },
    },
    async (request) => ({
      regra: await alterarRegra(
        app.ctx.db,
        request.params.id,
        request.body,
        config.timeZone,
        agendador().now(),
        atorDoUsuario(request.sessionUser!),
      ),
    }),
  );

  app.get(
    '/api/admin/notificacoes/agendador',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Estado do agendador: pausado ou não, última e próxima execução, o que enviou',
        response: { 200: notificacoesResposta.agendador },
      },
    },
    async () => agendador().estado(),
  );

  app.post(
    '/api/admin/notificacoes/agendador/pausar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Pausa o agendador (em todas as instâncias)',
        response: { 200: notificacoesResposta.agendador },
      },
    },
    async (request) => {
      const estado = await agendador().pausar(request.sessionUser?.nome ?? null);
      request.log.info({ by: request.sessionUser?.id }, 'agendador pausado');
      return estado;
    },
  );

  app.post(
    '/api/admin/notificacoes/agendador/retomar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Retoma o agendador e faz uma verificação na hora',
        response: { 200: notificacoesResposta.agendador },
      },
    },
    async (request) => {
      const estado = await agendador().retomar();
      request.log.info({ by: request.sessionUser?.id }, 'agendador retomado');
      return estado;
    },
  );

  app.post(
    '/api/admin/notificacoes/executar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Executa as regras agora (o que já foi enviado não é repetido)',
        response: { 200: notificacoesResposta.execucao },
      },
    },
    async () => ({ execucao: await agendador().executar({ origem: 'manual' }) }),
  );

  app.post(
    '/api/admin/notificacoes/simular',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Simulação: o que seria enviado numa data, sem enviar nada',
        body: simulacaoPedidoSchema,
        response: { 200: simulacaoSchema },
      },
    },
    async (request) => agendador().simular(request.body.data),
  );

  app.get(
    '/api/admin/notificacoes/logs',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Registro das notificações, com filtros',
        querystring: logsFiltroSchema,
        response: { 200: notificacoesResposta.logsPagina },
      },
    },
    async (request) => listarLogsDeNotificacao(app.ctx.db, request.query),
  );
};

/** A client's own notifications: the e-mails about the laudos they may see, and those sent to them. */
export const notificacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notificacoes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notificações'],
        summary: 'Notificações e e-mails enviados sobre os laudos do usuário, mais recentes primeiro',
        querystring: notificacoesPaginaPedidoSchema,
        response: { 200: notificacoesResposta.notificacoesPagina },
      },
    },
    async (request) => listarNotificacoesDoUsuario(app.ctx.db, request.sessionUser!, request.query),
  );
};
