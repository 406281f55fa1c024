import { exportacaoCompletaQuery, exportarLaudosQuery } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { prepararExportacaoCompleta } from './completa.ts';
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

  app.get(
    '/api/exportacao/completa',
    {
      config: { access: 'user', recurso: 'dataExport' },
      schema: {
        tags: ['laudos'],
        summary:
          'Exportação completa em ZIP: LEIAME.txt, laudos.csv, laudos.xlsx e uma pasta por laudo (código) com seus arquivos; Content-Length exato. Administradores: empresaId para uma empresa, ou todos. Recurso "Exportação de dados" do plano',
        querystring: exportacaoCompletaQuery,
      },
    },
    async (request, reply) => {
      const exportacao = await prepararExportacaoCompleta(
        app.ctx.db,
        app.ctx.storage,
        request.sessionUser!,
        request.query,
        app.ctx.config.timeZone,
      );
      if (exportacao.ausentes.length > 0) {
        request.log.warn(
          { ausentes: exportacao.ausentes.length },
          'exportação completa sem arquivos que o banco cita (listados no LEIAME.txt)',
        );
      }
      // The client went away (or the stream failed): stop reading and close the open file.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) exportacao.cancelar();
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(exportacao.bytes))
        .header('content-disposition', `attachment; filename="${exportacao.nomeDoArquivo}"`)
        .header('cache-control', 'no-store')
        .send(exportacao.corpo);
    },
  );
};
