import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs } from '../../src/db/schema.ts';
import { createUser, json } from '../helpers/accounts.ts';
import { clienteComSessao } from '../helpers/security.ts';
import { createTestServer, TEST_ORIGIN, type TestServer } from '../helpers/server.ts';

/*
 * Security checklist, item 6: guessing is answered with 429 and a wait in Portuguese. Wrong
 * passwords per account from one address (8 in 15 min) and per address (40), with the right
 * password refused too from that address while limited; the account from every address is paced
 * past 50 (lockout.test.ts: that is never a lockout); the limits follow RATE_LIMIT_SIGNIN_PER_EMAIL /
 * _PER_IP / _PER_ACCOUNT / _ACCOUNT_PACE_SECONDS; password-reset requests (3 per account,
 * 20 per address an hour) and reset-token and invitation-token guesses; the current password on the change form; sign-ups;
 * two-factor codes. Each test uses its own addresses, so the counters do not mix.
 */

const ESPERA = /^Muitas tentativas\. Aguarde \d+ (minutos|segundos) e tente novamente\.$/;

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ JOBS: 'off' });
});
afterAll(() => t?.close());

function entrar(server: TestServer, email: string, password: string, ip: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: ip,
    headers: json(),
    payload: { email, password },
  });
}

function expectLimitado(
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  what: string,
) {
  expect(res.statusCode, what).toBe(429);
  const { error } = res.json() as { error: { code: string; message: string } };
  expect(error.code).toBe('MUITAS_TENTATIVAS');
  expect(error.message).toMatch(ESPERA);
  // Every refusal also says the wait in seconds, for clients that read the header.
  expect(Number(res.headers['retry-after']), `${what}: Retry-After`).toBeGreaterThan(0);
}

describe('security 6: brute force is answered with 429', () => {
  it('one account from one address: after 8 wrong passwords in 15 minutes, the 9th try gets 429 there, and so does the right password', async () => {
    const u = await createUser(t, { email: 'alvo@acme.com.br', password: 'senha-certa-123' });
    const outra = await createUser(t, { email: 'vizinha@acme.com.br', password: 'senha-da-vizinha' });
    for (let i = 1; i <= 8; i++) {
      const res = await entrar(t, u.email, `errada-${i}`, '198.51.100.1');
      expect(res.statusCode, `tentativa ${i}`).toBe(401);
      expect(res.json().error.message).toBe('E-mail ou senha incorretos.');
    }
    const nona = await entrar(t, u.email, 'errada-9', '198.51.100.1');
    expectLimitado(nona, '9ª tentativa');
    expect(nona.json().error.message).toBe('Muitas tentativas. Aguarde 15 minutos e tente novamente.');
    expectLimitado(await entrar(t, u.email, 'senha-certa-123', '198.51.100.1'), 'a senha certa');
    // The same account written differently is the same account.
    expectLimitado(await entrar(t, '  ALVO@Acme.com.br ', 'senha-certa-123', '198.51.100.1'), 'maiúsculas');
    // The guessing address is limited, not the account: its owner signs in from elsewhere (decision 012).
    expect((await entrar(t, u.email, 'senha-certa-123', '198.51.100.99')).statusCode, 'outro IP').toBe(200);
    // Another account is not locked out by it.
    expect((await entrar(t, outra.email, 'senha-da-vizinha', '198.51.100.1')).statusCode).toBe(200);
  });

  it('one address: after 40 wrong passwords in 15 minutes, whatever the accounts, the next gets 429 — even a right password', async () => {
    const u = await createUser(t, { email: 'legitimo@acme.com.br', password: 'senha-legitima' });
    for (let i = 1; i <= 40; i++) {
      const res = await entrar(t, `conta-${i}@acme.com.br`, 'chute', '198.51.100.2');
      expect(res.statusCode, `tentativa ${i}`).toBe(401);
    }
    expectLimitado(await entrar(t, u.email, 'senha-legitima', '198.51.100.2'), '41ª tentativa do mesmo IP');
    expect((await entrar(t, u.email, 'senha-legitima', '198.51.100.3')).statusCode, 'de outro IP').toBe(200);
  });

  it('the limits are settings: RATE_LIMIT_SIGNIN_PER_EMAIL=3, _PER_IP=5, _PER_ACCOUNT=4, _ACCOUNT_PACE_SECONDS=600', async () => {
    const s = await createTestServer({
      JOBS: 'off',
      RATE_LIMIT_SIGNIN_PER_EMAIL: '3',
      RATE_LIMIT_SIGNIN_PER_IP: '5',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '4',
      RATE_LIMIT_SIGNIN_ACCOUNT_PACE_SECONDS: '600',
    });
    try {
      const u = await createUser(s, { email: 'config@acme.com.br', password: 'senha-certa-123' });
      for (let i = 0; i < 3; i++) expect((await entrar(s, u.email, 'x', '192.0.2.1')).statusCode).toBe(401);
      expectLimitado(await entrar(s, u.email, 'senha-certa-123', '192.0.2.1'), '4ª tentativa da conta');
      for (let i = 0; i < 5; i++)
        expect((await entrar(s, `c${i}@acme.com.br`, 'x', '192.0.2.2')).statusCode).toBe(401);
      expectLimitado(await entrar(s, `outra@acme.com.br`, 'x', '192.0.2.2'), '6ª tentativa do IP');
      // From other addresses the account's 4th failure goes through, and past it one attempt per 10 minutes.
      expect((await entrar(s, u.email, 'x', '192.0.2.3')).statusCode).toBe(401);
      expect((await entrar(s, u.email, 'x', '192.0.2.4')).statusCode).toBe(401);
      const ritmo = await entrar(s, u.email, 'senha-certa-123', '192.0.2.5');
      expectLimitado(ritmo, 'a conta, no ritmo');
      expect(ritmo.json().error.message).toBe('Muitas tentativas. Aguarde 10 minutos e tente novamente.');
    } finally {
      await s.close();
    }
  });

  it('password-reset requests: 3 per account and 20 per address an hour, and no more e-mails than allowed', async () => {
    const u = await createUser(t, { email: 'esqueci@acme.com.br' });
    const pedir = (email: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: ip,
        headers: json(),
        payload: { email, redirectTo: '/reset-password' },
      });
    for (let i = 0; i < 3; i++) expect((await pedir(u.email, '198.51.100.10')).statusCode).toBe(200);
    expectLimitado(await pedir(u.email, '198.51.100.11'), '4º pedido para a conta');
    const [enviados] = await t.server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailLogs)
      .where(and(eq(emailLogs.recipientEmail, u.email), eq(emailLogs.templateType, 'redefinir_senha')));
    expect(enviados?.n, 'e-mails de redefinição').toBe(3);

    for (let i = 0; i < 20; i++)
      expect((await pedir(`pedido-${i}@acme.com.br`, '198.51.100.12')).statusCode, `pedido ${i}`).toBe(200);
    expectLimitado(await pedir('mais-um@acme.com.br', '198.51.100.12'), '21º pedido do IP');
  });

  it('guessing a reset token: 20 tries from one address an hour, then 429', async () => {
    const chutar = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/conta/redefinir-senha',
        remoteAddress: '198.51.100.20',
        headers: json(),
        payload: { token, novaSenha: 'senha-nova-123' },
      });
    for (let i = 0; i < 20; i++) {
      const res = await chutar(`token-${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('LINK_INVALIDO');
    }
    expectLimitado(await chutar('token-21'), '21º chute');
  });

  it('guessing an invitation token (issue 17): opening and accepting share the 20 tries an hour, then 429', async () => {
    const ip = '198.51.100.21';
    const abrir = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/convites/${token}`, remoteAddress: ip });
    const aceitar = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/convites/${token}/aceitar`,
        remoteAddress: ip,
        headers: json(),
        payload: { nome: 'Chute', senha: 'senha-do-chute' },
      });
    for (let i = 0; i < 20; i++) {
      const res = await (i % 2 ? aceitar : abrir)(`convite-${i}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('CONVITE_INVALIDO');
    }
    expectLimitado(await abrir('convite-21'), '21º chute (abrir)');
    expectLimitado(await aceitar('convite-22'), '22º chute (aceitar)');
  });

  it('guessing the current password on the change form: 10 tries, then 429 — even with the right one', async () => {
    const c = await clienteComSessao(t, { email: 'trocar@acme.com.br' });
    const trocar = (senhaAtual: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/conta/senha',
        headers: json(c.cookie),
        payload: { senhaAtual, novaSenha: 'senha-nova-456' },
      });
    for (let i = 0; i < 10; i++) {
      const res = await trocar(`chute-${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('A senha atual está incorreta.');
    }
    expectLimitado(await trocar(c.password), 'a senha certa no 11º pedido');
  });

  it('sign-ups: the 11th from one address in an hour gets 429', async () => {
    const cadastrar = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cadastro',
        remoteAddress: '198.51.100.30',
        headers: json(),
        payload: { nome: `Robô ${i}`, email: `robo-${i}@spam.com.br`, senha: 'senha-do-robo' },
      });
    for (let i = 0; i < 10; i++) expect((await cadastrar(i)).statusCode, `cadastro ${i}`).toBe(201);
    expectLimitado(await cadastrar(10), '11º cadastro');
  });

  it('two-factor codes: the 11th guess from one address in 5 minutes gets 429', async () => {
    const chutar = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        remoteAddress: '198.51.100.40',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: { code: '123456' },
      });
    for (let i = 0; i < 10; i++) expect((await chutar()).statusCode).not.toBe(429);
    expectLimitado(await chutar(), '11º código');
  });

  it('an e-mail field stuffed with 300 KB is counted like any other, never a 500 (the limit key is hashed)', async () => {
    const enorme = `${'a'.repeat(300_000)}@acme.com.br`;
    const entrada = await entrar(t, enorme, 'x', '198.51.100.50');
    const pedido = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: '198.51.100.51',
      headers: json(),
      payload: { email: enorme, redirectTo: '/reset-password' },
    });
    // The same answers as for any unknown address.
    expect(entrada.statusCode).toBe(401);
    expect(entrada.json().error.message).toBe('E-mail ou senha incorretos.');
    expect(pedido.statusCode).toBe(200);
  });
});
