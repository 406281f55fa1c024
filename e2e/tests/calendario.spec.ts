import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../global-setup';
import { entrar } from './journeys/passos';
import { adminApi, diaEmSaoPaulo, sufixo } from './support';

/*
 * The due-date calendar of /vencimentos, by keyboard only once signed in: the view switch, the
 * date grid's arrows and PageDown/PageUp, Enter on a day, then the laudo's page; axe on the grid
 * and the opened day; and at a phone's width the grid still fits.
 */

/** Presses Tab until `alvo` has the focus (keyboard only, whatever sits before it). */
async function tabAte(page: Page, alvo: (el: Element) => boolean, descricao: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(`(${alvo.toString()})(document.activeElement)`)) return;
  }
  throw new Error(`${descricao}: não alcançado com Tab`);
}

const diaFocado = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-dia') ?? null);

test('the due-date calendar works by keyboard alone, passes axe and fits a phone', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL ausente');
  const id = sufixo();
  const nome = `Calendário ${id}`;
  const api = await adminApi(baseURL);
  // The admin sees every laudo, and other specs create some: the laudo goes on the first day from
  // ten days on (vencendo) that has none yet, so that day holds exactly this one.
  let dias = 10;
  for (; dias < 28; dias++) {
    const dia = diaEmSaoPaulo(dias);
    const lista = await api.get(`/api/laudos?vencimentoDe=${dia}&vencimentoAte=${dia}&porPagina=1`);
    expect(lista.ok(), await lista.text()).toBe(true);
    if (((await lista.json()) as { total: number }).total === 0) break;
  }
  const vence = diaEmSaoPaulo(dias);
  const criado = await api.post('/api/laudos', {
    data: { nome, codigo: `CAL-${id}`, cliente: `Empresa ${id}`, tipo: 'NR-13', dataVencimento: vence },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  const laudoId = ((await criado.json()) as { laudo: { id: string } }).laudo.id;

  await page.goto('/login');
  await entrar(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/vencimentos');
  await expect(page.getByRole('heading', { level: 1, name: 'Vencimentos' })).toBeVisible();

  // The view switch, then the grid: one day (today) in the tab order.
  await tabAte(page, (el) => el.textContent === 'Calendário', 'o botão Calendário');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/visao=calendario/);
  await tabAte(page, (el) => el.hasAttribute('data-dia'), 'a grade do calendário');
  await expect.poll(() => diaFocado(page)).toBe(diaEmSaoPaulo(0));
  await expect(page.locator(':focus')).toHaveAttribute('aria-current', 'date');

  // Some days on: the laudo's day, named with its count and status.
  for (let i = 0; i < dias; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => diaFocado(page)).toBe(vence);
  await expect(page.locator(':focus')).toHaveAccessibleName(/1 laudo, vencendo$/);

  // A month on and back, by keyboard: the heading follows.
  const mes = page.getByRole('grid');
  const antes = await mes.getAttribute('aria-labelledby');
  await page.keyboard.press('PageDown');
  await expect(mes).not.toHaveAttribute('aria-labelledby', antes ?? '');
  await page.keyboard.press('PageUp');
  await expect(mes).toHaveAttribute('aria-labelledby', antes ?? '');
  await expect.poll(() => diaFocado(page)).toBe(vence);

  // Enter opens the day's laudos below the grid and takes the focus there.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`dia=${vence}`));
  const secao = page.locator('section[aria-labelledby="calendario-dia"]');
  await expect(secao.getByRole('link', { name: nome })).toBeVisible();
  await expect(page.locator(':focus')).toHaveId('calendario-dia');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText(nome);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
    [],
  );

  // A reload keeps the view, the month and the opened day.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Calendário' })).toHaveAttribute('aria-pressed', 'true');
  await expect(secao.getByRole('link', { name: nome })).toBeVisible();

  // At a phone's width nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(secao.getByRole('link', { name: nome })).toBeVisible();
  const larguras = await page.evaluate(() => ({
    pagina: document.documentElement.scrollWidth,
    janela: window.innerWidth,
    grade: document.querySelector('[role="grid"]')?.getBoundingClientRect().right ?? 0,
  }));
  expect(larguras.pagina).toBeLessThanOrEqual(larguras.janela);
  expect(larguras.grade).toBeLessThanOrEqual(larguras.janela);

  // From the day's list to the laudo, still by keyboard.
  // This laudo's link exactly: /laudos/importar (the import) is a link under /laudos/ too.
  await tabAte(
    page,
    new Function('el', `return el.getAttribute('href') === '/laudos/${laudoId}'`) as (el: Element) => boolean,
    'o link do laudo',
  );
  await expect(page.locator(':focus')).toHaveText(nome);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/laudos/${laudoId}$`));
});
