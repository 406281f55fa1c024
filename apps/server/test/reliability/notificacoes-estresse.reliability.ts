import path from 'node:path';
import { addDaysIso, calendarDayIn } from '@laudos/domain';
import { isNotNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import {
  authUser,
  emailLogs,
  emailOutbox,
  empresas,
  laudos,
  notificationHistory,
  notificationRules,
  planos,
  usuarios,
  whatsappConsentimentos,
  whatsappMensagens,
} from '../../src/db/schema.ts';
import { iniciarCloudApiLocal } from '../helpers/cloud-api-whatsapp.ts';
import { createTestDatabase, testEngine } from '../helpers/db.ts';
import { pastaTemporaria } from '../helpers/pasta.ts';
import { freePort, runCli, type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { waitUntil } from '../helpers/wait.ts';

/**
 * Exactly once under stress, with real server processes: several running the reminders at the
 * same moment on one PostgreSQL, and a server killed with SIGKILL at random points of a run.
 */
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const ADMIN = { email: 'firma@laudos.test', password: 'senha-da-firma-123' };
const hoje = () => calendarDayIn('America/Sao_Paulo');

async function ambiente() {
  const dataDir = pastaTemporaria('estresse', cleanups);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_SECRET: 'estresse-dos-lembretes-'.repeat(3),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    EMAIL_RATE_PER_SECOND: '1000',
    EMAIL_RETRY_DELAY_SECONDS: '1',
    EMAIL_SEND_TIMEOUT_SECONDS: '5',
    JOBS_SUPERVISE_SECONDS: '1',
    LOG_LEVEL: 'silent',
  };
  if (testEngine === 'postgres') {
    const db = await createTestDatabase();
    await db.handle.close();
    cleanups.push(() => db.destroy());
    env.DATABASE_URL = db.connectionString!;
  }
  const abrir = () =>
    openDatabase(
      env.DATABASE_URL
        ? { engine: 'postgres', connectionString: env.DATABASE_URL, poolSize: 2 }
        : { engine: 'pglite', dataDir: path.join(dataDir, 'db') },
    );
  return { env, abrir };
}

/**
 * Due laudos, each with a milestone today (7 days before expiry), inserted in one go; each to its
 * own address, or spread over `destinatarios` addresses (a digest then lists several).
 */
async function laudosDevidos(abrir: () => ReturnType<typeof openDatabase>, n: number, destinatarios = n) {
  const database = await abrir();
  const vence = addDaysIso(hoje(), 7);
  for (let i = 0; i < n; i += 500) {
    await database.db.insert(laudos).values(
      Array.from({ length: Math.min(500, n - i) }, (_, k) => ({
        nome: `Vaso ${i + k}`,
        codigo: `EST-${i + k}`,
        cliente: 'ACME Ltda',
        tipo: 'NR-13',
        emailCliente: `gestor${(i + k) % destinatarios}@acme.com.br`,
        dataVencimento: vence,
      })),
    );
  }
  await database.close();
}

type Servidor = { proc: ServerProcess; url: string };

async function iniciar(env: Record<string, string>): Promise<Servidor> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = startServerProcess({ ...env, PORT: String(port), PUBLIC_URL: url });
  cleanups.push(() => proc.stop('SIGKILL'));
  await proc.waitFor(/Laudos está no ar/, 90_000);
  return { proc, url };
}

async function entrar(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function executarAgora(url: string, cookie: string) {
  return fetch(`${url}/api/admin/notificacoes/executar`, {
    method: 'POST',
    headers: { origin: url, cookie },
  });
}

/** Every due laudo has exactly one milestone, one e-mail and one delivered message. */
async function contagem(abrir: () => ReturnType<typeof openDatabase>) {
  const database = await abrir();
  try {
    const one = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
    const db = database.db;
    return {
      historico: await one(db.select({ n: sql<number>`count(*)::int` }).from(notificationHistory)),
      emails: await one(
        db.select({ n: sql<number>`count(*)::int` }).from(emailLogs).where(isNotNull(emailLogs.laudoId)),
      ),
      laudosComEmail: await one(
        db
          .select({ n: sql<number>`count(distinct ${emailLogs.laudoId})::int` })
          .from(emailLogs)
          .where(isNotNull(emailLogs.laudoId)),
      ),
      enviados: await one(
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(emailLogs)
          .where(sql`${emailLogs.laudoId} is not null and ${emailLogs.status} = 'sent'`),
      ),
      entregues: await one(
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(emailOutbox)
          .where(sql`${emailOutbox.emailLogId} in (select id from email_logs where laudo_id is not null)`),
      ),
    };
  } finally {
    await database.close();
  }
}

if (testEngine === 'postgres') {
  describe('three server processes on one PostgreSQL', () => {
    it('running the reminders at the same moment over 1,000 due laudos send 1,000 e-mails, not one more', {
      timeout: 300_000,
    }, async () => {
      const { env, abrir } = await ambiente();
      const primeiro = await iniciar(env); // migrates and seeds
      await laudosDevidos(abrir, 1000);
      const outros = await Promise.all([iniciar(env), iniciar(env)]);
      const servidores = [primeiro, ...outros];
      const cookie = await entrar(primeiro.url);
      const respostas = await Promise.all(servidores.map((s) => executarAgora(s.url, cookie)));
      const execucoes = await Promise.all(
        respostas.map(async (r) => ({
          status: r.status,
          body: (await r.json()) as { execucao: { enfileirados: number } },
        })),
      );
      expect(execucoes.map((e) => e.status)).toEqual([200, 200, 200]);
      expect(execucoes.reduce((n, e) => n + e.body.execucao.enfileirados, 0)).toBe(1000);
      await waitUntil(async () => (await contagem(abrir)).enviados === 1000, {
        timeoutMs: 180_000,
        what: '1,000 e-mails sent',
      });
      await new Promise((r) => setTimeout(r, 2000)); // let a duplicate show itself
      expect(await contagem(abrir)).toEqual({
        historico: 1000,
        emails: 1000,
        laudosComEmail: 1000,
        enviados: 1000,
        entregues: 1000,
      });
    });
  });
}

/**
 * Starts a run and kills the server with SIGKILL after each delay, starting it again each time;
 * then a last run, which must answer 200. Answers the server left running and its admin's cookie.
 */
async function matarDuranteExecucoes(
  servidor: Servidor,
  env: Record<string, string>,
  atrasos: number[],
): Promise<{ s: Servidor; cookie: string }> {
  let s = servidor;
  for (const atraso of atrasos) {
    const cookie = await entrar(s.url);
    void executarAgora(s.url, cookie).catch(() => {});
    await new Promise((r) => setTimeout(r, atraso));
    await s.proc.stop('SIGKILL');
    s = await iniciar(env);
  }
  const cookie = await entrar(s.url);
  expect((await executarAgora(s.url, cookie)).status).toBe(200);
  return { s, cookie };
}

describe(`a server killed with SIGKILL during a run (${testEngine})`, () => {
  it('ends, after restarts, with every due e-mail sent exactly once', { timeout: 300_000 }, async () => {
    const { env, abrir } = await ambiente();
    const semeado = await iniciar(env); // migrates and seeds
    await semeado.proc.stop('SIGTERM'); // (the embedded database has one user at a time)
    await laudosDevidos(abrir, 400);
    // Three kills at random points: while the run writes, while the queue is being sent, anywhere.
    const { s, cookie } = await matarDuranteExecucoes(await iniciar(env), env, [
      50 + Math.random() * 400,
      300 + Math.random() * 900,
      Math.random() * 1500,
    ]);
    await waitUntil(
      async () => {
        const r = await fetch(`${s.url}/api/admin/email/estatisticas`, { headers: { cookie } });
        return ((await r.json()) as { sent: number }).sent === 400;
      },
      { timeoutMs: 180_000, what: '400 e-mails sent' },
    );
    await new Promise((r) => setTimeout(r, 2000));
    expect(await s.proc.stop('SIGTERM')).toBe(0);
    expect(await contagem(abrir)).toEqual({
      historico: 400,
      emails: 400,
      laudosComEmail: 400,
      enviados: 400,
      entregues: 400,
    });
  });

  it('with one e-mail per recipient (digest): 200 laudos of 40 recipients give 40 digests of 5, each milestone once', {
    timeout: 300_000,
  }, async () => {
    const { env, abrir } = await ambiente();
    const semeado = await iniciar(env);
    await semeado.proc.stop('SIGTERM');
    await laudosDevidos(abrir, 200, 40);
    const database = await abrir();
    await database.db.update(notificationRules).set({ resumo: true });
    await database.close();
    const { s, cookie } = await matarDuranteExecucoes(await iniciar(env), env, [
      50 + Math.random() * 400,
      Math.random() * 1500,
    ]);
    await waitUntil(
      async () => {
        const r = await fetch(`${s.url}/api/admin/email/estatisticas`, { headers: { cookie } });
        return ((await r.json()) as { sent: number }).sent === 40;
      },
      { timeoutMs: 180_000, what: '40 digests sent' },
    );
    await new Promise((r) => setTimeout(r, 2000));
    expect(await s.proc.stop('SIGTERM')).toBe(0);
    const db = await abrir();
    try {
      const historico = await db.db
        .select({ laudoId: notificationHistory.laudoId })
        .from(notificationHistory);
      expect(historico).toHaveLength(200);
      expect(new Set(historico.map((h) => h.laudoId)).size).toBe(200);
      const resumos = await db.db
        .select({ para: emailOutbox.toEmail, texto: emailOutbox.text })
        .from(emailOutbox);
      expect(resumos).toHaveLength(40);
      expect(new Set(resumos.map((r) => r.para)).size).toBe(40);
      for (const r of resumos) expect(r.texto.match(/código EST-\d+/g)?.length, r.para).toBe(5);
    } finally {
      await db.close();
    }
  });

  it("a company's laudo: its e-mail and the two people who receive reminders get each milestone once, across two runs and a restart", {
    timeout: 240_000,
  }, async () => {
    const { env, abrir } = await ambiente();
    let s = await iniciar(env);
    await s.proc.stop('SIGTERM');
    const database = await abrir();
    const db = database.db;
    const [empresa] = await db
      .insert(empresas)
      .values({ razaoSocial: 'Usina Norte S.A.', nomeFantasia: 'Usina Norte' })
      .returning({ id: empresas.id });
    // A gestor (on by default), a member who turned it on, a member who did not, a gestor who
    // turned it off, and a gestor whose e-mail is not proven: two of them receive.
    const pessoas = [
      { email: 'gestora@usina.com.br', papel: 'gestor', receber: null, provado: true },
      { email: 'tecnico@usina.com.br', papel: 'membro', receber: true, provado: true },
      { email: 'comprador@usina.com.br', papel: 'membro', receber: null, provado: true },
      { email: 'diretor@usina.com.br', papel: 'gestor', receber: false, provado: true },
      { email: 'novo@usina.com.br', papel: 'gestor', receber: null, provado: false },
    ] as const;
    for (const [i, p] of pessoas.entries()) {
      const id = `pessoa-${i}`;
      await db.insert(authUser).values({ id, name: p.email, email: p.email, emailVerified: p.provado });
      await db.insert(usuarios).values({
        id,
        nome: `Pessoa ${i}`,
        email: p.email,
        empresaId: empresa!.id,
        papel: p.papel,
        receberLembretes: p.receber,
      });
    }
    await db.insert(laudos).values({
      nome: 'Caldeira 2',
      codigo: 'UN-CAL-2',
      cliente: 'Usina Norte',
      empresaId: empresa!.id,
      tipo: 'NR-13',
      emailCliente: 'Compras@Externo.com.br',
      dataVencimento: addDaysIso(hoje(), 7),
    });
    await database.close();

    s = await iniciar(env);
    for (let i = 0; i < 2; i++) expect((await executarAgora(s.url, await entrar(s.url))).status).toBe(200);
    await s.proc.stop('SIGTERM');
    s = await iniciar(env);
    const cookie = await entrar(s.url);
    expect((await executarAgora(s.url, cookie)).status).toBe(200);
    const atual = s;
    await waitUntil(
      async () => {
        const r = await fetch(`${atual.url}/api/admin/email/estatisticas`, { headers: { cookie } });
        return ((await r.json()) as { sent: number }).sent >= 3;
      },
      { timeoutMs: 60_000, what: '3 e-mails sent' },
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(await s.proc.stop('SIGTERM')).toBe(0);
    const depois = await abrir();
    try {
      const entregues = await depois.db
        .select({ para: sql<string>`lower(${emailOutbox.toEmail})` })
        .from(emailOutbox)
        .where(sql`${emailOutbox.emailLogId} in (select id from email_logs where laudo_id is not null)`);
      expect(entregues.map((e) => e.para).sort()).toEqual([
        'compras@externo.com.br',
        'gestora@usina.com.br',
        'tecnico@usina.com.br',
      ]);
      const marcos = await depois.db
        .select({ destinatario: notificationHistory.destinatario })
        .from(notificationHistory);
      expect(marcos.map((m) => m.destinatario).sort()).toEqual([
        'compras@externo.com.br',
        'gestora@usina.com.br',
        'tecnico@usina.com.br',
      ]);
    } finally {
      await depois.close();
    }
  });

  it('by WhatsApp: 60 laudos of a company, 3 people who opted in, two kills mid-run: one message row per (laudo, milestone, person), every one at the Cloud API, a resend only of one in flight at a kill', {
    timeout: 300_000,
  }, async () => {
    const cloud = await iniciarCloudApiLocal();
    cleanups.push(() => cloud.close());
    const { env: base, abrir } = await ambiente();
    const env = { ...base, ...cloud.env, EMAIL_SEND_TIMEOUT_SECONDS: '5' };
    const semeado = await iniciar(env);
    await semeado.proc.stop('SIGTERM');
    const database = await abrir();
    const db = database.db;
    const [plano] = await db
      .insert(planos)
      .values({ nome: 'Com WhatsApp', preco: 30, notificacoes: true, whatsappAlerts: true })
      .returning({ id: planos.id });
    const [empresa] = await db
      .insert(empresas)
      .values({ razaoSocial: 'Usina Sul S.A.', nomeFantasia: 'Usina Sul', planoId: plano!.id })
      .returning({ id: empresas.id });
    for (let i = 0; i < 3; i++) {
      const id = `zap-${i}`;
      const email = `gestor${i}@usinasul.com.br`;
      await db.insert(authUser).values({ id, name: email, email, emailVerified: true });
      await db
        .insert(usuarios)
        .values({ id, nome: `Gestor ${i}`, email, empresaId: empresa!.id, papel: 'gestor' });
      await db.insert(whatsappConsentimentos).values({
        usuarioId: id,
        acao: 'concedido',
        numero: `+551198888000${i}`,
        origem: 'app',
        texto: 'Autorizo',
      });
    }
    await db.insert(laudos).values(
      Array.from({ length: 60 }, (_, k) => ({
        nome: `Caldeira ${k}`,
        codigo: `ZAP-${k}`,
        cliente: 'Usina Sul',
        empresaId: empresa!.id,
        tipo: 'NR-13',
        dataVencimento: addDaysIso(hoje(), 7),
      })),
    );
    await database.close();
    const mortes = 2;
    const { s, cookie } = await matarDuranteExecucoes(await iniciar(env), env, [
      100 + Math.random() * 900,
      300 + Math.random() * 1500,
    ]);
    // The admin's list (the latest 200) holds them all: wait until every one was sent, including
    // one whose process died mid-send (its job expires after EMAIL_SEND_TIMEOUT_SECONDS and runs again).
    await waitUntil(
      async () => {
        const r = await fetch(`${s.url}/api/admin/whatsapp/mensagens`, { headers: { cookie } });
        const { mensagens } = (await r.json()) as { mensagens: Array<{ status: string }> };
        return mensagens.length === 180 && mensagens.every((m) => m.status === 'sent');
      },
      { timeoutMs: 180_000, what: '180 WhatsApp messages sent' },
    );
    await new Promise((r) => setTimeout(r, 2000)); // let a duplicate show itself
    await s.proc.stop('SIGTERM');
    const depois = await abrir();
    try {
      const linhas = await depois.db
        .select({
          id: whatsappMensagens.id,
          laudoId: whatsappMensagens.laudoId,
          usuarioId: whatsappMensagens.usuarioId,
          status: whatsappMensagens.status,
        })
        .from(whatsappMensagens);
      expect(linhas).toHaveLength(180);
      expect(new Set(linhas.map((l) => `${l.laudoId}|${l.usuarioId}`)).size).toBe(180);
      // Each row reached the Cloud API; the API takes no idempotency key, so a message accepted just
      // before a kill (at most the two in flight) may have gone twice — never more.
      const porMensagem = new Map<string, number>();
      for (const r of cloud.recebidas) porMensagem.set(r.callback!, (porMensagem.get(r.callback!) ?? 0) + 1);
      expect(new Set(porMensagem.keys())).toEqual(new Set(linhas.map((l) => l.id)));
      expect(Math.max(...porMensagem.values())).toBeLessThanOrEqual(1 + mortes);
      expect(cloud.recebidas.length - 180).toBeLessThanOrEqual(2 * mortes);
    } finally {
      await depois.close();
    }
  });

  it('the CLI dry run lists and sends nothing; the CLI run enqueues', { timeout: 120_000 }, async () => {
    const { env, abrir } = await ambiente();
    const s = await iniciar(env);
    await s.proc.stop('SIGTERM');
    await laudosDevidos(abrir, 3);
    const dry = await runCli(['notifications:run', '--dry-run'], env);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('3 e-mail(s) seriam enviados');
    expect(dry.out).toContain('🚨 URGENTE: Laudo vence em 7 dias: Vaso 0');
    expect((await contagem(abrir)).emails).toBe(0);
    const run = await runCli(['notifications:run', '--as-of', hoje()], env);
    expect(run.code).toBe(0);
    expect(run.out).toContain('3 e-mail(s) enfileirado(s)');
    expect((await contagem(abrir)).emails).toBe(3);
    const bad = await runCli(['notifications:run', '--as-of', '2026-02-30'], env);
    expect(bad.code).not.toBe(0);
    expect(bad.out).toContain('--as-of deve ser uma data AAAA-MM-DD.');
  });
});
