import { planoFeatures, planoFeaturesSchema } from '@laudos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPlanosAtivos } from './service.ts';

export const planoPublicoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  preco: z.number(),
  recursos: planoFeaturesSchema,
});

export const planosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/planos',
    {
      config: { access: 'public' },
      schema: {
        tags: ['planos'],
        summary: 'Planos ativos, do mais barato ao mais caro',
        response: { 200: z.object({ planos: z.array(planoPublicoSchema) }) },
      },
    },
    async () => {
      const rows = await listPlanosAtivos(app.ctx.db);
      return {
        planos: rows.map((p) => ({
          id: p.id,
          nome: p.nome,
          descricao: p.descricao,
          preco: Number(p.preco),
          recursos: planoFeatures(p),
        })),
      };
    },
  );
};
