import { instanteLocal } from '@laudos/domain';
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  laudos,
  notificationHistory,
  notificationRules,
  planos,
  whatsappConsentimentos,
  whatsappMensagens,
} from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json, lastEmailTo } from './helpers/accounts.ts';
import { type CloudApiLocal, iniciarCloudApiLocal } from './helpers/cloud-api-whatsapp.ts';
import { testEngine } from './helpers/db.ts';
import { servidorNoTempo } from './helpers/relogio.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';
import { waitUntil } from './helpers/wait.ts';

const SP = 'America/Sao_Paulo';
let t: TestServer | undefined;
let cloud: CloudApiLocal | undefined;
afterEach(async () => {
  await t?.close();
  await cloud?.close();
  t = undefined;
  cloud = undefined;
});

describe(`WhatsApp alerts (${testEngine})`, () => {
  it('opted-in people of a company whose plan has the feature get each milestone, the confirmation of their answer and the monthly summary once through the Cloud API; others none; errors, retries and webhook statuses are recorded', {
    timeout: 120_000,
  }, async () => {
    cloud = await iniciarCloudApiLocal();
    const servidor = await servidorNoTempo(
      '2027-01-29',
      {
        JOBS: 'on',
        JOBS_SUPERVISE_SECONDS: '1',
        EMAIL_RATE_PER_SECOND: '100',
        EMAIL_RETRY_DELAY_SECONDS: '1',
        EMAIL_RETRY_DELAY_MAX_SECONDS: '2',
        ...cloud.env,
      },
      { ultimaExecucao: '2027-01-29' },
    );
    t = servidor.t;
    const { db, relogio } = servidor;
    const [comWhatsapp] = await db
      .insert(planos)
      .values({ nome: 'Com WhatsApp', preco: 30, notificacoes: true, whatsappAlerts: true })
      .returning({ id: planos.id });
    const [semWhatsapp] = await db
      .insert(planos)
      .values({ nome: 'Sem WhatsApp', preco: 20, notificacoes: true, whatsappAlerts: false })
      .returning({ id: planos.id });
    const acme = await empresaDeTeste(t, 'ACME Ltda', { planoId: comWhatsapp!.id });
    const beta = await empresaDeTeste(t, 'Beta SA', { planoId: semWhatsapp!.id });
    const pessoa = async (email: string, nome: string, empresaId: string) => {
      const u = await createUser(t!, { email, nome, empresaId, papel: 'gestor' });
      return { ...u, cookie: await signIn(t!.app, email, u.password) };
    };
    const ana = await pessoa('ana@acme.com.br', 'Ana', acme);
    const bruno = await pessoa('bruno@acme.com.br', 'Bruno', acme); // never opts in
    const carla = await pessoa('carla@acme.com.br', 'Carla', acme); // a number without WhatsApp
    const davi = await pessoa('davi@acme.com.br', 'Davi', acme); // rate-limited twice
    const elisa = await pessoa('elisa@beta.com.br', 'Elisa', beta); // plan without the feature
    const fabio = await pessoa('fabio@acme.com.br', 'Fábio', acme); // WhatsApp reminders turned off
    const gabi = await pessoa('gabi@acme.com.br', 'Gabi', acme); // e-mail reminders turned off only

    // Opting in: the state, bad input, the consent recorded with its text.
    const estado = await t.app.inject({ url: '/api/me/whatsapp', headers: { cookie: ana.cookie } });
    expect(estado.json()).toMatchObject({ disponivel: true, ativo: false, motivo: null });
    const optar = (cookie: string, body: object) =>
      t!.app.inject({ method: 'PUT', url: '/api/me/whatsapp', headers: json(cookie), payload: body });
    const invalido = await optar(ana.cookie, { numero: '1234', consentimento: true });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().error.code).toBe('WHATSAPP_NUMERO_INVALIDO');
    const semAceite = await optar(ana.cookie, { numero: '(11) 98888-7777', consentimento: false });
    expect(semAceite.json().error.code).toBe('WHATSAPP_SEM_CONSENTIMENTO');
    const aceito = await optar(ana.cookie, { numero: '(11) 98888-7777', consentimento: true });
    expect(aceito.statusCode).toBe(200);
    expect(aceito.json()).toMatchObject({ ativo: true, numero: '+5511988887777' });
    expect((await optar(carla.cookie, { numero: '21 99999-0001', consentimento: true })).statusCode).toBe(
      200,
    );
    expect((await optar(davi.cookie, { numero: '+55 31 98888-0002', consentimento: true })).statusCode).toBe(
      200,
    );
    expect((await optar(fabio.cookie, { numero: '(11) 97777-0004', consentimento: true })).statusCode).toBe(
      200,
    );
    expect((await optar(gabi.cookie, { numero: '(11) 97777-0005', consentimento: true })).statusCode).toBe(
      200,
    );
    // Preferences (decision 035) per channel: Fábio turns the WhatsApp reminders off, Gabi the e-mail ones.
    const desligar = (cookie: string, tipo: string, canal: 'email' | 'whatsapp') =>
      t!.app.inject({
        method: 'PUT',
        url: '/api/preferencias',
        headers: json(cookie),
        payload: { itens: [{ tipo, canal, ativo: false }] },
      });
    expect((await desligar(fabio.cookie, 'lembrete_antes', 'whatsapp')).statusCode).toBe(200);
    expect((await desligar(gabi.cookie, 'lembrete_antes', 'email')).statusCode).toBe(200);
    const grade = (await t.app.inject({ url: '/api/preferencias', headers: json(fabio.cookie) })).json();
    expect(grade.whatsapp).toEqual({ noPlano: true, optIn: true });
    const foraDoPlano = await optar(elisa.cookie, { numero: '(41) 98888-0003', consentimento: true });
    expect(foraDoPlano.statusCode).toBe(409);
    expect(foraDoPlano.json().error.message).toContain('plano');
    // Elisa had opted in before her company changed plans: still nothing goes to her.
    await db.insert(whatsappConsentimentos).values({
      usuarioId: elisa.id,
      acao: 'concedido',
      numero: '+5541988880003',
      origem: 'app',
      texto: 'x',
    });
    const [consentimento] = await db
      .select()
      .from(whatsappConsentimentos)
      .where(eq(whatsappConsentimentos.usuarioId, ana.id));
    expect(consentimento).toMatchObject({ acao: 'concedido', origem: 'app', numero: '+5511988887777' });
    expect(consentimento?.texto).toContain('Autorizo');

    cloud.falharPara('5521999990001', 'numero_invalido');
    cloud.falharPara('5531988880002', 'limite', 'limite');
    const vence = '2027-03-01';
    const laudo = async (codigo: string, empresaId: string, dataVencimento = vence) =>
      (
        await db
          .insert(laudos)
          .values({
            nome: `Vaso ${codigo}`,
            codigo,
            cliente: 'ACME Ltda',
            tipo: 'NR-13',
            empresaId,
            dataVencimento,
          })
          .returning({ id: laudos.id })
      )[0]!.id;
    await laudo('A-1', acme);
    await laudo('B-1', beta);
    relogio.agora = instanteLocal(SP, '2027-01-30', '09:05');
    await t.server.notificacoes.verificar({ origem: 'agendada', now: relogio.agora });
    // The same window again (a replayed run): nothing new.
    await db.update(notificationRules).set({ lastRunDate: '2027-01-29' });
    await t.server.notificacoes.verificar({ origem: 'agendada', now: relogio.agora });

    const mensagens = () => db.select().from(whatsappMensagens).orderBy(asc(whatsappMensagens.numero));
    const finais = await waitUntil(
      async () => {
        const rows = await mensagens();
        return rows.length === 4 && rows.every((r) => r.status === 'sent' || r.status === 'failed')
          ? rows
          : null;
      },
      { what: 'as mensagens de WhatsApp enviadas ou falhadas' },
    );
    const porNumero = new Map(finais.map((r) => [r.numero, r]));
    const daAna = porNumero.get('+5511988887777')!;
    expect(daAna).toMatchObject({ status: 'sent', tentativas: 1, template: 'laudo_vencendo' });
    expect(porNumero.get('+5521999990001')).toMatchObject({ status: 'failed', tentativas: 1 });
    expect(porNumero.get('+5521999990001')?.erro).toContain('Número sem WhatsApp');
    expect(porNumero.get('+5531988880002')).toMatchObject({ status: 'sent', tentativas: 3 });
    // What Meta would have received: Ana's template once, in pt_BR, with its parameters and our row id.
    expect(cloud.recebidas.filter((r) => r.to === '5511988887777')).toEqual([
      expect.objectContaining({
        template: 'laudo_vencendo',
        language: 'pt_BR',
        parametros: ['Ana', 'Vaso A-1', 'A-1', '01/03/2027', '30'],
        callback: daAna.id,
      }),
    ]);
    expect(cloud.tentativas.filter((x) => x.to === '5521999990001')).toHaveLength(1); // never retried
    expect(cloud.tentativas.filter((x) => x.to === '5531988880002').map((x) => x.code)).toEqual([
      130429,
      130429,
      null,
    ]);
    expect(cloud.recebidas.map((r) => r.to).sort()).toEqual([
      '5511977770005',
      '5511988887777',
      '5531988880002',
    ]);
    // Gabi, who turned only the e-mail off, got the WhatsApp message and no e-mail; Fábio the e-mail only.
    const lembretesPorEmail = await db
      .select({ para: notificationHistory.destinatario })
      .from(notificationHistory)
      .where(eq(notificationHistory.notificationType, 'vencendo'));
    const enderecos = lembretesPorEmail.map((r) => r.para);
    expect(enderecos).toContain('fabio@acme.com.br');
    expect(enderecos).not.toContain('gabi@acme.com.br');
    void bruno;

    // The webhook: verification, a bad signature, statuses out of order.
    const verificacao = await t.app.inject({
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verifica-laudos&hub.challenge=1158201444',
    });
    expect(verificacao.statusCode).toBe(200);
    expect(verificacao.body).toBe('1158201444');
    const recusada = await t.app.inject({
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1',
    });
    expect(recusada.statusCode).toBe(403);
    const wamid = cloud.recebidas.find((r) => r.to === '5511988887777')!.wamid;
    const postar = (w: { payload: string; headers: Record<string, string> }) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers: w.headers,
        payload: w.payload,
      });
    const falsa = await postar(
      cloud.webhook([{ id: wamid, status: 'read', callback: daAna.id }], { segredo: 'errado' }),
    );
    expect(falsa.statusCode).toBe(403);
    const statusDaAna = async () =>
      (await db.select().from(whatsappMensagens).where(eq(whatsappMensagens.id, daAna.id)))[0]?.status;
    expect(await statusDaAna()).toBe('sent');
    expect(
      (await postar(cloud.webhook([{ id: wamid, status: 'delivered', callback: daAna.id }]))).statusCode,
    ).toBe(200);
    expect(await statusDaAna()).toBe('delivered');
    // Read arrives, then a late "sent": the message stays read. An unknown id is ignored with 200.
    await postar(cloud.webhook([{ id: wamid, status: 'read', callback: daAna.id }]));
    const atrasado = await postar(
      cloud.webhook([
        { id: wamid, status: 'sent', callback: daAna.id },
        { id: 'wamid.desconhecido', status: 'delivered', callback: '00000000-0000-4000-8000-000000000000' },
      ]),
    );
    expect(atrasado.statusCode).toBe(200);
    expect(await statusDaAna()).toBe('read');

    // The firm sees them with their statuses.
    const admin = await createAdmin(t);
    const lista = await t.app.inject({
      url: '/api/admin/whatsapp/mensagens',
      headers: { cookie: admin.cookie },
    });
    expect(lista.json()).toMatchObject({ configurado: true });
    expect(
      lista
        .json()
        .mensagens.map((m: { status: string }) => m.status)
        .sort(),
    ).toEqual(['failed', 'read', 'sent', 'sent']);

    // Answering a reminder (decision 028): Ana asks for the renewal and gets the confirmation by
    // WhatsApp, once (her second click changes nothing); Fábio, who turned "Atualizações de
    // renovação" off on WhatsApp, answers "ciente" and gets none.
    expect((await desligar(fabio.cookie, 'renovacao', 'whatsapp')).statusCode).toBe(200);
    const botao = async (email: string, rotulo: string) => {
      const { text } = await lastEmailTo(t!, email, 'vence em 30 dias');
      return new RegExp(`- ${rotulo}: \\S+/lembrete/(\\S+)`).exec(text)![1]!;
    };
    const responder = async (token: string, body: object) =>
      (
        await t!.app.inject({
          method: 'POST',
          url: `/api/respostas/${token}`,
          headers: json(),
          payload: body,
        })
      ).json();
    const pedidoDaAna = await botao('ana@acme.com.br', 'Solicitar renovação');
    expect(await responder(pedidoDaAna, { periodo: 'Fevereiro' })).toMatchObject({ nova: true });
    expect(await responder(pedidoDaAna, { periodo: 'Fevereiro' })).toMatchObject({ nova: false });
    expect(await responder(await botao('fabio@acme.com.br', 'Já estou providenciando'), {})).toMatchObject({
      nova: true,
    });
    const confirmacao = await waitUntil(
      () => cloud!.recebidas.find((r) => r.template === 'renovacao_recebida'),
      { what: 'a confirmação da resposta por WhatsApp' },
    );
    expect(confirmacao).toMatchObject({
      to: '5511988887777',
      parametros: ['Ana', 'Vaso A-1', 'A-1', '01/03/2027', 'Solicitar renovação'],
    });
    const confirmacoes = await db
      .select({ usuarioId: whatsappMensagens.usuarioId })
      .from(whatsappMensagens)
      .where(eq(whatsappMensagens.notificationType, 'confirmacao'));
    expect(confirmacoes).toEqual([{ usuarioId: ana.id }]);

    // The monthly summary, on the 1st, beside the e-mail report: to each client who receives
    // WhatsApp (Carla's and Davi's numbers answer now), not to Gabi, who turned it off on WhatsApp;
    // once, though the run is replayed.
    expect((await desligar(gabi.cookie, 'resumo_mensal', 'whatsapp')).statusCode).toBe(200);
    relogio.agora = instanteLocal(SP, '2027-02-01', '09:05');
    await t.server.notificacoes.verificar({ origem: 'agendada', now: relogio.agora });
    await db.update(notificationRules).set({ lastRunDate: '2027-01-31' });
    await t.server.notificacoes.verificar({ origem: 'agendada', now: relogio.agora });
    const resumos = await waitUntil(
      async () => {
        const rows = await db
          .select()
          .from(whatsappMensagens)
          .where(eq(whatsappMensagens.notificationType, 'resumo_mensal'));
        return rows.length === 4 && rows.every((r) => r.status === 'sent') ? rows : null;
      },
      { what: 'os resumos mensais por WhatsApp enviados' },
    );
    expect(resumos.map((r) => r.numero).sort()).toEqual([
      '+5511977770004',
      '+5511988887777',
      '+5521999990001',
      '+5531988880002',
    ]);
    expect(resumos.every((r) => r.mes === '2027-02-01' && r.template === 'resumo_mensal')).toBe(true);
    expect(cloud.recebidas.filter((r) => r.template === 'resumo_mensal' && r.to === '5511988887777')).toEqual(
      [expect.objectContaining({ parametros: ['Ana', 'fevereiro de 2027', '1', '1', '0'] })],
    );
    const naLista = (
      await t.app.inject({ url: '/api/admin/whatsapp/mensagens', headers: { cookie: admin.cookie } })
    ).json().mensagens as Array<{ laudoCodigo: string | null; marco: string }>;
    expect(naLista).toContainEqual(
      expect.objectContaining({ laudoCodigo: null, marco: 'Resumo mensal de 02/2027' }),
    );
    expect(naLista).toContainEqual(
      expect.objectContaining({ laudoCodigo: 'A-1', marco: 'Confirmação da resposta ao lembrete' }),
    );

    // The firm turns "Por e-mail" off and keeps "Por WhatsApp": the next milestone (30 days before
    // A-2, on 02-02) goes by WhatsApp only; no e-mail reminder is taken.
    await t.server.settings.update({
      ...t.server.settings.get(),
      notifications: { ...t.server.settings.get().notifications, email: false },
    });
    const a2 = await laudo('A-2', acme, '2027-03-04');
    relogio.agora = instanteLocal(SP, '2027-02-02', '09:05');
    const soWhatsapp = await t.server.notificacoes.verificar({ origem: 'agendada', now: relogio.agora });
    expect(soWhatsapp?.mensagem).toBe(
      'Envio de e-mails desativado nas configurações: só o WhatsApp foi enviado.',
    );
    await waitUntil(
      () => cloud!.recebidas.find((r) => r.to === '5511988887777' && r.parametros.includes('A-2')),
      { what: 'o lembrete de A-2 por WhatsApp com o e-mail desligado' },
    );
    expect(
      await db.select().from(notificationHistory).where(eq(notificationHistory.laudoId, a2)),
      'lembretes por e-mail de A-2',
    ).toEqual([]);

    // Revoking: recorded, and the person is shown as off.
    const desativado = await t.app.inject({
      method: 'DELETE',
      url: '/api/me/whatsapp',
      headers: json(ana.cookie),
    });
    expect(desativado.json()).toMatchObject({ ativo: false, numero: null });
    const registros = await db
      .select({ acao: whatsappConsentimentos.acao })
      .from(whatsappConsentimentos)
      .where(eq(whatsappConsentimentos.usuarioId, ana.id))
      .orderBy(asc(whatsappConsentimentos.criadoEm));
    expect(registros.map((r) => r.acao)).toEqual(['concedido', 'revogado']);
  });

  it('without the WHATSAPP_* configuration the channel is off and says so', async () => {
    t = await createTestServer();
    const u = await createUser(t, { email: 'x@acme.com.br' });
    const cookie = await signIn(t.app, u.email, u.password);
    const estado = await t.app.inject({ url: '/api/me/whatsapp', headers: { cookie } });
    expect(estado.json()).toMatchObject({
      disponivel: false,
      motivo: expect.stringContaining('não foi configurado'),
    });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(403);
  });
});
