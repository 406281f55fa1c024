import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { instanteLocal } from '@laudos/domain';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  emailBouncesTransitorios,
  emailLogs,
  emailSupressoes,
  laudos,
  notificationRules,
} from '../../src/db/schema.ts';
import type { EmailRequest } from '../../src/email/delivery.ts';
import { integracaoSns, receberNotificacaoSes } from '../../src/modules/emails/ses-webhook.ts';
import { createAdmin, createUser, json } from '../helpers/accounts.ts';
import { testEngine } from '../helpers/db.ts';
import { startSmtpPeer } from '../helpers/mail-peers.ts';
import { createTestServer, signIn, type TestServer } from '../helpers/server.ts';
import { waitUntil } from '../helpers/wait.ts';

/*
 * Bounces, complaints and the suppression list (issue 20, decision 036): SES notifications through
 * SNS, signed with a test key whose public half is preloaded in the validator's certificate cache
 * under an address of the pattern it enforces (https://sns.<region>.amazonaws.com/…pem).
 */

const TOPICO = 'arn:aws:sns:us-east-1:123456789012:ses-avisos';
const CERT_URL = `https://sns.us-east-1.amazonaws.com/SimpleNotificationService-${'a1'.repeat(16)}.pem`;
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const confirmadas: string[] = [];

beforeAll(() => {
  // The validator checks a signature against whatever PEM it holds: a public key verifies as a
  // certificate would, and nothing is fetched from the network.
  (integracaoSns.validador as unknown as { certCache: { set(k: string, v: string): void } }).certCache.set(
    CERT_URL,
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  integracaoSns.confirmar = async (url) => {
    confirmadas.push(url);
  };
});

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function servidor(env: Record<string, string> = {}, options: { clock?: () => Date } = {}) {
  const t = await createTestServer({ SES_SNS_TOPIC_ARNS: TOPICO, ...env }, options);
  cleanups.push(() => t.close());
  return t;
}

/** An SNS message signed as Amazon signs it (signature version 2: SHA256 with RSA). */
function assinada(campos: Record<string, string>): Record<string, string> {
  const msg: Record<string, string> = {
    MessageId: randomUUID(),
    TopicArn: TOPICO,
    Timestamp: new Date().toISOString(),
    SignatureVersion: '2',
    SigningCertURL: CERT_URL,
    ...campos,
  };
  const chaves =
    msg.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  const assinador = createSign('sha256WithRSAEncryption');
  for (const k of chaves) if (k in msg) assinador.write(`${k}\n${msg[k]}\n`);
  assinador.end();
  return { ...msg, Signature: assinador.sign(privateKey, 'base64') };
}

const bounce = (tipo: 'Permanent' | 'Transient', ...emails: string[]) =>
  assinada({
    Type: 'Notification',
    Message: JSON.stringify({
      notificationType: 'Bounce',
      bounce: {
        bounceType: tipo,
        bounceSubType: tipo === 'Permanent' ? 'General' : 'MailboxFull',
        bouncedRecipients: emails.map((emailAddress) => ({
          emailAddress,
          diagnosticCode: 'smtp; 550 5.1.1 user unknown',
        })),
      },
      mail: { messageId: 'x' },
    }),
  });

/** As SNS posts: text/plain JSON, no Origin, no cookie. */
const postar = (t: TestServer, corpo: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/ses',
    headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' },
    payload: typeof corpo === 'string' ? corpo : JSON.stringify(corpo),
  });

async function suprimidos(t: TestServer) {
  return t.server.database.db
    .select({ email: emailSupressoes.email, motivo: emailSupressoes.motivo, origem: emailSupressoes.origem })
    .from(emailSupressoes)
    .orderBy(emailSupressoes.email);
}

describe(`SES bounces and complaints through SNS (${testEngine})`, () => {
  it('confirms the subscription, suppresses permanent bounces and complaints once, counts transient ones; refuses forged, tampered, foreign-topic and malformed posts', async () => {
    const t = await servidor();

    // The subscription: its SubscribeURL is visited (only on amazonaws.com).
    const subscribeUrl = `https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPICO}&Token=abc`;
    const inscricao = await postar(
      t,
      assinada({
        Type: 'SubscriptionConfirmation',
        Message: 'confirme',
        SubscribeURL: subscribeUrl,
        Token: 'abc',
      }),
    );
    expect(inscricao.statusCode, inscricao.body).toBe(200);
    expect(confirmadas).toEqual([subscribeUrl]);
    const foraDaAws = await postar(
      t,
      assinada({
        Type: 'SubscriptionConfirmation',
        Message: 'confirme',
        SubscribeURL: 'https://atacante.example.com/confirmar',
        Token: 'abc',
      }),
    );
    expect(foraDaAws.statusCode).toBe(400);
    expect(confirmadas).toHaveLength(1);

    // A permanent bounce suppresses the address; the same MessageId again changes nothing.
    const permanente = bounce('Permanent', 'Ninguem@Metalurgica.com.br');
    expect((await postar(t, permanente)).json()).toEqual({ ok: true, resultado: 'bounce_permanente' });
    expect((await postar(t, permanente)).json()).toEqual({ ok: true, resultado: 'repetida' });
    const complaint = assinada({
      Type: 'Notification',
      Message: JSON.stringify({
        notificationType: 'Complaint',
        complaint: {
          complainedRecipients: [{ emailAddress: 'chato@acme.com.br' }],
          complaintFeedbackType: 'abuse',
        },
      }),
    });
    expect((await postar(t, complaint)).statusCode).toBe(200);
    const transitorio = await postar(t, bounce('Transient', 'cheia@acme.com.br'));
    expect(transitorio.json()).toEqual({ ok: true, resultado: 'bounce_transitorio' });
    expect(
      await t.server.database.db
        .select({ email: emailBouncesTransitorios.email, total: emailBouncesTransitorios.total })
        .from(emailBouncesTransitorios),
    ).toEqual([{ email: 'cheia@acme.com.br', total: 1 }]);
    expect(await suprimidos(t)).toEqual([
      { email: 'chato@acme.com.br', motivo: 'reclamacao', origem: 'ses' },
      { email: 'ninguem@metalurgica.com.br', motivo: 'bounce_permanente', origem: 'ses' },
    ]);

    // Tampered after signing, signed by another key, another topic, not JSON: refused, nothing kept.
    const adulterada = { ...bounce('Permanent', 'vitima@acme.com.br') };
    adulterada.Message = adulterada.Message!.replace('vitima', 'outra');
    const r1 = await postar(t, adulterada);
    expect(r1.statusCode).toBe(403);
    expect(r1.json().error.message).toBe('Assinatura da notificação do SNS inválida: mensagem recusada.');
    const outroTopico = bounce('Permanent', 'vitima@acme.com.br');
    const forjada = assinada({ ...outroTopico, TopicArn: 'arn:aws:sns:us-east-1:999999999999:alheio' });
    const r2 = await postar(t, forjada);
    expect(r2.statusCode).toBe(403);
    expect(r2.json().error.code).toBe('WEBHOOK_SES_TOPICO_NAO_PERMITIDO');
    expect((await postar(t, 'isto não é json')).statusCode).toBe(400);
    expect((await postar(t, { Type: 'Notification' })).statusCode).toBe(400);
    expect(await suprimidos(t)).toHaveLength(2);

    // The admin sees the list, searches it, and removes an address.
    const admin = await createAdmin(t);
    const lista = await t.app.inject({
      url: '/api/admin/email/supressoes?busca=metalurgica',
      headers: json(admin.cookie),
    });
    expect(lista.statusCode).toBe(200);
    expect(lista.json().supressoes).toMatchObject([
      {
        email: 'ninguem@metalurgica.com.br',
        motivo: 'bounce_permanente',
        detalhe: 'smtp; 550 5.1.1 user unknown',
      },
    ]);
    const todos = (
      await t.app.inject({ url: '/api/admin/email/supressoes', headers: json(admin.cookie) })
    ).json().supressoes;
    expect(todos).toHaveLength(2);

    // Off without SES_SNS_TOPIC_ARNS: the endpoint says so (the route passes the configured list).
    await expect(
      receberNotificacaoSes(t.server.database.db, [], JSON.stringify(bounce('Permanent', 'x@acme.com.br'))),
    ).rejects.toMatchObject({ status: 404, code: 'WEBHOOK_SES_DESATIVADO' });
  });

  it('the person whose address bounced sees the flag on /api/me until an admin removes it; a reminder run skips and counts the address', async () => {
    const relogio = { agora: instanteLocal('America/Sao_Paulo', '2027-01-30', '09:05') };
    const t = await servidor({ JOBS: 'off' }, { clock: () => relogio.agora });
    const db = t.server.database.db;
    await db.update(notificationRules).set({ lastRunDate: '2027-01-29' });
    const cliente = await createUser(t, { email: 'compras@acme.com.br' });
    const cookie = await signIn(t.app, cliente.email, cliente.password);
    const me = async () =>
      (await t.app.inject({ url: '/api/me', headers: json(cookie) })).json().email_suprimido;
    expect(await me()).toBe(false);

    expect((await postar(t, bounce('Permanent', 'COMPRAS@acme.com.br'))).statusCode).toBe(200);
    expect(await me()).toBe(true);

    for (const [codigo, email] of [
      ['A-1', 'compras@acme.com.br'],
      ['B-1', 'outra@beta.com.br'],
    ] as const)
      await db.insert(laudos).values({
        nome: `Vaso ${codigo}`,
        codigo,
        cliente: 'ACME Ltda',
        tipo: 'NR-13',
        emailCliente: email,
        dataVencimento: '2027-03-01',
      });
    expect((await t.server.notificacoes.simular('2027-01-30')).suprimidos).toBe(1);
    const execucao = await t.server.notificacoes.verificar({ origem: 'agendada', now: relogio.agora });
    expect(execucao).toMatchObject({ enfileirados: 1, suprimidos: 1, erros: 0 });
    const para = await db
      .select({ email: emailLogs.recipientEmail })
      .from(emailLogs)
      .where(sql`${emailLogs.laudoId} is not null`);
    expect(para).toEqual([{ email: 'outra@beta.com.br' }]);

    const admin = await createAdmin(t);
    const [s] = await db.select({ id: emailSupressoes.id }).from(emailSupressoes);
    const removida = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/email/supressoes/${s!.id}`,
      headers: json(admin.cookie),
    });
    expect(removida.statusCode).toBe(204);
    expect(await me()).toBe(false);
    const outraVez = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/email/supressoes/${s!.id}`,
      headers: json(admin.cookie),
    });
    expect(outraVez.statusCode).toBe(404);
  });
});

describe(`SMTP: a permanent refusal of the recipient suppresses it (${testEngine})`, () => {
  const pedido = (to: string): EmailRequest => ({
    type: 'vencimento_7',
    to,
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
  });

  it('550 at RCPT TO suppresses; the next message is not sent (suprimido); after an admin removes it, the next one goes', async () => {
    let recusar = true;
    const peer = await startSmtpPeer({
      rejectRecipient: (address) =>
        recusar && address === 'inexistente@acme.com.br'
          ? { code: 550, message: '5.1.1 Mailbox does not exist' }
          : null,
    });
    cleanups.push(() => peer.close());
    const t = await servidor({
      JOBS: 'on',
      EMAIL_TRANSPORT: 'smtp',
      SMTP_URL: peer.url,
      EMAIL_RATE_PER_SECOND: '50',
      EMAIL_RETRY_DELAY_SECONDS: '1',
    });
    const db = t.server.database.db;
    const enviar = async (to: string) =>
      (await db.transaction((tx) => t.server.email.enqueue(tx, pedido(to)))).logId!;
    const estado = (id: string) =>
      waitUntil(
        async () => {
          const [row] = await db.select().from(emailLogs).where(eq(emailLogs.id, id));
          return row && ['sent', 'failed', 'suprimido'].includes(row.status) ? row : null;
        },
        { what: `email_logs ${id} settled` },
      );

    const primeiro = await estado(await enviar('inexistente@acme.com.br'));
    expect(primeiro.status).toBe('failed');
    expect(primeiro.errorMessage).toContain('550');
    expect(await suprimidos(t)).toEqual([
      { email: 'inexistente@acme.com.br', motivo: 'smtp_5xx', origem: 'smtp' },
    ]);

    // The server would take it now, but the address is on the list: nothing leaves.
    recusar = false;
    const segundo = await estado(await enviar('Inexistente@acme.com.br'));
    expect(segundo.status).toBe('suprimido');
    expect(segundo.errorMessage).toContain('lista de supressão');
    expect(peer.received).toHaveLength(0);

    const admin = await createAdmin(t);
    const lista = (
      await t.app.inject({ url: '/api/admin/email/supressoes', headers: json(admin.cookie) })
    ).json().supressoes;
    const removida = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/email/supressoes/${lista[0].id}`,
      headers: json(admin.cookie),
    });
    expect(removida.statusCode).toBe(204);
    const terceiro = await estado(await enviar('inexistente@acme.com.br'));
    expect(terceiro.status).toBe('sent');
    expect(peer.received.map((m) => m.subject)).toHaveLength(1);
  });
});
