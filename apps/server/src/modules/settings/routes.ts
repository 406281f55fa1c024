import { publicSettings } from '@laudos/domain';
import { appSettingsEntrada, appSettingsSchema, publicSettingsSchema } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { achatar, atorDoUsuario, registrarAlteracao } from '../../auditoria/registrar.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['configurações'],
        summary: 'Marca, contato e recursos visíveis a qualquer visitante',
        response: { 200: publicSettingsSchema },
      },
    },
    async () => ({
      ...publicSettings(app.ctx.settings.get()),
      login: {
        google: Boolean(app.ctx.config.social.google),
        microsoft: Boolean(app.ctx.config.social.microsoft),
      },
    }),
  );

  app.get(
    '/api/admin/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['configurações'],
        summary: 'Todas as configurações do sistema',
        response: { 200: appSettingsSchema },
      },
    },
    async () => app.ctx.settings.get(),
  );

  app.put(
    '/api/admin/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['configurações'],
        summary: 'Substitui as configurações do sistema',
        body: appSettingsEntrada,
        response: { 200: appSettingsSchema },
      },
    },
    async (request) =>
      app.ctx.settings.update(request.body, async (tx, antes, depois) => {
        await registrarAlteracao(tx, atorDoUsuario(request.sessionUser!), {
          entidade: 'configuracoes',
          entidadeId: null,
          empresaId: null,
          antes: achatar(antes),
          depois: achatar(depois),
        });
      }),
  );
};
