import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditoria, authAccount, usuarios } from '../src/db/schema.ts';
import { createUser } from './helpers/accounts.ts';
import { CookieJar, type OidcAccount, startOidcProvider } from './helpers/oidc.ts';
import { createTestServer, TEST_ORIGIN, type TestServer } from './helpers/server.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

let account: OidcAccount = { sub: 'g-1001', email: 'nova.cliente@gmail.test', name: 'Nova Cliente' };

async function setup(): Promise<TestServer> {
  const oidc = await startOidcProvider({
    clientId: 'laudos-teste',
    clientSecret: 'segredo-do-cliente-oidc',
    redirectUri: `${TEST_ORIGIN}/api/auth/callback/google`,
    account: () => account,
  });
  cleanups.push(() => oidc.close());
  const t = await createTestServer({
    JOBS: 'off',
    GOOGLE_CLIENT_ID: 'laudos-teste',
    GOOGLE_CLIENT_SECRET: 'segredo-do-cliente-oidc',
    GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  });
  cleanups.push(() => t.close());
  return t;
}

/** Clicks "Entrar com Google" and follows every redirect, as a browser would. */
async function signInWithGoogle(t: TestServer) {
  const jar = new CookieJar();
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/login' },
  });
  expect(start.statusCode).toBe(200);
  jar.store(start.headers['set-cookie'] as string[]);
  let url: string = start.json().url;
  expect(url).toContain('/auth?');
  const providerJar = new CookieJar();
  for (let i = 0; i < 10; i++) {
    if (url.startsWith(TEST_ORIGIN)) {
      const u = new URL(url);
      const res = await t.app.inject({
        method: 'GET',
        url: `${u.pathname}${u.search}`,
        headers: { cookie: jar.header() },
      });
      jar.store(res.headers['set-cookie'] as string[]);
      return { res, jar };
    }
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: providerJar.header() } });
    providerJar.store(res.headers.getSetCookie());
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}

describe('Google/Microsoft sign-in through OpenID Connect', () => {
  it('shows the provider only when configured', async () => {
    const t = await setup();
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.json().login).toEqual({ google: true, microsoft: false });
  });

  it('a new user: redirect, callback, a session, a client profile, landing on /dashboard', async () => {
    account = { sub: 'g-1001', email: 'nova.cliente@gmail.test', name: 'Nova Cliente' };
    const t = await setup();
    const { res, jar } = await signInWithGoogle(t);
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location), TEST_ORIGIN).toString()).toBe(`${TEST_ORIGIN}/dashboard`);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jar.header() } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'nova.cliente@gmail.test',
      nome: 'Nova Cliente',
      tipo: 'cliente',
      plano: { nome: 'Básico' },
    });
  });

  it('an e-mail that already has an account signs in to that account', async () => {
    const t = await setup();
    // An account whose owner proved the mailbox (first access from our e-mail, or a reset link).
    const existing = await createUser(t, {
      email: 'gestor@usina.test',
      nome: 'Gestor da Usina',
      emailVerified: true,
    });
    account = { sub: 'g-2002', email: 'gestor@usina.test', name: 'Outro Nome' };
    const { res, jar } = await signInWithGoogle(t);
    expect(new URL(String(res.headers.location), TEST_ORIGIN).toString()).toBe(`${TEST_ORIGIN}/dashboard`);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jar.header() } });
    expect(me.json()).toMatchObject({ id: existing.id, nome: 'Gestor da Usina' });
    const db = t.server.database.db;
    expect(await db.select().from(usuarios).where(eq(usuarios.email, 'gestor@usina.test'))).toHaveLength(1);
    const providers = (await db.select().from(authAccount).where(eq(authAccount.userId, existing.id))).map(
      (a) => a.providerId,
    );
    expect(providers.sort()).toEqual(['credential', 'google']);
    // The audit log (issue 22): one 'entrou' of this person, with the provider.
    const entradas = await db.select().from(auditoria).where(eq(auditoria.acao, 'entrou'));
    expect(entradas).toHaveLength(1);
    expect(entradas[0]).toMatchObject({
      atorTipo: 'usuario',
      atorId: existing.id,
      atorNome: 'Gestor da Usina',
      entidade: 'sessao',
      entidadeId: existing.id,
      detalhes: { metodo: 'google' },
    });
  });

  it('refuses to link into a self-registered account nobody proved is theirs (account pre-hijacking)', async () => {
    const t = await setup();
    // Someone registered the victim's e-mail with a password of their own; the victim now uses Google.
    await createUser(t, { email: 'vitima@usina.test', password: 'senha-do-atacante', emailVerified: false });
    account = { sub: 'g-4004', email: 'vitima@usina.test', name: 'Vítima' };
    const { res, jar } = await signInWithGoogle(t);
    expect(String(res.headers.location)).toContain('/login?error=');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jar.header() } });
    expect(me.statusCode).toBe(401);
  });

  it('a deactivated account gets no session and is sent back to /login', async () => {
    const t = await setup();
    const existing = await createUser(t, { email: 'inativo@usina.test', emailVerified: true });
    await t.server.database.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, existing.id));
    account = { sub: 'g-3003', email: 'inativo@usina.test', name: 'Inativo' };
    const { res, jar } = await signInWithGoogle(t);
    expect(String(res.headers.location)).toContain('/login');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jar.header() } });
    expect(me.statusCode).toBe(401);
    // No session, no 'entrou' in the audit log.
    expect(await t.server.database.db.select().from(auditoria).where(eq(auditoria.acao, 'entrou'))).toEqual(
      [],
    );
  });
});
