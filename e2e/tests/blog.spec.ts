import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../global-setup';
import { solidPng } from './png';
import { adminApi, novaPagina, sufixo } from './support';

test('an admin writes and publishes a post with a cover; a visitor finds it, by id and by slug, until it is unpublished', async ({
  page,
  browser,
  baseURL,
}) => {
  const id = sufixo();
  const titulo = `Prontuário NR-13: o que guardar ${id}`;
  const resumo =
    'Os documentos que o prontuário de um vaso de pressão deve ter, e por quanto tempo guardá-los.';

  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/admin/blog');
  await page.getByRole('button', { name: 'Novo post' }).click();
  await page.getByLabel('Título', { exact: true }).fill(titulo);
  await page.getByLabel('Resumo', { exact: true }).fill(resumo);
  await page
    .getByLabel('Conteúdo', { exact: true })
    .fill(
      'O prontuário acompanha o equipamento.\n\n## O que ele contém\n\n- Código de projeto\n- Categoria do vaso',
    );
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(page.getByRole('heading', { name: 'O que ele contém' })).toBeVisible();

  // The cover is chosen while writing the first draft; it goes up once the save creates the post.
  await page.getByLabel('Capa', { exact: true }).setInputFiles({
    name: 'capa.png',
    mimeType: 'image/png',
    buffer: solidPng(1200, 630, [5, 71, 106]),
  });
  await expect(page.getByRole('img', { name: 'Capa escolhida: capa.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(page.getByRole('img', { name: `Capa atual do post “${titulo}”` })).toBeVisible();
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Ver no site (abre em nova aba)' })).toBeVisible();

  // The visitor, in another browser, finds it in the blog list and opens it.
  const visitante = await novaPagina(browser, baseURL as string);
  await visitante.goto('/blog');
  await visitante.getByRole('link', { name: titulo }).click();
  await expect(visitante.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  await expect(visitante.getByRole('heading', { name: 'O que ele contém' })).toBeVisible();
  const cover = visitante.locator('main article img').first();
  await expect(cover).toHaveAttribute('width', '1200');
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
  const slugUrl = visitante.url();
  expect(new URL(slugUrl).pathname).toMatch(/^\/blog\/prontuario-nr-13-o-que-guardar-/);

  const admin = await adminApi(baseURL as string);
  const lista = (await (await admin.get(`/api/admin/blog/posts?busca=${encodeURIComponent(id)}`)).json()) as {
    posts: { id: string; slug: string; publicado: boolean }[];
  };
  const post = lista.posts[0];
  expect(post?.publicado).toBe(true);
  await visitante.goto(`/blog/${post?.id}`);
  await expect(visitante.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  await visitante.goto(`/blogs/${post?.slug}`);
  await expect(visitante.getByRole('heading', { level: 1, name: titulo })).toBeVisible();

  // Unpublished: gone from the list and from its addresses.
  await page.getByRole('button', { name: 'Voltar aos posts' }).click();
  await page.getByRole('button', { name: `Despublicar ${titulo}` }).click();
  await expect(page.getByRole('button', { name: `Publicar ${titulo}` })).toBeVisible();
  for (const path of [`/blog/${post?.slug}`, `/blog/${post?.id}`]) {
    // The public pages' cache follows the change feed (decision 043): within a second, not at once.
    await expect.poll(async () => (await visitante.goto(path))?.status(), { timeout: 5_000 }).toBe(404);
    const response = await visitante.goto(path);
    expect(response?.status()).toBe(404);
    await expect(visitante.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  }
  await visitante.goto('/blog');
  await expect(visitante.getByRole('link', { name: titulo })).toHaveCount(0);
  await admin.dispose();
  await visitante.context().close();
});
