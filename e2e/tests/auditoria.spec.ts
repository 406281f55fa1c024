import { expect, test } from '@playwright/test';
import {
  adminApi,
  criarCliente,
  diaEmSaoPaulo,
  empresaChamada,
  entrarComoAdmin,
  escolherEmpresa,
  novaPagina,
  primeiroAcesso,
  sufixo,
} from './support';

/*
 * Issue 22, the audit log (decision 046): an admin changes a laudo's due date on its page, opens
 * the log, filters by the laudo's company (picked by name; the filter lands in the address), sees
 * the change and its detail with the old and new date; the company's client opens the laudo's
 * "Histórico de alterações" and sees the same change.
 */

const brasileiro = (iso: string) => iso.split('-').reverse().join('/');

test('an admin’s due-date change is in the log, filtered by company, and in the client’s Histórico', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Auditada ${s}`;
  const empresaId = await empresaChamada(api, empresa);
  const email = `auditoria-${s}@cliente.test`;
  const temporaria = await criarCliente(api, 'Célia Auditoria', email, empresa);
  const antes = diaEmSaoPaulo(40);
  const depois = diaEmSaoPaulo(400);
  const nome = `Caldeira auditada ${s}`;
  const criado = await api.post('/api/laudos', {
    data: { nome, codigo: `AUD-${s}`, tipo: 'NR-13', empresaId, dataVencimento: antes },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  const { id } = (await criado.json()).laudo as { id: string };
  const mudanca = `Vencimento: ${brasileiro(antes)} → ${brasileiro(depois)}`;

  // The admin changes the due date on the laudo's page.
  await entrarComoAdmin(page);
  await page.goto(`/laudos/${id}`);
  await page.getByRole('button', { name: 'Editar', exact: true }).click();
  const edicao = page.getByRole('dialog', { name: `Editar ${nome}` });
  await edicao.getByLabel('Data de vencimento').fill(depois);
  await edicao.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(edicao).toBeHidden();

  // The log, filtered by the laudo's company chosen by its name.
  await page.goto('/admin/auditoria');
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de auditoria' })).toBeVisible();
  const filtros = page.getByRole('form', { name: 'Filtros do registro de auditoria' });
  await escolherEmpresa(filtros, empresa);
  await filtros.getByRole('button', { name: 'Filtrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]empresa=${empresaId}`));
  const linha = page.getByRole('listitem').filter({ hasText: `Alterou · Laudo · ${empresa}` });
  await expect(linha).toHaveCount(1);
  await linha.getByRole('button', { name: /^Detalhes/ }).click();
  const detalhe = page.getByRole('dialog', { name: 'Entrada do registro de auditoria' });
  await expect(detalhe.getByText(mudanca)).toBeVisible();
  await expect(detalhe.getByText(id)).toBeVisible();

  // The shared address opens the same filtered view.
  const endereco = page.url();
  const outra = await novaPagina(browser, baseURL!);
  await entrarComoAdmin(outra);
  await outra.goto(endereco);
  await expect(outra.getByRole('listitem').filter({ hasText: `Alterou · Laudo · ${empresa}` })).toHaveCount(
    1,
  );
  await expect(outra.getByRole('combobox', { name: /^Empresa/ })).toHaveValue(empresa);
  await outra.context().close();

  // The company's client sees the change in the laudo's history.
  const cliente = await novaPagina(browser, baseURL!);
  await primeiroAcesso(cliente, email, temporaria, `senha-da-auditoria-${s}`);
  await cliente.goto(`/laudos/${id}`);
  const historico = cliente.getByRole('region', { name: 'Histórico de alterações' });
  // Under CI load the first click can land while the page is still settling (the section then
  // shows the button again); the history must open on a click the page has taken.
  const ver = historico.getByRole('button', { name: 'Ver histórico' });
  await expect(async () => {
    if (await ver.isVisible()) await ver.click();
    await expect(historico.getByText(mudanca)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await cliente.context().close();
});
