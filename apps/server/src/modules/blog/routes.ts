import { Readable } from 'node:stream';
import {
  MENSAGENS_DO_POST,
  paginaDePosts,
  postAdminSchema,
  postInputSchema,
  postPublicoSchema,
  postResumoSchema,
  postsAdminPaginaSchema,
  previewInputSchema,
  previewSchema,
} from '@laudos/domain/api';
import type { FastifyError, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.ts';
import { camposDaValidacao, dadosInvalidos, erro } from '../../http/errors.ts';
import { discard, FileNotFoundError, newBlogCoverKey, promote, stagingKey } from '../../storage/storage.ts';
import { CAPA_MAX_BYTES, processarCapa } from './capa.ts';
import { renderMarkdown } from './markdown.ts';
import { renderRss } from './rss.ts';
import {
  assertPostExiste,
  atualizarPost,
  buscarPostAdmin,
  buscarPostPublicado,
  capaParaServir,
  criarPost,
  despublicarPost,
  excluirPost,
  listarPostsAdmin,
  listarPostsParaRss,
  listarPostsPublicados,
  postNaoEncontrado,
  publicarPost,
  trocarCapa,
} from './service.ts';

const NOSSAS_MENSAGENS = new Set<string>(Object.values(MENSAGENS_DO_POST));

const idParams = z.object({ id: z.uuid() });
const pagina = z.coerce.number().int().min(1).max(100_000).default(1);

const semArquivo = () => erro('imagemAusente');

/** The blog: public reads, the RSS feed, and the admin's editor (posts, covers, preview). */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  // For these routes only: an address that is not a post's is a 404 like any unknown post, and a
  // broken validation rule shows its own pt-BR text. Anything else goes on to the app's handler.
  app.setErrorHandler((error: FastifyError, _request, _reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'params') throw postNaoEncontrado();
      const message = error.validation
        .map((v) => v.message)
        .find((m) => m !== undefined && NOSSAS_MENSAGENS.has(m));
      if (message) throw dadosInvalidos(camposDaValidacao(error.validation), message);
    }
    throw error;
  });

  // ------------------------------------------------------------------------------------------
  // Public
  // ------------------------------------------------------------------------------------------

  app.get(
    '/api/blog/posts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['blog'],
        summary: 'Posts publicados, do mais novo ao mais antigo',
        querystring: z.object({ pagina, porPagina: z.coerce.number().int().min(1).max(50).default(9) }),
        response: { 200: paginaDePosts(postResumoSchema) },
      },
    },
    async (request) => listarPostsPublicados(app.ctx.db, request.query),
  );

  app.get(
    '/api/blog/posts/:idOuSlug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['blog'],
        summary: 'Um post publicado, pelo id ou pelo slug, com o conteúdo em HTML seguro',
        params: z.object({ idOuSlug: z.string().min(1).max(200) }),
        response: { 200: postPublicoSchema },
      },
    },
    async (request) => {
      const post = await buscarPostPublicado(app.ctx.db, request.params.idOuSlug);
      if (!post) throw postNaoEncontrado();
      return post;
    },
  );

  app.get(
    '/api/blog/posts/:id/capa',
    {
      config: { access: 'public' },
      schema: {
        tags: ['blog'],
        summary: 'A capa do post (WebP). Rascunhos: só para administradores',
        params: idParams,
        querystring: z.object({ v: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { db, storage } = app.ctx;
      const capa = await capaParaServir(db, request.params.id);
      if (!capa) throw postNaoEncontrado();
      // A draft's cover is the admin's alone (the editor shows it); to anyone else it does not exist.
      const rascunho = !capa.publicado;
      if (rascunho && !(await ehAdmin(request))) throw postNaoEncontrado();
      if (!capa.key) throw erro('capaNaoEncontrada');
      try {
        const file = await storage.open(capa.key);
        return (
          reply
            .header('content-type', 'image/webp')
            .header('content-length', String(file.bytes))
            // The URL carries the cover's version; a draft's must not sit in a shared cache.
            .header('cache-control', rascunho ? 'private, no-store' : 'public, max-age=31536000, immutable')
            .header('x-content-type-options', 'nosniff')
            .send(file.stream)
        );
      } catch (err) {
        if (err instanceof FileNotFoundError) throw erro('capaNaoEncontrada');
        throw err;
      }
    },
  );

  // Outside /api: a feed reader has no session, and the access hook only guards /api.
  app.get(
    '/blog/rss.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const { db, config } = app.ctx;
      const settings = app.ctx.settings.get();
      const xml = renderRss({
        companyName: settings.branding.companyName,
        publicUrl: config.publicUrl,
        posts: await listarPostsParaRss(db, 20),
      });
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(xml);
    },
  );

  // ------------------------------------------------------------------------------------------
  // Admin
  // ------------------------------------------------------------------------------------------

  app.get(
    '/api/admin/blog/posts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blog'],
        summary: 'Todos os posts (rascunhos também), os alterados por último primeiro',
        querystring: z.object({
          busca: z.string().max(200).optional(),
          status: z.enum(['todos', 'publicados', 'rascunhos']).default('todos'),
          pagina,
          porPagina: z.coerce.number().int().min(1).max(50).default(20),
        }),
        response: { 200: postsAdminPaginaSchema },
      },
    },
    async (request) => listarPostsAdmin(app.ctx.db, request.query),
  );

  app.get(
    '/api/admin/blog/posts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blog'],
        summary: 'Um post, com o Markdown e o HTML',
        params: idParams,
        response: { 200: postAdminSchema },
      },
    },
    async (request) => buscarPostAdmin(app.ctx.db, request.params.id),
  );

  app.post(
    '/api/admin/blog/posts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blog'],
        summary: 'Cria um post (rascunho, salvo se publicado: true); o slug sai do título se omitido',
        body: postInputSchema,
        response: { 201: postAdminSchema },
      },
    },
    async (request, reply) => {
      const admin = request.sessionUser!;
      const post = await criarPost(app.ctx.db, { id: admin.id, nome: admin.nome }, request.body);
      return reply.code(201).send(post);
    },
  );

  app.put(
    '/api/admin/blog/posts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blog'],
        summary: 'Altera o post; slug, autor e situação omitidos ficam como estão',
        params: idParams,
        body: postInputSchema,
        response: { 200: postAdminSchema },
      },
    },
    async (request) => atualizarPost(app.ctx.db, request.params.id, request.body),
  );

  app.post(
    '/api/admin/blog/posts/:id/publicar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blog'],
        summary: 'Publica o post (a primeira data de publicação é mantida)',
        params: idParams,
        response: { 200: postAdminSchema },
      },
    },
    async (request) => publicarPost(app.ctx.db, request.params.id),
  );

  app.post(
    '/api/admin/blog/posts/:id/despublicar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blog'],
        summary: 'Volta o post a rascunho',
        params: idParams,
        response: { 200: postAdminSchema },
      },
    },
    async (request) => despublicarPost(app.ctx.db, request.params.id),
  );

  app.delete(
    '/api/admin/blog/posts/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['blog'], summary: 'Exclui o post e a sua capa', params: idParams },
    },
    async (request, reply) => {
      const { capaKey } = await excluirPost(app.ctx.db, request.params.id);
      // The file goes after the row: a storage failure does not block the delete.
      if (capaKey) await removerArquivo(request, capaKey);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/admin/blog/posts/:id/capa',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blog'],
        summary: 'Envia (ou substitui) a capa: multipart, campo "arquivo"; PNG, JPEG ou WebP até 5 MB',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: postAdminSchema },
      },
    },
    async (request) => {
      const { db, storage } = app.ctx;
      const { id } = request.params;
      await assertPostExiste(db, id);
      if (!request.isMultipart()) throw semArquivo();
      const part = await request.file({ limits: { fileSize: CAPA_MAX_BYTES, files: 1 } });
      if (part?.fieldname !== 'arquivo') {
        part?.file.resume();
        throw semArquivo();
      }
      let original: Buffer;
      try {
        original = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw erro('capaAcimaDoLimite');
        }
        throw err;
      }
      const capa = await processarCapa(original);
      const key = newBlogCoverKey(id);
      await storage.save(stagingKey(key), Readable.from([capa.webp]), { maxBytes: capa.webp.length });
      let resultado: Awaited<ReturnType<typeof trocarCapa>>;
      try {
        resultado = await trocarCapa(db, id, { key, largura: capa.largura, altura: capa.altura }, () =>
          promote(storage, key),
        );
      } catch (err) {
        await discard(storage, key);
        throw err;
      }
      if (resultado.anterior && resultado.anterior !== key) await removerArquivo(request, resultado.anterior);
      return resultado.post;
    },
  );

  app.delete(
    '/api/admin/blog/posts/:id/capa',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blog'],
        summary: 'Remove a capa do post',
        params: idParams,
        response: { 200: postAdminSchema },
      },
    },
    async (request) => {
      const { post, anterior } = await trocarCapa(app.ctx.db, request.params.id, null);
      if (anterior) await removerArquivo(request, anterior);
      return post;
    },
  );

  app.post(
    '/api/admin/blog/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blog'],
        summary: 'O HTML que a página pública mostraria para este Markdown',
        body: previewInputSchema,
        response: { 200: previewSchema },
      },
    },
    async (request) => ({ html: renderMarkdown(request.body.conteudo) }),
  );

  /** Whether the caller is a signed-in admin, without failing when not. */
  function ehAdmin(request: FastifyRequest): Promise<boolean> {
    return requireAdmin(app.ctx.auth, app.ctx.db, app.ctx.settings, request).then(
      () => true,
      () => false,
    );
  }

  async function removerArquivo(request: FastifyRequest, key: string) {
    await app.ctx.storage
      .remove(key)
      .catch((err) => request.log.warn({ err, key }, 'capa do blog não removida'));
  }
};
