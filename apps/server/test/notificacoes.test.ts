import { addDaysIso, diaDaSemana } from '@laudos/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  emailLogs,
  emailOutbox,
  laudos,
  monthlyReports,
  notificationHistory,
  notificationLogs,
  notificationRules,
  planos,
} from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json } from './helpers/accounts.ts';
import { testEngine } from './helpers/db.ts';
import { servidorNoTempo as noTempo } from './helpers/relogio.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';
import { waitUntil } from './helpers/wait.ts';

const SP = 'America/Sao_Paulo';
let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A server whose scheduler reads a clock the test moves. */
async function servidorNoTempo(inicio: string, env: Record<string, string> = {}) {
  const servidor = await noTempo(inicio, { JOBS: 'off', ...env });
  t = servidor.t;
  return servidor;
}

async function novoLaudo(
  db: TestServer['server']['database']['db'],
  codigo: string,
  vence: string,
  email: string | null,
) {
  const [row] = await db
    .insert(laudos)
    .values({
      nome: `Vaso ${codigo}`,
      codigo,
      cliente: 'ACME Ltda',
      tipo: 'NR-13',
      emailCliente: email,
      dataVencimento: vence,
    })
    .returning({ id: laudos.id });
  return row!.id;
}

async function emailsDo(db: TestServer['server']['database']['db'], laudoId: string) {
  return db
    .select({ template: emailLogs.templateType, subject: emailLogs.subject, metadata: emailLogs.metadata })
    .from(emailLogs)
    .where(eq(emailLogs.laudoId, laudoId))
    .orderBy(asc(emailLogs.createdAt), asc(emailLogs.id));
}

/** The first day on or after `dia` that is a Monday (the weekly rule's day). */
function segundaAPartirDe(dia: string) {
  let d = dia;
  while (diaDaSemana(d) !== 1) d = addDaysIso(d, 1);
  return d;
}

describe(`reminders over time (${testEngine})`, () => {
  it('across a year and a half, a laudo gets each milestone once, in order, on its day; a renewal starts a new series; no e-mail, no reminder', {
    timeout: 240_000,
  }, async () => {
    const { db, verificar } = await servidorNoTempo('2026-11-22');
    const cliente = await createUser(t!, {
      email: 'gestor@acme.com.br',
      nome: 'Gestora ACME',
      empresa: 'ACME Ltda',
      empresaConfirmada: true,
    });
    const vence = '2027-03-01';
    const a = await novoLaudo(db, 'A-1', vence, 'gestor@acme.com.br');
    const semEmail = await novoLaudo(db, 'B-1', vence, null);
    const renovado = await novoLaudo(db, 'C-1', '2027-01-10', 'gestor@acme.com.br');

    const enviadosEm = new Map<string, string[]>();
    let semEmailContados = 0;
    for (let dia = '2026-11-22'; dia <= '2028-03-06'; dia = addDaysIso(dia, 1)) {
      if (dia === '2027-01-11') {
        // Renewed the day after it expired: the next inspection is due in a year.
        await db.update(laudos).set({ dataVencimento: '2028-01-10' }).where(eq(laudos.id, renovado));
      }
      // An early check does nothing; the 09:05 one runs the rules of the day.
      expect(await verificar(dia, '08:55')).toBeNull();
      const run = await verificar(dia);
      semEmailContados += run?.semEmail ?? 0;
      const novos = await db
        .select({ laudoId: emailLogs.laudoId, template: emailLogs.templateType })
        .from(emailLogs)
        .where(sql`${emailLogs.metadata}->>'dia' is null`);
      for (const n of novos) {
        const k = n.laudoId ?? `relatorio:${n.template}`;
        enviadosEm.set(k, [...(enviadosEm.get(k) ?? []), `${n.template}@${dia}`]);
      }
      await db
        .update(emailLogs)
        .set({ metadata: sql`${emailLogs.metadata} || ${JSON.stringify({ dia })}::jsonb` });
    }

    const semanal = (d: number) => segundaAPartirDe(addDaysIso(vence, d));
    expect(enviadosEm.get(a)).toEqual([
      'vencimento_90@2026-12-01',
      'vencimento_60@2026-12-31',
      'vencimento_30@2027-01-30',
      'vencimento_15@2027-02-14',
      'vencimento_7@2027-02-22',
      'vencimento_3@2027-02-26',
      'vencimento_1@2027-02-28',
      'vencido_0@2027-03-01',
      'vencido_7@2027-03-08',
      'vencido_30@2027-03-15',
      'vencido_30@2027-03-31',
      `vencido_60@${semanal(60)}`,
      `vencido_90@${semanal(90)}`,
      `vencido_180@${semanal(120)}`,
      `vencido_180@${semanal(150)}`,
      `vencido_180@${semanal(180)}`,
      `vencido_365@${semanal(365)}`,
    ]);
    expect(enviadosEm.get(semEmail)).toBeUndefined();
    expect(semEmailContados).toBeGreaterThanOrEqual(17);
    expect(enviadosEm.get(renovado)).toEqual([
      // 90 and 60 days before fell before the journey started.
      'vencimento_30@2026-12-11',
      'vencimento_15@2026-12-26',
      'vencimento_7@2027-01-03',
      'vencimento_3@2027-01-07',
      'vencimento_1@2027-01-09',
      'vencido_0@2027-01-10',
      // The renewal: a fresh series for 2028-01-10 (its 60-day notice is after the journey).
      'vencimento_90@2027-10-12',
      'vencimento_60@2027-11-11',
      'vencimento_30@2027-12-11',
      'vencimento_15@2027-12-26',
      'vencimento_7@2028-01-03',
      'vencimento_3@2028-01-07',
      'vencimento_1@2028-01-09',
      'vencido_0@2028-01-10',
      'vencido_7@2028-01-17',
      'vencido_30@2028-01-24',
      'vencido_30@2028-02-09',
    ]);
    const historico = await db
      .select({ vence: notificationHistory.dataVencimento })
      .from(notificationHistory)
      .where(eq(notificationHistory.laudoId, renovado));
    expect(new Set(historico.map((h) => h.vence))).toEqual(new Set(['2027-01-10', '2028-01-10']));

    // The monthly report: one per month, on the 1st, to the client with laudos.
    const relatorios = await db
      .select({ month: monthlyReports.month })
      .from(monthlyReports)
      .where(eq(monthlyReports.usuarioId, cliente.id))
      .orderBy(asc(monthlyReports.month));
    expect(relatorios.map((r) => r.month)).toHaveLength(16); // 2026-12 … 2028-03
    expect(relatorios[0]?.month).toBe('2026-12-01');
    expect(enviadosEm.get('relatorio:relatorio_mensal')?.every((x) => x.endsWith('-01'))).toBe(true);
  });

  it('a server off on a milestone day sends it the next day; off for 40 days, only the latest milestone', async () => {
    const { db, verificar } = await servidorNoTempo('2027-01-01');
    const um = await novoLaudo(db, 'U-1', '2027-02-04', 'gestor@acme.com.br'); // 30 days before: 2027-01-05
    const dois = await novoLaudo(db, 'D-1', '2027-02-20', 'gestor@acme.com.br');
    for (const dia of ['2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04']) await verificar(dia);
    // Off on 2027-01-05; back on the 6th at 07:00 (before the run time: yesterday's run is caught up).
    const run = await verificar('2027-01-06', '07:00');
    expect(run?.enfileirados).toBe(1);
    const [email] = await emailsDo(db, um);
    expect(email?.template).toBe('vencimento_30');
    expect(email?.subject).toBe('⚠️ Laudo vence em 30 dias: Vaso U-1');
    expect(email?.metadata).toMatchObject({ marco: { tipo: 'vencendo', dias: 30 } });
    expect(await verificar('2027-01-06')).toMatchObject({ enfileirados: 0 });

    // D-1 (due 2027-02-20) has milestones on 01-21, 02-05, 02-13, 02-17, 02-19, 02-20 and 02-27.
    // The server is off from 2027-01-07 to 2027-02-15 (40 days): on the 16th only 7 days before (02-13).
    await verificar('2027-02-16');
    const d = await emailsDo(db, dois);
    expect(d.map((e) => e.template)).toEqual(['vencimento_7']);
    // And the series goes on normally after that.
    for (let dia = '2027-02-17'; dia <= '2027-02-21'; dia = addDaysIso(dia, 1)) await verificar(dia);
    expect((await emailsDo(db, dois)).map((e) => e.template)).toEqual([
      'vencimento_7',
      'vencimento_3',
      'vencimento_1',
      'vencido_0',
    ]);
  });

  it('two checks at the same moment (overlapping runs) send each milestone once', async () => {
    const { db, relogio } = await servidorNoTempo('2027-05-01');
    for (let i = 0; i < 40; i++)
      await novoLaudo(db, `P-${i}`, addDaysIso('2027-05-01', [1, 3, 7, 30][i % 4]!), `c${i}@acme.com.br`);
    const s = t!.server.notificacoes;
    const runs = await Promise.all([
      s.verificar({ origem: 'agendada', now: relogio.agora }),
      s.verificar({ origem: 'agendada', now: relogio.agora }),
      s.executar({ origem: 'manual', now: relogio.agora }),
    ]);
    expect(runs.reduce((n, r) => n + (r?.enfileirados ?? 0), 0)).toBe(40);
    const [n] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailLogs)
      .where(isNotNull(emailLogs.laudoId));
    expect(n?.n).toBe(40);
    const [h] = await db.select({ n: sql<number>`count(*)::int` }).from(notificationHistory);
    expect(h?.n).toBe(40);
  });
  it('a company whose plan leaves out notificacoes gets no reminder nor monthly report, counted as such; the others do', async () => {
    const { db, verificar } = await servidorNoTempo('2026-11-30');
    const [semNotificacoes] = await db
      .insert(planos)
      .values({ nome: 'Só Consulta', preco: 10, notificacoes: false })
      .returning({ id: planos.id });
    const [comNotificacoes] = await db
      .insert(planos)
      .values({ nome: 'Com Avisos', preco: 20, notificacoes: true })
      .returning({ id: planos.id });
    const muda = await empresaDeTeste(t!, 'Muda Ltda', { planoId: semNotificacoes!.id });
    const avisada = await empresaDeTeste(t!, 'Avisada Ltda', { planoId: comNotificacoes!.id });
    await createUser(t!, { email: 'gestor@muda.com.br', empresaId: muda, papel: 'gestor' });
    await createUser(t!, { email: 'gestor@avisada.com.br', empresaId: avisada, papel: 'gestor' });
    const vence = addDaysIso('2026-12-01', 30);
    const laudoMudo = await novoLaudo(db, 'MUDO-1', vence, 'compras@muda.com.br');
    const laudoAvisado = await novoLaudo(db, 'AVIS-1', vence, 'compras@avisada.com.br');
    await db.update(laudos).set({ empresaId: muda }).where(eq(laudos.id, laudoMudo));
    await db.update(laudos).set({ empresaId: avisada }).where(eq(laudos.id, laudoAvisado));

    // The dry run of the 1st (30-day reminders and the monthly report) says what the plan cuts.
    const simulacao = await t!.server.notificacoes.simular('2026-12-01');
    const destinos = simulacao.itens.map((i) => i.destinatario).sort();
    expect(destinos).toEqual(['compras@avisada.com.br', 'gestor@avisada.com.br', 'gestor@avisada.com.br']);
    // Muda's laudo and its gestor's monthly report.
    expect(simulacao.semPlano).toBe(2);

    const run = await verificar('2026-12-01');
    expect(run).toMatchObject({ semPlano: 2, erros: 0 });
    expect(await emailsDo(db, laudoMudo)).toEqual([]);
    expect((await emailsDo(db, laudoAvisado)).map((e) => e.template)).toEqual([
      'vencimento_30',
      'vencimento_30',
    ]);
    const mensais = await db
      .select({ to: emailLogs.recipientEmail })
      .from(emailLogs)
      .where(eq(emailLogs.templateType, 'relatorio_mensal'));
    expect(mensais.map((m) => m.to)).toEqual(['gestor@avisada.com.br']);

    // The plan gains the feature: the next run sends Muda's reminder (its window is still open).
    await db.update(planos).set({ notificacoes: true }).where(eq(planos.id, semNotificacoes!.id));
    await t!.server.notificacoes.executar({ origem: 'manual', asOf: '2026-12-01' });
    expect((await emailsDo(db, laudoMudo)).map((e) => e.template)).toContain('vencimento_30');
  });
});

describe(`notifications API (${testEngine})`, () => {
  async function setup() {
    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: SP }).format(new Date());
    t = await createTestServer({ JOBS: 'on', EMAIL_RATE_PER_SECOND: '100', JOBS_SUPERVISE_SECONDS: '1' });
    const admin = await createAdmin(t);
    const a = await createUser(t, {
      email: 'ana@acme.com.br',
      nome: 'Ana',
      empresa: 'ACME Ltda',
      empresaConfirmada: true,
    });
    const b = await createUser(t, {
      email: 'bruno@beta.com.br',
      nome: 'Bruno',
      empresa: 'Beta SA',
      empresaConfirmada: true,
    });
    const db = t.server.database.db;
    const laudoA = await novoLaudo(db, 'NR13-7', addDaysIso(hoje, 7), 'ana@acme.com.br');
    const [laudoB] = await db
      .insert(laudos)
      .values({
        nome: 'Prensa 2',
        codigo: 'NR12-30',
        cliente: 'Beta SA',
        tipo: 'NR-12',
        emailCliente: 'bruno@beta.com.br',
        dataVencimento: addDaysIso(hoje, 30),
      })
      .returning({ id: laudos.id });
    return {
      t,
      db,
      hoje,
      admin,
      laudoA,
      laudoB: laudoB!.id,
      cookieA: await signIn(t.app, a.email, a.password),
      cookieB: await signIn(t.app, b.email, b.password),
    };
  }

  it('an admin disables a rule, dry-runs, runs now; the e-mails are delivered, logged and counted; clients see their own', async () => {
    const { t, db, hoje, admin, laudoA, laudoB, cookieA, cookieB } = await setup();
    const regras = (
      await t.app.inject({ url: '/api/admin/notificacoes/regras', headers: json(admin.cookie) })
    ).json().regras;
    expect(
      regras.map((r: { name: string; daysBefore: number[]; daysAfter: number[]; frequency: string }) => [
        r.name,
        r.frequency,
      ]),
    ).toEqual([
      ['Lembretes antes do vencimento', 'daily'],
      ['Avisos de laudo vencido (até 30 dias)', 'daily'],
      ['Avisos de laudo vencido (60 dias ou mais)', 'weekly'],
      ['Relatório mensal', 'monthly'],
    ]);
    const antes = regras[0];
    expect(antes.daysBefore).toEqual([90, 60, 30, 15, 7, 3, 1]);
    expect(regras[1].daysAfter).toEqual([0, 7, 14, 30]);
    expect(regras[2].daysAfter).toEqual([60, 90, 120, 150, 180, 365]);

    // Without the 30-day reminder, only the 7-day one goes out.
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/notificacoes/regras/${antes.id}`,
      headers: json(admin.cookie),
      payload: { daysBefore: [90, 60, 15, 7, 3, 1, 7] },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().regra.daysBefore).toEqual([90, 60, 15, 7, 3, 1]);
    const ruim = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/notificacoes/regras/${antes.id}`,
      headers: json(admin.cookie),
      payload: { runTime: '25:00', templateType: 'vencido_7' },
    });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().error.message).toMatch(/Dados inválidos|Horário/);

    const sim = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notificacoes/simular',
      headers: json(admin.cookie),
      payload: { data: hoje },
    });
    expect(sim.statusCode).toBe(200);
    expect(sim.json().itens).toEqual([
      expect.objectContaining({
        laudoId: laudoA,
        destinatario: 'ana@acme.com.br',
        templateType: 'vencimento_7',
        assunto: '🚨 URGENTE: Laudo vence em 7 dias: Vaso NR13-7',
        jaEnviado: false,
      }),
    ]);
    const [antesDeEnviar] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailLogs)
      .where(isNotNull(emailLogs.laudoId));
    expect(antesDeEnviar?.n).toBe(0);

    const run = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notificacoes/executar',
      headers: json(admin.cookie),
    });
    expect(run.statusCode).toBe(200);
    expect(run.json().execucao).toMatchObject({ origem: 'manual', enfileirados: 1, erros: 0 });
    await waitUntil(async () => (await db.select().from(emailOutbox)).length >= 1, {
      what: 'the reminder in the outbox',
    });
    await waitUntil(
      async () =>
        (await db.select().from(notificationLogs).where(eq(notificationLogs.status, 'sent'))).length === 1,
      { what: 'the notification log to say sent' },
    );
    const [hist] = await db.select().from(notificationHistory).where(eq(notificationHistory.laudoId, laudoA));
    expect(hist).toMatchObject({ success: true, notificationType: 'vencendo', daysValue: 7 });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notificacoes/executar',
      headers: json(admin.cookie),
    });
    expect(again.json().execucao).toMatchObject({ enfileirados: 0 });
    const simDepois = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notificacoes/simular',
      headers: json(admin.cookie),
      payload: { data: hoje },
    });
    expect(simDepois.json().itens[0].jaEnviado).toBe(true);

    const stats = (
      await t.app.inject({ url: '/api/admin/email/estatisticas', headers: json(admin.cookie) })
    ).json();
    expect(stats.sent).toBeGreaterThanOrEqual(1);
    expect(stats.byProvider.outbox).toBe(stats.total);
    const logs = (
      await t.app.inject({
        url: '/api/admin/notificacoes/logs?status=sent&tipo=vencendo',
        headers: json(admin.cookie),
      })
    ).json();
    expect(logs.logs).toEqual([
      expect.objectContaining({ laudoCode: 'NR13-7', daysBefore: 7, status: 'sent' }),
    ]);
    const estado = (
      await t.app.inject({ url: '/api/admin/notificacoes/agendador', headers: json(admin.cookie) })
    ).json();
    expect(estado).toMatchObject({ pausado: false, workers: true, intervaloMinutos: 5 });
    expect(estado.execucoes[0]).toMatchObject({ origem: 'manual' });
    const mensagens = (
      await t.app.inject({ url: '/api/admin/email/mensagens?status=sent', headers: json(admin.cookie) })
    ).json();
    const lembrete = mensagens.mensagens.find((m: { laudoId: string }) => m.laudoId === laudoA);
    expect(lembrete).toMatchObject({ temConteudo: true });
    const um = (
      await t.app.inject({ url: `/api/admin/email/mensagens/${lembrete.id}`, headers: json(admin.cookie) })
    ).json();
    expect(um.conteudo.html).toContain('Vaso NR13-7');

    // Clients: each sees the e-mails about their own laudos only.
    const deA = (await t.app.inject({ url: '/api/notificacoes', headers: json(cookieA) })).json();
    expect(deA.itens.map((i: { laudoId: string }) => i.laudoId)).toEqual([laudoA]);
    expect(deA.porPagina).toBe(100);
    const deB = (await t.app.inject({ url: '/api/notificacoes', headers: json(cookieB) })).json();
    expect(deB.itens.map((i: { laudoId: string }) => i.laudoId)).not.toContain(laudoA);
    expect(laudoB).toBeTruthy();

    // Admin-only, with the spec's text.
    const limpar = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email/limpar-logs',
      headers: json(cookieA),
      payload: {},
    });
    expect(limpar.statusCode).toBe(403);
    expect(limpar.json().error.message).toBe('Apenas administradores podem limpar logs');
    const limpo = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email/limpar-logs',
      headers: json(admin.cookie),
      payload: {},
    });
    expect(limpo.statusCode).toBe(200);
    expect(limpo.json().removidos).toEqual({ emailLogs: 0, outbox: 0, notificationLogs: 0 });
  });

  it('pausing stops the checks; resuming checks at once', async () => {
    const { t, admin } = await setup();
    const pausado = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notificacoes/agendador/pausar',
      headers: json(admin.cookie),
    });
    expect(pausado.json()).toMatchObject({ pausado: true, pausadoPor: 'Firma', proximaExecucao: null });
    expect(await t.server.notificacoes.verificar({ origem: 'agendada' })).toBeNull();
    // Rules that have not run today are due; resuming runs them at once.
    await t.server.database.db
      .update(notificationRules)
      .set({ lastRunDate: '2026-01-01', runTime: '00:00' })
      .where(sql`${notificationRules.kind} <> 'relatorio_mensal'`);
    const retomado = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notificacoes/agendador/retomar',
      headers: json(admin.cookie),
    });
    expect(retomado.json().pausado).toBe(false);
    expect(retomado.json().execucoes[0]).toMatchObject({ origem: 'retomada', enfileirados: 2 });
  });

  it('templates: a live preview from sample data, bad variables refused, saved, restored, and a test sent', async () => {
    const { t, admin, cookieA } = await setup();
    const h = json(admin.cookie);
    const lista = (await t.app.inject({ url: '/api/admin/email/templates', headers: h })).json().templates;
    expect(lista[0].type).toBe('laudo_criado');
    // 14 laudo reminders, laudo_criado, 6 account e-mails (with the sign-up confirmation and
    // notice), the monthly report, the team invitation, the two support e-mails, the firm's
    // renewal request and the client's renewal update, the reminders' digest and the escalation copy.
    expect(lista).toHaveLength(29);
    const { template } = (
      await t.app.inject({ url: '/api/admin/email/templates/vencimento_7', headers: h })
    ).json();
    expect(template.variaveis).toContain('laudo_nome');
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email/templates/vencimento_7/preview',
      headers: h,
      payload: {
        subject: 'Atenção: {{ laudo_nome }}',
        html: '<p>Faltam {{ dias_para_vencer }} dias <b>{{ laudo_codigo }}</b></p>',
        text: 'Faltam {{ dias_para_vencer }} dias',
      },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().subject).toBe('Atenção: Caldeira 01');
    expect(preview.json().html).toContain('Faltam 7 dias <b>NR13-2026-001</b>');
    const invalido = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email/templates/vencimento_7/preview',
      headers: h,
      payload: { subject: 'x {{ senha }}', html: '<p>x</p>', text: 'x' },
    });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().error.message).toMatch(/Variável desconhecida no assunto: \{\{ senha \}\}/);
    const salvo = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/email/templates/vencimento_7',
      headers: h,
      payload: {
        subject: 'Atenção: {{ laudo_nome }}',
        html: template.html,
        text: template.text,
        active: true,
      },
    });
    expect(salvo.json().template).toMatchObject({ subject: 'Atenção: {{ laudo_nome }}', editado: true });
    const teste = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email/templates/vencimento_7/teste',
      headers: h,
      payload: { to: 'qa@laudos.test' },
    });
    expect(teste.json()).toMatchObject({ success: true, provider: 'outbox' });
    const [enviado] = await t.server.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, 'qa@laudos.test'));
    expect(enviado?.subject).toBe('Atenção: Caldeira 01');
    const endereco = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email/templates/vencimento_7/teste',
      headers: h,
      payload: { to: 'não é e-mail' },
    });
    expect(endereco.statusCode).toBe(400);
    const restaurado = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email/templates/vencimento_7/restaurar',
      headers: h,
    });
    expect(restaurado.json().template).toMatchObject({
      subject: '🚨 URGENTE: Laudo vence em 7 dias: {{ laudo_nome }}',
      editado: false,
    });
    const cliente = await t.app.inject({ url: '/api/admin/email/templates', headers: json(cookieA) });
    expect(cliente.statusCode).toBe(403);
  });

  it('a rule update with an unknown or misspelled field is refused, naming the field, and changes nothing', async () => {
    const { t, admin } = await setup();
    const [regra] = (
      await t.app.inject({ url: '/api/admin/notificacoes/regras', headers: json(admin.cookie) })
    ).json().regras;
    const r = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/notificacoes/regras/${regra.id}`,
      headers: json(admin.cookie),
      payload: { enabled: false, dias_antes: [30] },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({
      code: 'DADOS_INVALIDOS',
      campos: [{ campo: 'dias_antes', mensagem: 'Campo não reconhecido.' }],
    });
    expect(r.json().error.message).toContain('dias_antes');
    const [depois] = await t.server.database.db
      .select({ enabled: notificationRules.enabled })
      .from(notificationRules)
      .where(eq(notificationRules.id, regra.id));
    expect(depois?.enabled).toBe(true);
  });

  it('the rules are seeded once and an admin edit survives a restart', async () => {
    const { t, admin } = await setup();
    const db = t.server.database.db;
    await db
      .update(notificationRules)
      .set({ runTime: '07:30' })
      .where(eq(notificationRules.slug, 'vencimento'));
    const { seedReferenceData } = await import('../src/seed.ts');
    await seedReferenceData(db);
    const rows = await db.select().from(notificationRules);
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.slug === 'vencimento')?.runTime).toBe('07:30:00');
    expect(admin).toBeTruthy();
    expect(
      await db
        .select()
        .from(notificationRules)
        .where(and(eq(notificationRules.enabled, false))),
    ).toHaveLength(0);
  });
});
