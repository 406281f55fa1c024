import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseEnv } from '../src/config.ts';
import { seed } from '../src/seed.ts';
import { createUser, lastEmailTo } from './helpers/accounts.ts';
import { createTestDatabase, testEngine } from './helpers/db.ts';
import { freePort, type ServerProcess, startServerProcess } from './helpers/process.ts';
import { createTestServer, type TestServer } from './helpers/server.ts';

/*
 * Start-up traps (issue 16): the README's defaults are the real ones, and a first try from
 * 127.0.0.1 or another computer signs in — while another site's page still cannot post here.
 */

const SENHA = 'senha-do-admin-123';
const EVIL = 'http://evil.example';

type Resposta = {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  json(): { error?: { code?: string; message?: string } };
};

/** A sign-in as a browser at `host` would send it: Host is where it goes, Origin the page's. */
function entrar(t: TestServer, host: string, origin: string, email: string, password: string, extra = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { host, origin, 'content-type': 'application/json', ...extra },
    payload: { email, password },
  }) as Promise<Resposta>;
}

function cookieDe(res: { headers: Record<string, unknown> }): string {
  return ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
}

function recusada(res: Resposta, message = 'Requisição de outra origem recusada.') {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error).toEqual({ code: 'ORIGEM_NAO_PERMITIDA', message });
}

describe('ADMIN_PASSWORD alone', () => {
  it('is a valid environment: ADMIN_EMAIL defaults to admin@laudos.local, as the README says', async () => {
    expect(() => parseEnv({ ADMIN_PASSWORD: SENHA })).not.toThrow();
    const config = loadConfig({
      DATA_DIR: '/tmp/laudos-seed-unused',
      AUTH_SECRET: 'x'.repeat(40),
      ADMIN_PASSWORD: SENHA,
    });
    const db = await createTestDatabase();
    try {
      expect(await seed(db.handle.db, config)).toEqual({
        kind: 'created-from-env',
        email: 'admin@laudos.local',
      });
    } finally {
      await db.destroy();
    }
  });
});

describe('PUBLIC_URL not set: the server takes its own local address', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({
      PUBLIC_URL: '',
      ADMIN_PASSWORD: SENHA,
      JOBS: 'on',
      EMAIL_RATE_PER_SECOND: '100',
    });
  });
  afterAll(() => t.close());

  it('the admin of ADMIN_PASSWORD signs in from localhost, 127.0.0.1, a LAN address and a LAN name', async () => {
    expect(t.server.seedResult).toEqual({ kind: 'created-from-env', email: 'admin@laudos.local' });
    for (const host of [
      'localhost:3000',
      '127.0.0.1:3000',
      '192.168.0.10:3000',
      '[::1]:3000',
      'servidor:3000',
      'servidor.local:3000',
      '10.0.0.5',
    ]) {
      const res = await entrar(t, host, `http://${host}`, 'admin@laudos.local', SENHA);
      expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
      const cookie = cookieDe(res);
      // The session works there, and so do state-changing calls (ours and Better Auth's).
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { host, cookie } });
      expect(me.json().email).toBe('admin@laudos.local');
      const outras = await t.app.inject({
        method: 'POST',
        url: '/api/auth/revoke-other-sessions',
        headers: { host, origin: `http://${host}`, cookie, 'content-type': 'application/json' },
        payload: {},
      });
      expect(outras.statusCode, `${host}: ${outras.body}`).toBe(200);
      const reenviar = await t.app.inject({
        method: 'POST',
        url: '/api/admin/email/limpar-logs',
        headers: { host, origin: `http://${host}`, cookie, 'content-type': 'application/json' },
        payload: { dias: 30 },
      });
      expect(reenviar.statusCode, `${host}: ${reenviar.body}`).toBeLessThan(400);
    }
  });

  it('another site’s page is still refused, whatever Host the request carries', async () => {
    const conta = await createUser(t, { email: 'cliente@acme.com.br' });
    const ok = await entrar(t, '127.0.0.1:3000', 'http://127.0.0.1:3000', conta.email, conta.password);
    const cookie = cookieDe(ok);
    // CSRF: the attacker's page has its own Origin; the browser sends our Host.
    for (const host of ['127.0.0.1:3000', 'localhost:3000', '192.168.0.10:3000']) {
      recusada(await entrar(t, host, EVIL, conta.email, conta.password));
      const sair = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { host, origin: EVIL, cookie, 'content-type': 'application/json' },
        payload: {},
      });
      recusada(sair as Resposta);
      recusada(
        (await t.app.inject({
          method: 'POST',
          url: '/api/laudos',
          headers: { host, origin: EVIL, cookie, 'content-type': 'application/json' },
          payload: { nome: 'De fora', codigo: 'FORA-1', tipo: 'NR-13' },
        })) as Resposta,
      );
    }
    // Same host, another port or scheme: another origin.
    recusada(
      await entrar(t, '127.0.0.1:3000', 'http://127.0.0.1:4000', conta.email, conta.password),
      'Para usar o sistema em http://127.0.0.1:4000, defina PUBLIC_URL=http://127.0.0.1:4000 no servidor e reinicie-o (atrás de um proxy reverso, defina também TRUST_PROXY=true). Sem PUBLIC_URL, só endereços locais são aceitos: localhost, um IP ou um nome da rede local.',
    );
    expect(
      (await entrar(t, '127.0.0.1:3000', 'https://127.0.0.1:3000', conta.email, conta.password)).statusCode,
    ).toBe(403);
    // A cross-site fetch, a cookie without Origin, an opaque origin.
    recusada(
      await entrar(t, '127.0.0.1:3000', 'http://127.0.0.1:3000', conta.email, conta.password, {
        'sec-fetch-site': 'cross-site',
      }),
    );
    recusada(
      (await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { host: '127.0.0.1:3000', cookie, 'content-type': 'application/json' },
        payload: {},
      })) as Resposta,
    );
    recusada(await entrar(t, '127.0.0.1:3000', 'null', conta.email, conta.password));
    // The session was not ended by any of the refused sign-outs.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { host: '127.0.0.1:3000', cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it('Host tricks do not let a foreign origin through', async () => {
    const conta = await createUser(t, { email: 'truques@acme.com.br' });
    const tentativas: [host: string, origin: string, extra?: Record<string, string>][] = [
      // DNS rebinding: the attacker's own name resolved to this machine. Only local names count.
      ['evil.example:3000', 'http://evil.example:3000'],
      ['127.0.0.1.evil.example', 'http://127.0.0.1.evil.example'],
      ['localhost.evil.example', 'http://localhost.evil.example'],
      // Malformed Hosts fall back to PUBLIC_URL's default (http://localhost:3000), never to the Origin.
      ['evil.example@127.0.0.1:3000', 'http://127.0.0.1:3000'],
      ['127.0.0.1:3000/evil', 'http://127.0.0.1:3000'],
      ['127.0.0.1:3000, evil.example', 'http://evil.example'],
      ['localhost.:3000', 'http://localhost.:3000'],
      // X-Forwarded-Host is not read without TRUST_PROXY.
      ['127.0.0.1:3000', EVIL, { 'x-forwarded-host': 'evil.example' }],
      ['127.0.0.1:3000', 'https://127.0.0.1:3000', { 'x-forwarded-proto': 'https' }],
    ];
    for (const [host, origin, extra] of tentativas) {
      const res = await entrar(t, host, origin, conta.email, conta.password, extra);
      expect(res.statusCode, `${host} / ${origin}: ${res.body}`).toBe(403);
      expect(res.json().error?.code).toBe('ORIGEM_NAO_PERMITIDA');
    }
    // A public name without PUBLIC_URL: told what to set.
    recusada(
      await entrar(t, 'laudos.exemplo.com.br', 'http://laudos.exemplo.com.br', conta.email, conta.password),
      'Para usar o sistema em http://laudos.exemplo.com.br, defina PUBLIC_URL=http://laudos.exemplo.com.br no servidor e reinicie-o (atrás de um proxy reverso, defina também TRUST_PROXY=true). Sem PUBLIC_URL, só endereços locais são aceitos: localhost, um IP ou um nome da rede local.',
    );
  });

  it('Better Auth on its own also trusts only the origin the request was checked against', async () => {
    const conta = await createUser(t, { email: 'direto@acme.com.br' });
    const { auth } = t.server.app.ctx;
    const pedir = (caminho: string, origin: string, cookie = '') =>
      auth.handler(
        new Request(`http://127.0.0.1:3000/api/auth/${caminho}`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify({ email: conta.email, password: conta.password }),
        }),
      );
    const entrou = await pedir('sign-in/email', 'http://127.0.0.1:3000');
    expect(entrou.status).toBe(200);
    const cookie = entrou.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // A cookie-bearing call from another origin: Better Auth's own check refuses it too.
    const fora = await pedir('sign-out', EVIL, cookie);
    expect(fora.status).toBe(403);
    expect(((await fora.json()) as { code: string }).code).toBe('INVALID_ORIGIN');
    // Another local address than the one the request went to is another origin as well.
    expect((await pedir('sign-out', 'http://192.168.0.99:3000', cookie)).status).toBe(403);
    expect((await pedir('sign-out', 'http://127.0.0.1:3000', cookie)).status).toBe(200);
  });

  it('a reset link asked for from a LAN address still points at PUBLIC_URL’s default, never at the Host', async () => {
    const conta = await createUser(t, { email: 'reset@acme.com.br', nome: 'Ana' });
    for (const host of ['192.168.0.10:3000', 'servidor.local']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
        payload: { email: conta.email, redirectTo: '/reset-password' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const mail = await lastEmailTo(t, conta.email, 'Redefinição de senha');
    expect(/https?:\/\/\S+reset-password\S*/.exec(mail.text)?.[0]).toMatch(
      /^http:\/\/localhost:3000\/reset-password\?token=\S+$/,
    );
    expect(mail.text).not.toMatch(/192\.168|servidor\.local/);
  });
});

describe('PUBLIC_URL not set, behind a proxy (TRUST_PROXY=true)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ PUBLIC_URL: '', TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('the address the proxy was opened at counts, under the same rules', async () => {
    const conta = await createUser(t, { email: 'proxy@acme.com.br' });
    const proxy = (host: string, proto = 'https') => ({
      'x-forwarded-host': host,
      'x-forwarded-proto': proto,
    });
    const ok = await entrar(
      t,
      '127.0.0.1:3000',
      'https://192.168.0.10:8443',
      conta.email,
      conta.password,
      proxy('192.168.0.10:8443'),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    recusada(
      await entrar(t, '127.0.0.1:3000', EVIL, conta.email, conta.password, proxy('192.168.0.10:8443')),
    );
    // A public name through the proxy still needs PUBLIC_URL.
    const publico = await entrar(
      t,
      '127.0.0.1:3000',
      'https://evil.example',
      conta.email,
      conta.password,
      proxy('evil.example'),
    );
    expect(publico.statusCode).toBe(403);
    expect(publico.json().error?.message).toMatch(
      /^Para usar o sistema em https:\/\/evil\.example, defina PUBLIC_URL=/,
    );
  });
});

describe('PUBLIC_URL set', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ PUBLIC_URL: 'https://laudos.exemplo.com.br/' });
  });
  afterAll(() => t.close());

  it('its origin signs in; the same server opened at another address is told which URL to open', async () => {
    const conta = await createUser(t, { email: 'cliente@acme.com.br' });
    const ok = await entrar(
      t,
      'laudos.exemplo.com.br',
      'https://laudos.exemplo.com.br',
      conta.email,
      conta.password,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    // Behind a proxy that does not pass the Host on, PUBLIC_URL still decides.
    expect(
      (await entrar(t, '127.0.0.1:3000', 'https://laudos.exemplo.com.br', conta.email, conta.password))
        .statusCode,
    ).toBe(200);

    recusada(
      await entrar(t, '192.168.0.10:3000', 'http://192.168.0.10:3000', conta.email, conta.password),
      'Este sistema está configurado para ser aberto em https://laudos.exemplo.com.br (PUBLIC_URL), não em http://192.168.0.10:3000. Abra https://laudos.exemplo.com.br no navegador ou, se http://192.168.0.10:3000 é o endereço certo, defina PUBLIC_URL=http://192.168.0.10:3000 no servidor e reinicie-o.',
    );
    expect(
      (await entrar(t, 'localhost:3000', 'http://localhost:3000', conta.email, conta.password)).json().error
        ?.message,
    ).toMatch(/^Este sistema está configurado para ser aberto em https:\/\/laudos\.exemplo\.com\.br/);
    // Another site gets no advice, only the refusal.
    recusada(await entrar(t, 'laudos.exemplo.com.br', EVIL, conta.email, conta.password));
    recusada(await entrar(t, '192.168.0.10:3000', EVIL, conta.email, conta.password));
  });
});

describe.runIf(testEngine === 'pglite')(
  'the server process with only ADMIN_PASSWORD and no PUBLIC_URL',
  () => {
    let p: ServerProcess | undefined;
    let dataDir = '';
    afterEach(async () => {
      await p?.stop('SIGKILL');
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('starts with admin@laudos.local, who signs in over HTTP at 127.0.0.1 and at localhost', async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-proc-'));
      const port = await freePort();
      p = startServerProcess({
        AUTH_SECRET: 'processo-de-teste-'.repeat(3),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: SENHA,
      });
      await p.waitFor(/Conta de administrador criada: admin@laudos\.local \(senha de ADMIN_PASSWORD\)/);
    expect(p.output()).toContain(`Sem PUBLIC_URL: abra também por http://127.0.0.1:${port}`);
      for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
        const res = await fetch(`${origin}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@laudos.local', password: SENHA }),
        });
        expect(res.status, `${origin}: ${await res.clone().text()}`).toBe(200);
      }
    });
  },
);
