import { calendarDayIn } from '@laudos/domain';
import {
  atualizarEquipamentoEntrada,
  criarEquipamentoEntrada,
  equipamentosNoServidor,
  eventoEntrada,
  filtroDeEquipamentos,
  importacaoDeEquipamentosCampos,
  inspecaoEntrada,
  modeloDeEquipamentosQuery,
  planilhaDeEquipamentosComErros,
  previaDeEquipamentos,
  prorrogacaoEntrada,
  resultadoDeEquipamentos,
} from '@laudos/domain/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { corpoDoErro, dadosInvalidos } from '../../http/errors.ts';
import { receberPlanilha } from '../importacao/receber.ts';
import { exigirImportador } from '../importacao/service.ts';
import { importarPlanilhaDeEquipamentos, previaDaPlanilhaDeEquipamentos } from './importacao.ts';
import { modeloDeEquipamentos } from './modelo-da-importacao.ts';
import {
  atualizarEquipamento,
  buscarEquipamento,
  criarEquipamento,
  decidirProrrogacao,
  excluirEquipamento,
  listarEquipamentos,
  registrarEvento,
  registrarInspecao,
  solicitarProrrogacao,
} from './service.ts';

const idParams = z.object({ id: z.uuid('Equipamento não encontrado.') });
const prorrogacaoParams = idParams.extend({ prorrogacaoId: z.uuid('Prorrogação não encontrada.') });
const { lista, um } = equipamentosNoServidor;
const excluido = z.null().describe('Equipamento excluído');

/**
 * The NR-13 equipment registry (issue 23, decision 048): a company's people manage its equipment;
 * admins, every company's. Deleting and deciding extensions are the gestor's (or an admin's).
 */
export const equipamentosRoutes: FastifyPluginAsyncZod = async (app) => {
  const hoje = () => calendarDayIn(app.ctx.config.timeZone);
  const config = { access: 'user' } as const;
  const tags = ['equipamentos'];

  app.get(
    '/api/equipamentos',
    {
      config,
      schema: {
        tags,
        summary:
          'Os equipamentos NR-13 (da empresa do cliente; de todas, para administradores), vencimento mais próximo primeiro',
        querystring: filtroDeEquipamentos,
        response: { 200: lista },
      },
    },
    async (request) => listarEquipamentos(app.ctx.db, request.sessionUser!, request.query, hoje()),
  );

  app.post(
    '/api/equipamentos',
    {
      config,
      schema: {
        tags,
        summary: 'Cadastra um equipamento: a categoria e os prazos dos exames são calculados pela NR-13',
        body: criarEquipamentoEntrada,
        response: { 201: um },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await criarEquipamento(app.ctx.db, request.sessionUser!, request.body, hoje())),
  );

  // ── The spreadsheet import (admins; gestores whose plan has "importação e exportação de dados") ──
  const importacao = { access: 'user', recurso: 'dataExport' } as const;

  /** The multipart body: the file `arquivo`, `modo` (pular|atualizar) and an admin's `empresaId`. */
  async function receber(request: FastifyRequest) {
    const { nomeArquivo, bytes, campos } = await receberPlanilha(
      request,
      app.ctx.settings.get().limits.maxFileSizeMb,
      ['empresaId', 'modo'],
    );
    const lidos = importacaoDeEquipamentosCampos.safeParse({
      empresaId: campos.empresaId || undefined,
      modo: campos.modo || undefined,
    });
    if (!lidos.success)
      throw dadosInvalidos(
        lidos.error.issues.map((i) => ({ campo: i.path.map(String).join('.'), mensagem: i.message })),
      );
    return { nomeArquivo, bytes, ...lidos.data };
  }

  app.get(
    '/api/equipamentos/importacao/modelo',
    {
      config: importacao,
      schema: {
        tags,
        summary:
          'O modelo da planilha de importação de equipamentos: CSV (; BOM, CRLF) ou XLSX, com uma coluna por campo do cadastro',
        querystring: modeloDeEquipamentosQuery,
      },
    },
    async (request, reply) => {
      exigirImportador(request.sessionUser!, 'importar equipamentos por planilha');
      const modelo = await modeloDeEquipamentos(request.query.formato);
      return reply
        .header('content-type', modelo.tipo)
        .header('content-disposition', `attachment; filename="${modelo.nomeDoArquivo}"`)
        .header('cache-control', 'no-store')
        .send(modelo.corpo);
    },
  );

  app.post(
    '/api/equipamentos/importacao/previa',
    {
      config: importacao,
      schema: {
        tags,
        summary:
          'Confere uma planilha de equipamentos sem salvar nada (multipart: "arquivo", "modo" pular|atualizar, "empresaId" do administrador): os erros de cada linha e, das válidas, a categoria e as próximas datas',
        consumes: ['multipart/form-data'],
        response: { 200: previaDeEquipamentos },
      },
    },
    async (request) => {
      exigirImportador(request.sessionUser!, 'importar equipamentos por planilha');
      const previa = await previaDaPlanilhaDeEquipamentos(
        app.ctx.db,
        request.sessionUser!,
        await receber(request),
        hoje(),
      );
      return { previa };
    },
  );

  app.post(
    '/api/equipamentos/importacao',
    {
      config: importacao,
      schema: {
        tags,
        summary:
          'Importa uma planilha de equipamentos numa só transação: com qualquer erro responde 400 com a lista e não salva nada',
        consumes: ['multipart/form-data'],
        response: { 200: resultadoDeEquipamentos, 400: planilhaDeEquipamentosComErros },
      },
    },
    async (request, reply) => {
      exigirImportador(request.sessionUser!, 'importar equipamentos por planilha');
      const r = await importarPlanilhaDeEquipamentos(
        app.ctx.db,
        request.sessionUser!,
        await receber(request),
        hoje(),
      );
      if (!r.ok) {
        const { error } = corpoDoErro('planilhaDeEquipamentosComErros', r.erros.length);
        return reply.code(400).send({ error: { ...error, erros: r.erros } });
      }
      return { resultado: r.resultado };
    },
  );

  app.get(
    '/api/equipamentos/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Um equipamento: dados, classificação explicada, exames e próximas datas, inspeções, prorrogações e eventos',
        params: idParams,
        response: { 200: um },
      },
    },
    async (request) => buscarEquipamento(app.ctx.db, request.sessionUser!, request.params.id, hoje()),
  );

  app.patch(
    '/api/equipamentos/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Altera um equipamento; os prazos são recalculados',
        params: idParams,
        body: atualizarEquipamentoEntrada,
        response: { 200: um },
      },
    },
    async (request) =>
      atualizarEquipamento(app.ctx.db, request.sessionUser!, request.params.id, request.body, hoje()),
  );

  app.delete(
    '/api/equipamentos/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Exclui um equipamento com suas inspeções, prorrogações e eventos (gestor ou administrador)',
        params: idParams,
        response: { 204: excluido },
      },
    },
    async (request, reply) => {
      await excluirEquipamento(app.ctx.db, request.sessionUser!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/equipamentos/:id/inspecoes',
    {
      config,
      schema: {
        tags,
        summary: 'Registra uma inspeção: as próximas datas dos exames feitos são recalculadas',
        params: idParams,
        body: inspecaoEntrada,
        response: { 201: um },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await registrarInspecao(app.ctx.db, request.sessionUser!, request.params.id, request.body, hoje(), {
          email: app.ctx.email,
          publicUrl: app.ctx.config.publicUrl,
          secret: app.ctx.config.authSecret,
          settings: app.ctx.settings,
        }),
      ),
  );

  app.post(
    '/api/equipamentos/:id/prorrogacoes',
    {
      config,
      schema: {
        tags,
        summary:
          'Solicita a prorrogação de um exame (força maior, até 6 meses; inspeção não intrusiva, até metade do intervalo)',
        params: idParams,
        body: prorrogacaoEntrada,
        response: { 201: um },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await solicitarProrrogacao(
            app.ctx.db,
            request.sessionUser!,
            request.params.id,
            request.body,
            hoje(),
          ),
        ),
  );

  for (const [acao, aprovar] of [
    ['aprovar', true],
    ['recusar', false],
  ] as const)
    app.post(
      `/api/equipamentos/:id/prorrogacoes/:prorrogacaoId/${acao}`,
      {
        config,
        schema: {
          tags,
          summary: aprovar
            ? 'Aprova uma prorrogação: a nova data vale com o motivo (gestor ou administrador)'
            : 'Recusa uma prorrogação (gestor ou administrador)',
          params: prorrogacaoParams,
          response: { 200: um },
        },
      },
      async (request) =>
        decidirProrrogacao(
          app.ctx.db,
          request.sessionUser!,
          request.params.id,
          request.params.prorrogacaoId,
          aprovar,
          hoje(),
        ),
    );

  app.post(
    '/api/equipamentos/:id/eventos',
    {
      config,
      schema: {
        tags,
        summary:
          'Registra parada, retorno, alteração, mudança de local ou acidente; o que exige inspeção extraordinária cria o prazo na hora',
        params: idParams,
        body: eventoEntrada,
        response: { 201: um },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await registrarEvento(app.ctx.db, request.sessionUser!, request.params.id, request.body, hoje()),
        ),
  );
};
