import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signedSessionToken } from '../src/auth/session.ts';
import { authSession, empresas, usuarios } from '../src/db/schema.ts';
import { createUser, json } from './helpers/accounts.ts';
import { createTestServer, signIn } from './helpers/server.ts';

/*
 * The session check every authenticated request makes (auth/session.ts, issue 15): one prepared
 * query by the cookie's token, and Better Auth's rules for expiry and renewal still in force.
 */

const t = await createTestServer();
afterAll(() => t.close());
const db = t.server.database.db;

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: json(cookie) });

async function clienteEntrou() {
  const u = await createUser(t);
  return { ...u, cookie: await signIn(t.app, u.email, u.password) };
}

/** The session token inside a `name=value.signature` cookie string. */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(
    cookie
      .split('; ')
      .find((c) => c.includes('session_token='))!
      .split('=')[1]!,
  );
  return value.slice(0, value.lastIndexOf('.'));
}

describe('the session check', () => {
  it('a signed cookie is read; a forged or altered one is signed out', async () => {
    const u = await clienteEntrou();
    expect((await me(u.cookie)).statusCode).toBe(200);

    const token = tokenOf(u.cookie);
    // The right token with someone else's signature (a guessed or reused HMAC) is nobody.
    const forjado = `better-auth.session_token=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await me(forjado)).statusCode).toBe(401);
    // Without the signature at all, or with a cookie of another name, also nobody.
    expect((await me(`better-auth.session_token=${token}`)).statusCode).toBe(401);
    expect((await me(u.cookie.replace('session_token=', 'session_tokens='))).statusCode).toBe(401);
    // Malformed percent-encoding is a 401, never a 500.
    expect((await me('better-auth.session_token=%E0%A4%A')).statusCode).toBe(401);
  });

  it('signedSessionToken checks the HMAC the way Better Auth signs it', () => {
    const assinatura = createHmac('sha256', 'segredo').update('abc').digest('base64');
    const cookie = `x=1; nome=${encodeURIComponent(`abc.${assinatura}`)}; y=2`;
    expect(signedSessionToken(cookie, 'nome', 'segredo')).toBe('abc');
    expect(signedSessionToken(cookie, 'nome', 'outro-segredo')).toBeNull();
    expect(signedSessionToken(cookie, 'outro', 'segredo')).toBeNull();
  });

  it('the profile comes with the session: a change is seen on the very next request', async () => {
    const u = await clienteEntrou();
    const [acme] = await db
      .insert(empresas)
      .values({ razaoSocial: 'Acme Ltda', nomeFantasia: 'Acme' })
      .returning();
    await db.update(usuarios).set({ nome: 'Nome Novo', empresaId: acme!.id }).where(eq(usuarios.id, u.id));
    const body = (await me(u.cookie)).json();
    expect(body.user ?? body).toMatchObject({ nome: 'Nome Novo', empresa: 'Acme' });

    await db.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, u.id));
    const inativo = await me(u.cookie);
    expect(inativo.statusCode).toBe(403);
  });

  it('an ended session stops working at once', async () => {
    const u = await clienteEntrou();
    await db.delete(authSession).where(eq(authSession.userId, u.id));
    expect((await me(u.cookie)).statusCode).toBe(401);
  });

  it('an expired session is signed out and removed', async () => {
    const u = await clienteEntrou();
    await db
      .update(authSession)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(authSession.token, tokenOf(u.cookie)));
    expect((await me(u.cookie)).statusCode).toBe(401);
    const restantes = await db.select().from(authSession).where(eq(authSession.userId, u.id));
    expect(restantes).toHaveLength(0);
  });

  it('a session in use for over a day is renewed for another week', async () => {
    const u = await clienteEntrou();
    // Signed in six days ago: one day of its week left, past the daily renewal age.
    await db
      .update(authSession)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(authSession.token, tokenOf(u.cookie)));
    const renovada = await me(u.cookie);
    expect(renovada.statusCode).toBe(200);
    // The browser's cookie is renewed too: the same token, another week, or it would be dropped a
    // week after sign-in while the session lives on.
    const setCookie = [renovada.headers['set-cookie'] ?? []].flat().join('\n');
    expect(setCookie).toContain(encodeURIComponent(tokenOf(u.cookie)).slice(0, 16));
    expect(setCookie).toMatch(/session_token=[^;]+;.*Max-Age=604800/);
    const [s] = await db
      .select()
      .from(authSession)
      .where(eq(authSession.token, tokenOf(u.cookie)));
    const diasRestantes = (s!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(diasRestantes).toBeGreaterThan(6.9);
    // And the renewed session keeps working on the fast path, which sets no cookie.
    const depois = await me(u.cookie);
    expect(depois.statusCode).toBe(200);
    expect(depois.headers['set-cookie']).toBeUndefined();
  });

  it('a session whose user has no profile is signed out', async () => {
    const u = await clienteEntrou();
    await db.delete(usuarios).where(eq(usuarios.id, u.id));
    expect((await me(u.cookie)).statusCode).toBe(401);
  });
});
