import { addDaysIso, calendarDayIn, formatDateBR } from '@laudos/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs, notificationHistory, respostasEstagios, respostasLembrete } from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json } from './helpers/accounts.ts';
import { testEngine } from './helpers/db.ts';
import { pedidoDeRenovacao } from './helpers/security.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';

/** Issue 19, decision 029: the firm's renewal pipeline, the client's view of it and the funnel. */

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ JOBS: 'off' });
});
afterAll(() => t.close());

describe(`renewal pipeline (${testEngine})`, () => {
  it('an admin moves a request through every stage with its history; Agendado and Perdido refuse missing data; the client sees only their company’s requests, without internal notes; the funnel counts a month', async () => {
    const db = t.server.database.db;
    const admin = await createAdmin(t);
    const empresaA = await empresaDeTeste(t, 'Caldeiraria Alfa');
    const empresaB = await empresaDeTeste(t, 'Usina Beta');
    const hoje = calendarDayIn(t.config.timeZone);
    const vence = addDaysIso(hoje, 20);
    const pedidoA = await pedidoDeRenovacao(t, empresaA, { dataVencimento: vence, nome: 'Caldeira A' });
    const pedidoB = await pedidoDeRenovacao(t, empresaB, { nome: 'Caldeira B' });
    // A person of company A (before the moves: the bell tells the people the company has then).
    const clienteA = await createUser(t, { email: 'gestor@alfa.com.br', empresaId: empresaA });
    const cA = await signIn(t.app, clienteA.email, clienteA.password);
    const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: json(cookie), ...(payload ? { payload } : {}) });
    const mover = (id: string, body: object) =>
      call(admin.cookie, 'POST', `/api/admin/renovacoes/${id}/estagio`, body);

    // The due date's reminders are on the card.
    await db.insert(notificationHistory).values({
      laudoId: pedidoA.laudoId,
      templateType: 'vencimento_30',
      notificationType: 'vencendo',
      daysValue: 30,
      dataVencimento: vence,
      destinatario: 'pedido@equipe.com.br',
      success: true,
    });

    // The board, filtered by company and by text.
    const quadro = await call(admin.cookie, 'GET', `/api/admin/renovacoes?empresaId=${empresaA}`);
    expect(quadro.statusCode, quadro.body).toBe(200);
    expect(quadro.json().renovacoes).toMatchObject([
      {
        id: pedidoA.id,
        estagio: 'solicitado',
        empresa: { nome: 'Caldeiraria Alfa' },
        laudo: { nome: 'Caldeira A', tipo: 'NR-13' },
        diasRestantes: 20,
      },
    ]);
    const busca = await call(admin.cookie, 'GET', '/api/admin/renovacoes?busca=usina%20bet');
    expect(busca.json().renovacoes.map((r: { id: string }) => r.id)).toEqual([pedidoB.id]);

    // Agendado without date and engineer, Perdido without a reason: 400 naming the fields.
    const semDados = await mover(pedidoA.id, { estagio: 'agendado' });
    expect(semDados.statusCode).toBe(400);
    expect(semDados.json().error.campos).toEqual(
      expect.arrayContaining([
        { campo: 'agendadoPara', mensagem: 'Informe a data da inspeção.' },
        { campo: 'engenheiro', mensagem: 'Informe o engenheiro responsável.' },
      ]),
    );
    const semMotivo = await mover(pedidoB.id, { estagio: 'perdido', motivoPerda: '  ' });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().error.campos).toEqual([
      { campo: 'motivoPerda', mensagem: 'Informe o motivo da perda.' },
    ]);
    expect((await mover(pedidoA.id, { estagio: 'arquivado' })).statusCode).toBe(400);

    // Every stage, in order, then a note kept internal.
    const inspecao = addDaysIso(hoje, 10);
    const passos = [
      { estagio: 'orcamento_enviado', orcamento: 'R$ 3.200,00', nota: 'Orçamento por e-mail.' },
      { estagio: 'agendado', agendadoPara: inspecao, engenheiro: 'Eng. Carla Souza' },
      { estagio: 'inspecionado' },
      { estagio: 'concluido' },
      { estagio: 'perdido', motivoPerda: 'Fechou com outra empresa' },
      { estagio: 'concluido', nota: 'Reaberto: cliente voltou.' },
    ];
    for (const passo of passos) {
      const r = await mover(pedidoA.id, passo);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().renovacao.estagio).toBe(passo.estagio);
    }
    // Whoever asked is e-mailed at each move the client cares about, not on Perdido (the firm's own).
    const avisosDoCliente = await db
      .select({ para: emailLogs.recipientEmail, assunto: emailLogs.subject })
      .from(emailLogs)
      .where(and(eq(emailLogs.templateType, 'renovacao_atualizada'), eq(emailLogs.laudoId, pedidoA.laudoId)))
      .orderBy(asc(emailLogs.createdAt));
    expect(avisosDoCliente).toEqual(
      ['Orçamento enviado', 'Agendado', 'Inspecionado', 'Concluído', 'Concluído'].map((estagio) => ({
        para: 'pedido@equipe.com.br',
        assunto: `Seu pedido de renovação: ${estagio} — Caldeira A`,
      })),
    );
    const nota = await call(admin.cookie, 'POST', `/api/admin/renovacoes/${pedidoA.id}/notas`, {
      nota: 'Cliente pede desconto',
      interna: true,
    });
    expect(nota.statusCode, nota.body).toBe(200);
    const detalhe = (await call(admin.cookie, 'GET', `/api/admin/renovacoes/${pedidoA.id}`)).json();
    expect(detalhe.renovacao).toMatchObject({
      estagio: 'concluido',
      agendadoPara: inspecao,
      engenheiro: 'Eng. Carla Souza',
      orcamento: 'R$ 3.200,00',
      periodo: 'Próxima semana',
    });
    expect(detalhe.historico.map((h: { de: string; para: string }) => `${h.de}→${h.para}`)).toEqual([
      'solicitado→orcamento_enviado',
      'orcamento_enviado→agendado',
      'agendado→inspecionado',
      'inspecionado→concluido',
      'concluido→perdido',
      'perdido→concluido',
      'null→null',
    ]);
    expect(detalhe.historico[1]).toMatchObject({
      por: 'Firma',
      nota: `Inspeção em ${formatDateBR(inspecao)}, Eng. Carla Souza.`,
    });
    expect(detalhe.historico[6]).toMatchObject({ nota: 'Cliente pede desconto', interna: true });
    expect(detalhe.lembretes).toMatchObject([{ tipo: 'vencendo', dias: 30, sucesso: true }]);
    expect((await call(admin.cookie, 'GET', `/api/admin/renovacoes/${crypto.randomUUID()}`)).statusCode).toBe(
      404,
    );

    // The client of company A sees A's request with its public history; company B's client sees B's only.
    const clienteB = await createUser(t, { email: 'gestor@beta.com.br', empresaId: empresaB });
    const cB = await signIn(t.app, clienteB.email, clienteB.password);
    const deA = (await call(cA, 'GET', '/api/renovacoes')).json().renovacoes;
    expect(deA).toHaveLength(1);
    expect(deA[0]).toMatchObject({ id: pedidoA.id, estagio: 'concluido', agendadoPara: inspecao });
    expect(deA[0].historico).toHaveLength(6);
    expect(JSON.stringify(deA)).not.toContain('desconto');
    // The bell of company A's people tells each stage the firm moved the request to.
    const avisosDeA = (await call(cA, 'GET', '/api/avisos')).json().avisos as {
      titulo: string;
      link: string;
    }[];
    expect(avisosDeA.map((a) => a.titulo)).toContain('Pedido de renovação: Agendado');
    expect(avisosDeA.find((a) => a.titulo === 'Pedido de renovação: Agendado')?.link).toBe('/renovacoes');
    const deB = (await call(cB, 'GET', '/api/renovacoes')).json().renovacoes;
    expect(
      ((await call(cB, 'GET', '/api/avisos')).json().avisos as { titulo: string }[]).filter((a) =>
        a.titulo.startsWith('Pedido de renovação'),
      ),
    ).toEqual([]);
    expect(deB.map((r: { id: string }) => r.id)).toEqual([pedidoB.id]);
    // A client reaches no admin route.
    expect((await call(cA, 'GET', `/api/admin/renovacoes/${pedidoA.id}`)).statusCode).toBe(403);

    // The funnel: a seeded month two months back, plus this month's conclusion above.
    const [ano, mes] = hoje.split('-').map(Number) as [number, number];
    const semeado = new Date(Date.UTC(ano, mes - 3, 15, 15));
    const mesSemeado = semeado.toISOString().slice(0, 7);
    const antigo = new Date(Date.UTC(ano - 2, mes - 1, 15, 15));
    const laudoSemeado = (await pedidoDeRenovacao(t, empresaB, { tipo: 'NR-12', criadoEm: semeado })).laudoId;
    const outroSemeado = await pedidoDeRenovacao(t, empresaB, { tipo: 'NR-12', criadoEm: semeado });
    const marco = (laudoId: string, dias: number, destinatario: string, sentAt: Date, success = true) => ({
      laudoId,
      templateType: `vencimento_${dias}`,
      notificationType: 'vencendo',
      daysValue: dias,
      dataVencimento: '2027-03-01',
      destinatario,
      sentAt,
      success,
    });
    await db.insert(notificationHistory).values([
      // Two recipients of one milestone: one reminder.
      marco(laudoSemeado, 30, 'a@beta.com.br', semeado),
      marco(laudoSemeado, 30, 'b@beta.com.br', semeado),
      marco(laudoSemeado, 15, 'a@beta.com.br', semeado),
      marco(outroSemeado.laudoId, 30, 'a@beta.com.br', semeado),
      // Failed, and too old: not counted.
      marco(outroSemeado.laudoId, 15, 'a@beta.com.br', semeado, false),
      marco(outroSemeado.laudoId, 7, 'a@beta.com.br', antigo),
    ]);
    const concluir = await mover(outroSemeado.id, { estagio: 'concluido' });
    expect(concluir.statusCode).toBe(200);
    // Concluded in the seeded month.
    await db
      .update(respostasEstagios)
      .set({ criadoEm: semeado })
      .where(eq(respostasEstagios.respostaId, outroSemeado.id));
    const funil = await call(admin.cookie, 'GET', '/api/admin/renovacoes/funil');
    expect(funil.statusCode, funil.body).toBe(200);
    const { meses, linhas, tipos } = funil.json();
    expect(meses).toHaveLength(12);
    expect(meses[11]).toBe(hoje.slice(0, 7));
    expect(tipos).toEqual(['NR-12', 'NR-13']);
    expect(
      linhas.find((l: { mes: string; tipo: string }) => l.mes === mesSemeado && l.tipo === 'NR-12'),
    ).toEqual({
      mes: mesSemeado,
      tipo: 'NR-12',
      lembretes: 3,
      pedidos: 2,
      concluidos: 1,
    });
    expect(
      linhas.find((l: { mes: string; tipo: string }) => l.mes === hoje.slice(0, 7) && l.tipo === 'NR-13'),
    ).toMatchObject({
      pedidos: 2,
      concluidos: 1,
    });

    // A client with an account who turned "Atualizações de renovação" off hears of the move in the
    // bell only; turned back on, by e-mail again.
    const pedidoDaConta = await pedidoDeRenovacao(t, empresaA, {
      nome: 'Vaso C',
      emailCliente: clienteA.email,
    });
    await db
      .update(respostasLembrete)
      .set({ usuarioId: clienteA.id })
      .where(eq(respostasLembrete.id, pedidoDaConta.id));
    const preferir = (ativo: boolean) =>
      call(cA, 'PUT', '/api/preferencias', { itens: [{ tipo: 'renovacao', canal: 'email', ativo }] });
    expect((await preferir(false)).statusCode).toBe(200);
    expect((await mover(pedidoDaConta.id, { estagio: 'orcamento_enviado' })).statusCode).toBe(200);
    expect((await preferir(true)).statusCode).toBe(200);
    expect((await mover(pedidoDaConta.id, { estagio: 'inspecionado' })).statusCode).toBe(200);
    const daConta = await db
      .select({ assunto: emailLogs.subject })
      .from(emailLogs)
      .where(
        and(eq(emailLogs.templateType, 'renovacao_atualizada'), eq(emailLogs.laudoId, pedidoDaConta.laudoId)),
      );
    expect(daConta).toEqual([{ assunto: 'Seu pedido de renovação: Inspecionado — Vaso C' }]);
  });
});
