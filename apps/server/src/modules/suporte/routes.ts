import {
  abrirChamadoEntrada,
  chamadosAdminQuery,
  responderChamadoEntrada,
  suporteNoServidor,
} from '@laudos/domain/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  abrirChamado,
  anexarArquivo,
  baixarAnexo,
  clienteDoSuporte,
  firmaDoSuporte,
  lerConversa,
  listarCaixaDeEntrada,
  listarChamadosDaEmpresa,
  mudarSituacao,
  type Quem,
  responderChamado,
  type Suporte,
} from './service.ts';

const id = z.uuid('Chamado não encontrado.');
const mensagemId = z.uuid('Mensagem não encontrada.');
const { lista, conversa, aberto, respondido, resumo } = suporteNoServidor;
const TAG = ['suporte'];

function dependencias(app: FastifyInstance): Suporte {
  return {
    db: app.ctx.db,
    email: app.ctx.email,
    storage: app.ctx.storage,
    settings: app.ctx.settings.get(),
    publicUrl: app.ctx.config.publicUrl,
  };
}

/**
 * The routes a request's thread shares between the client (`/api/suporte`, their company's only)
 * and the firm (`/api/admin/suporte`, every request): read, reply, close, reopen, attach, download.
 */
function rotasDaConversa(
  app: Parameters<FastifyPluginAsyncZod>[0],
  prefixo: string,
  config: Record<string, unknown>,
  quem: (request: FastifyRequest) => Quem,
) {
  app.get(
    `${prefixo}/chamados/:id`,
    {
      config,
      schema: {
        tags: TAG,
        summary: 'O chamado e sua conversa',
        params: z.object({ id }),
        response: { 200: conversa },
      },
    },
    async (request) => lerConversa(app.ctx.db, quem(request), request.params.id),
  );

  app.post(
    `${prefixo}/chamados/:id/mensagens`,
    {
      config,
      schema: {
        tags: TAG,
        summary: 'Responde ao chamado (e avisa a outra parte por e-mail)',
        params: z.object({ id }),
        body: responderChamadoEntrada,
        response: { 201: respondido },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await responderChamado(dependencias(app), quem(request), request.params.id, request.body.mensagem),
        ),
  );

  for (const acao of ['fechar', 'reabrir'] as const)
    app.post(
      `${prefixo}/chamados/:id/${acao}`,
      {
        config,
        schema: {
          tags: TAG,
          summary: acao === 'fechar' ? 'Fecha o chamado' : 'Reabre o chamado',
          params: z.object({ id }),
          response: { 200: z.object({ chamado: resumo }) },
        },
      },
      async (request) => ({
        chamado: await mudarSituacao(app.ctx.db, quem(request), request.params.id, acao),
      }),
    );

  app.post(
    `${prefixo}/chamados/:id/mensagens/:mensagemId/anexo`,
    {
      config,
      schema: {
        tags: TAG,
        summary:
          'Anexa um PDF ou uma imagem à mensagem (quem a escreveu, uma vez): multipart, campo "arquivo"',
        params: z.object({ id, mensagemId }),
        consumes: ['multipart/form-data'],
        response: { 200: conversa },
      },
    },
    async (request) =>
      anexarArquivo(dependencias(app), quem(request), request.params, async (maxBytes) =>
        request.isMultipart() ? request.file({ limits: { fileSize: maxBytes + 1, files: 1 } }) : undefined,
      ),
  );

  app.get(
    `${prefixo}/chamados/:id/mensagens/:mensagemId/anexo`,
    {
      config,
      schema: { tags: TAG, summary: 'Baixa o anexo da mensagem', params: z.object({ id, mensagemId }) },
    },
    async (request, reply) => {
      const arquivo = await baixarAnexo(app.ctx.db, app.ctx.storage, quem(request), request.params);
      return reply.headers(arquivo.headers).send(arquivo.stream);
    },
  );
}

/**
 * A client's support area: their company's requests (a paid feature: the plan needs
 * `emailSupport` or `prioritySupport`, decision 027).
 */
export const suporteRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'user', recurso: ['emailSupport', 'prioritySupport'] } as const;
  const quem = (request: FastifyRequest) => clienteDoSuporte(request.sessionUser!);

  app.get(
    '/api/suporte/chamados',
    { config, schema: { tags: TAG, summary: 'Os chamados da empresa', response: { 200: lista } } },
    async (request) => listarChamadosDaEmpresa(app.ctx.db, quem(request)),
  );

  app.post(
    '/api/suporte/chamados',
    {
      config,
      schema: {
        tags: TAG,
        summary: 'Abre um chamado (a firma é avisada por e-mail); o anexo vai depois, na primeira mensagem',
        body: abrirChamadoEntrada,
        response: { 201: aberto },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await abrirChamado(dependencias(app), request.sessionUser!, request.body)),
  );

  rotasDaConversa(app, '/api/suporte', config, quem);
};

/** The firm's support inbox: every company's requests, priority first, then the oldest. */
export const suporteAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'admin' } as const;

  app.get(
    '/api/admin/suporte/chamados',
    {
      config,
      schema: {
        tags: TAG,
        summary: 'A caixa de entrada do suporte: prioritários primeiro, depois os mais antigos',
        querystring: chamadosAdminQuery,
        response: { 200: lista },
      },
    },
    async (request) => listarCaixaDeEntrada(app.ctx.db, request.query.status),
  );

  rotasDaConversa(app, '/api/admin/suporte', config, (request) => firmaDoSuporte(request.sessionUser!));
};
