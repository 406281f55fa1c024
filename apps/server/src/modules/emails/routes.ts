import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailMensagensRoutes } from './mensagens-routes.ts';
import { emailStatusRoutes } from './status-routes.ts';
import { emailSupressoesRoutes } from './supressoes-routes.ts';
import { emailTemplatesRoutes } from './templates-routes.ts';

/** The admin's e-mail screens (/api/admin/email/*), one file per resource. */
export const emailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(emailStatusRoutes);
  await app.register(emailMensagensRoutes);
  await app.register(emailTemplatesRoutes);
  await app.register(emailSupressoesRoutes);
};
