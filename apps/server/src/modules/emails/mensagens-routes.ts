import {
  mensagemDeEmailParams,
  mensagensDeEmailQuery,
  outboxDeEmailQuery,
  respostasDeEmail,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buscarMensagem, listarMensagens, listarOutbox } from './mensagens.ts';

/** The messages: every e-mail with its state, one with its stored content, the outbox. */
export const emailMensagensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/email/mensagens',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Todos os e-mails, mais recentes primeiro, com estado e erro',
        querystring: mensagensDeEmailQuery,
        response: { 200: respostasDeEmail.paginaDeMensagens },
      },
    },
    async (request) => listarMensagens(app.ctx.db, request.query),
  );

  app.get(
    '/api/admin/email/mensagens/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Um e-mail, com o conteúdo guardado (outbox ou modo sandbox)',
        params: mensagemDeEmailParams,
        response: { 200: respostasDeEmail.mensagemComConteudo },
      },
    },
    async (request) => buscarMensagem(app.ctx.db, request.params.id),
  );

  app.get(
    '/api/admin/email/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Últimas mensagens guardadas pelo transporte outbox (ou pelo modo sandbox)',
        querystring: outboxDeEmailQuery,
        response: { 200: respostasDeEmail.outbox },
      },
    },
    async (request) => listarOutbox(app.ctx.db, request.query.limit),
  );
};
