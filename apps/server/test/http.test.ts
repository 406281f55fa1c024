import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createContaComSenha } from '../src/modules/usuarios/service.ts';
import { createTestServer, signIn, TEST_ORIGIN, type TestServer } from './helpers/server.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const errorShape = {
  error: { code: expect.any(String), message: expect.any(String) },
};

describe('health', () => {
  it('answers ok while the database answers', async () => {
    t = await createTestServer();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 in the error shape when the database is gone', async () => {
    t = await createTestServer();
    await t.server.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'error', database: 'error', ...errorShape });
    expect(res.json().error.message).toBe('O banco de dados não está respondendo.');
  });
});

describe('errors', () => {
  it('an unknown API route is a 404 in the error shape, for any method', async () => {
    t = await createTestServer();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/nao-existe' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NAO_ENCONTRADO', message: 'Rota não encontrada.' } });
    }
  });

  it('a malformed JSON body is a 400 in Portuguese, never a 500', async () => {
    t = await createTestServer();
    const cookie = await adminCookie(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie, 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: '{"mode":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'JSON_INVALIDO', message: 'O corpo da requisição não é um JSON válido.' },
    });
  });

  it('a body that fails validation names the field and saves nothing', async () => {
    t = await createTestServer();
    const cookie = await adminCookie(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { mode: 'turbo', branding: { primaryColor: 'azul' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('DADOS_INVALIDOS');
    expect(res.json().error.message).toContain('mode');
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } });
    expect(after.json()).toMatchObject({ mode: 'production', branding: { primaryColor: '#0BA2E9' } });
  });
});

describe('access control', () => {
  it('every operation in openapi.json declares x-access', async () => {
    t = await createTestServer();
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        id: `${method.toUpperCase()} ${p}`,
        access: op['x-access'],
      })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(6);
    for (const op of operations) {
      expect(['public', 'user', 'admin'], op.id).toContain(op.access);
    }
    expect(operations).toContainEqual({ id: 'GET /api/health', access: 'public' });
    expect(operations).toContainEqual({ id: 'GET /api/me', access: 'user' });
    expect(operations).toContainEqual({ id: 'PUT /api/admin/settings', access: 'admin' });
  });

  it('enforces x-access: 401 without a session, 403 for a client on an admin route', async () => {
    t = await createTestServer();
    const anon = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({
      error: { code: 'NAO_AUTENTICADO', message: 'Sessão expirada. Faça login novamente' },
    });

    await t.server.database.db.transaction((tx) =>
      createContaComSenha(tx, {
        email: 'cliente@acme.com.br',
        nome: 'Cliente',
        password: 'senha-do-cliente',
        tipo: 'cliente',
      }),
    );
    const client = await signIn(t.app, 'cliente@acme.com.br', 'senha-do-cliente');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: client } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'cliente@acme.com.br',
      tipo: 'cliente',
      primeiro_acesso: false,
    });
    expect(me.json().plano).toMatchObject({ nome: 'Básico', maxLaudos: 100 });

    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: { cookie: client },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject(errorShape);

    const admin = await adminCookie(t);
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: { cookie: admin },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('the public settings hold branding and contact, not the operating mode', async () => {
    t = await createTestServer();
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    expect(res.json().branding.primaryColor).toBe('#0BA2E9');
    expect(res.json()).not.toHaveProperty('mode');
  });
});

describe('web app and headers', () => {
  it('serves the app for deep links and security headers with a request id', async () => {
    const webDist = path.join(process.env.TMPDIR ?? '/tmp', `laudos-web-${process.pid}`);
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Laudos</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestServer({ WEB_DIST_DIR: webDist });

    const page = await t.app.inject({ method: 'GET', url: '/vencimentos/qualquer/coisa?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-request-id']).toBeTruthy();

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const api = await t.app.inject({ method: 'GET', url: '/api/vencimentos' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});

async function adminCookie(server: TestServer): Promise<string> {
  await server.server.database.db.transaction((tx) =>
    createContaComSenha(tx, {
      email: 'firma@laudos.test',
      nome: 'Firma',
      password: 'senha-da-firma',
      tipo: 'admin',
    }),
  );
  return signIn(server.app, 'firma@laudos.test', 'senha-da-firma');
}
