import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDaysIso, calendarDayIn } from '@laudos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, json, lastEmailTo } from '../helpers/accounts.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

/*
 * Security checklist, item 5 (the server's half; the browser's is e2e/tests/security-xss.spec.ts):
 * markup stored in every field the product shows back comes out escaped. The fields are set through
 * the API (laudo nome, código, cliente, observações; usuário nome, empresa, telefone; blog título,
 * resumo, conteúdo; the company name and contact in the settings); then the e-mails built from
 * them (the rendered outbox, sandbox mode), the blog's HTML and RSS, and the app page the server
 * writes the company name into must hold them only as text.
 */

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '"><script>alert(1)</script>';
const JS = 'javascript:alert(1)';
const FECHA_SCRIPT = '</script><script>alert(1)</script>';

/** Raw markup that would run if a page or a mail client rendered it. */
function marcacaoPerigosa(html: string): string[] {
  const achados: string[] = [];
  if (/<img[^>]*\bonerror\s*=/i.test(html)) achados.push('<img onerror>');
  if (/<script[^>]*>\s*alert\(1\)/i.test(html)) achados.push('<script>alert(1)');
  if (/<[a-z][^>]*\s(href|src)\s*=\s*["']?\s*javascript:/i.test(html)) achados.push('href/src javascript:');
  if (/<\/script><script>/i.test(html)) achados.push('</script><script>');
  return achados;
}

/** A web build in miniature (the app's index.html), so the server writes the settings into it. */
function webBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'laudos-xss-web-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="theme-color" content="#0BA2E9" /><title>Laudos</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/public-entry.ts': { file: 'assets/public.js' } }),
  );
  writeFileSync(
    path.join(root, 'dist-ssr', 'entry-server.js'),
    `export const renderer = { staticPublicPaths: ['/'], matchPublicPage: () => ({ kind: 'app' }), renderPublicPage: () => ({ status: 200, html: '' }) };`,
  );
  return dist;
}

let t: TestServer;
let adminCookie = '';
const CLIENTE = 'xss@acme.com.br';
let slug = '';

beforeAll(async () => {
  t = await createTestServer({ JOBS: 'on', EMAIL_RATE_PER_SECOND: '100', WEB_DIST_DIR: webBuild() });
  adminCookie = (await createAdmin(t)).cookie;
  const settings = t.server.settings.get();
  await t.server.settings.update({
    ...settings,
    mode: 'sandbox',
    branding: { ...settings.branding, companyName: `Firma ${SCRIPT}${FECHA_SCRIPT}` },
    contact: { ...settings.contact, phone: SCRIPT, address: IMG, website: JS },
  });

  // The client company, named with markup (issue 17: a company is its own record).
  const empresa = await t.app.inject({
    method: 'POST',
    url: '/api/admin/empresas',
    headers: json(adminCookie),
    payload: { razaoSocial: `Razão ${IMG}`, nomeFantasia: `Empresa ${SCRIPT}`, endereco: IMG },
  });
  expect(empresa.statusCode, empresa.body).toBe(201);
  const usuario = await t.app.inject({
    method: 'POST',
    url: '/api/admin/usuarios',
    headers: json(adminCookie),
    payload: { nome: `Nome ${IMG}`, email: CLIENTE, empresaId: empresa.json().empresa.id, telefone: SCRIPT },
  });
  expect(usuario.statusCode, usuario.body).toBe(201);
  const laudo = await t.app.inject({
    method: 'POST',
    url: '/api/laudos',
    headers: json(adminCookie),
    payload: {
      nome: `Laudo ${IMG}`,
      codigo: `COD-${SCRIPT}`,
      tipo: 'NR-13',
      cliente: `Empresa ${SCRIPT}`,
      observacoes: `${IMG} ${JS}`,
      emailCliente: CLIENTE,
      dataVencimento: addDaysIso(calendarDayIn(t.config.timeZone), 7),
    },
  });
  expect(laudo.statusCode, laudo.body).toBe(201);
  const run = await t.app.inject({
    method: 'POST',
    url: '/api/admin/notificacoes/executar',
    headers: json(adminCookie),
  });
  expect(run.json().execucao.enfileirados).toBe(1);

  const post = await t.app.inject({
    method: 'POST',
    url: '/api/admin/blog/posts',
    headers: json(adminCookie),
    payload: {
      titulo: `Post ${SCRIPT}`,
      resumo: `Resumo ${IMG}`,
      conteudo: [
        `Texto ${IMG} e ${SCRIPT}`,
        '<a href="javascript:alert(1)">link cru</a> <iframe src="javascript:alert(1)"></iframe>',
        '[clique](javascript:alert(1)) [maiúsculas](JaVaScRiPt:alert(1)) [entidade](&#106;avascript:alert(1))',
        '[tab](jav\tascript:alert(1)) ![imagem](javascript:alert(1)) <svg onload=alert(1)>',
      ].join('\n\n'),
      publicado: true,
    },
  });
  expect(post.statusCode, post.body).toBe(201);
  slug = post.json().slug;
}, 120_000);
afterAll(() => t?.close());

describe('security 5: stored XSS comes back escaped (server side)', () => {
  it('the e-mails built from those fields (welcome, new laudo, reminder) hold them only escaped', async () => {
    const mensagens = [
      await lastEmailTo(t, CLIENTE, 'Bem-vindo'),
      await lastEmailTo(t, CLIENTE, 'Novo Laudo Criado'),
      await lastEmailTo(t, CLIENTE, 'vence em 7 dias'),
    ];
    for (const m of mensagens) {
      expect(marcacaoPerigosa(m.html), m.subject).toEqual([]);
      expect(m.subject, 'assunto numa linha').not.toMatch(/[\r\n]/);
      // The company name (header, footer) and contact, as text.
      expect(m.html).toContain('Firma &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;/script&gt;');
      expect(m.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(m.html).toContain(JS); // the site, shown as text, never as a link
    }
    const [boasVindas, novoLaudo, lembrete] = mensagens;
    expect(boasVindas!.html).toContain('Nome &lt;img src=x onerror=alert(1)&gt;');
    for (const m of [novoLaudo!, lembrete!]) {
      expect(m.html).toContain('Laudo &lt;img src=x onerror=alert(1)&gt;');
      expect(m.subject).toContain(`Laudo ${IMG}`); // a header is text, not HTML
    }
    expect(novoLaudo!.html).toContain('COD-&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('the blog post’s HTML keeps none of the markup, and RSS escapes title and summary', async () => {
    const post = (await t.app.inject({ method: 'GET', url: `/api/blog/posts/${slug}` })).json();
    expect(marcacaoPerigosa(post.conteudoHtml)).toEqual([]);
    expect(post.conteudoHtml).not.toMatch(/<(iframe|svg|script)\b/i);
    expect(post.conteudoHtml).not.toMatch(/<[a-z][^>]*\s(href|src)="[^"]*script:/i);
    expect(post.conteudoHtml).toContain('Texto &lt;img src=x onerror=alert(1)&gt;');
    expect(post.titulo).toBe(`Post ${SCRIPT}`); // the API returns text; pages escape it
    const lista = (await t.app.inject({ method: 'GET', url: '/api/blog/posts' })).json();
    expect(lista.posts[0].resumo).toBe(`Resumo ${IMG}`);

    const rss = await t.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(marcacaoPerigosa(rss.body)).toEqual([]);
    expect(rss.body).toContain('<title>Post &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(rss.body).toContain('<description>Resumo &lt;img src=x onerror=alert(1)&gt;</description>');
  });

  it('the app page the server writes the company name into escapes it, and the inline JSON cannot close its script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(marcacaoPerigosa(page.body)).toEqual([]);
    expect(page.body).toContain(
      '<title>Firma &#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;/script&#62;',
    );
    const json = /<script type="application\/json" id="site-info">(.*?)<\/script>/s.exec(page.body)?.[1];
    expect(json, 'site-info').toBeTruthy();
    expect(JSON.parse(json!).companyName).toBe(`Firma ${SCRIPT}${FECHA_SCRIPT}`);
    expect(page.body.match(/<script/g)?.length, 'só o script de dados').toBe(1);
  });
});
