import AxeBuilder from '@axe-core/playwright';
import { expect, request, test } from '@playwright/test';
import { excessos } from './medidas';
import { adminApi, criarCliente, diaEmSaoPaulo, empresaChamada, primeiroAcesso, sufixo } from './support';

/*
 * Issue 20, the private calendar feed (decision 034), on the real server: a client reaches
 * "Adicionar ao calendário" from /vencimentos, creates the link, and the link (no session) answers
 * the company's due date as an all-day event; "Revogar link" makes it a 404.
 */

test('a client creates the calendar link from /vencimentos; the feed has the due date; revoked, it is gone', async ({
  page,
  baseURL,
}) => {
  const admin = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Usina da Agenda ${s}`;
  const email = `agenda-${s}@usina.com.br`;
  const temporaria = await criarCliente(admin, 'Inês Agenda', email, empresa);
  const vencimento = diaEmSaoPaulo(45);
  const criado = await admin.post('/api/laudos', {
    data: {
      nome: 'Caldeira da Agenda',
      codigo: `AGENDA-${s}`,
      tipo: 'NR-13',
      empresaId: await empresaChamada(admin, empresa),
      dataVencimento: vencimento,
    },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  await primeiroAcesso(page, email, temporaria, `senha-da-agenda-${s}`);

  await page.goto('/vencimentos');
  await page.getByRole('link', { name: 'Adicionar ao calendário' }).click();
  await expect(page).toHaveURL(/\/conta#adicionar-ao-calendario$/);
  const secao = page.getByRole('region', { name: 'Adicionar ao calendário' });
  await secao.getByRole('button', { name: 'Criar link do calendário' }).click();
  const campo = secao.getByLabel('Link do calendário');
  await expect(campo).toHaveValue(/\/api\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
  expect(await excessos(page), 'a seção cabe na tela').toEqual([]);
  // The section with the link shown (the axe pass of acessibilidade.spec sees it without one).
  const axe = await new AxeBuilder({ page }).include('#adicionar-ao-calendario').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  const link = await campo.inputValue();

  // What a calendar app does: a plain GET, no cookie.
  const app = await request.newContext();
  const feed = await app.get(link);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const corpo = await feed.text();
  expect(corpo).toContain(`SUMMARY:Vence: Caldeira da Agenda (AGENDA-${s})`);
  expect(corpo).toContain(`DTSTART;VALUE=DATE:${vencimento.replaceAll('-', '')}`);

  await secao.getByRole('button', { name: 'Revogar link' }).click();
  await page
    .getByRole('dialog', { name: 'Revogar o link do calendário?' })
    .getByRole('button', { name: 'Revogar link' })
    .click();
  await expect(secao.getByText('Você ainda não tem um link de calendário.')).toBeVisible();
  expect((await app.get(link)).status()).toBe(404);
  await app.dispose();
  await admin.dispose();
});
