import { expect, type Page, test } from '@playwright/test';
import { sufixo } from './support';

/** The toast's countdown (apps/web/src/components/toast/toast-provider.tsx). */
const DEFAULT_TOAST_DURATION_MS = 5000;

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
  // When the toast came and went, in the page's own clock: closed by its button, it goes well before
  // its 5 s countdown would take it. (Measured in the page, so a busy machine's slow fade or slow
  // polling cannot fail the test, and a toast that only left by its timer cannot pass it.)
  await page.addInitScript(() => {
    const vezes: { veio?: number; foi?: number } = {};
    (window as unknown as { vezesDoToast: typeof vezes }).vezesDoToast = vezes;
    new MutationObserver(() => {
      const esta = [...document.querySelectorAll('[data-toast-type]')].some((el) =>
        el.textContent?.includes('Conta criada'),
      );
      if (esta && vezes.veio === undefined) vezes.veio = performance.now();
      if (!esta && vezes.veio !== undefined && vezes.foi === undefined) vezes.foi = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await cadastrar(page);
  const toast = page.locator('[data-toast-type]', { hasText: 'Conta criada' });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Fechar notificação' }).click();
  await expect(toast).toBeHidden();
  const { veio, foi } = await page.evaluate(
    () => (window as unknown as { vezesDoToast: { veio: number; foi: number } }).vezesDoToast,
  );
  expect(foi - veio).toBeLessThan(DEFAULT_TOAST_DURATION_MS);
});
