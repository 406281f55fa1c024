import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  adminApi,
  criarCliente,
  diaEmSaoPaulo,
  empresaChamada,
  entrarComoAdmin,
  mudarPlanoDaEmpresa,
  novaPagina,
  primeiroAcesso,
  sufixo,
  verChamadaDosPlanos,
} from './support';

/*
 * Issue 18, the plan feature custom_reports, as a client's gestor sees it on the dashboard: without
 * it, the "Relatório de situação (PDF)" dialog says what it does and where to get it; once the
 * company's plan includes it, "Gerar PDF" downloads the PDF, and nothing scrolls sideways. The
 * admin downloads the same company's report from its page.
 */

test('a gestor without custom_reports sees the upgrade call; with it, downloads the PDF', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Relatório ${s}`;
  const email = `relatorio-${s}@cliente.test`;
  const empresaId = await empresaChamada(api, empresa);
  await mudarPlanoDaEmpresa(api, empresaId, 'Básico');
  const temporaria = await criarCliente(api, 'Gestora Relatório', email, empresa);
  const criado = await api.post('/api/laudos', {
    data: {
      nome: `Caldeira ${s}`,
      codigo: `REL-${s}`,
      tipo: 'NR-13',
      empresaId,
      dataVencimento: diaEmSaoPaulo(-5),
    },
  });
  expect(criado.status(), await criado.text()).toBe(201);

  const page = await novaPagina(browser, baseURL!);
  await primeiroAcesso(page, email, temporaria, `senha-relatorio-${s}`);
  await page.goto('/dashboard');
  const botao = page.getByRole('button', { name: 'Relatório de situação (PDF)' });
  await botao.click();
  const dialogo = page.getByRole('dialog', { name: 'Relatório de situação (PDF)' });
  await verChamadaDosPlanos(dialogo, 'Seu plano não inclui relatórios personalizados.');
  await dialogo.press('Escape');

  await mudarPlanoDaEmpresa(api, empresaId, 'Profissional');
  await page.reload();
  await botao.click();
  await dialogo.getByLabel('Situação').selectOption('vencido');
  const semRolagem = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(semRolagem).toBe(true);
  const download = page.waitForEvent('download');
  await dialogo.getByRole('button', { name: 'Gerar PDF' }).click();
  const arquivo = await download;
  expect(arquivo.suggestedFilename()).toMatch(/^relatorio-situacao-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await readFile((await arquivo.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(dialogo.getByText(/^PDF gerado: relatorio-situacao-/)).toBeVisible();

  // The admin takes the same company's report from its page.
  const admin = await novaPagina(browser, baseURL!);
  await entrarComoAdmin(admin);
  await admin.goto(`/admin/empresas/${empresaId}`);
  const doAdmin = admin.waitForEvent('download');
  await admin
    .getByRole('region', { name: 'Plano e uso' })
    .getByRole('button', { name: 'Relatório de situação (PDF)' })
    .click();
  const pdfDoAdmin = await readFile((await (await doAdmin).path())!);
  expect(pdfDoAdmin.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await api.dispose();
});
