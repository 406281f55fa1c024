import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutbox } from './service.ts';

/** The admin's window on the e-mail engine (the full screens come with the notifications work). */
export const emailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/email/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Últimas mensagens guardadas pelo transporte outbox (ou pelo modo sandbox)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        response: {
          200: z.object({
            mensagens: z.array(
              z.object({
                id: z.string(),
                emailLogId: z.string().nullable(),
                toEmail: z.string(),
                toName: z.string().nullable(),
                fromAddress: z.string(),
                subject: z.string(),
                text: z.string(),
                html: z.string(),
                createdAt: z.date(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({ mensagens: await listOutbox(app.ctx.db, request.query.limit) }),
  );
};
