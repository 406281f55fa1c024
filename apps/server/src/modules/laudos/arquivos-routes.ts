import { calendarDayIn } from '@laudos/domain';
import { laudosNoServidor, planilhaDoLaudo } from '@laudos/domain/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { baixarArquivo, enviarArquivo, removerArquivo, visualizarPlanilha } from './arquivos.ts';

const params = z.object({ id: z.uuid('Laudo não encontrado.'), tipo: z.enum(['pdf', 'excel']) });

/** A laudo's PDF and Excel: uploaded, viewed, downloaded and removed only through these routes. */
export const arquivosRoutes: FastifyPluginAsyncZod = async (app) => {
  const contexto = (request: FastifyRequest) => ({
    db: app.ctx.db,
    storage: app.ctx.storage,
    settings: app.ctx.settings.get(),
    hoje: calendarDayIn(app.ctx.config.timeZone),
    log: request.log,
  });

  app.post(
    '/api/laudos/:id/arquivos/:tipo',
    {
      config: { access: 'user', chaveApi: true },
      schema: {
        tags: ['laudos'],
        summary: 'Envia (ou substitui) o PDF ou o Excel do laudo: multipart, campo "arquivo"',
        params,
        consumes: ['multipart/form-data'],
        response: { 200: laudosNoServidor.umLaudo },
      },
    },
    async (request) => ({
      laudo: await enviarArquivo(contexto(request), request.sessionUser!, request.params, async (maxBytes) =>
        request.isMultipart() ? request.file({ limits: { fileSize: maxBytes + 1, files: 1 } }) : undefined,
      ),
    }),
  );

  for (const [suffix, disposition, summary] of [
    ['', 'inline', 'Abre o arquivo no navegador (inline)'],
    ['/download', 'attachment', 'Baixa o arquivo com o nome original'],
  ] as const) {
    app.get(
      `/api/laudos/:id/arquivos/:tipo${suffix}`,
      { config: { access: 'user', chaveApi: true }, schema: { tags: ['laudos'], summary, params } },
      async (request, reply) => {
        const { storage, db } = app.ctx;
        const arquivo = await baixarArquivo(
          db,
          storage,
          request.sessionUser!,
          request.params,
          disposition,
          request.headers.range,
        );
        return reply.code(arquivo.status).headers(arquivo.headers).send(arquivo.body);
      },
    );
  }

  app.get(
    '/api/laudos/:id/arquivos/excel/tabela',
    {
      config: { access: 'user', chaveApi: true },
      schema: {
        tags: ['laudos'],
        summary: 'A primeira planilha do Excel como tabela (até 200 linhas)',
        params: z.object({ id: z.uuid('Laudo não encontrado.') }),
        response: { 200: planilhaDoLaudo },
      },
    },
    async (request) =>
      visualizarPlanilha(
        app.ctx.db,
        app.ctx.storage,
        app.ctx.settings.get(),
        request.sessionUser!,
        request.params.id,
      ),
  );

  app.delete(
    '/api/laudos/:id/arquivos/:tipo',
    {
      config: { access: 'user', chaveApi: true },
      schema: {
        tags: ['laudos'],
        summary: 'Remove o arquivo do laudo',
        params,
        response: { 200: laudosNoServidor.umLaudo },
      },
    },
    async (request) => ({
      laudo: await removerArquivo(contexto(request), request.sessionUser!, request.params),
    }),
  );
};
