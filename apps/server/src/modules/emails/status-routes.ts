import { limparLogsEntrada, respostasDeEmail } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limparLogs, obterEstatisticasDoEmail, obterStatusDoEmail } from './status.ts';

/** The e-mail service: how messages leave, the totals, and the cleanup of old logs. */
export const emailStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  app.get(
    '/api/admin/email/status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Estado do serviço de e-mail: modo, provedor, configurado',
        response: { 200: respostasDeEmail.status },
      },
    },
    async () => obterStatusDoEmail(config, app.ctx.settings.get(), app.ctx.email),
  );

  app.get(
    '/api/admin/email/estatisticas',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Totais de e-mails: enviados, com falha, pendentes e por provedor',
        response: { 200: respostasDeEmail.estatisticas },
      },
    },
    async () => obterEstatisticasDoEmail(app.ctx.db),
  );

  app.post(
    '/api/admin/email/limpar-logs',
    {
      config: { access: 'admin', deniedMessage: 'Apenas administradores podem limpar logs' },
      schema: {
        tags: ['e-mail'],
        summary: 'Apaga registros de e-mail e de notificação mais antigos que N dias (padrão 90)',
        body: limparLogsEntrada,
        response: { 200: respostasDeEmail.limpeza },
      },
    },
    async (request) => {
      const { dias } = request.body;
      const r = await limparLogs(app.ctx.db, dias);
      request.log.info({ by: request.sessionUser?.id, dias, cutoff: r.corte, ...r.removidos }, 'logs limpos');
      return r;
    },
  );
};
