import { expect, type Page, test } from '@playwright/test';
import { sufixo } from '../support';

/*
 * The visitor, start to finish, on the real server (see global-setup.ts), through links and
 * buttons only after the home page: a service page, the plans through the menu (the menu button on
 * the phone), the WhatsApp chat, and a new account from the header's "Área do cliente".
 */

/** The header's main menu: always shown on a wide screen, behind its button on a phone. */
async function menuPrincipal(page: Page, celular: boolean) {
  const menu = page.getByRole('navigation', { name: 'Principal' });
  const botao = page.getByRole('button', { name: 'Abrir menu' });
  if (celular) {
    await expect(menu).toBeHidden();
    // The page is server-rendered HTML: its button works once the page's small script has run,
    // which the HTML being visible does not mean yet.
    await page.waitForLoadState('load');
    await botao.click();
    await expect(page.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute('aria-expanded', 'true');
  } else {
    await expect(botao).toBeHidden();
  }
  await expect(menu).toBeVisible();
  return menu;
}

test('a visitor reads a service page and the plans, asks on WhatsApp, and creates an account', async ({
  page,
  context,
  isMobile,
}) => {
  // The WhatsApp site is not reachable from here: answer for it, and read the address asked.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );
  const { contact } = (await (await page.request.get('/api/settings/public')).json()) as {
    contact: { whatsapp: string };
  };

  // Home → a service, through its card.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Laudos técnicos e inspeções/ })).toBeVisible();
  await page
    .getByRole('region', { name: 'O que fazemos' })
    .getByRole('link', { name: 'Inspeção NR-13', exact: true })
    .click();
  await expect(page).toHaveURL(/\/servicos\/nr13$/);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Inspeção NR-13 de caldeiras, vasos de pressão, tubulações e tanques',
    }),
  ).toBeVisible();

  // The plans, through the header's menu.
  await (await menuPrincipal(page, isMobile)).getByRole('link', { name: 'Planos', exact: true }).click();
  await expect(page).toHaveURL(/\/planos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Planos' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Planos disponíveis' }).getByRole('heading', { level: 2 }),
  ).not.toHaveCount(0);

  // The chat: a suggestion, sent to the company's WhatsApp in a new tab with "Olá! " before it.
  await page.getByRole('button', { name: 'Abrir chat do WhatsApp' }).click();
  const chat = page.getByRole('dialog', { name: 'Fale conosco pelo WhatsApp' });
  const mensagem = chat.getByLabel('Mensagem', { exact: true });
  const enviar = chat.getByRole('button', { name: 'Enviar pelo WhatsApp' });
  await expect(enviar).toBeDisabled();
  await chat.getByRole('button', { name: 'Preciso de inspeção NR-13' }).click();
  await expect(mensagem).toHaveValue('Preciso de inspeção NR-13');
  const [whatsapp] = await Promise.all([context.waitForEvent('page'), enviar.click()]);
  await whatsapp.waitForLoadState();
  expect(whatsapp.url()).toBe(
    `https://wa.me/${contact.whatsapp}?text=${encodeURIComponent('Olá! Preciso de inspeção NR-13')}`,
  );
  await expect(whatsapp).toHaveTitle('WhatsApp');
  await whatsapp.close();
  await expect(chat).toBeHidden();
  await expect(page).toHaveURL(/\/planos$/);

  // A new account: "Área do cliente" in the header, then the link to create one.
  await (await menuPrincipal(page, isMobile)).getByRole('link', { name: 'Área do cliente' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();

  const id = sufixo();
  await page.getByLabel('Nome', { exact: true }).fill(`Visitante ${id}`);
  await page.getByLabel('E-mail', { exact: true }).fill(`jornada-visitante-${id}@e2e.laudos.test`);
  await page.getByLabel('Empresa').fill(`Fundição Visitante ${id}`);
  await page.getByLabel('Senha', { exact: true }).fill('senha-visitante-123');
  await page.getByLabel('Confirmar senha', { exact: true }).fill('senha-visitante-123');
  await page.getByRole('button', { name: 'Criar conta', exact: true }).click();

  // Lands on the dashboard as a new client: no laudos yet, the client's menu, no admin area.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Conta criada')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  const total = page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: /^Total de laudos$/ }) })
    .locator('dd');
  await expect(total).toHaveText('0');
  const area = page.getByRole('navigation', { name: 'Área do cliente' });
  await expect(area.getByRole('link', { name: 'Vencimentos' })).toBeVisible();
  await expect(area.getByRole('link', { name: 'Administração' })).toHaveCount(0);
});
