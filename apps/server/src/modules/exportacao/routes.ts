import { exportarLaudosQuery } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportarLaudos } from './laudos.ts';

/** Exports of the plan feature `data_export` (issue 18). */
export const exportacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/laudos/exportar',
    {
      config: { access: 'user', recurso: 'dataExport' },
      schema: {
        tags: ['laudos'],
        summary:
          'Exporta os laudos da lista (mesmo escopo e filtros) em CSV (pt-BR, ; e BOM) ou XLSX; recurso "Exportação de dados" do plano',
        querystring: exportarLaudosQuery,
      },
    },
    async (request, reply) => {
      const { formato, comArquivos, ...filtro } = request.query;
      const arquivo = exportarLaudos(
        app.ctx.db,
        request.sessionUser!,
        { ...filtro, comArquivos: comArquivos === 'true' },
        formato,
        app.ctx.config.timeZone,
      );
      return reply
        .header('content-type', arquivo.tipo)
        .header('content-disposition', `attachment; filename="${arquivo.nomeDoArquivo}"`)
        .header('cache-control', 'no-store')
        .send(arquivo.corpo);
    },
  );
};
