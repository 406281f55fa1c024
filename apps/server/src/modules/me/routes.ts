import { planoFeatures, planoFeaturesSchema } from '@laudos/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { planos } from '../../db/schema.ts';

const meSchema = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  tipo: z.enum(['admin', 'cliente']),
  empresa: z.string().nullable(),
  telefone: z.string().nullable(),
  ativo: z.boolean(),
  primeiro_acesso: z.boolean(),
  plano: z
    .object({
      id: z.string(),
      nome: z.string(),
      preco: z.number(),
    })
    .and(planoFeaturesSchema)
    .nullable(),
  dois_fatores: z.boolean(),
  /** False until the person follows the confirmation link (the app shows a banner to resend it). */
  email_verificado: z.boolean(),
});

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    {
      config: { access: 'user', allowFirstAccess: true },
      schema: {
        tags: ['conta'],
        summary: 'O usuário da sessão, com seu perfil e plano',
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const user = request.sessionUser!;
      const [plano] = user.planoId
        ? await app.ctx.db.select().from(planos).where(eq(planos.id, user.planoId)).limit(1)
        : [];
      return {
        id: user.id,
        nome: user.nome,
        email: user.email,
        tipo: user.tipo,
        empresa: user.empresa,
        telefone: user.telefone,
        ativo: user.ativo,
        primeiro_acesso: user.primeiroAcesso,
        plano: plano
          ? { id: plano.id, nome: plano.nome, preco: Number(plano.preco), ...planoFeatures(plano) }
          : null,
        dois_fatores: user.doisFatores,
        email_verificado: user.emailVerificado,
      };
    },
  );
};
