import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
  /** A web build in miniature: the app's index.html, the manifest and a server renderer. */
  function fakeWebBuild(): string {
    const root = mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'laudos-web-'));
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    mkdirSync(path.join(root, 'dist-ssr'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="theme-color" content="#0BA2E9" /><title>Laudos</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/public-entry.ts': { file: 'assets/public-1.js', imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared-1.js', css: ['assets/site-1.css'] },
      }),
    );
    writeFileSync(
      path.join(root, 'dist-ssr', 'entry-server.js'),
      `export const renderer = {
        staticPublicPaths: ['/', '/planos'],
        matchPublicPage: (p) => p.startsWith('/vencimentos') ? { kind: 'app' } : p === '/' ? { kind: 'home' } : p === '/planos' ? { kind: 'planos' } : { kind: 'not-found' },
        renderPublicPage: (page, data) => ({
          status: page.kind === 'not-found' ? 404 : 200,
          html: '<!doctype html><title>' + page.kind + '</title>' + JSON.stringify({ assets: data.assets, company: data.site.companyName, planos: data.planos?.map((p) => p.nome + (p.recomendado ? ' (recomendado)' : '')) }) + '<p>' + 'conteúdo '.repeat(300) + '</p>',
        }),
      };`,
    );
    return dist;
  }

  it('renders the public pages on the server and serves the app, with the settings, for its own routes', async () => {
    t = await createTestServer({ WEB_DIST_DIR: fakeWebBuild() });

    const page = await t.app.inject({ method: 'GET', url: '/vencimentos?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(page.body).toContain('<title>Laudos Engenharia</title>');
    expect(page.body).toContain(
      '<script type="application/json" id="site-info">{"companyName":"Laudos Engenharia"',
    );
    // The web app shows dates and counts due dates in the firm's time zone (APP_TIMEZONE).
    expect(page.body).toContain('"timeZone":"America/Sao_Paulo"}</script>');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-request-id']).toBeTruthy();

    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    // Pages go compressed to a browser that accepts it.
    const gz = await t.app.inject({
      method: 'GET',
      url: '/nao/existe',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.statusCode).toBe(404);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<title>not-found</title>');
    const homeBr = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(homeBr.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(homeBr.rawPayload).toString()).toContain('<title>home</title>');
    // JSON too, small or large (the synchronous and the stream path): decoded, the same reply.
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await t.app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { 'accept-encoding': encoding },
      });
      expect(packed.headers['content-encoding']).toBe(encoding);
      const decoded =
        encoding === 'br' ? brotliDecompressSync(packed.rawPayload) : gunzipSync(packed.rawPayload);
      expect(decoded.toString()).toBe(plain.body);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
    expect(home.body).toContain('<title>home</title>');
    expect(home.body).toContain('"css":["/assets/site-1.css"],"js":["/assets/public-1.js"]');
    const planos = await t.app.inject({ method: 'GET', url: '/planos' });
    expect(planos.body).toContain('"planos":["Básico","Profissional","Empresarial"]');
    // The plan the settings recommend is marked on the page (the web renders the "Recomendado" label).
    const profissional = (await t.app.inject({ method: 'GET', url: '/api/planos' }))
      .json()
      .planos.find((p: { nome: string }) => p.nome === 'Profissional');
    await t.server.settings.update({
      ...t.server.settings.get(),
      plans: { recommendedPlanId: profissional.id },
    });
    expect((await t.app.inject({ method: 'GET', url: '/planos' })).body).toContain(
      '"planos":["Básico","Profissional (recomendado)","Empresarial"]',
    );
    const missing = await t.app.inject({ method: 'GET', url: '/nao/existe' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>not-found</title>');

    // index.html is only ever sent with the settings written in.
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).body).not.toContain(
      '<title>Laudos</title>',
    );

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const api = await t.app.inject({ method: 'GET', url: '/api/vencimentos' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('a changed brand colour and company name reach every page at once', async () => {
    t = await createTestServer({ WEB_DIST_DIR: fakeWebBuild() });
    const cookie = await adminCookie(t);
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } });
    const body = settings.json();
    body.branding.companyName = 'Inspeções <Sul>';
    body.branding.primaryColor = '#C0392B';
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: body,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const app = await t.app.inject({ method: 'GET', url: '/vencimentos' });
    expect(app.body).toContain('<title>Inspeções &#60;Sul&#62;</title>');
    expect(app.body).toContain('"companyName":"Inspeções \\u003cSul>"');
    expect(app.body).toMatch(/<style>:root\{--color-brand-50:#[0-9a-f]{6};/);
    expect(app.body).toContain('<meta name="theme-color" content="#C0392B"');
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('"company":"Inspeções <Sul>"');
  });

  it('tells search engines where the pages are: sitemap.xml and robots.txt', async () => {
    t = await createTestServer({ WEB_DIST_DIR: fakeWebBuild(), PUBLIC_URL: 'https://laudos.example' });
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>https://laudos.example/</loc>');
    expect(sitemap.body).toContain('<loc>https://laudos.example/planos</loc>');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Sitemap: https://laudos.example/sitemap.xml');
  });

  it('says plainly when the web app was not built, and still serves the API', async () => {
    const empty = mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'laudos-web-vazio-'));
    t = await createTestServer({ WEB_DIST_DIR: empty });
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
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
