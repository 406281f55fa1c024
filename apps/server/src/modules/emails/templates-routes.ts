import {
  previaDeTemplateEntrada,
  respostasDeEmail,
  salvarTemplateEntrada,
  templateDeEmailParams,
  testeDeTemplateEntrada,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { atorDoUsuario } from '../../auditoria/registrar.ts';
import {
  buscarTemplate,
  enviarTesteDeTemplate,
  listarTemplates,
  previsualizarTemplate,
  restaurarTemplate,
  salvarTemplate,
} from './templates.ts';

/** The templates: list, read, save (validated), preview with sample data, restore, test send. */
export const emailTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  app.get(
    '/api/admin/email/templates',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Modelos de e-mail',
        response: { 200: respostasDeEmail.templates },
      },
    },
    async () => listarTemplates(app.ctx.db),
  );

  app.get(
    '/api/admin/email/templates/:type',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Um modelo de e-mail, com as variáveis que pode usar',
        params: templateDeEmailParams,
        response: { 200: respostasDeEmail.template },
      },
    },
    async (request) => buscarTemplate(app.ctx.db, request.params.type),
  );

  app.put(
    '/api/admin/email/templates/:type',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Salva um modelo (validado: sintaxe e variáveis)',
        params: templateDeEmailParams,
        body: salvarTemplateEntrada,
        response: { 200: respostasDeEmail.template },
      },
    },
    async (request) => {
      const r = await salvarTemplate(
        app.ctx.db,
        request.params.type,
        request.body,
        atorDoUsuario(request.sessionUser!),
      );
      request.log.info({ by: request.sessionUser?.id, type: r.template.type }, 'modelo de e-mail salvo');
      return r;
    },
  );

  app.post(
    '/api/admin/email/templates/:type/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Pré-visualização com dados de exemplo (não salva)',
        params: templateDeEmailParams,
        body: previaDeTemplateEntrada,
        response: { 200: respostasDeEmail.previa },
      },
    },
    async (request) =>
      previsualizarTemplate(request.params.type, request.body, {
        settings: app.ctx.settings.get(),
        publicUrl: config.publicUrl,
        timeZone: config.timeZone,
      }),
  );

  app.post(
    '/api/admin/email/templates/:type/restaurar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Volta o modelo ao texto padrão',
        params: templateDeEmailParams,
        response: { 200: respostasDeEmail.template },
      },
    },
    async (request) =>
      restaurarTemplate(app.ctx.db, request.params.type, atorDoUsuario(request.sessionUser!)),
  );

  app.post(
    '/api/admin/email/templates/:type/teste',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Envia o modelo salvo, com dados de exemplo, para um endereço',
        params: templateDeEmailParams,
        body: testeDeTemplateEntrada,
        response: { 200: respostasDeEmail.teste },
      },
    },
    async (request) =>
      enviarTesteDeTemplate(app.ctx.email, request.params.type, {
        to: request.body.to,
        publicUrl: config.publicUrl,
        userId: request.sessionUser?.id ?? null,
      }),
  );
};
