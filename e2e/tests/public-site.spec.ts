import { gunzipSync, gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { servicos } from '../../apps/web/src/features/marketing/servicos';
import { solidPng } from './png';
import { adminApi, sufixo } from './support';

/*
 * The public site (issue 7): pages rendered on the server, found without JavaScript, accessible,
 * light; the blog from the admin's editor to the visitor; the WhatsApp chat.
 */

const EMPRESA = 'Laudos Engenharia';

type Post = { id: string; slug: string; titulo: string; resumo: string };

async function criarPost(admin: APIRequestContext, publicar: boolean, comCapa: boolean): Promise<Post> {
  const id = sufixo();
  const response = await admin.post('/api/admin/blog/posts', {
    data: {
      titulo: `Inspeção de vasos de pressão ${id}`,
      resumo: `O que muda na inspeção periódica NR-13 — resumo ${id}.`,
      conteudo: `Texto do post ${id}.\n\n## Documentos\n\n- Prontuário\n- Registro de segurança`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const post = (await response.json()) as Post;
  if (comCapa) {
    const capa = await admin.put(`/api/admin/blog/posts/${post.id}/capa`, {
      multipart: {
        arquivo: { name: 'capa.png', mimeType: 'image/png', buffer: solidPng(1200, 630, [7, 118, 171]) },
      },
    });
    expect(capa.ok(), await capa.text()).toBe(true);
  }
  if (publicar) {
    const published = await admin.post(`/api/admin/blog/posts/${post.id}/publicar`);
    expect(published.ok(), await published.text()).toBe(true);
  }
  return post;
}

function decode(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

function head(html: string) {
  const meta = (name: string) =>
    decode(new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '');
  return {
    title: decode(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? ''),
    h1: decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? ''),
    description: meta('description'),
    ogTitle: meta('og:title'),
    ogDescription: meta('og:description'),
    ogImage: meta('og:image'),
  };
}

let publicado: Post;
let rascunho: Post;

test.beforeAll(async ({ baseURL }) => {
  const admin = await adminApi(baseURL as string);
  publicado = await criarPost(admin, true, true);
  rascunho = await criarPost(admin, false, true);
  await admin.dispose();
});

test('every public page arrives as HTML, before any script, with its heading and its own title', async ({
  request,
}) => {
  const paginas: [string, RegExp | string][] = [
    ['/', /Laudos técnicos e inspeções/],
    ...servicos.map((s): [string, string] => [s.path, s.titulo]),
    ['/planos', 'Planos'],
    ['/terms', 'Termos de uso e política de privacidade'],
    ['/blog', 'Blog'],
  ];
  const titles = new Map<string, string>();
  for (const [path, heading] of paginas) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const page = head(await response.text());
    if (typeof heading === 'string') expect(page.h1, path).toBe(heading);
    else expect(page.h1, path).toMatch(heading);
    expect(page.title, path).toMatch(new RegExp(`\\| ${EMPRESA}$`));
    expect(page.description.length, path).toBeGreaterThan(50);
    expect(page.ogTitle, path).not.toBe('');
    expect(page.ogDescription, path).toBe(page.description);
    expect([...titles.values()], `${path}: título repetido`).not.toContain(page.title);
    titles.set(path, page.title);
  }
  // The aliases are the same pages.
  expect(head(await (await request.get('/privacy')).text()).title).toBe(titles.get('/terms'));
  expect(head(await (await request.get('/blogs')).text()).title).toBe(titles.get('/blog'));

  // /planos lists the active plans from the database, cheapest first.
  const planos = await (await request.get('/planos')).text();
  const { planos: ativos } = (await (await request.get('/api/planos')).json()) as {
    planos: { nome: string }[];
  };
  expect(ativos.length).toBeGreaterThan(0);
  const positions = ativos.map((p) => planos.indexOf(`>${p.nome}</h2>`));
  expect(positions.every((p) => p > 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);

  // An unknown address is a real 404, with its page.
  const missing = await request.get('/um/caminho/que/nao/existe');
  expect(missing.status()).toBe(404);
  expect(head(await missing.text()).h1).toBe('Página não encontrada');
});

test('a published post arrives as HTML with its title, description and cover; a draft does not exist for visitors', async ({
  request,
}) => {
  for (const path of [
    `/blog/${publicado.id}`,
    `/blog/${publicado.slug}`,
    `/blogs/${publicado.id}`,
    `/blogs/${publicado.slug}`,
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const page = head(html);
    expect(page.h1).toBe(publicado.titulo);
    expect(page.title).toBe(`${publicado.titulo} | ${EMPRESA}`);
    expect(page.description).toBe(publicado.resumo);
    expect(page.ogImage).toMatch(/\/api\/blog\/posts\/.+\/capa/);
    expect(html).toContain('<h2>Documentos</h2>');
    expect(html).toContain(
      `<link rel="canonical" href="${new URL(response.url()).origin}/blog/${publicado.slug}">`,
    );
  }
  const lista = await (await request.get('/blog')).text();
  expect(lista).toContain(publicado.titulo);
  expect(lista).not.toContain(rascunho.titulo);

  for (const path of [`/blog/${rascunho.id}`, `/blog/${rascunho.slug}`, `/blogs/${rascunho.id}`]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).not.toContain(rascunho.titulo);
  }
  expect((await request.get(`/api/blog/posts/${rascunho.id}`)).status()).toBe(404);
  expect((await request.get(`/api/blog/posts/${rascunho.id}/capa`)).status()).toBe(404);
});

test('search engines find the pages: sitemap.xml, robots.txt and the RSS feed', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const urls = await sitemap.text();
  for (const path of ['/', '/planos', '/blog', '/terms', ...servicos.map((s) => s.path)]) {
    expect(urls).toContain(`${new URL(sitemap.url()).origin}${path}</loc>`);
  }
  expect(urls).toContain(`/blog/${publicado.slug}</loc>`);
  expect(urls).not.toContain(rascunho.slug);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^User-agent: \*/m);
  expect(robots).toMatch(/^Disallow: \/admin/m);
  expect(robots).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);

  const rss = await request.get('/blog/rss.xml');
  expect(rss.headers()['content-type']).toContain('application/rss+xml');
  const feed = await rss.text();
  expect(feed).toContain(publicado.titulo);
  expect(feed).not.toContain(rascunho.titulo);
});

test('public pages load only the public script: the home page stays under 100 KB of JavaScript', async ({
  page,
}) => {
  const app = /<script type="module" crossorigin src="([^"]+)"/.exec(
    await (await page.request.get('/login')).text(),
  )?.[1];
  expect(app, 'script do app em index.html').toBeTruthy();

  for (const path of ['/', '/planos', '/servicos/nr13', `/blog/${publicado.slug}`]) {
    const scripts: string[] = [];
    let gzipped = 0;
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(new URL(response.url()).pathname);
      const body = await response.body();
      const encoding = response.headers()['content-encoding'];
      const raw = encoding === 'gzip' ? gunzipSync(body) : body;
      gzipped += gzipSync(raw).length;
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    expect(scripts, path).not.toContain(app);
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(gzipped, `${path}: ${scripts.join(', ')}`).toBeLessThan(100 * 1024);
    page.removeAllListeners('response');
  }

  // Images are sized and those below the fold wait until needed.
  await page.goto('/blog');
  const cover = page.locator('main img').first();
  await expect(cover).toHaveAttribute('width', /\d+/);
  await expect(cover).toHaveAttribute('height', /\d+/);
  await expect(cover).toHaveAttribute('loading', 'lazy');
});

test('axe finds no accessibility violation on any public page, also with the chat open', async ({ page }) => {
  // An axe pass on each of a dozen pages, twice with the chat: about 40 s on a quiet machine.
  test.setTimeout(120_000);
  const paths = [
    '/',
    ...servicos.map((s) => s.path),
    '/planos',
    '/terms',
    '/blog',
    `/blog/${publicado.slug}`,
    '/pagina-que-nao-existe',
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${path}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`),
    ).toEqual([]);
  }
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir chat do WhatsApp' }).click();
  await expect(page.getByRole('dialog', { name: 'Fale conosco pelo WhatsApp' })).toBeVisible();
  const withChat = await new AxeBuilder({ page }).analyze();
  expect(withChat.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
});

test('the chat widget sends the visitor to WhatsApp with "Olá! " and the text, in a new tab', async ({
  page,
  context,
}) => {
  // The WhatsApp site is not reachable from here: answer for it, and read the address asked.
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: 'WhatsApp' }));
  const { contact } = (await (await page.request.get('/api/settings/public')).json()) as {
    contact: { whatsapp: string };
  };

  for (const path of ['/servicos/nr12', '/login']) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Abrir chat do WhatsApp' }).click();
    const chat = page.getByRole('dialog', { name: 'Fale conosco pelo WhatsApp' });
    const enviar = chat.getByRole('button', { name: 'Enviar pelo WhatsApp' });
    await expect(enviar).toBeDisabled();
    await chat.getByLabel('Mensagem', { exact: true }).fill('   ');
    await expect(enviar).toBeDisabled();

    await chat.getByRole('button', { name: 'Quero adequação NR-12' }).click();
    await expect(chat.getByLabel('Mensagem', { exact: true })).toHaveValue('Quero adequação NR-12');
    await expect(enviar).toBeEnabled();
    const [popup] = await Promise.all([context.waitForEvent('page'), enviar.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(
      `https://wa.me/${contact.whatsapp}?text=${encodeURIComponent('Olá! Quero adequação NR-12')}`,
    );
    await popup.close();
    await expect(chat).toBeHidden();
    await page.getByRole('button', { name: 'Abrir chat do WhatsApp' }).click();
    await expect(chat.getByLabel('Mensagem', { exact: true })).toHaveValue('');
  }
});

test('on a narrow screen the menu button opens and closes the navigation, without the app', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/servicos/elevadores');
  const menu = page.getByRole('navigation', { name: 'Principal' });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('link', { name: 'Planos' }).click();
  await expect(page).toHaveURL(/\/planos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Planos' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden();
});
