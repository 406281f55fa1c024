import { formatDateBR, hojeNoFuso, isIsoDate } from '@laudos/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import { laudos, tiposLaudo } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { arquivosRoutes } from './arquivos.ts';
import {
  assertLimiteDoPlano,
  assertTipoValido,
  buscarLaudo,
  destinoDoCliente,
  escopoDoUsuario,
  estatisticas,
  listarLaudos,
  toLaudoApi,
} from './service.ts';

const OBRIGATORIOS = 'Dados obrigatórios faltando: nome, código, cliente e tipo são obrigatórios.';
const dataIso = z.string().refine(isIsoDate, 'Data inválida: use o formato AAAA-MM-DD.').nullable();
const idParams = z.object({ id: z.uuid('Laudo não encontrado.') });

const laudoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  codigo: z.string(),
  cliente: z.string(),
  tipo: z.string(),
  observacoes: z.string().nullable(),
  status: z.string(),
  email_cliente: z.string().nullable(),
  data_vencimento: z.string().nullable(),
  criado_em: z.date(),
  atualizado_em: z.date(),
  criado_por: z.string().nullable(),
  arquivo_pdf: z.string().nullable(),
  arquivo_excel: z.string().nullable(),
  arquivo_pdf_url: z.string().nullable(),
  arquivo_excel_url: z.string().nullable(),
  dataVencimento: z.string().nullable(),
  criadoEm: z.date(),
  emailCliente: z.string().nullable(),
  criador: z.object({ nome: z.string(), email: z.string().nullable() }).nullable(),
  vencimento: z.object({
    status: z.enum(['ativo', 'vencendo', 'vencido']),
    diasRestantes: z.number().nullable(),
    diasVencido: z.number(),
  }),
});

const textoOpcional = (max: number) => z.string().max(max).optional();
const laudoInput = z.object({
  nome: textoOpcional(200),
  codigo: textoOpcional(80),
  cliente: textoOpcional(200),
  tipo: textoOpcional(80),
  observacoes: z.string().max(5000).nullable().optional(),
  emailCliente: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.union([z.email('E-mail do cliente inválido.').max(254), z.literal(''), z.null()]),
    )
    .optional(),
  dataVencimento: dataIso.optional(),
});

function duplicado(err: unknown): never {
  if (isUniqueViolation(err))
    throw new AppError('CODIGO_DUPLICADO', 'Erro de dados: Já existe um laudo com este código', 409);
  throw err;
}

export const laudosRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(arquivosRoutes);
  const hoje = () => hojeNoFuso(app.ctx.config.timeZone);

  app.get(
    '/api/laudos',
    {
      config: { access: 'user' },
      schema: {
        tags: ['laudos'],
        summary: 'Laudos visíveis ao usuário, com filtros, ordem e páginas',
        querystring: z.object({
          status: z.enum(['ativo', 'vencendo', 'vencido']).optional(),
          tipo: z.string().max(80).optional(),
          cliente: z.string().max(200).optional(),
          busca: z.string().max(200).optional(),
          vencimentoDe: z.string().refine(isIsoDate, 'Data inválida: use AAAA-MM-DD.').optional(),
          vencimentoAte: z.string().refine(isIsoDate, 'Data inválida: use AAAA-MM-DD.').optional(),
          comArquivos: z.enum(['true', 'false']).optional(),
          ordem: z.enum(['vencimento', 'nome', 'codigo', 'cliente', 'criadoEm']).default('vencimento'),
          direcao: z.enum(['asc', 'desc']).default('asc'),
          pagina: z.coerce.number().int().min(1).max(100_000).default(1),
          porPagina: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            laudos: z.array(laudoSchema),
            total: z.number(),
            pagina: z.number(),
            porPagina: z.number(),
          }),
        },
      },
    },
    async (request) => {
      try {
        const { comArquivos, ...q } = request.query;
        return await listarLaudos(
          app.ctx.db,
          request.sessionUser!,
          { ...q, comArquivos: comArquivos === 'true' },
          hoje(),
        );
      } catch (err) {
        request.log.error({ err }, 'erro ao listar laudos');
        throw new AppError('ERRO_LAUDOS', 'Erro ao carregar laudos do cliente', 500);
      }
    },
  );

  app.get(
    '/api/laudos/estatisticas',
    {
      config: { access: 'user' },
      schema: {
        tags: ['laudos'],
        summary: 'Contagens por situação e por tipo, no mesmo escopo da lista',
        response: {
          200: z.object({
            total: z.number(),
            ativos: z.number(),
            vencendo: z.number(),
            vencidos: z.number(),
            porTipo: z.array(z.object({ tipo: z.string(), total: z.number() })),
          }),
        },
      },
    },
    async (request) => {
      try {
        return await estatisticas(app.ctx.db, request.sessionUser!, hoje());
      } catch (err) {
        request.log.error({ err }, 'erro nas estatísticas');
        throw new AppError('ERRO_ESTATISTICAS', 'Erro ao carregar estatísticas', 500);
      }
    },
  );

  app.get(
    '/api/laudos/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['laudos'],
        summary: 'Um laudo',
        params: idParams,
        response: { 200: z.object({ laudo: laudoSchema }) },
      },
    },
    async (request) => ({
      laudo: toLaudoApi(await buscarLaudo(app.ctx.db, request.sessionUser!, request.params.id), hoje()),
    }),
  );

  app.post(
    '/api/laudos',
    {
      config: { access: 'user' },
      schema: {
        tags: ['laudos'],
        summary: 'Cria um laudo e avisa o cliente por e-mail',
        body: laudoInput,
        response: { 201: z.object({ laudo: laudoSchema }) },
      },
    },
    async (request, reply) => {
      const { db, email, config } = app.ctx;
      const user = request.sessionUser!;
      const b = request.body;
      const nome = b.nome?.trim();
      const codigo = b.codigo?.trim();
      const tipo = b.tipo?.trim();
      const clienteInformado = b.cliente?.trim();
      if (!nome || !codigo || !tipo || (user.tipo === 'admin' && !clienteInformado)) {
        throw new AppError('DADOS_OBRIGATORIOS', OBRIGATORIOS, 400);
      }
      await assertTipoValido(db, tipo);
      const destino =
        user.tipo === 'admin'
          ? { cliente: clienteInformado!, emailCliente: b.emailCliente?.trim() || null }
          : await destinoDoCliente(db, user, b.emailCliente);
      await assertLimiteDoPlano(db, user);
      const id = await db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(laudos)
            .values({
              nome,
              codigo,
              tipo,
              cliente: destino.cliente,
              emailCliente: destino.emailCliente,
              observacoes: b.observacoes?.trim() || null,
              dataVencimento: b.dataVencimento ?? null,
              criadoPor: user.id,
            })
            .returning({ id: laudos.id });
          const laudo = toLaudoApi(
            (await buscarLaudo(tx, { ...user, tipo: 'admin' }, row!.id)) as never,
            hoje(),
          );
          if (laudo.email_cliente) {
            await email.enqueue(tx, {
              type: 'laudo_criado',
              to: laudo.email_cliente,
              laudoId: laudo.id,
              userId: user.id,
              variables: {
                laudo_nome: laudo.nome,
                laudo_codigo: laudo.codigo,
                laudo_tipo: laudo.tipo,
                laudo_vencimento: formatDateBR(laudo.data_vencimento),
                laudo_url: `${config.publicUrl}/laudos/${laudo.id}`,
                cliente_empresa: laudo.cliente,
                cliente_nome: '',
                dias_para_vencer: laudo.vencimento.diasRestantes ?? '',
                dias_vencido: laudo.vencimento.diasVencido,
              },
            });
          }
          return row!.id;
        })
        .catch(duplicado);
      return reply.code(201).send({ laudo: toLaudoApi(await buscarLaudo(db, user, id), hoje()) });
    },
  );

  app.patch(
    '/api/laudos/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['laudos'],
        summary: 'Altera só os campos enviados; sempre carimba atualizado_em',
        params: idParams,
        body: laudoInput,
        response: { 200: z.object({ laudo: laudoSchema }) },
      },
    },
    async (request) => {
      const { db } = app.ctx;
      const user = request.sessionUser!;
      const b = request.body;
      await buscarLaudo(db, user, request.params.id);
      for (const field of ['nome', 'codigo', 'tipo', 'cliente'] as const) {
        if (b[field] !== undefined && !b[field]?.trim())
          throw new AppError('DADOS_OBRIGATORIOS', OBRIGATORIOS, 400);
      }
      if (user.tipo !== 'admin' && b.cliente !== undefined) {
        throw new AppError('CLIENTE_FIXO', 'Você não pode mudar a empresa de um laudo.', 403);
      }
      if (b.tipo !== undefined) await assertTipoValido(db, b.tipo.trim());
      if (user.tipo !== 'admin' && b.emailCliente !== undefined)
        await destinoDoCliente(db, user, b.emailCliente);
      const set = {
        ...(b.nome !== undefined ? { nome: b.nome.trim() } : {}),
        ...(b.codigo !== undefined ? { codigo: b.codigo.trim() } : {}),
        ...(b.tipo !== undefined ? { tipo: b.tipo.trim() } : {}),
        ...(b.cliente !== undefined ? { cliente: b.cliente.trim() } : {}),
        ...(b.observacoes !== undefined ? { observacoes: b.observacoes?.trim() || null } : {}),
        ...(b.emailCliente !== undefined ? { emailCliente: b.emailCliente?.trim() || null } : {}),
        ...(b.dataVencimento !== undefined ? { dataVencimento: b.dataVencimento } : {}),
        atualizadoEm: sql`now()`,
      };
      try {
        const updated = await db
          .update(laudos)
          .set(set)
          .where(and(eq(laudos.id, request.params.id), escopoDoUsuario(user)))
          .returning({ id: laudos.id });
        if (updated.length === 0) throw new AppError('NAO_ENCONTRADO', 'Laudo não encontrado.', 404);
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (isUniqueViolation(err)) duplicado(err);
        request.log.error({ err }, 'erro ao atualizar laudo');
        throw new AppError('ERRO_ATUALIZAR_LAUDO', 'Erro ao atualizar laudo', 500);
      }
      return { laudo: toLaudoApi(await buscarLaudo(db, user, request.params.id), hoje()) };
    },
  );

  app.delete(
    '/api/laudos/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['laudos'], summary: 'Exclui um laudo e os seus arquivos', params: idParams },
    },
    async (request, reply) => {
      const { db } = app.ctx;
      const user = request.sessionUser!;
      const [removed] = await db
        .delete(laudos)
        .where(and(eq(laudos.id, request.params.id), escopoDoUsuario(user)))
        .returning({ pdf: laudos.arquivoPdf, excel: laudos.arquivoExcel });
      if (!removed) throw new AppError('NAO_ENCONTRADO', 'Laudo não encontrado.', 404);
      // Files go after the row: a storage failure does not block the delete (spec section 8).
      for (const key of [removed.pdf, removed.excel]) {
        if (key)
          await app.ctx.storage
            .remove(key)
            .catch((err) => request.log.warn({ err, key }, 'arquivo não removido'));
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/tipos-laudo',
    {
      config: { access: 'user' },
      schema: {
        tags: ['laudos'],
        summary: 'Tipos de laudo ativos',
        response: {
          200: z.object({ tipos: z.array(z.object({ nome: z.string(), descricao: z.string().nullable() })) }),
        },
      },
    },
    async () => ({
      tipos: await app.ctx.db
        .select({ nome: tiposLaudo.nome, descricao: tiposLaudo.descricao })
        .from(tiposLaudo)
        .where(eq(tiposLaudo.ativo, true))
        .orderBy(asc(tiposLaudo.ordem), asc(tiposLaudo.nome)),
    }),
  );

  app.post(
    '/api/admin/tipos-laudo',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['laudos'],
        summary: 'Acrescenta um tipo de laudo à lista',
        body: z.object({
          nome: z.string().trim().min(2, 'Informe o nome do tipo.').max(80),
          descricao: z.string().trim().max(300).nullable().optional(),
        }),
        response: {
          201: z.object({ tipo: z.object({ nome: z.string(), descricao: z.string().nullable() }) }),
        },
      },
    },
    async (request, reply) => {
      const { nome, descricao } = request.body;
      const [row] = await app.ctx.db
        .insert(tiposLaudo)
        .values({ nome, descricao: descricao ?? null })
        .onConflictDoUpdate({ target: tiposLaudo.nome, set: { ativo: true } })
        .returning({ nome: tiposLaudo.nome, descricao: tiposLaudo.descricao });
      return reply.code(201).send({ tipo: row! });
    },
  );
};
