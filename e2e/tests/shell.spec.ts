import { expect, type Page, test } from '@playwright/test';
import { sufixo } from './support';

test('an unknown path shows the 404 page, and its link returns to the home page', async ({ page }) => {
  const response = await page.goto('/um/caminho/que/nao/existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

async function cadastrar(page: Page) {
  const id = sufixo();
  await page.goto('/register');
  await page.getByLabel('Nome', { exact: true }).fill(`Visitante ${id}`);
  await page.getByLabel('E-mail', { exact: true }).fill(`toast-${id}@e2e.laudos.test`);
  await page.getByLabel('Senha', { exact: true }).fill('senha-forte-123');
  await page.getByLabel('Confirmar senha', { exact: true }).fill('senha-forte-123');
  await page.getByRole('button', { name: 'Criar conta', exact: true }).click();
}

test('a toast appears after an action and goes away by itself', async ({ page }) => {
  await cadastrar(page);
  const toast = page.getByText('Conta criada');
  await expect(toast).toBeVisible();
  // Default duration 5 s, then a 300 ms fade.
  await expect(toast).toBeHidden({ timeout: 8000 });
});

test('a toast can be closed before its time', async ({ page }) => {
  await cadastrar(page);
  await expect(page.getByText('Conta criada')).toBeVisible();
  await page.getByRole('button', { name: 'Fechar notificação' }).click();
  await expect(page.getByText('Conta criada')).toBeHidden({ timeout: 1000 });
});
