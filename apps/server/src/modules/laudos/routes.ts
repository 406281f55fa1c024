import { calendarDayIn } from '@laudos/domain';
import {
  estatisticasDosLaudos,
  filtroDeLaudos,
  laudoEntrada,
  laudosNoServidor,
  tipoDeLaudoAlteracao,
  tipoDeLaudoCriado,
  tipoDeLaudoEntrada,
  tiposDeLaudo,
  tiposDeLaudoAdmin,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { atorDoUsuario } from '../../auditoria/registrar.ts';
import { arquivosRoutes } from './arquivos-routes.ts';
import {
  atualizarLaudo,
  buscarLaudo,
  criarLaudo,
  excluirLaudo,
  listarLaudos,
  obterEstatisticas,
} from './service.ts';
import {
  alterarTipoDeLaudo,
  criarTipoDeLaudo,
  listarTiposDeLaudo,
  listarTodosOsTiposDeLaudo,
} from './tipos.ts';
import { versoesRoutes } from './versoes-routes.ts';

const idParams = z.object({ id: z.uuid('Laudo não encontrado.') });
const nomeDoTipoParams = z.object({ nome: z.string().min(1).max(80, 'Tipo de laudo não encontrado.') });
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

  app.get(
    '/api/admin/tipos-laudo',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['laudos'],
        summary: 'Todos os tipos de laudo, inclusive os inativos, com período padrão e exame vinculado',
        response: { 200: tiposDeLaudoAdmin },
      },
    },
    async () => ({ tipos: await listarTodosOsTiposDeLaudo(app.ctx.db) }),
  );

  app.post(
    '/api/admin/tipos-laudo',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['laudos'],
        summary: 'Acrescenta um tipo de laudo à lista (ou reativa um de mesmo nome)',
        body: tipoDeLaudoEntrada,
        response: { 201: tipoDeLaudoCriado },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        tipo: await criarTipoDeLaudo(app.ctx.db, request.body, atorDoUsuario(request.sessionUser!)),
      }),
  );

  app.patch(
    '/api/admin/tipos-laudo/:nome',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['laudos'],
        summary:
          'Altera um tipo de laudo: descrição, ativo, ordem, período padrão e exame NR-13 vinculado (os laudos do exame passam a ter o tipo)',
        params: nomeDoTipoParams,
        body: tipoDeLaudoAlteracao,
        response: { 200: tipoDeLaudoCriado },
      },
    },
    async (request) => ({
      tipo: await alterarTipoDeLaudo(
        app.ctx.db,
        request.params.nome,
        request.body,
        atorDoUsuario(request.sessionUser!),
      ),
    }),
  );
};
