import { calendarDayIn } from '@laudos/domain';
import {
  estatisticasDosLaudos,
  filtroDeLaudos,
  laudoEntrada,
  laudosNoServidor,
  tipoDeLaudoCriado,
  tipoDeLaudoEntrada,
  tiposDeLaudo,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { arquivosRoutes } from './arquivos-routes.ts';
import {
  atualizarLaudo,
  buscarLaudo,
  criarLaudo,
  criarTipoDeLaudo,
  excluirLaudo,
  listarLaudos,
  listarTiposDeLaudo,
  obterEstatisticas,
} from './service.ts';
import { versoesRoutes } from './versoes-routes.ts';

const idParams = z.object({ id: z.uuid('Laudo não encontrado.') });
const { umLaudo, paginaDeLaudos } = laudosNoServidor;

export const laudosRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(arquivosRoutes);
  await app.register(versoesRoutes);
  /** Today in the firm's time zone: the day the expiry status is computed for. */
  const hoje = () => calendarDayIn(app.ctx.config.timeZone);

  app.get(
    '/api/laudos',
    {
      config: { access: 'user', chaveApi: true },
      schema: {
        tags: ['laudos'],
        summary: 'Laudos visíveis ao usuário, com filtros, ordem e páginas',
        querystring: filtroDeLaudos,
        response: { 200: paginaDeLaudos },
      },
    },
    async (request) => {
      const { comArquivos, ...q } = request.query;
      return listarLaudos(
        app.ctx.db,
        request.sessionUser!,
        { ...q, comArquivos: comArquivos === 'true' },
        hoje(),
      );
    },
  );

  app.get(
    '/api/laudos/estatisticas',
    {
      config: { access: 'user', chaveApi: true },
      schema: {
        tags: ['laudos'],
        summary: 'Contagens por situação e por tipo, no mesmo escopo da lista',
        response: { 200: estatisticasDosLaudos },
      },
    },
    async (request) => obterEstatisticas(app.ctx.db, request.sessionUser!, hoje()),
  );

  app.get(
    '/api/laudos/:id',
    {
      config: { access: 'user', chaveApi: true },
      schema: { tags: ['laudos'], summary: 'Um laudo', params: idParams, response: { 200: umLaudo } },
    },
    async (request) => ({
      laudo: await buscarLaudo(app.ctx.db, request.sessionUser!, request.params.id, hoje()),
    }),
  );

  app.post(
    '/api/laudos',
    {
      config: { access: 'user', chaveApi: true },
      schema: {
        tags: ['laudos'],
        summary: 'Cria um laudo e avisa o cliente por e-mail',
        body: laudoEntrada,
        response: { 201: umLaudo },
      },
    },
    async (request, reply) => {
      const { db, email, config } = app.ctx;
      const laudo = await criarLaudo(
        { db, email, publicUrl: config.publicUrl, hoje: hoje() },
        request.sessionUser!,
        request.body,
      );
      return reply.code(201).send({ laudo });
    },
  );

  app.patch(
    '/api/laudos/:id',
    {
      config: { access: 'user', chaveApi: true },
      schema: {
        tags: ['laudos'],
        summary: 'Altera só os campos enviados; sempre carimba atualizado_em',
        params: idParams,
        body: laudoEntrada,
        response: { 200: umLaudo },
      },
    },
    async (request) => ({
      laudo: await atualizarLaudo(app.ctx.db, request.sessionUser!, request.params.id, request.body, hoje()),
    }),
  );

  app.delete(
    '/api/laudos/:id',
    {
      config: { access: 'user', chaveApi: true },
      schema: { tags: ['laudos'], summary: 'Exclui um laudo e os seus arquivos', params: idParams },
    },
    async (request, reply) => {
      await excluirLaudo(app.ctx.db, app.ctx.storage, request.log, request.sessionUser!, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/tipos-laudo',
    {
      config: { access: 'user', chaveApi: true },
      schema: { tags: ['laudos'], summary: 'Tipos de laudo ativos', response: { 200: tiposDeLaudo } },
    },
    async () => ({ tipos: await listarTiposDeLaudo(app.ctx.db) }),
  );

  app.post(
    '/api/admin/tipos-laudo',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['laudos'],
        summary: 'Acrescenta um tipo de laudo à lista',
        body: tipoDeLaudoEntrada,
        response: { 201: tipoDeLaudoCriado },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ tipo: await criarTipoDeLaudo(app.ctx.db, request.body) }),
  );
};
