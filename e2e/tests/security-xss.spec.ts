import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  adminApi,
  criarCliente,
  diaEmSaoPaulo,
  novaPagina,
  primeiroAcesso,
  sufixo,
  waitForEmail,
} from './support';

/*
 * Security checklist, item 5 (the browser's half; the server's is apps/server/test/security/xss.test.ts):
 * markup stored through the API in every field the product shows back is displayed as text and never
 * runs. Each page is visited with a tripwire: any dialog (alert) fails the test, and an onerror
 * payload would set window.__xss. The pages' Content-Security-Policy already stops inline handlers
 * from running, so the tripwire alone could miss an injection: each page is also checked for the
 * injected elements themselves (no <img src=x>, no <script> with the payload). The admin's lists,
 * the laudo page, the e-mail messages screen, the client's dashboard, vencimentos, documentos and
 * notificações, the blog and the company name.
 */

const IMG = '<img src=x onerror=alert(1)>';
const IMG_FLAG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '"><script>window.__xss=1</script>';
const JS = 'javascript:alert(1)';

const id = sufixo();
const cliente = {
  email: `xss-${id}@e2e.laudos.test`,
  nome: `Cliente ${IMG}`,
  empresa: `Empresa ${IMG_FLAG} ${id}`,
  telefone: SCRIPT,
  senha: `senha-xss-${id}`,
};
const laudo = {
  nome: `Laudo ${IMG} ${id}`,
  codigo: `C-${id}-${SCRIPT}`,
  observacoes: `${IMG_FLAG} ${JS} ${SCRIPT}`,
  arquivo: `${IMG}.pdf`,
};
const post = {
  titulo: `Post ${SCRIPT} ${id}`,
  resumo: `Resumo ${IMG}`,
  conteudo: `Texto ${IMG_FLAG}\n\n[clique](${JS})\n\n<script>window.__xss=1</script>`,
};
const empresaNome = `Firma ${SCRIPT}`;

let admin: APIRequestContext;
let nomeOriginal = '';
let laudoId = '';
let usuarioId = '';
let postId = '';
let slug = '';
let temporaria = '';

function pdfMinimo(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL ausente');
  admin = await adminApi(baseURL);
  const settings = await (await admin.get('/api/admin/settings')).json();
  nomeOriginal = settings.branding.companyName;
  settings.branding.companyName = empresaNome;
  expect((await admin.put('/api/admin/settings', { data: settings })).ok()).toBe(true);

  temporaria = await criarCliente(admin, cliente.nome, cliente.email, cliente.empresa);
  const lista = await (
    await admin.get(`/api/admin/usuarios?busca=${encodeURIComponent(cliente.email)}`)
  ).json();
  usuarioId = lista.usuarios[0].id as string;
  expect(
    (await admin.patch(`/api/admin/usuarios/${usuarioId}`, { data: { telefone: cliente.telefone } })).ok(),
  ).toBe(true);

  const criado = await admin.post('/api/laudos', {
    data: {
      nome: laudo.nome,
      codigo: laudo.codigo,
      tipo: 'NR-13',
      cliente: cliente.empresa,
      emailCliente: cliente.email,
      observacoes: laudo.observacoes,
      dataVencimento: diaEmSaoPaulo(10),
    },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  laudoId = (await criado.json()).laudo.id;
  const upload = await admin.post(`/api/laudos/${laudoId}/arquivos/pdf`, {
    multipart: { arquivo: { name: laudo.arquivo, mimeType: 'application/pdf', buffer: pdfMinimo() } },
  });
  expect(upload.status(), await upload.text()).toBe(200);

  const blog = await admin.post('/api/admin/blog/posts', { data: { ...post, publicado: true } });
  expect(blog.status(), await blog.text()).toBe(201);
  ({ id: postId, slug } = await blog.json());
  await waitForEmail(
    admin,
    (m) => m.toEmail === cliente.email && m.subject.includes(id),
    'o e-mail "Novo Laudo Criado" com o nome do laudo',
  );
});

test.afterAll(async () => {
  // Leave the shared server as it was for the other journeys: the company name, no stray post.
  const settings = await (await admin.get('/api/admin/settings')).json();
  settings.branding.companyName = nomeOriginal;
  expect((await admin.put('/api/admin/settings', { data: settings })).ok()).toBe(true);
  if (postId) expect((await admin.delete(`/api/admin/blog/posts/${postId}`)).status()).toBe(204);
  if (usuarioId) expect((await admin.delete(`/api/admin/usuarios/${usuarioId}`)).status()).toBe(204);
});

/** Fails on any dialog the page opens. */
function armar(page: Page): string[] {
  const dialogos: string[] = [];
  page.on('dialog', (d) => {
    dialogos.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return dialogos;
}

/** The texts are on screen as text, and nothing ran: no dialog, no flag, no injected <img> or <script>. */
async function conferir(page: Page, dialogos: string[], textos: string[]) {
  for (const texto of textos) await expect(page.getByText(texto).first(), texto).toBeVisible();
  await page.waitForLoadState('load');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('script', { hasText: '__xss' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogos).toEqual([]);
}

async function paginaDoAdmin(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    storageState: await admin.storageState(),
  });
  return context.newPage();
}

test('the admin’s screens show the stored markup as text and run none of it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await paginaDoAdmin(browser, baseURL!);
  const dialogos = armar(page);

  await page.goto('/admin');
  await page.getByLabel('Buscar').fill(id);
  await conferir(page, dialogos, [cliente.nome, cliente.empresa]);

  await page.goto('/admin?aba=laudos');
  await page.getByLabel('Buscar').fill(id);
  await conferir(page, dialogos, [laudo.nome, laudo.codigo]);

  await page.goto(`/laudos/${laudoId}`);
  await conferir(page, dialogos, [
    laudo.nome,
    laudo.codigo,
    cliente.empresa,
    laudo.observacoes,
    laudo.arquivo,
  ]);

  // The e-mail messages screen, and one message opened in its sandboxed frame.
  await page.goto('/admin/email-templates?aba=mensagens');
  await page.getByLabel('Buscar').fill(id);
  const assunto = `Novo Laudo Criado: ${laudo.nome}`;
  await conferir(page, dialogos, [assunto, cliente.nome]);
  await page
    .getByRole('button', { name: `Ver mensagem ${assunto}` })
    .first()
    .click();
  const quadro = page.getByTitle(`Conteúdo do e-mail: ${assunto}`);
  await expect(quadro).toHaveAttribute('sandbox', '');
  const dentro = page.frameLocator('iframe[title^="Conteúdo do e-mail"]');
  // (The first copy of the subject is the hidden preheader; the body shows it again.)
  await expect(dentro.locator('body')).toContainText(`Laudo ${IMG}`);
  await expect(dentro.locator('body')).toContainText(empresaNome);
  await expect(dentro.locator('img[src="x"]')).toHaveCount(0);
  await conferir(page, dialogos, []);
  await page.context().close();
});

test('the client’s screens show the stored markup as text and run none of it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await novaPagina(browser, baseURL!);
  const dialogos = armar(page);
  await primeiroAcesso(page, cliente.email, temporaria, cliente.senha);

  for (const [caminho, textos] of [
    ['/dashboard', [laudo.nome]],
    ['/vencimentos', [laudo.nome, laudo.codigo]],
    ['/documentos', [laudo.nome]],
    [`/laudos/${laudoId}`, [laudo.nome, laudo.codigo, laudo.observacoes, laudo.arquivo]],
    ['/notificacoes', [laudo.nome]],
  ] as const) {
    await page.goto(caminho);
    await conferir(page, dialogos, [...textos]);
  }
  await page.context().close();
});

test('the public blog and the company name are escaped in the server’s HTML and inert in the page', async ({
  page,
}) => {
  const dialogos = armar(page);
  for (const caminho of [`/blog/${slug}`, '/blog', '/']) {
    const html = await (await admin.get(caminho)).text();
    expect(html, caminho).not.toContain(IMG);
    expect(html, caminho).not.toContain(IMG_FLAG);
    expect(html, caminho).not.toContain('<script>window.__xss');
    expect(html, caminho).not.toMatch(/<a[^>]*href="javascript:/i);
  }
  expect(await (await admin.get(`/blog/${slug}`)).text()).toContain('Texto &lt;img src=x onerror=');

  const resposta = await page.goto(`/blog/${slug}`);
  // The second line of defence: no inline script or handler would run even if one got through.
  expect(resposta?.headers()['content-security-policy']).toContain("script-src-attr 'none'");
  await conferir(page, dialogos, [post.titulo, `Texto ${IMG_FLAG}`, empresaNome]);
  await expect(page).toHaveTitle(new RegExp(post.titulo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await page.goto('/blog');
  await conferir(page, dialogos, [post.titulo, post.resumo]);
  await page.goto('/');
  await conferir(page, dialogos, [empresaNome]);
});
