import { descadastroResposta, preferenciasEntrada, preferenciasResposta } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abrirDescadastro, descadastrar, preferenciasDe, salvarPreferencias } from './service.ts';

/** The one-click address (RFC 8058): app.ts exempts exactly its POST from the origin check. */
export const ROTA_DO_DESCADASTRO = '/api/descadastro/:token';

/**
 * The person's own notification preferences (every signed-in person; not API keys), and the
 * unsubscribe link of the e-mails, which works without a session.
 */
export const preferenciasRoutes: FastifyPluginAsyncZod = async (app) => {
  const obrigatorios = () => app.ctx.settings.get().notifications.tiposObrigatorios;
  const tokenParams = z.object({ token: z.string().max(200) });
  const TAG = ['preferencias'];

  // A mail provider's one-click POST is a form (`List-Unsubscribe=One-Click`): the body says nothing
  // the token does not, so it is read and ignored (in this plugin only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );

  app.get(
    '/api/preferencias',
    {
      config: { access: 'user' },
      schema: {
        tags: TAG,
        summary: 'As preferências de notificação da pessoa (tipo de mensagem × canal)',
        response: { 200: preferenciasResposta },
      },
    },
    async (request) => preferenciasDe(app.ctx.db, request.sessionUser!, obrigatorios()),
  );

  app.put(
    '/api/preferencias',
    {
      config: { access: 'user' },
      schema: {
        tags: TAG,
        summary:
          'Altera as preferências de notificação da pessoa (um aviso obrigatório não pode ser desligado)',
        body: preferenciasEntrada,
        response: { 200: preferenciasResposta },
      },
    },
    async (request) =>
      salvarPreferencias(app.ctx.db, request.sessionUser!, request.body.itens, obrigatorios()),
  );

  app.get(
    ROTA_DO_DESCADASTRO,
    {
      config: { access: 'public' },
      schema: {
        tags: TAG,
        summary:
          'O link de descadastro de um e-mail: o que ele desliga (não desliga nada; um navegador é levado à página de confirmação)',
        params: tokenParams,
        response: { 200: descadastroResposta, 303: z.null() },
      },
    },
    async (request, reply) => {
      // Opened from a mail client that does not POST: the page with the confirmation button. (A
      // GET never unsubscribes: mail scanners open links.)
      if (/text\/html/.test(request.headers.accept ?? ''))
        return reply.redirect(`/descadastro/${encodeURIComponent(request.params.token)}`, 303);
      return abrirDescadastro(app.ctx.db, app.ctx.config.authSecret, request.params.token, obrigatorios());
    },
  );

  app.post(
    ROTA_DO_DESCADASTRO,
    {
      config: { access: 'public' },
      schema: {
        tags: TAG,
        summary:
          'Descadastro com um clique (RFC 8058): deixa de enviar esse tipo de e-mail à pessoa; repetir não muda nada',
        params: tokenParams,
        response: { 200: descadastroResposta },
      },
    },
    async (request) =>
      descadastrar(app.ctx.db, app.ctx.config.authSecret, request.params.token, obrigatorios()),
  );
};
