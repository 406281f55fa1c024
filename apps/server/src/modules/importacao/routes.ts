import {
  executarImportacaoEntrada,
  importacaoEnvioCampos,
  importacaoNoServidor,
  modeloDaImportacaoQuery,
  previaDaImportacaoEntrada,
} from '@laudos/domain/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dadosInvalidos } from '../../http/errors.ts';
import { modeloDaImportacao } from './modelo.ts';
import { receberPlanilha } from './receber.ts';
import {
  buscarImportacao,
  enviarImportacao,
  executarImportacao,
  exigirImportador,
  listarImportacoes,
  previaDaImportacao,
  relatorioDaImportacao,
} from './service.ts';

const { umaImportacao, lista } = importacaoNoServidor;
const params = z.object({ id: z.uuid('Importação não encontrada.') });
/** Admins, and gestores whose plan has "importação e exportação de dados" (the plan's `data_export`). */
const acesso = { access: 'user', recurso: 'dataExport' } as const;

/** The spreadsheet import of laudos (issue 22, decision 047). */
export const importacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The multipart body: the file `arquivo` (up to the settings' size limit) and an admin's `empresaId`. */
  async function receber(request: FastifyRequest) {
    const { nomeArquivo, bytes, campos } = await receberPlanilha(
      request,
      app.ctx.settings.get().limits.maxFileSizeMb,
      ['empresaId'],
    );
    const lidos = importacaoEnvioCampos.safeParse({ empresaId: campos.empresaId || undefined });
    if (!lidos.success)
      throw dadosInvalidos(lidos.error.issues.map((i) => ({ campo: 'empresaId', mensagem: i.message })));
    return { nomeArquivo, bytes, empresaId: lidos.data.empresaId };
  }

  app.get(
    '/api/importacoes/modelo',
    {
      config: acesso,
      schema: {
        tags: ['laudos'],
        summary:
          'O modelo da planilha de importação de laudos: CSV (; BOM, CRLF) ou XLSX com a planilha "Tipos"',
        querystring: modeloDaImportacaoQuery,
      },
    },
    async (request, reply) => {
      exigirImportador(request.sessionUser!);
      const modelo = await modeloDaImportacao(app.ctx.db, request.query.formato);
      return reply
        .header('content-type', modelo.tipo)
        .header('content-disposition', `attachment; filename="${modelo.nomeDoArquivo}"`)
        .header('cache-control', 'no-store')
        .send(modelo.corpo);
    },
  );

  app.post(
    '/api/importacoes',
    {
      config: acesso,
      schema: {
        tags: ['laudos'],
        summary:
          'Envia uma planilha de laudos (multipart: "arquivo" CSV ou XLSX; "empresaId" do administrador): lê as linhas e sugere o mapeamento',
        consumes: ['multipart/form-data'],
        response: { 201: umaImportacao },
      },
    },
    async (request, reply) => {
      exigirImportador(request.sessionUser!);
      const recebido = await receber(request);
      const importacao = await enviarImportacao(app.ctx.db, request.sessionUser!, recebido);
      return reply.code(201).send({ importacao });
    },
  );

  app.get(
    '/api/importacoes',
    {
      config: acesso,
      schema: {
        tags: ['laudos'],
        summary:
          'As 20 importações mais recentes (administrador: todas; gestor: as da sua empresa), sem a prévia (abra cada uma por id)',
        response: { 200: lista },
      },
    },
    async (request) => ({ importacoes: await listarImportacoes(app.ctx.db, request.sessionUser!) }),
  );

  app.get(
    '/api/importacoes/:id',
    {
      config: acesso,
      schema: {
        tags: ['laudos'],
        summary: 'Uma importação: colunas, amostra, mapeamento, prévia, progresso e resultado',
        params,
        response: { 200: umaImportacao },
      },
    },
    async (request) => ({
      importacao: await buscarImportacao(app.ctx.db, request.sessionUser!, request.params.id),
    }),
  );

  app.post(
    '/api/importacoes/:id/previa',
    {
      config: acesso,
      schema: {
        tags: ['laudos'],
        summary: 'Valida todas as linhas com o mapeamento escolhido e guarda o mapeamento da empresa',
        params,
        body: previaDaImportacaoEntrada,
        response: { 200: umaImportacao },
      },
    },
    async (request) => ({
      importacao: await previaDaImportacao(app.ctx.db, request.sessionUser!, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/importacoes/:id/executar',
    {
      config: acesso,
      schema: {
        tags: ['laudos'],
        summary:
          'Importa as linhas válidas em segundo plano (lotes de 500); recusa sem prévia ou acima do limite do plano',
        params,
        body: executarImportacaoEntrada,
        response: { 202: umaImportacao },
      },
    },
    async (request, reply) => {
      const importacao = await executarImportacao(
        { db: app.ctx.db, jobs: app.ctx.jobs },
        request.sessionUser!,
        request.params.id,
        request.body,
      );
      return reply.code(202).send({ importacao });
    },
  );

  app.get(
    '/api/importacoes/:id/relatorio.csv',
    {
      config: acesso,
      schema: {
        tags: ['laudos'],
        summary: 'O relatório da importação em CSV: Linha;Código;Resultado;Mensagem',
        params,
      },
    },
    async (request, reply) => {
      const csv = await relatorioDaImportacao(app.ctx.db, request.sessionUser!, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="relatorio-importacao.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
