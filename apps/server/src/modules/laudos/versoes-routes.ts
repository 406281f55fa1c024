import { calendarDayIn } from '@laudos/domain';
import { laudosNoServidor } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { baixarArquivoDaVersao, listarVersoes, type ParteDaRenovacao, renovarLaudo } from './versoes.ts';

const idParams = z.object({ id: z.uuid('Laudo não encontrado.') });
const arquivoParams = idParams.extend({
  numero: z.coerce.number('Versão do laudo não encontrada.').int().min(1).max(1_000_000),
  tipo: z.enum(['pdf', 'excel']),
});

/** Renewing a laudo and reading its earlier versions (decision 030); the service is versoes.ts. */
export const versoesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/laudos/:id/renovar',
    {
      config: { access: 'user', chaveApi: true },
      schema: {
        tags: ['laudos'],
        summary:
          'Renova o laudo: nova versão com código, dataVencimento e, opcionalmente, arquivos "pdf" e "excel" (multipart); a anterior vai para o histórico',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: laudosNoServidor.umLaudo },
      },
    },
    async (request) => {
      const settings = app.ctx.settings.get();
      const maxBytes = settings.limits.maxFileSizeMb * 1024 * 1024;
      const partes = request.isMultipart()
        ? (request.parts({
            limits: { fileSize: maxBytes + 1, files: 2, fields: 10 },
          }) as AsyncIterable<ParteDaRenovacao>)
        : undefined;
      const contexto = {
        db: app.ctx.db,
        storage: app.ctx.storage,
        settings,
        hoje: calendarDayIn(app.ctx.config.timeZone),
        porEmail: {
          email: app.ctx.email,
          publicUrl: app.ctx.config.publicUrl,
          secret: app.ctx.config.authSecret,
          settings: app.ctx.settings,
        },
      };
      return { laudo: await renovarLaudo(contexto, request.sessionUser!, request.params.id, partes) };
    },
  );

  app.get(
    '/api/laudos/:id/versoes',
    {
      config: { access: 'user', chaveApi: true },
      schema: {
        tags: ['laudos'],
        summary: 'As versões anteriores do laudo (histórico), da mais nova à mais antiga',
        params: idParams,
        response: { 200: laudosNoServidor.versoesDoLaudo },
      },
    },
    async (request) => listarVersoes(app.ctx.db, request.sessionUser!, request.params.id),
  );

  for (const [suffix, disposition, summary] of [
    ['', 'inline', 'Abre o arquivo de uma versão anterior no navegador (inline)'],
    ['/download', 'attachment', 'Baixa o arquivo de uma versão anterior com o nome original'],
  ] as const) {
    app.get(
      `/api/laudos/:id/versoes/:numero/arquivos/:tipo${suffix}`,
      {
        config: { access: 'user', chaveApi: true },
        schema: { tags: ['laudos'], summary, params: arquivoParams },
      },
      async (request, reply) => {
        const arquivo = await baixarArquivoDaVersao(
          app.ctx.db,
          app.ctx.storage,
          request.sessionUser!,
          request.params,
          disposition,
          request.headers.range,
        );
        return reply.code(arquivo.status).headers(arquivo.headers).send(arquivo.body);
      },
    );
  }
};
