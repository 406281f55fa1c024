import { expect, test } from '@playwright/test';
import { excessos } from './medidas';
import { entrarComoAdmin } from './support';

/*
 * Preferências de notificação (issue 20): from the menu, a switch saves with a toast, the obligatory
 * kind is locked, and nothing sticks out sideways on the laptop or the phone (390 px).
 */
test('preferences: from the menu, one switch saved with a toast, the obligatory kind locked, fits the screen', async ({
  page,
}) => {
  await entrarComoAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Preferências de notificação' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preferências de notificação' })).toBeVisible();

  const resumo = page.getByRole('switch', { name: 'E-mail (Resumo mensal)' });
  const antes = await resumo.getAttribute('aria-checked');
  await resumo.click();
  await expect(page.getByText('Preferências salvas')).toBeVisible();
  await expect(resumo).toHaveAttribute('aria-checked', antes === 'true' ? 'false' : 'true');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'E-mail (Resumo mensal)' })).toHaveAttribute(
    'aria-checked',
    antes === 'true' ? 'false' : 'true',
  );
  await expect(page.getByRole('switch', { name: 'E-mail (Avisos de laudo vencido)' })).toBeDisabled();
  expect(await excessos(page)).toEqual([]);
});
