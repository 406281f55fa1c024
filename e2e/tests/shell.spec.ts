import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page, and its link returns to the home page', async ({ page }) => {
  const response = await page.goto('/um/caminho/que/nao/existe');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a toast appears after an action and goes away by itself', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await page.getByRole('button', { name: /copiar e-mail/i }).click();
  const toast = page.getByText('E-mail copiado');
  await expect(toast).toBeVisible();
  // Default duration 5 s, then a 300 ms fade.
  await expect(toast).toBeHidden({ timeout: 8000 });
});

test('a toast can be closed before its time', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await page.getByRole('button', { name: /copiar e-mail/i }).click();
  await expect(page.getByText('E-mail copiado')).toBeVisible();
  await page.getByRole('button', { name: 'Fechar notificação' }).click();
  await expect(page.getByText('E-mail copiado')).toBeHidden({ timeout: 1000 });
});

test('the home page and the 404 page have no accessibility violations', async ({ page }) => {
  for (const url of ['/', '/pagina-que-nao-existe']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${url}: ${v.id} ${v.help}`)).toEqual([]);
  }
});

test('a page not built yet says so plainly', async ({ page }) => {
  await page.goto('/planos');
  await expect(page.getByText(/ainda está em construção/i)).toBeVisible();
});
