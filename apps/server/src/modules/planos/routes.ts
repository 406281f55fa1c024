import { planoFeatures, planoFeaturesSchema } from '@laudos/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { planos, usuarios } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { listarPlanosPublicos } from './service.ts';

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
    async () => ({ planos: await listarPlanosPublicos(app.ctx.db) }),
  );
};

const planoFields = {
  nome: z.string().trim().min(1, 'Informe o nome do plano.').max(80),
  descricao: z.string().trim().max(500).nullable(),
  preco: z.number().min(0, 'O preço não pode ser negativo.').max(1_000_000),
  ativo: z.boolean(),
  padrao: z.boolean(),
  maxLaudos: z.number().int().min(0).max(10_000_000),
  maxUsuarios: z.number().int().min(0).max(1_000_000),
  notificacoes: z.boolean(),
  whatsappAlerts: z.boolean(),
  emailSupport: z.boolean(),
  prioritySupport: z.boolean(),
  customReports: z.boolean(),
  apiAccess: z.boolean(),
  dataExport: z.boolean(),
  customBranding: z.boolean(),
};
const planoAdminSchema = z.object({ id: z.string(), ...planoFields, usuarios: z.number() });
const planoInput = z.object(planoFields);

async function planoComUsuarios(db: DbOrTx, id: string) {
  const [row] = await listPlanosAdmin(db, id);
  if (!row) throw new AppError('NAO_ENCONTRADO', 'Plano não encontrado.', 404);
  return row;
}

async function listPlanosAdmin(db: DbOrTx, id?: string) {
  const rows = await db
    .select({ plano: planos, usuarios: sql<number>`count(${usuarios.id})::int` })
    .from(planos)
    .leftJoin(usuarios, eq(usuarios.planoId, planos.id))
    .where(id ? eq(planos.id, id) : undefined)
    .groupBy(planos.id)
    .orderBy(asc(planos.preco), asc(planos.nome));
  return rows.map(({ plano: p, usuarios: n }) => ({
    id: p.id,
    nome: p.nome,
    descricao: p.descricao,
    preco: Number(p.preco),
    ativo: p.ativo,
    padrao: p.padrao,
    ...planoFeatures(p),
    usuarios: n,
  }));
}

/** Only one default plan: making one the default takes the flag from the others. */
async function saveDefaultFlag(tx: DbOrTx, id: string, padrao: boolean | undefined) {
  if (padrao)
    await tx.update(planos).set({ padrao: false }).where(sql`${planos.id} <> ${id} and ${planos.padrao}`);
}

function uniqueName(err: unknown): never {
  if (isUniqueViolation(err)) {
    throw new AppError('PLANO_DUPLICADO', 'Já existe um plano com este nome.', 409);
  }
  throw err;
}

export const planosAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const idParams = z.object({ id: z.uuid('Plano não encontrado.') });

  app.get(
    '/api/admin/planos',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['planos'],
        summary: 'Todos os planos, do mais barato ao mais caro, com o número de usuários',
        response: { 200: z.object({ planos: z.array(planoAdminSchema) }) },
      },
    },
    async () => ({ planos: await listPlanosAdmin(app.ctx.db) }),
  );

  app.post(
    '/api/admin/planos',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['planos'],
        summary: 'Cria um plano',
        body: planoInput,
        response: { 201: z.object({ plano: planoAdminSchema }) },
      },
    },
    async (request, reply) => {
      const id = await app.ctx.db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(planos)
            .values({ ...request.body, padrao: false })
            .returning({ id: planos.id });
          await saveDefaultFlag(tx, row!.id, request.body.padrao);
          if (request.body.padrao)
            await tx.update(planos).set({ padrao: true }).where(eq(planos.id, row!.id));
          return row!.id;
        })
        .catch(uniqueName);
      return reply.code(201).send({ plano: await planoComUsuarios(app.ctx.db, id) });
    },
  );

  app.patch(
    '/api/admin/planos/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['planos'],
        summary: 'Edita, ativa ou desativa um plano',
        params: idParams,
        body: planoInput.partial(),
        response: { 200: z.object({ plano: planoAdminSchema }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await planoComUsuarios(app.ctx.db, id);
      const b = request.body;
      if (b.padrao === false) {
        const [atual] = await app.ctx.db
          .select({ padrao: planos.padrao })
          .from(planos)
          .where(eq(planos.id, id));
        if (atual?.padrao) {
          throw new AppError(
            'PLANO_PADRAO',
            'Escolha outro plano como padrão em vez de desmarcar este.',
            400,
          );
        }
      }
      if (b.ativo === false) {
        const [atual] = await app.ctx.db
          .select({ padrao: planos.padrao })
          .from(planos)
          .where(eq(planos.id, id));
        if (atual?.padrao || b.padrao)
          throw new AppError('PLANO_PADRAO', 'O plano padrão não pode ser desativado.', 400);
      }
      await app.ctx.db
        .transaction(async (tx) => {
          await saveDefaultFlag(tx, id, b.padrao);
          await tx
            .update(planos)
            .set({ ...b, atualizadoEm: new Date() })
            .where(eq(planos.id, id));
        })
        .catch(uniqueName);
      return { plano: await planoComUsuarios(app.ctx.db, id) };
    },
  );

  app.get(
    '/api/admin/planos/:id/usuarios',
    {
      config: {
        access: 'admin',
        deniedMessage: 'Acesso negado: apenas administradores podem ver todos os usuários',
      },
      schema: {
        tags: ['planos'],
        summary: 'Quem está neste plano',
        params: idParams,
        response: {
          200: z.object({
            usuarios: z.array(
              z.object({
                id: z.string(),
                nome: z.string(),
                email: z.string(),
                empresa: z.string().nullable(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      await planoComUsuarios(app.ctx.db, request.params.id);
      const rows = await app.ctx.db
        .select({ id: usuarios.id, nome: usuarios.nome, email: usuarios.email, empresa: usuarios.empresa })
        .from(usuarios)
        .where(eq(usuarios.planoId, request.params.id))
        .orderBy(asc(usuarios.email));
      return { usuarios: rows };
    },
  );
};
