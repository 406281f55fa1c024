import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  adminApi,
  criarCliente,
  diaEmSaoPaulo,
  empresaChamada,
  novaPagina,
  primeiroAcesso,
  sufixo,
} from './support';

/*
 * Issue 18, the plan feature data_export, as a client's gestor sees it: on a plan without it the
 * "Exportar" dialog says what it does and where to get it; once the company's plan includes it, the
 * CSV downloads with the company's laudos.
 */

test('a gestor without data_export sees the upgrade call; with it, downloads the CSV', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Exporta ${s}`;
  const email = `exporta-${s}@cliente.test`;
  const empresaId = await empresaChamada(api, empresa);
  const planos = (
    (await (await api.get('/api/admin/planos')).json()) as { planos: { id: string; nome: string }[] }
  ).planos;
  const plano = (nome: string) => planos.find((p) => p.nome === nome)!.id;
  expect(
    (await api.patch(`/api/admin/empresas/${empresaId}`, { data: { planoId: plano('Básico') } })).status(),
  ).toBe(200);
  const temporaria = await criarCliente(api, 'Gestora Exporta', email, empresa);
  const codigo = `EXP-${s}`;
  const criado = await api.post('/api/laudos', {
    data: { nome: `Caldeira ${s}`, codigo, tipo: 'NR-13', empresaId, dataVencimento: diaEmSaoPaulo(12) },
  });
  expect(criado.status(), await criado.text()).toBe(201);

  const page = await novaPagina(browser, baseURL!);
  await primeiroAcesso(page, email, temporaria, `senha-exporta-${s}`);
  await page.goto('/vencimentos');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Exportar laudos' });
  await expect(dialogo.getByText('Seu plano não inclui exportação de dados.')).toBeVisible();
  await expect(dialogo.getByRole('link', { name: 'Ver os planos que incluem' })).toHaveAttribute(
    'href',
    '/planos',
  );
  await dialogo.press('Escape');

  expect(
    (
      await api.patch(`/api/admin/empresas/${empresaId}`, { data: { planoId: plano('Profissional') } })
    ).status(),
  ).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = page.waitForEvent('download');
  await page
    .getByRole('dialog', { name: 'Exportar laudos' })
    .getByRole('link', { name: 'CSV (Excel em português)' })
    .click();
  const arquivo = await download;
  expect(arquivo.suggestedFilename()).toMatch(/^laudos-\d{4}-\d{2}-\d{2}\.csv$/);
  const texto = await readFile((await arquivo.path())!, 'utf8');
  expect(texto.startsWith('\uFEFFCódigo;Nome;Tipo;Cliente;')).toBe(true);
  expect(texto).toContain(`${codigo};Caldeira ${s};NR-13;${empresa};`);
  await api.dispose();
});
