import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, json } from '../helpers/accounts.ts';
import { clienteComSessao } from '../helpers/security.ts';
import { createTestServer, TEST_ORIGIN, type TestServer } from '../helpers/server.ts';

/*
 * Security checklist, item 6 (continued): throttling an attacker cannot turn into a lockout.
 * Failed sign-ins are counted per (e-mail, address) and per address, so guessing from one address
 * stops there; across all addresses an account is slowed to one attempt per few seconds, never
 * closed; every refusal says how long to wait, in the message and in Retry-After; an admin sees
 * and clears a user's blocks. Decision 012.
 */

const ESPERA = /^Muitas tentativas\. Aguarde (\d+) (minutos?|segundos?) e tente novamente\.$/;

type Resposta = { statusCode: number; headers: Record<string, unknown>; json(): unknown };

function entrar(server: TestServer, email: string, password: string, ip: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: ip,
    headers: json(),
    payload: { email, password },
  });
}

/** A refusal as the user reads it: 429, the wait in Portuguese and the same wait in Retry-After (seconds). */
function espera(res: Resposta, what = 'recusa'): number {
  expect(res.statusCode, what).toBe(429);
  const { error } = res.json() as { error: { code: string; message: string } };
  expect(error.code).toBe('MUITAS_TENTATIVAS');
  const partes = ESPERA.exec(error.message);
  expect(partes, error.message).not.toBeNull();
  const segundos = Number(res.headers['retry-after']);
  expect(Number.isInteger(segundos) && segundos >= 1, `Retry-After: ${res.headers['retry-after']}`).toBe(
    true,
  );
  const [, n, unidade] = partes!;
  expect(Number(n), 'a espera da mensagem é a do Retry-After').toBe(
    unidade!.startsWith('segundo') ? segundos : Math.ceil(segundos / 60),
  );
  return segundos;
}

const dormir = (segundos: number) => new Promise((r) => setTimeout(r, segundos * 1000));

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ JOBS: 'off' });
});
afterAll(() => t?.close());

describe('security 6: throttling an attacker cannot lock the victim out', () => {
  it('20 wrong passwords for the victim from one address: that address waits 15 minutes, the right password from another signs in', async () => {
    const vitima = await createUser(t, { email: 'vitima@acme.com.br', password: 'senha-da-vitima' });
    for (let i = 1; i <= 20; i++) {
      const res = await entrar(t, vitima.email, `chute-${i}`, '203.0.113.1');
      if (i <= 8) expect(res.statusCode, `tentativa ${i}`).toBe(401);
      else expect(espera(res, `tentativa ${i}`)).toBeGreaterThan(14 * 60);
    }
    const atacante = await entrar(t, vitima.email, 'chute-21', '203.0.113.1');
    expect((atacante.json() as { error: { message: string } }).error.message).toBe(
      'Muitas tentativas. Aguarde 15 minutos e tente novamente.',
    );
    // The attacker's address stays refused, even with the right password…
    espera(await entrar(t, vitima.email, vitima.password, '203.0.113.1'), 'a senha certa do IP do atacante');
    espera(
      await entrar(t, '  VITIMA@Acme.com.br ', vitima.password, '203.0.113.1'),
      'o e-mail em maiúsculas',
    );
    // …and the victim, anywhere else, signs in.
    expect((await entrar(t, vitima.email, vitima.password, '203.0.113.2')).statusCode, 'de outro IP').toBe(
      200,
    );
  });

  it('200 wrong passwords from 200 addresses slow the account to one attempt per pace; the right password works after the stated wait', async () => {
    const s = await createTestServer({
      JOBS: 'off',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '20',
      RATE_LIMIT_SIGNIN_ACCOUNT_PACE_SECONDS: '2',
    });
    try {
      const vitima = await createUser(s, {
        email: 'alvo-distribuido@acme.com.br',
        password: 'senha-do-alvo',
      });
      const inicio = Date.now();
      let falhas = 0;
      for (let i = 0; i < 200; i++) {
        const res = await entrar(s, vitima.email, `chute-${i}`, `198.18.0.${i + 1}`);
        if (res.statusCode === 401) falhas++;
        else expect(espera(res, `tentativa ${i + 1}`)).toBeLessThanOrEqual(2);
      }
      const segundos = (Date.now() - inicio) / 1000;
      // 20 at full speed, then one per 2 seconds at most: slowed, not closed.
      expect(falhas).toBeGreaterThanOrEqual(20);
      expect(falhas).toBeLessThanOrEqual(20 + Math.ceil(segundos / 2) + 1);

      // The attacker takes the next attempt as soon as it is free…
      let tentativa = await entrar(s, vitima.email, 'mais-um', '198.18.1.1');
      if (tentativa.statusCode === 429) {
        await dormir(espera(tentativa));
        tentativa = await entrar(s, vitima.email, 'mais-um', '198.18.1.1');
      }
      expect(tentativa.statusCode, 'o atacante, depois da espera').toBe(401);
      // …and the victim, from a new address, is told to wait at most the pace, and then signs in.
      const recusa = await entrar(s, vitima.email, vitima.password, '198.18.2.1');
      const aguarde = espera(recusa, 'a vítima durante o ataque');
      expect(aguarde).toBeLessThanOrEqual(2);
      await dormir(aguarde);
      expect((await entrar(s, vitima.email, vitima.password, '198.18.2.1')).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('an address the user signed in from before is not slowed by the attack on the account', async () => {
    const s = await createTestServer({
      JOBS: 'off',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '5',
      RATE_LIMIT_SIGNIN_ACCOUNT_PACE_SECONDS: '60',
    });
    try {
      const vitima = await createUser(s, { email: 'conhecida@acme.com.br', password: 'senha-conhecida' });
      expect((await entrar(s, vitima.email, vitima.password, '203.0.113.50')).statusCode).toBe(200);
      const respostas = [];
      for (let i = 0; i < 10; i++)
        respostas.push(await entrar(s, vitima.email, 'chute', `198.19.0.${i + 1}`));
      expect(respostas.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429, 429]);
      expect(espera(respostas[9]!)).toBeGreaterThan(50);
      // A new address waits its turn; the usual one goes straight in.
      espera(await entrar(s, vitima.email, vitima.password, '203.0.113.51'), 'um IP novo');
      expect((await entrar(s, vitima.email, vitima.password, '203.0.113.50')).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('only failures count: a right password does not use up the limit and forgets the failures from its address', async () => {
    const u = await createUser(t, { email: 'distraida@acme.com.br', password: 'senha-distraida' });
    for (let i = 0; i < 7; i++)
      expect((await entrar(t, u.email, 'quase', '203.0.113.60')).statusCode).toBe(401);
    expect((await entrar(t, u.email, u.password, '203.0.113.60')).statusCode).toBe(200);
    for (let i = 0; i < 8; i++)
      expect((await entrar(t, u.email, 'quase', '203.0.113.60')).statusCode, `tentativa ${i + 1}`).toBe(401);
    espera(await entrar(t, u.email, 'quase', '203.0.113.60'), '9ª falha seguida');
  });

  it('30 guesses at once from one address for one account: no more than 8 reach the password check', async () => {
    const u = await createUser(t, { email: 'rajada@acme.com.br', password: 'senha-da-rajada' });
    const respostas = await Promise.all(
      Array.from({ length: 30 }, (_, i) => entrar(t, u.email, `rajada-${i}`, '203.0.113.65')),
    );
    const status = respostas.map((r) => r.statusCode);
    expect(status.filter((c) => c === 401)).toHaveLength(8);
    expect(status.filter((c) => c === 429)).toHaveLength(22);
  });

  it('right passwords are limited too, at ten times the failures: RATE_LIMIT_SIGNIN_PER_IP=1 lets 10 sign-ins through', async () => {
    const s = await createTestServer({ JOBS: 'off', RATE_LIMIT_SIGNIN_PER_IP: '1' });
    try {
      const u = await createUser(s, { email: 'frequente@acme.com.br', password: 'senha-frequente' });
      for (let i = 0; i < 10; i++)
        expect((await entrar(s, u.email, u.password, '192.0.2.80')).statusCode, `entrada ${i + 1}`).toBe(200);
      espera(await entrar(s, u.email, u.password, '192.0.2.80'), '11ª entrada');
      expect((await entrar(s, u.email, u.password, '192.0.2.81')).statusCode, 'de outro IP').toBe(200);
    } finally {
      await s.close();
    }
  });

  it('two-factor codes and reset requests also say how long to wait, in Retry-After too', async () => {
    const codigo = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        remoteAddress: '203.0.113.90',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: { code: '123456' },
      });
    for (let i = 0; i < 10; i++) expect((await codigo()).statusCode).not.toBe(429);
    expect(espera(await codigo(), '11º código')).toBeLessThanOrEqual(300);

    const pedir = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: '203.0.113.91',
        headers: json(),
        payload: { email: 'pedidos@acme.com.br', redirectTo: '/reset-password' },
      });
    for (let i = 0; i < 3; i++) expect((await pedir()).statusCode).toBe(200);
    expect(espera(await pedir(), '4º pedido')).toBeLessThanOrEqual(3600);
  });
});

describe("security 6: the admin sees and clears a user's blocks", () => {
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let cliente: Awaited<ReturnType<typeof clienteComSessao>>;
  beforeAll(async () => {
    admin = await createAdmin(t);
    cliente = await clienteComSessao(t, { email: 'curiosa@acme.com.br' });
  });

  const bloqueios = (id: string, cookie?: string, method: 'GET' | 'DELETE' = 'GET') =>
    t.app.inject({ method, url: `/api/admin/usuarios/${id}/bloqueios`, headers: json(cookie) });

  it('lists the addresses with failures (blocked or not, until when) and the account total; "Liberar acesso" clears them', async () => {
    const u = await createUser(t, { email: 'bloqueada@acme.com.br', password: 'senha-bloqueada' });
    for (let i = 0; i < 9; i++) await entrar(t, u.email, 'errada', '203.0.113.70');
    for (let i = 0; i < 2; i++) await entrar(t, 'Bloqueada@ACME.com.br', 'errada', '203.0.113.71');
    espera(await entrar(t, u.email, u.password, '203.0.113.70'), 'bloqueada no IP .70');

    const antes = Date.now();
    const lista = await bloqueios(u.id, admin.cookie);
    expect(lista.statusCode).toBe(200);
    const corpo = lista.json() as {
      enderecos: { ip: string; falhas: number; bloqueado: boolean; ate: string }[];
      conta: { falhas: number; lenta: boolean; ate: string } | null;
      limites: { porEndereco: number; porConta: number; intervaloSegundos: number };
    };
    expect(corpo.enderecos.map(({ ate: _, ...e }) => e)).toEqual([
      { ip: '203.0.113.70', falhas: 8, bloqueado: true },
      { ip: '203.0.113.71', falhas: 2, bloqueado: false },
    ]);
    for (const e of corpo.enderecos) {
      const ate = Date.parse(e.ate);
      expect(ate).toBeGreaterThan(antes + 14 * 60_000);
      expect(ate).toBeLessThanOrEqual(antes + 15 * 60_000 + 1000);
    }
    expect(corpo.conta).toMatchObject({ falhas: 10, lenta: false });
    expect(corpo.limites).toEqual({ porEndereco: 8, porConta: 50, intervaloSegundos: 10 });

    const liberar = await bloqueios(u.id, admin.cookie, 'DELETE');
    expect(liberar.statusCode).toBe(204);
    expect((await bloqueios(u.id, admin.cookie)).json()).toMatchObject({ enderecos: [], conta: null });
    expect((await entrar(t, u.email, u.password, '203.0.113.70')).statusCode, 'liberada').toBe(200);
  });

  it('a user with no failures has nothing to show; an unknown user is 404', async () => {
    const u = await createUser(t, { email: 'tranquila@acme.com.br' });
    expect((await bloqueios(u.id, admin.cookie)).json()).toMatchObject({ enderecos: [], conta: null });
    expect((await bloqueios('nao-existe', admin.cookie)).statusCode).toBe(404);
    expect((await bloqueios('nao-existe', admin.cookie, 'DELETE')).statusCode).toBe(404);
  });

  it('a client gets 403 and a visitor 401, and neither clears anything', async () => {
    const u = await createUser(t, { email: 'protegida@acme.com.br' });
    for (let i = 0; i < 3; i++) await entrar(t, u.email, 'errada', '203.0.113.75');
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await bloqueios(u.id, cliente.cookie, method)).statusCode, `${method} cliente`).toBe(403);
      const visitante = await bloqueios(u.id, undefined, method);
      expect(visitante.statusCode, `${method} visitante`).toBe(401);
      expect((visitante.json() as { error: { code: string } }).error.code).toBe('NAO_AUTENTICADO');
    }
    expect((await bloqueios(u.id, admin.cookie)).json()).toMatchObject({
      enderecos: [{ ip: '203.0.113.75', falhas: 3, bloqueado: false }],
    });
  });
});
