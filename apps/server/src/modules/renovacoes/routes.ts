import { calendarDayIn } from '@laudos/domain';
import {
  funilSchema,
  moverEstagioEntrada,
  notaDaRenovacaoEntrada,
  renovacoesAdminQuery,
  renovacoesNoServidor,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  anotarRenovacao,
  lerFunil,
  lerRenovacao,
  listarRenovacoes,
  listarRenovacoesDoCliente,
  moverRenovacao,
} from './service.ts';

const TAG = ['renovacoes'];
const params = z.object({ id: z.uuid('Pedido de renovação não encontrado.') });
const { quadro, detalhe, doCliente } = renovacoesNoServidor;

/** The firm's renewal pipeline (admins) and the client's renewal requests (decision 029). */
export const renovacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const hoje = () => calendarDayIn(app.ctx.config.timeZone, app.ctx.notificacoes.now());
  const admin = { access: 'admin' } as const;

  app.get(
    '/api/renovacoes',
    {
      config: { access: 'user' },
      schema: {
        tags: TAG,
        summary: 'Os pedidos de renovação dos laudos da empresa, com o estágio e o histórico',
        response: { 200: doCliente },
      },
    },
    async (request) => listarRenovacoesDoCliente(app.ctx.db, request.sessionUser!, hoje()),
  );

  app.get(
    '/api/admin/renovacoes',
    {
      config: admin,
      schema: {
        tags: TAG,
        summary:
          'O quadro de pedidos de renovação (filtros: estágio, empresa, tipo, período do vencimento, busca)',
        querystring: renovacoesAdminQuery,
        response: { 200: quadro },
      },
    },
    async (request) => listarRenovacoes(app.ctx.db, request.query, hoje()),
  );

  app.get(
    '/api/admin/renovacoes/funil',
    {
      config: admin,
      schema: {
        tags: TAG,
        summary: 'O funil mensal: lembretes enviados, pedidos e concluídos, por mês (12) e tipo de laudo',
        response: { 200: funilSchema },
      },
    },
    async () => lerFunil(app.ctx.db, app.ctx.config.timeZone, hoje()),
  );

  app.get(
    '/api/admin/renovacoes/:id',
    {
      config: admin,
      schema: {
        tags: TAG,
        summary: 'O cartão do pedido: histórico da conversa e os lembretes do vencimento',
        params,
        response: { 200: detalhe },
      },
    },
    async (request) => lerRenovacao(app.ctx.db, request.params.id, hoje()),
  );

  app.post(
    '/api/admin/renovacoes/:id/estagio',
    {
      config: admin,
      schema: {
        tags: TAG,
        summary: 'Move o pedido para um estágio (Agendado: data e engenheiro; Perdido: motivo)',
        params,
        body: moverEstagioEntrada,
        response: { 200: detalhe },
      },
    },
    async (request) =>
      moverRenovacao(app.ctx.db, request.sessionUser!, request.params.id, request.body, hoje(), {
        email: app.ctx.email,
        publicUrl: app.ctx.config.publicUrl,
        secret: app.ctx.config.authSecret,
        settings: app.ctx.settings,
      }),
  );

  app.post(
    '/api/admin/renovacoes/:id/notas',
    {
      config: admin,
      schema: {
        tags: TAG,
        summary: 'Acrescenta uma nota ao histórico do pedido (interna: só a firma vê)',
        params,
        body: notaDaRenovacaoEntrada,
        response: { 200: detalhe },
      },
    },
    async (request) =>
      anotarRenovacao(app.ctx.db, request.sessionUser!, request.params.id, request.body, hoje()),
  );
};
