import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { laudos, notificationHistory, respostasLembrete } from '../src/db/schema.ts';
import { createAdmin, createUser, json, lastEmailTo } from './helpers/accounts.ts';
import { testEngine } from './helpers/db.ts';
import { servidorNoTempo } from './helpers/relogio.ts';
import {
  clienteComSessao,
  criarLaudo,
  filesUnder,
  pdf,
  renovarLaudoDeTeste,
  uploadArquivo,
  xlsx,
} from './helpers/security.ts';
import { signIn, type TestServer } from './helpers/server.ts';

const _SP = 'America/Sao_Paulo';
let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe(`renewing a laudo (${testEngine})`, () => {
  it('issues version 2 with new files; version 1 keeps its files in the history; the request closes as concluido; reminders start again at the new date’s 90-day milestone; deleting removes every version’s files', {
    timeout: 120_000,
  }, async () => {
    const servidor = await servidorNoTempo(
      '2027-01-29',
      { JOBS: 'on', EMAIL_RATE_PER_SECOND: '100', JOBS_SUPERVISE_SECONDS: '1' },
      { ultimaExecucao: '2027-01-29' },
    );
    t = servidor.t;
    const { db, verificar } = servidor;
    const storage = path.join(t.dataDir, 'storage', 'laudos');

    const cliente = await clienteComSessao(t, {
      email: 'gestor@acme.com.br',
      empresa: 'ACME',
      nome: 'Gestora ACME',
    });
    const outro = await clienteComSessao(t, { email: 'gestor@beta.com.br', empresa: 'Beta' });
    // A colleague of the company: the bell tells them of the new version.
    const colega = await createUser(t, {
      email: 'membro@acme.com.br',
      nome: 'Membro ACME',
      empresaId: cliente.empresaId!,
      papel: 'membro',
    });
    const colegaCookie = await signIn(t.app, colega.email, colega.password);
    const admin = await createAdmin(t);
    const laudo = await criarLaudo(t, cliente.cookie, {
      nome: 'Caldeira 1',
      codigo: 'CAL-2026',
      tipo: 'NR-13',
      dataVencimento: '2027-03-01',
    });
    const pdfV1 = pdf(3000);
    expect(
      (await uploadArquivo(t, cliente.cookie, laudo.id, 'pdf', 'caldeira-2026.pdf', pdfV1)).statusCode,
    ).toBe(200);
    const planilhaV1 = await xlsx();
    expect(
      (await uploadArquivo(t, cliente.cookie, laudo.id, 'excel', 'medicoes-2026.xlsx', planilhaV1))
        .statusCode,
    ).toBe(200);

    // The 30-day reminder goes; the client asks for the renewal from it.
    expect(await verificar('2027-01-30')).toMatchObject({ enfileirados: 1 });
    const lembrete = await lastEmailTo(t, cliente.email, 'vence em 30 dias');
    const token = /- Solicitar renovação: \S+\/lembrete\/(\S+)/.exec(lembrete.text)![1]!;
    const pedido = await t.app.inject({
      method: 'POST',
      url: `/api/respostas/${token}`,
      headers: json(),
      payload: { periodo: 'Fevereiro' },
    });
    expect(pedido.statusCode, pedido.body).toBe(200);

    // Refusals first: a due date not after the current one, no form, another company's client.
    const antes = await renovarLaudoDeTeste(t, cliente.cookie, laudo.id, {
      codigo: 'CAL-2027',
      dataVencimento: '2027-02-01',
    });
    expect(antes.statusCode).toBe(400);
    expect(antes.json().error.message).toBe(
      'A nova data de vencimento deve ser posterior à atual (01/03/2027).',
    );
    const semCodigo = await renovarLaudoDeTeste(t, cliente.cookie, laudo.id, {
      dataVencimento: '2028-03-01',
    });
    expect(semCodigo.statusCode).toBe(400);
    expect(semCodigo.json().error.campos).toEqual([{ campo: 'codigo', mensagem: expect.any(String) }]);
    const semFormulario = await t.app.inject({
      method: 'POST',
      url: `/api/laudos/${laudo.id}/renovar`,
      headers: json(cliente.cookie),
      payload: { codigo: 'X', dataVencimento: '2028-03-01' },
    });
    expect(semFormulario.statusCode).toBe(400);
    expect(semFormulario.json().error.code).toBe('RENOVACAO_INVALIDA');
    const deFora = await renovarLaudoDeTeste(t, outro.cookie, laudo.id, {
      codigo: 'CAL-2027',
      dataVencimento: '2028-03-01',
    });
    expect(deFora.statusCode).toBe(404);
    expect(Object.keys(filesUnder(path.join(storage, laudo.id)))).toHaveLength(2);

    // The client renews with a new PDF and no spreadsheet.
    const pdfV2 = pdf(5000);
    const renovado = await renovarLaudoDeTeste(
      t,
      cliente.cookie,
      laudo.id,
      { codigo: 'CAL-2027', dataVencimento: '2028-03-01' },
      { pdf: ['caldeira-2027.pdf', pdfV2] },
    );
    expect(renovado.statusCode, renovado.body).toBe(200);
    expect(renovado.json().laudo).toMatchObject({
      versao: 2,
      codigo: 'CAL-2027',
      data_vencimento: '2028-03-01',
      arquivo_pdf: 'caldeira-2027.pdf',
      arquivo_excel: null,
      status: 'ativo',
    });

    // The colleague's bell has it (the one who renewed is not told of their own act).
    const avisosDoColega = await t.app.inject({ url: '/api/avisos', headers: { cookie: colegaCookie } });
    expect(avisosDoColega.json().avisos).toContainEqual(
      expect.objectContaining({
        titulo: 'Nova versão do laudo (versão 2)',
        texto: 'Caldeira 1 (CAL-2027)',
        link: `/laudos/${laudo.id}`,
      }),
    );
    const avisosDoAutor = await t.app.inject({ url: '/api/avisos', headers: { cookie: cliente.cookie } });
    expect(avisosDoAutor.json().avisos.map((a: { titulo: string }) => a.titulo)).not.toContain(
      'Nova versão do laudo (versão 2)',
    );

    // The list shows the new version; the history the old one, with who and when.
    const lista = await t.app.inject({ url: '/api/laudos', headers: { cookie: cliente.cookie } });
    expect(lista.json().laudos).toMatchObject([
      { id: laudo.id, codigo: 'CAL-2027', dataVencimento: '2028-03-01' },
    ]);
    const historico = await t.app.inject({
      url: `/api/laudos/${laudo.id}/versoes`,
      headers: { cookie: cliente.cookie },
    });
    expect(historico.statusCode).toBe(200);
    expect(historico.json()).toMatchObject({
      atual: 2,
      versoes: [
        {
          numero: 1,
          codigo: 'CAL-2026',
          data_vencimento: '2027-03-01',
          arquivo_pdf: 'caldeira-2026.pdf',
          arquivo_excel: 'medicoes-2026.xlsx',
          arquivo_pdf_url: `/api/laudos/${laudo.id}/versoes/1/arquivos/pdf`,
          emitido_por: { nome: 'Gestora ACME' },
          renovado_por: { nome: 'Gestora ACME' },
        },
      ],
    });
    const baixar = (url: string, cookie: string) => t!.app.inject({ url, headers: { cookie } });
    const antigo = await baixar(`/api/laudos/${laudo.id}/versoes/1/arquivos/pdf/download`, cliente.cookie);
    expect(antigo.statusCode).toBe(200);
    expect(antigo.headers['content-disposition']).toMatch(/^attachment; filename="caldeira-2026\.pdf"/);
    expect(antigo.rawPayload.equals(pdfV1)).toBe(true);
    const antigaPlanilha = await baixar(`/api/laudos/${laudo.id}/versoes/1/arquivos/excel`, admin.cookie);
    expect(antigaPlanilha.rawPayload.equals(planilhaV1)).toBe(true);
    const atual = await baixar(`/api/laudos/${laudo.id}/arquivos/pdf`, cliente.cookie);
    expect(atual.rawPayload.equals(pdfV2)).toBe(true);
    // Another company's client sees neither the history nor its files.
    for (const url of [
      `/api/laudos/${laudo.id}/versoes`,
      `/api/laudos/${laudo.id}/versoes/1/arquivos/pdf`,
      `/api/laudos/${laudo.id}/versoes/1/arquivos/excel/download`,
    ]) {
      const res = await baixar(url, outro.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('CAL-2026');
    }
    expect((await baixar(`/api/laudos/${laudo.id}/versoes/7/arquivos/pdf`, cliente.cookie)).statusCode).toBe(
      404,
    );

    // Replacing the current PDF removes the replaced one only, never the version's.
    expect(
      (await uploadArquivo(t, cliente.cookie, laudo.id, 'pdf', 'caldeira-2027b.pdf', pdf(6000))).statusCode,
    ).toBe(200);
    expect(Object.keys(filesUnder(path.join(storage, laudo.id)))).toHaveLength(3);
    const aindaAntigo = await baixar(`/api/laudos/${laudo.id}/versoes/1/arquivos/pdf`, cliente.cookie);
    expect(aindaAntigo.rawPayload.equals(pdfV1)).toBe(true);

    // The open request closed as concluido, with the version that concluded it.
    const [solicitacao] = await db
      .select()
      .from(respostasLembrete)
      .where(eq(respostasLembrete.laudoId, laudo.id));
    expect(solicitacao).toMatchObject({ tipo: 'solicitacao', estagio: 'concluido', versaoConcluida: 2 });
    // …through the pipeline's one move: its history says which version closed it, and who.
    const cartao = await t.app.inject({
      url: `/api/admin/renovacoes/${solicitacao!.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(cartao.json().historico).toContainEqual(
      expect.objectContaining({ de: 'solicitado', para: 'concluido', nota: 'Versão 2 do laudo emitida.' }),
    );
    // …and the client who asked is told by e-mail, with a link to follow their requests.
    const concluido = await lastEmailTo(t, cliente.email, 'Seu pedido de renovação: Concluído');
    expect(concluido.text).toContain('Versão 2 do laudo emitida.');
    expect(concluido.text).toContain('/renovacoes');

    // Reminders start again for the new due date: nothing the day before its 90-day milestone, then that one.
    const marcos = () =>
      db
        .select({ dias: notificationHistory.daysValue, tipo: notificationHistory.notificationType })
        .from(notificationHistory)
        .where(
          and(
            eq(notificationHistory.laudoId, laudo.id),
            eq(notificationHistory.dataVencimento, '2028-03-01'),
          ),
        );
    // (That run sends the month's report, not a reminder of this laudo.)
    await verificar('2027-12-01');
    expect(await marcos()).toEqual([]);
    expect(await verificar('2027-12-02')).toMatchObject({ enfileirados: 1 });
    expect(await marcos()).toEqual([{ dias: 90, tipo: 'vencendo' }]);
    expect((await lastEmailTo(t, cliente.email, 'vence em 90 dias')).text).toContain('CAL-2027');

    // Deleting the laudo removes the files of every version.
    const removido = await t.app.inject({
      method: 'DELETE',
      url: `/api/laudos/${laudo.id}`,
      headers: json(admin.cookie),
    });
    expect(removido.statusCode).toBe(204);
    expect(filesUnder(path.join(storage, laudo.id))).toEqual({});
    expect(await db.select().from(laudos).where(eq(laudos.id, laudo.id))).toEqual([]);
  });
});
