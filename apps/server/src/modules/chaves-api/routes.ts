import { chavesApiNoServidor, criarChaveApiEntrada } from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { atorDoUsuario } from '../../auditoria/registrar.ts';
import { type Ator, atorAdmin, atorDaEmpresa, exigirGestor } from '../equipes/ator.ts';
import { criarChaveApi, listarChavesApi, revogarChaveApi } from './service.ts';

const chaveId = z.uuid('Chave de API não encontrada.');
const empresaId = z.uuid('Empresa não encontrada.');
const revogada = z.null().describe('Chave revogada');
const { lista, criada } = chavesApiNoServidor;
const GERIR = 'gerenciar as chaves de API';

/** The gestor's and the admin's creation differ only in who acts and on which company. */
const criar = (db: Parameters<typeof criarChaveApi>[0], ator: Ator, nome: string) =>
  criarChaveApi(db, ator.empresaId, ator.id, nome, ator.auditoria);

/**
 * The company's API keys, managed by its gestor (a paid feature: `apiAccess`). The keys themselves
 * never reach these routes: a Bearer key is refused here (app.ts, `config.chaveApi`).
 */
export const chavesApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'user', recurso: 'apiAccess' } as const;

  app.get(
    '/api/empresa/chaves-api',
    {
      config,
      schema: {
        tags: ['chaves-api'],
        summary: 'As chaves de API da empresa (gestor)',
        response: { 200: lista },
      },
    },
    async (request) => {
      const ator = atorDaEmpresa(request.sessionUser!);
      exigirGestor(ator, GERIR);
      return listarChavesApi(app.ctx.db, ator.empresaId);
    },
  );

  app.post(
    '/api/empresa/chaves-api',
    {
      config,
      schema: {
        tags: ['chaves-api'],
        summary: 'O gestor cria uma chave de API: a chave aparece só nesta resposta',
        body: criarChaveApiEntrada,
        response: { 201: criada },
      },
    },
    async (request, reply) => {
      const ator = atorDaEmpresa(request.sessionUser!);
      exigirGestor(ator, GERIR);
      return reply.code(201).send(await criar(app.ctx.db, ator, request.body.nome));
    },
  );

  app.delete(
    '/api/empresa/chaves-api/:id',
    {
      config,
      schema: {
        tags: ['chaves-api'],
        summary: 'O gestor revoga uma chave de API (ela para de funcionar na hora)',
        params: z.object({ id: chaveId }),
        response: { 204: revogada },
      },
    },
    async (request, reply) => {
      const ator = atorDaEmpresa(request.sessionUser!);
      exigirGestor(ator, GERIR);
      await revogarChaveApi(
        app.ctx.db,
        ator.empresaId,
        request.params.id,
        atorDoUsuario(request.sessionUser!),
      );
      return reply.code(204).send(null);
    },
  );
};

/** The admin manages any company's API keys (creating one still needs the company's plan to include it). */
export const chavesApiAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/empresas/:id/chaves-api',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['chaves-api'],
        summary: 'As chaves de API de uma empresa',
        params: z.object({ id: empresaId }),
        response: { 200: lista },
      },
    },
    async (request) => listarChavesApi(app.ctx.db, request.params.id),
  );

  app.post(
    '/api/admin/empresas/:id/chaves-api',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['chaves-api'],
        summary: 'Cria uma chave de API para a empresa: a chave aparece só nesta resposta',
        params: z.object({ id: empresaId }),
        body: criarChaveApiEntrada,
        response: { 201: criada },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await criar(app.ctx.db, atorAdmin(request.sessionUser!, request.params.id), request.body.nome)),
  );

  app.delete(
    '/api/admin/empresas/:id/chaves-api/:chaveId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['chaves-api'],
        summary: 'Revoga uma chave de API da empresa',
        params: z.object({ id: empresaId, chaveId }),
        response: { 204: revogada },
      },
    },
    async (request, reply) => {
      await revogarChaveApi(
        app.ctx.db,
        request.params.id,
        request.params.chaveId,
        atorDoUsuario(request.sessionUser!),
      );
      return reply.code(204).send(null);
    },
  );
};
