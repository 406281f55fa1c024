import { Readable } from 'node:stream';
import { LOGO_MAX_BYTES, marcaDaEmpresaSchema, salvarMarcaEntrada } from '@laudos/domain/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app.ts';
import { erro } from '../../http/errors.ts';
import { discard, FileNotFoundError, newCompanyLogoKey, promote, stagingKey } from '../../storage/storage.ts';
import { atorDaEmpresa, exigirGestor } from '../equipes/ator.ts';
import { processarLogo } from './logo.ts';
import { lerMarca, marcaParaResposta, salvarCorDaMarca, trocarLogoDaMarca } from './service.ts';

const GERIR = 'alterar a marca da empresa';
const empresaId = z.uuid('Empresa não encontrada.');
const versao = z.object({ v: z.string().max(100).optional() });

/** Reads the multipart field "arquivo" (at most LOGO_MAX_BYTES), re-encodes it and stores it. */
async function receberLogo(ctx: AppContext, request: FastifyRequest, id: string): Promise<void> {
  if (!request.isMultipart()) throw erro('imagemAusente');
  const part = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
  if (part?.fieldname !== 'arquivo') {
    part?.file.resume();
    throw erro('imagemAusente');
  }
  let original: Buffer;
  try {
    original = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw erro('logoAcimaDoLimite');
    throw err;
  }
  await lerMarca(ctx.db, id); // 404 before any file is written
  const logo = await processarLogo(original);
  const key = newCompanyLogoKey(id);
  await ctx.storage.save(stagingKey(key), Readable.from([logo.png]), { maxBytes: logo.png.length });
  let anterior: string | null;
  try {
    ({ anterior } = await trocarLogoDaMarca(ctx.db, id, key, () => promote(ctx.storage, key)));
  } catch (err) {
    await discard(ctx.storage, key);
    throw err;
  }
  if (anterior) await removerArquivo(ctx, request, anterior);
}

async function removerArquivo(ctx: AppContext, request: FastifyRequest, key: string) {
  await ctx.storage
    .remove(key)
    .catch((err) => request.log.warn({ err, key }, 'logo da empresa não removido'));
}

/** The stored PNG, private to the company's people and the admins. */
async function servirLogo(ctx: AppContext, reply: FastifyReply, id: string) {
  const { logoKey } = await lerMarca(ctx.db, id);
  if (!logoKey) throw erro('logoNaoEncontrado');
  try {
    const file = await ctx.storage.open(logoKey);
    return reply
      .header('content-type', 'image/png')
      .header('content-length', String(file.bytes))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(file.stream);
  } catch (err) {
    if (err instanceof FileNotFoundError) throw erro('logoNaoEncontrado');
    throw err;
  }
}

/**
 * The company's branding, by its people (plan feature `customBranding`, decision 026): everyone of
 * the company reads it; only its gestor changes it.
 */
export const marcaRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'user', recurso: 'customBranding' } as const;
  const LOGO = '/api/empresa/marca/logo';
  const resposta = async (id: string) => marcaParaResposta(await lerMarca(app.ctx.db, id), LOGO);

  app.get(
    '/api/empresa/marca',
    {
      config,
      schema: {
        tags: ['marca'],
        summary: 'O logo e a cor da empresa nos relatórios e e-mails',
        response: { 200: marcaDaEmpresaSchema },
      },
    },
    async (request) => resposta(atorDaEmpresa(request.sessionUser!).empresaId),
  );

  app.put(
    '/api/empresa/marca',
    {
      config,
      schema: {
        tags: ['marca'],
        summary: 'O gestor define a cor da empresa (#rrggbb, ou null para tirar)',
        body: salvarMarcaEntrada,
        response: { 200: marcaDaEmpresaSchema },
      },
    },
    async (request) => {
      const ator = atorDaEmpresa(request.sessionUser!);
      exigirGestor(ator, GERIR);
      await salvarCorDaMarca(app.ctx.db, ator.empresaId, request.body.cor);
      return resposta(ator.empresaId);
    },
  );

  app.put(
    LOGO,
    {
      config,
      schema: {
        tags: ['marca'],
        summary:
          'O gestor envia o logo: multipart, campo "arquivo"; PNG, JPEG, WebP ou SVG até 2 MB (guardado como PNG)',
        consumes: ['multipart/form-data'],
        response: { 200: marcaDaEmpresaSchema },
      },
    },
    async (request) => {
      const ator = atorDaEmpresa(request.sessionUser!);
      exigirGestor(ator, GERIR);
      await receberLogo(app.ctx, request, ator.empresaId);
      return resposta(ator.empresaId);
    },
  );

  app.delete(
    LOGO,
    {
      config,
      schema: { tags: ['marca'], summary: 'O gestor remove o logo', response: { 200: marcaDaEmpresaSchema } },
    },
    async (request) => {
      const ator = atorDaEmpresa(request.sessionUser!);
      exigirGestor(ator, GERIR);
      const { anterior } = await trocarLogoDaMarca(app.ctx.db, ator.empresaId, null);
      if (anterior) await removerArquivo(app.ctx, request, anterior);
      return resposta(ator.empresaId);
    },
  );

  app.get(
    LOGO,
    {
      config,
      schema: { tags: ['marca'], summary: 'O logo da empresa (PNG)', querystring: versao },
    },
    async (request, reply) => servirLogo(app.ctx, reply, atorDaEmpresa(request.sessionUser!).empresaId),
  );
};

/** The admin sets any company's branding (shown only while the company's plan includes it). */
export const marcaAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'admin' } as const;
  const params = z.object({ id: empresaId });
  const resposta = async (id: string) =>
    marcaParaResposta(await lerMarca(app.ctx.db, id), `/api/admin/empresas/${id}/marca/logo`);

  app.get(
    '/api/admin/empresas/:id/marca',
    {
      config,
      schema: {
        tags: ['marca'],
        summary: 'O logo e a cor de uma empresa',
        params,
        response: { 200: marcaDaEmpresaSchema },
      },
    },
    async (request) => resposta(request.params.id),
  );

  app.put(
    '/api/admin/empresas/:id/marca',
    {
      config,
      schema: {
        tags: ['marca'],
        summary: 'Define a cor da empresa (#rrggbb, ou null para tirar)',
        params,
        body: salvarMarcaEntrada,
        response: { 200: marcaDaEmpresaSchema },
      },
    },
    async (request) => {
      await salvarCorDaMarca(app.ctx.db, request.params.id, request.body.cor);
      return resposta(request.params.id);
    },
  );

  app.put(
    '/api/admin/empresas/:id/marca/logo',
    {
      config,
      schema: {
        tags: ['marca'],
        summary: 'Envia o logo da empresa: multipart, campo "arquivo"; PNG, JPEG, WebP ou SVG até 2 MB',
        params,
        consumes: ['multipart/form-data'],
        response: { 200: marcaDaEmpresaSchema },
      },
    },
    async (request) => {
      await receberLogo(app.ctx, request, request.params.id);
      return resposta(request.params.id);
    },
  );

  app.delete(
    '/api/admin/empresas/:id/marca/logo',
    {
      config,
      schema: {
        tags: ['marca'],
        summary: 'Remove o logo da empresa',
        params,
        response: { 200: marcaDaEmpresaSchema },
      },
    },
    async (request) => {
      const { anterior } = await trocarLogoDaMarca(app.ctx.db, request.params.id, null);
      if (anterior) await removerArquivo(app.ctx, request, anterior);
      return resposta(request.params.id);
    },
  );

  app.get(
    '/api/admin/empresas/:id/marca/logo',
    {
      config,
      schema: { tags: ['marca'], summary: 'O logo da empresa (PNG)', params, querystring: versao },
    },
    async (request, reply) => servirLogo(app.ctx, reply, request.params.id),
  );
};
