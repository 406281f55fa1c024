import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chamados, emailLogs, planos } from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json } from './helpers/accounts.ts';
import { multipart, pdf, png } from './helpers/security.ts';
import { createTestServer, signIn, TEST_ORIGIN, type TestServer } from './helpers/server.ts';

/** Issue 18: `emailSupport` / `prioritySupport` — the support area, client and firm, end to end. */

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ JOBS: 'off' });
});
afterAll(() => t.close());

async function planoChamado(nome: string) {
  const [p] = await t.server.database.db.select().from(planos).where(eq(planos.nome, nome));
  return p!;
}

describe('support area', () => {
  it('a client opens a request with a laudo and a file; the firm answers from a priority-first inbox; close, reopen; other companies get 404; without the plan 403', async () => {
    const db = t.server.database.db;
    const admin = await createAdmin(t);
    const basico = await planoChamado('Básico');
    const empresarial = await planoChamado('Empresarial');
    const empresaB = await empresaDeTeste(t, 'Usina Básica', { planoId: basico.id });
    const empresaA = await empresaDeTeste(t, 'Usina Prioritária', { planoId: empresarial.id });
    const gestorB = await createUser(t, { email: 'gestor@basica.com.br', nome: 'Bia', empresaId: empresaB });
    const membroB = await createUser(t, {
      email: 'membro@basica.com.br',
      nome: 'Beto',
      empresaId: empresaB,
      papel: 'membro',
    });
    const gestorA = await createUser(t, { email: 'gestor@prioritaria.com.br', empresaId: empresaA });
    const cB = await signIn(t.app, gestorB.email, gestorB.password);
    const cMembro = await signIn(t.app, membroB.email, membroB.password);
    const cA = await signIn(t.app, gestorA.email, gestorA.password);
    const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: json(cookie), ...(payload ? { payload } : {}) });

    const laudo = async (empresaId: string, codigo: string) =>
      (
        await call(admin.cookie, 'POST', '/api/laudos', {
          nome: 'Caldeira',
          codigo,
          tipo: 'NR-13',
          empresaId,
        })
      ).json().laudo.id as string;
    const laudoB = await laudo(empresaB, 'SUP-B');
    const laudoA = await laudo(empresaA, 'SUP-A');

    // Another company's laudo is not one the client can pick.
    const alheio = await call(cB, 'POST', '/api/suporte/chamados', {
      assunto: 'X',
      mensagem: 'Y',
      laudoId: laudoA,
    });
    expect(alheio.statusCode).toBe(404);

    const abrir = await call(cB, 'POST', '/api/suporte/chamados', {
      assunto: 'Dúvida <b>urgente</b>',
      mensagem: 'Quando vence?\n<script>alert(1)</script>',
      laudoId: laudoB,
    });
    expect(abrir.statusCode, abrir.body).toBe(201);
    const { chamado, mensagemId } = abrir.json();
    expect(chamado).toMatchObject({
      status: 'aberto',
      prioritario: false,
      empresa: 'Usina Básica',
      autor: 'Bia',
      laudo: { id: laudoB, codigo: 'SUP-B' },
    });

    // The attachment: a renamed executable is refused by content; a PDF is kept and read back.
    const falso = multipart('laudo.pdf', Buffer.from('MZ\x90\x00 not a pdf at all'));
    const recusado = await t.app.inject({
      method: 'POST',
      url: `/api/suporte/chamados/${chamado.id}/mensagens/${mensagemId}/anexo`,
      headers: { cookie: cB, origin: TEST_ORIGIN, 'content-type': falso.contentType },
      payload: falso.payload,
    });
    expect(recusado.statusCode).toBe(415);
    expect(recusado.json().error.message).toBe('O anexo deve ser um PDF ou uma imagem (PNG, JPEG ou WebP).');
    const arquivo = pdf(3000);
    const corpo = multipart('foto da placa.pdf', arquivo);
    const anexado = await t.app.inject({
      method: 'POST',
      url: `/api/suporte/chamados/${chamado.id}/mensagens/${mensagemId}/anexo`,
      headers: { cookie: cB, origin: TEST_ORIGIN, 'content-type': corpo.contentType },
      payload: corpo.payload,
    });
    expect(anexado.statusCode, anexado.body).toBe(200);
    expect(anexado.json().mensagens[0].anexo).toEqual({ nome: 'foto da placa.pdf', bytes: arquivo.length });

    // The whole team sees the company's requests and files.
    const daEquipe = (await call(cMembro, 'GET', '/api/suporte/chamados')).json().chamados;
    expect(daEquipe.map((c: { id: string }) => c.id)).toEqual([chamado.id]);
    const baixado = await call(
      cMembro,
      'GET',
      `/api/suporte/chamados/${chamado.id}/mensagens/${mensagemId}/anexo`,
    );
    expect(baixado.statusCode).toBe(200);
    expect(baixado.headers['content-type']).toBe('application/pdf');
    expect(baixado.rawPayload.equals(arquivo)).toBe(true);

    // Another company reaches neither the request nor its file (404), nor lists it.
    expect((await call(cA, 'GET', `/api/suporte/chamados/${chamado.id}`)).statusCode).toBe(404);
    expect(
      (await call(cA, 'GET', `/api/suporte/chamados/${chamado.id}/mensagens/${mensagemId}/anexo`)).statusCode,
    ).toBe(404);
    expect(
      (await call(cA, 'POST', `/api/suporte/chamados/${chamado.id}/mensagens`, { mensagem: 'oi' }))
        .statusCode,
    ).toBe(404);
    expect((await call(cA, 'POST', `/api/suporte/chamados/${chamado.id}/fechar`)).statusCode).toBe(404);
    expect((await call(cA, 'GET', '/api/suporte/chamados')).json().chamados).toEqual([]);

    // The inbox: the priority company first although its request is newer, then the oldest.
    const prioritario = (
      await call(cA, 'POST', '/api/suporte/chamados', { assunto: 'Prioridade', mensagem: 'Oi' })
    ).json().chamado;
    const segundo = (
      await call(cB, 'POST', '/api/suporte/chamados', { assunto: 'Outro', mensagem: 'Oi' })
    ).json().chamado;
    await db
      .update(chamados)
      .set({ criadoEm: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(chamados.id, chamado.id));
    const caixa = (await call(admin.cookie, 'GET', '/api/admin/suporte/chamados')).json().chamados;
    expect(caixa.map((c: { id: string; prioritario: boolean }) => [c.id, c.prioritario])).toEqual([
      [prioritario.id, true],
      [chamado.id, false],
      [segundo.id, false],
    ]);

    // The firm was e-mailed on the new request (the client's text escaped); the firm's reply goes
    // to the author; the client's reply to the firm.
    const resposta = await call(admin.cookie, 'POST', `/api/admin/suporte/chamados/${chamado.id}/mensagens`, {
      mensagem: 'Vence em dezembro.',
    });
    expect(resposta.statusCode, resposta.body).toBe(201);
    // The firm attaches an image to its own reply (a client may not attach to the firm's message).
    const imagem = multipart('placa.png', await png());
    const anexoDaFirma = (cookie: string, prefixo: string) =>
      t.app.inject({
        method: 'POST',
        url: `${prefixo}/chamados/${chamado.id}/mensagens/${resposta.json().mensagemId}/anexo`,
        headers: { cookie, origin: TEST_ORIGIN, 'content-type': imagem.contentType },
        payload: imagem.payload,
      });
    expect((await anexoDaFirma(cB, '/api/suporte')).statusCode).toBe(403);
    const daFirma = await anexoDaFirma(admin.cookie, '/api/admin/suporte');
    expect(daFirma.statusCode, daFirma.body).toBe(200);
    expect(daFirma.json().mensagens[1].anexo.nome).toBe('placa.png');
    const replica = await call(cMembro, 'POST', `/api/suporte/chamados/${chamado.id}/mensagens`, {
      mensagem: 'Obrigado!',
    });
    expect(replica.statusCode).toBe(201);
    const enviados = await db
      .select({ to: emailLogs.recipientEmail, tipo: emailLogs.templateType, assunto: emailLogs.subject })
      .from(emailLogs)
      .where(eq(emailLogs.status, 'pending'))
      .orderBy(asc(emailLogs.createdAt));
    const doChamado = enviados.filter((e) => e.assunto.includes('Dúvida'));
    expect(doChamado).toEqual([
      {
        to: 'contato@laudos.com.br',
        tipo: 'suporte_para_firma',
        assunto: 'Novo chamado de Usina Básica: Dúvida <b>urgente</b>',
      },
      {
        to: gestorB.email,
        tipo: 'suporte_resposta',
        assunto: 'Resposta ao seu chamado: Dúvida <b>urgente</b>',
      },
      {
        to: 'contato@laudos.com.br',
        tipo: 'suporte_para_firma',
        assunto: 'Nova resposta de Usina Básica: Dúvida <b>urgente</b>',
      },
    ]);
    expect(enviados.find((e) => e.assunto.includes('Prioridade'))?.assunto).toBe(
      '[Prioritário] Novo chamado de Usina Prioritária: Prioridade',
    );
    const html = (
      await t.app.ctx.email.render(db, {
        type: 'suporte_para_firma',
        variables: { chamado_mensagem: '<script>alert(1)</script>', chamado_assunto: 'x' },
      })
    ).html;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');

    // The thread, in order; close (no more replies), reopen (waiting for the firm again).
    const thread = (await call(cB, 'GET', `/api/suporte/chamados/${chamado.id}`)).json();
    expect(thread.chamado.status).toBe('aberto');
    expect(thread.mensagens.map((m: { daFirma: boolean; autor: string }) => [m.daFirma, m.autor])).toEqual([
      [false, 'Bia'],
      [true, 'Firma'],
      [false, 'Beto'],
    ]);
    expect((await call(cB, 'POST', `/api/suporte/chamados/${chamado.id}/fechar`)).json().chamado.status).toBe(
      'fechado',
    );
    const fechado = await call(admin.cookie, 'POST', `/api/admin/suporte/chamados/${chamado.id}/mensagens`, {
      mensagem: 'Mais algo?',
    });
    expect(fechado.statusCode).toBe(409);
    expect(fechado.json().error.message).toBe('Este chamado está fechado: reabra-o para responder.');
    const abertos = (await call(admin.cookie, 'GET', '/api/admin/suporte/chamados?status=fechado')).json()
      .chamados;
    expect(abertos.map((c: { id: string }) => c.id)).toEqual([chamado.id]);
    expect(
      (await call(admin.cookie, 'POST', `/api/admin/suporte/chamados/${chamado.id}/reabrir`)).json().chamado
        .status,
    ).toBe('aberto');

    // Either feature opens the area: priority support alone is enough.
    await db
      .update(planos)
      .set({ emailSupport: false, prioritySupport: true })
      .where(eq(planos.id, basico.id));
    expect((await call(cB, 'GET', '/api/suporte/chamados')).statusCode).toBe(200);
    // A plan with neither feature: 403 naming both and the plans that include either.
    await db
      .update(planos)
      .set({ emailSupport: false, prioritySupport: false })
      .where(eq(planos.id, basico.id));
    const recusa = await call(cB, 'GET', '/api/suporte/chamados');
    expect(recusa.statusCode).toBe(403);
    expect(recusa.json().error).toEqual({
      code: 'RECURSO_FORA_DO_PLANO',
      message:
        'Seu plano não inclui suporte por e-mail nem suporte prioritário. Disponível nos planos Profissional e Empresarial.',
    });
    expect((await call(cA, 'GET', '/api/suporte/chamados')).statusCode).toBe(200);
  });
});
