import { Readable } from 'node:stream';
import {
  auditoriaNoServidor,
  filtroDeAuditoria,
  paginaDeAuditoriaEntrada,
  paginaDoHistoricoEntrada,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buscarEntradaDeAuditoria,
  exportarAuditoriaCsv,
  historicoDoLaudo,
  listarAuditoria,
} from './service.ts';

const { pagina, umaEntrada, historico } = auditoriaNoServidor;

/** The audit log (issue 22, decision 046): the admin's screen, its CSV, and each laudo's history. */
export const auditoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeZone = () => app.ctx.config.timeZone;

  app.get(
    '/api/admin/auditoria',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['auditoria'],
        summary: 'O registro de auditoria, mais recente primeiro, com filtros e páginas por cursor',
        querystring: paginaDeAuditoriaEntrada,
        response: { 200: pagina },
      },
    },
    async (request) => listarAuditoria(app.ctx.db, request.query, timeZone()),
  );

  app.get(
    '/api/admin/auditoria/exportar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['auditoria'],
        summary: 'Exporta o registro de auditoria filtrado em CSV (pt-BR, ; e BOM)',
        querystring: filtroDeAuditoria,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="auditoria.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(exportarAuditoriaCsv(app.ctx.db, request.query, timeZone()))),
  );

  app.get(
    '/api/admin/auditoria/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['auditoria'],
        summary: 'Uma entrada do registro de auditoria',
        params: z.object({ id: z.uuid('Entrada do registro de auditoria não encontrada.') }),
        response: { 200: umaEntrada },
      },
    },
    async (request) => buscarEntradaDeAuditoria(app.ctx.db, request.params.id),
  );

  app.get(
    '/api/laudos/:id/historico',
    {
      config: { access: 'user', chaveApi: true },
      schema: {
        tags: ['laudos'],
        summary:
          'Histórico de alterações de um laudo (quem fez o quê), no escopo do usuário, em páginas por cursor',
        params: z.object({ id: z.uuid('Laudo não encontrado.') }),
        querystring: paginaDoHistoricoEntrada,
        response: { 200: historico },
      },
    },
    async (request) => historicoDoLaudo(app.ctx.db, request.sessionUser!, request.params.id, request.query),
  );
};
