import { relatorioSituacaoQuery } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gerarRelatorioDeSituacao } from './situacao.ts';

/** Reports of the plan feature `custom_reports` (issue 18). */
export const relatoriosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/relatorios/situacao',
    {
      config: { access: 'user', recurso: 'customReports' },
      schema: {
        tags: ['relatorios'],
        summary:
          'Relatório de situação em PDF (A4): contagens por situação e tipo, vencimentos dos próximos 12 meses e a lista de vencidos e vencendo; recurso "Relatórios personalizados" do plano',
        querystring: relatorioSituacaoQuery,
      },
    },
    async (request, reply) => {
      const relatorio = await gerarRelatorioDeSituacao(
        {
          db: app.ctx.db,
          settings: app.ctx.settings.get(),
          timeZone: app.ctx.config.timeZone,
          storage: app.ctx.storage,
        },
        request.sessionUser!,
        request.query,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${relatorio.nomeDoArquivo}"`)
        .header('cache-control', 'no-store')
        .send(relatorio.corpo);
    },
  );
};
