import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs, emailOutbox, emailTemplates } from '../../src/db/schema.ts';
import type { EmailRequest } from '../../src/email/delivery.ts';
import { cleanupOldLogs, getEmailStats, saveEmailTemplate } from '../../src/email/service.ts';
import { sesError, startFaultProxy, startSesPeer, startSmtpPeer } from '../helpers/mail-peers.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';
import { waitUntil } from '../helpers/wait.ts';

beforeAll(() => {
  // The SES client takes credentials from the standard AWS chain; the emulator accepts any.
  process.env.AWS_ACCESS_KEY_ID = 'AKIATESTE';
  process.env.AWS_SECRET_ACCESS_KEY = 'segredo-de-teste';
});

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const t = await createTestServer({
    JOBS: 'on',
    EMAIL_RATE_PER_SECOND: '50',
    EMAIL_RETRY_DELAY_SECONDS: '1',
    ...env,
  });
  cleanups.push(() => t.close());
  return t;
}

const laudoEmail = (overrides: Partial<EmailRequest> = {}): EmailRequest => ({
  type: 'vencimento_7',
  to: 'manutencao@metalurgica.com.br',
  toName: 'Mariana Souza',
  variables: {
    laudo_nome: 'Caldeira 01',
    laudo_codigo: 'NR13-001',
    laudo_tipo: 'NR-13',
    laudo_vencimento: '28/11/2026',
    laudo_url: 'http://localhost:3000/vencimentos',
    cliente_empresa: 'Metalúrgica Exemplo',
    cliente_nome: 'Mariana Souza',
    dias_para_vencer: 7,
    dias_vencido: 0,
  },
  ...overrides,
});

async function enqueue(t: TestServer, request: EmailRequest) {
  return t.server.database.db.transaction((tx) => t.server.email.enqueue(tx, request));
}

async function logOf(t: TestServer, id: string) {
  const [row] = await t.server.database.db.select().from(emailLogs).where(eq(emailLogs.id, id));
  return row!;
}

async function waitForStatus(t: TestServer, id: string, status: string, timeoutMs = 30_000) {
  let last: unknown;
  try {
    return await waitUntil(
      async () => {
        const row = await logOf(t, id);
        last = row;
        return row.status === status ? row : null;
      },
      { timeoutMs, what: `email_logs ${id} = ${status}` },
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}; last row: ${JSON.stringify(last)}`);
  }
}

describe('outbox transport (the default)', () => {
  it('stores the rendered message; the log says sent', async () => {
    const t = await server();
    const result = await enqueue(t, laudoEmail());
    expect(result).toMatchObject({ success: true, provider: 'outbox' });
    const log = await waitForStatus(t, result.logId!, 'sent');
    expect(log).toMatchObject({
      recipientEmail: 'manutencao@metalurgica.com.br',
      subject: '🚨 URGENTE: Laudo vence em 7 dias: Caldeira 01',
      templateType: 'vencimento_7',
      provider: 'outbox',
      attempts: 1,
    });
    expect(log.messageId).toMatch(/^outbox-/);
    const [stored] = await t.server.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.emailLogId, log.id));
    expect(stored?.subject).toBe('🚨 URGENTE: Laudo vence em 7 dias: Caldeira 01');
    expect(stored?.html).toContain('Caldeira 01');
    expect(stored?.text).toContain('28/11/2026');
    expect(stored?.fromAddress).toContain('nao-responda@laudos.local');
  });

  it('an event rolled back enqueues nothing', async () => {
    const t = await server({ JOBS: 'off' });
    const db = t.server.database.db;
    await expect(
      db.transaction(async (tx) => {
        const r = await t.server.email.enqueue(tx, laudoEmail());
        expect(r.success).toBe(true);
        throw new Error('o evento falhou');
      }),
    ).rejects.toThrow('o evento falhou');
    expect(await db.select().from(emailLogs)).toEqual([]);
    const jobs = (await db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'email-send'`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(jobs.rows[0]?.n).toBe(0);
  });

  it("answers 'Template {type} não encontrado' for a missing template, and logs it", async () => {
    const t = await server({ JOBS: 'off' });
    await t.server.database.db
      .update(emailTemplates)
      .set({ active: false })
      .where(eq(emailTemplates.type, 'vencimento_7'));
    const result = await enqueue(t, laudoEmail());
    expect(result).toMatchObject({
      success: false,
      error: 'Template vencimento_7 não encontrado',
      provider: 'outbox',
    });
    expect(await logOf(t, result.logId!)).toMatchObject({
      status: 'failed',
      errorMessage: 'Template vencimento_7 não encontrado',
    });
  });

  it('refuses a recipient address with a line break, logged as failed', async () => {
    const t = await server({ JOBS: 'off' });
    const result = await enqueue(t, laudoEmail({ to: 'a@b.com\r\nBcc: c@d.com' }));
    expect(result.success).toBe(false);
    expect(result.error).toContain('quebra de linha');
  });
});

describe('SMTP transport against a real SMTP server', () => {
  it('delivers a message whose emoji subject decodes intact, with HTML and text parts', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.close());
    const t = await server({
      EMAIL_TRANSPORT: 'smtp',
      SMTP_URL: peer.url,
      EMAIL_FROM: 'Inspeções Laudos <avisos@laudos.test>',
    });
    const result = await enqueue(t, laudoEmail());
    expect(result.provider).toBe('smtp');
    const log = await waitForStatus(t, result.logId!, 'sent');
    expect(log.provider).toBe('smtp');
    const mail = await waitUntil(() => peer.received[0], { what: 'SMTP message' });
    expect(mail.subject).toBe('🚨 URGENTE: Laudo vence em 7 dias: Caldeira 01');
    expect(mail.from?.value[0]).toEqual({ address: 'avisos@laudos.test', name: 'Inspeções Laudos' });
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0] : null).toEqual({
      address: 'manutencao@metalurgica.com.br',
      name: 'Mariana Souza',
    });
    expect(mail.html).toContain('Caldeira 01');
    expect(mail.text).toContain('Vencimento: 28/11/2026');
  });

  it('a temporary refusal (451) is retried until sent, each failure in the log', async () => {
    const peer = await startSmtpPeer({
      reject: (n) => (n <= 2 ? { code: 451, message: 'Tente mais tarde' } : null),
    });
    cleanups.push(() => peer.close());
    const t = await server({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: peer.url });
    const result = await enqueue(t, laudoEmail());
    const log = await waitForStatus(t, result.logId!, 'sent', 45_000);
    expect(log.attempts).toBe(3);
    const attempts = (log.metadata as { attempts: { status: string; error?: string }[] }).attempts;
    expect(attempts.map((a) => a.status)).toEqual(['retrying', 'retrying', 'sent']);
    expect(attempts[0]?.error).toContain('451');
    expect(peer.received).toHaveLength(1);
  });

  it('after the last retry the message is failed and dead-lettered, with every attempt logged', async () => {
    const peer = await startSmtpPeer({ reject: () => ({ code: 421, message: 'Servico indisponivel' }) });
    cleanups.push(() => peer.close());
    const t = await server({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: peer.url, EMAIL_RETRY_LIMIT: '1' });
    const result = await enqueue(t, laudoEmail());
    const log = await waitForStatus(t, result.logId!, 'failed');
    expect(log.attempts).toBe(2);
    expect((log.metadata as { attempts: { status: string }[] }).attempts.map((a) => a.status)).toEqual([
      'retrying',
      'failed',
    ]);
    const dead = await waitUntil(
      async () => {
        const r = (await t.server.database.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'email-send-dead'`,
        )) as unknown as { rows: { n: number }[] };
        return r.rows[0]?.n ? r.rows[0].n : null;
      },
      { what: 'a job in the dead-letter queue' },
    );
    expect(dead).toBe(1);
  });

  it('a permanent refusal (550) is not retried and is logged with its message', async () => {
    const peer = await startSmtpPeer({ reject: () => ({ code: 550, message: 'Caixa postal inexistente' }) });
    cleanups.push(() => peer.close());
    const t = await server({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: peer.url });
    const result = await enqueue(t, laudoEmail());
    const log = await waitForStatus(t, result.logId!, 'failed');
    expect(log.errorMessage).toContain('550');
    expect(log.errorMessage).toContain('Caixa postal inexistente');
    // Give a wrongly scheduled retry the time to show up: none may.
    await new Promise((r) => setTimeout(r, 2500));
    expect(peer.attempts()).toBe(1);
    expect((await logOf(t, result.logId!)).attempts).toBe(1);
  });

  it('the sandbox mode keeps everything in the outbox whatever the transport', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.close());
    const t = await server({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: peer.url });
    const db = t.server.database.db;
    await t.server.settings.update({ ...t.server.settings.get(), mode: 'sandbox' });
    const result = await enqueue(t, laudoEmail());
    expect(result.provider).toBe('outbox');
    await waitForStatus(t, result.logId!, 'sent');
    expect(await db.select().from(emailOutbox)).toHaveLength(1);
    expect(peer.received).toHaveLength(0);
  });
});

describe('Amazon SES transport against the SES emulator', () => {
  it('sends with SendEmail: display-name Source, To, subject, HTML and text, Reply-To', async () => {
    const ses = await startSesPeer();
    cleanups.push(() => ses.close());
    const proxy = await startFaultProxy(ses.url, () => null);
    cleanups.push(() => proxy.close());
    const t = await server({
      EMAIL_TRANSPORT: 'ses',
      SES_ENDPOINT: proxy.url,
      SES_REGION: 'sa-east-1',
      EMAIL_FROM: 'Laudos Engenharia <avisos@laudos.test>',
    });
    const result = await enqueue(t, laudoEmail());
    expect(result.provider).toBe('amazon-ses');
    const log = await waitForStatus(t, result.logId!, 'sent');
    const [email] = await ses.emails();
    expect(log.messageId).toBe(email?.messageId);
    expect(email).toMatchObject({
      from: '"Laudos Engenharia" <avisos@laudos.test>',
      subject: '🚨 URGENTE: Laudo vence em 7 dias: Caldeira 01',
      replyTo: ['"Laudos Engenharia" <avisos@laudos.test>'],
    });
    expect(email?.destination.to).toEqual(['"Mariana Souza" <manutencao@metalurgica.com.br>']);
    expect(email?.body.html).toContain('Caldeira 01');
    expect(email?.body.text).toContain('28/11/2026');
  });

  it('a message with unsubscribe links goes as raw MIME with ONE List-Unsubscribe (HTTPS + mailto) and List-Unsubscribe-Post (RFC 8058)', async () => {
    const ses = await startSesPeer();
    cleanups.push(() => ses.close());
    const proxy = await startFaultProxy(ses.url, () => null);
    cleanups.push(() => proxy.close());
    const t = await server({ EMAIL_TRANSPORT: 'ses', SES_ENDPOINT: proxy.url, SES_REGION: 'sa-east-1' });
    const descadastro = {
      umClique: 'https://laudos.test/api/descadastro/a.u1.assinatura',
      pagina: 'https://laudos.test/descadastro/a.u1.assinatura',
      mailto: 'mailto:contato@laudos.com.br?subject=Descadastrar%20a.u1.assinatura',
    };
    const result = await enqueue(t, laudoEmail({ descadastro }));
    await waitForStatus(t, result.logId!, 'sent');
    const envio = proxy.bodies().find((b) => b.includes('Action=SendRawEmail'));
    expect(envio).toBeDefined();
    const raw = Buffer.from(new URLSearchParams(envio!).get('RawMessage.Data')!, 'base64').toString('utf8');
    const cabecalhos = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    expect(cabecalhos.match(/^List-Unsubscribe:.*$/gm)).toEqual([
      `List-Unsubscribe: <${descadastro.umClique}>, <${descadastro.mailto}>`,
    ]);
    expect(cabecalhos).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const [email] = await ses.emails();
    expect(email?.body.text).toContain(`Descadastre-se: ${descadastro.pagina}`);
  });

  it('a message with an attachment goes as raw MIME (SendRawEmail), the file intact', async () => {
    const ses = await startSesPeer();
    cleanups.push(() => ses.close());
    const t = await server({ EMAIL_TRANSPORT: 'ses', SES_ENDPOINT: ses.url, SES_REGION: 'sa-east-1' });
    const pdf = Buffer.from('%PDF-1.4 relatório de situação');
    const pedidos: unknown[] = [];
    t.server.email.usarGeradorDeAnexos(async (pedido) => {
      pedidos.push(pedido);
      return { filename: 'relatorio-situacao-2026-12.pdf', contentType: 'application/pdf', content: pdf };
    });
    const anexos = [{ tipo: 'relatorio-situacao', dados: { usuarioId: 'u1', mes: '2026-12-01' } }];
    const result = await enqueue(t, laudoEmail({ anexos }));
    await waitForStatus(t, result.logId!, 'sent');
    // The file is made at delivery, from what was queued.
    expect(pedidos).toEqual(anexos);
    const [email] = await ses.emails();
    expect(email?.subject).toBe('🚨 URGENTE: Laudo vence em 7 dias: Caldeira 01');
    expect(email?.body.text).toContain('28/11/2026');
    expect(
      email?.attachments?.map((a) => [a.filename, a.contentType, Buffer.from(a.content, 'base64')]),
    ).toEqual([['relatorio-situacao-2026-12.pdf', 'application/pdf', pdf]]);
  });

  it('throttling and 5xx answers are retried (by the SDK, then by the queue) until sent', async () => {
    const ses = await startSesPeer();
    cleanups.push(() => ses.close());
    // 4 failures: the SDK's 3 attempts all fail, the queue retries, the SDK's next attempt fails
    // once more, then the emulator accepts.
    const proxy = await startFaultProxy(ses.url, (n) => {
      if (n <= 2) return { status: 400, body: sesError('Throttling', 'Maximum sending rate exceeded.') };
      if (n <= 4)
        return { status: 503, body: sesError('ServiceUnavailable', 'Service unavailable', 'Receiver') };
      return null;
    });
    cleanups.push(() => proxy.close());
    const t = await server({ EMAIL_TRANSPORT: 'ses', SES_ENDPOINT: proxy.url });
    const result = await enqueue(t, laudoEmail());
    const log = await waitForStatus(t, result.logId!, 'sent', 45_000);
    expect(proxy.requests()).toBe(5);
    expect(log.attempts).toBe(2);
    const attempts = (log.metadata as { attempts: { status: string; error?: string }[] }).attempts;
    expect(attempts[0]).toMatchObject({ status: 'retrying' });
    expect(attempts[0]?.error).toMatch(/Amazon SES indisponível ou limitando o envio/);
    expect(await ses.emails()).toHaveLength(1);
  });

  it('a rejected message is not retried and the log carries the mapped error', async () => {
    const ses = await startSesPeer();
    cleanups.push(() => ses.close());
    const proxy = await startFaultProxy(ses.url, () => ({
      status: 400,
      body: sesError(
        'MessageRejected',
        'Email address is not verified. The following identities failed the check: avisos@laudos.test',
      ),
    }));
    cleanups.push(() => proxy.close());
    const t = await server({ EMAIL_TRANSPORT: 'ses', SES_ENDPOINT: proxy.url });
    const result = await enqueue(t, laudoEmail());
    const log = await waitForStatus(t, result.logId!, 'failed');
    expect(log.errorMessage).toContain('Mensagem rejeitada pelo Amazon SES');
    expect(log.errorMessage).toContain('Email address is not verified');
    await new Promise((r) => setTimeout(r, 2500));
    expect(proxy.requests()).toBe(1);
  });
});

describe('pacing, statistics and cleanup', () => {
  it("never paces SES above the account's MaxSendRate", async () => {
    const ses = await startSesPeer();
    cleanups.push(() => ses.close());
    const proxy = await startFaultProxy(ses.url, () => null, { maxSendRate: 2 });
    cleanups.push(() => proxy.close());
    const t = await server({ EMAIL_TRANSPORT: 'ses', SES_ENDPOINT: proxy.url, EMAIL_RATE_PER_SECOND: '50' });
    expect(t.server.email.ratePerSecond).toBe(2);
  });

  it('spaces messages at EMAIL_RATE_PER_SECOND', async () => {
    const t = await server({ EMAIL_RATE_PER_SECOND: '4' });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await enqueue(t, laudoEmail({ to: `cliente${i}@exemplo.com.br` }));
      ids.push(r.logId!);
    }
    for (const id of ids) await waitForStatus(t, id, 'sent');
    const rows = await t.server.database.db
      .select({ sentAt: emailLogs.sentAt })
      .from(emailLogs)
      .where(eq(emailLogs.status, 'sent'));
    const times = rows.map((r) => r.sentAt!.getTime()).sort((a, b) => a - b);
    const gaps = times.slice(1).map((v, i) => v - times[i]!);
    // 4 per second: one slot every 250 ms (a little slack for the clock of the last update).
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(200);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(5 * 250 - 100);
  });

  it('counts total, sent, failed and pending by provider, and cleans up old logs', async () => {
    const t = await server({ JOBS: 'off' });
    const db = t.server.database.db;
    await enqueue(t, laudoEmail());
    await enqueue(t, laudoEmail({ to: 'sem arroba' }));
    const stats = await getEmailStats(db);
    expect(stats).toEqual({ total: 2, sent: 0, failed: 1, pending: 1, byProvider: { outbox: 2 } });

    await db
      .update(emailLogs)
      .set({ createdAt: new Date(Date.now() - 100 * 86_400_000) })
      .where(eq(emailLogs.status, 'failed'));
    const removed = await cleanupOldLogs(db, 90);
    expect(removed.emailLogs).toBe(1);
    expect((await getEmailStats(db)).total).toBe(1);
    await expect(cleanupOldLogs(db, 0)).rejects.toThrow('Informe um número de dias');
  });

  it('an edited template survives a new seed; an untouched one follows the defaults', async () => {
    const t = await server({ JOBS: 'off' });
    const db = t.server.database.db;
    await saveEmailTemplate(db, 'vencimento_30', {
      subject: 'Atenção: {{ laudo_nome }} vence em 30 dias',
      html: '<p>{{ laudo_nome }}</p>',
      text: '{{ laudo_nome }}',
    });
    await db
      .update(emailTemplates)
      .set({ subject: 'alterado por fora' })
      .where(eq(emailTemplates.type, 'vencimento_60'));
    const { seedEmailTemplates } = await import('../../src/email/service.ts');
    // A row already holding the defaults is not written again (the seed runs on every start).
    const versao = async () =>
      (
        (await db.execute(
          sql`select xmin::text as v from email_templates where type = 'vencimento_90'`,
        )) as unknown as { rows: Array<{ v: string }> }
      ).rows[0]?.v;
    const antes = await versao();
    expect(antes).toBeTruthy();
    await seedEmailTemplates(db);
    expect(await versao()).toBe(antes);
    const [edited] = await db.select().from(emailTemplates).where(eq(emailTemplates.type, 'vencimento_30'));
    const [untouched] = await db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.type, 'vencimento_60')));
    expect(edited?.subject).toBe('Atenção: {{ laudo_nome }} vence em 30 dias');
    expect(untouched?.subject).toBe('📅 Laudo vence em 60 dias: {{ laudo_nome }}');
    await expect(
      saveEmailTemplate(db, 'vencimento_30', { subject: '{{ x }}', html: 'a', text: 'b' }),
    ).rejects.toThrow('Variável desconhecida');
  });
});
