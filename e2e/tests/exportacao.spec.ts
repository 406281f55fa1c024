import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  adminApi,
  criarCliente,
  diaEmSaoPaulo,
  empresaChamada,
  mudarPlanoDaEmpresa,
  novaPagina,
  primeiroAcesso,
  sufixo,
  verChamadaDosPlanos,
} from './support';

/*
 * Issue 18, the plan feature data_export, as a client's gestor sees it: on a plan without it the
 * "Exportar" dialog says what it does and where to get it; once the company's plan includes it, the
 * CSV downloads with the company's laudos, and the full export (a ZIP, with its progress) holds the
 * list and the laudo's PDF in a folder named by its código.
 */

test('a gestor without data_export sees the upgrade call; with it, downloads the CSV and the full ZIP', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Exporta ${s}`;
  const email = `exporta-${s}@cliente.test`;
  const empresaId = await empresaChamada(api, empresa);
  await mudarPlanoDaEmpresa(api, empresaId, 'Básico');
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
  await verChamadaDosPlanos(dialogo, 'Seu plano não inclui exportação de dados.');
  await dialogo.press('Escape');

  await mudarPlanoDaEmpresa(api, empresaId, 'Profissional');
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

  // The full export: the laudo's PDF, stored as uploaded, in a folder named by its código.
  const pdf = Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n% ${s}\ntrailer <<>>\n%%EOF\n`, 'latin1');
  const laudoId = ((await criado.json()) as { laudo: { id: string } }).laudo.id;
  const enviado = await api.post(`/api/laudos/${laudoId}/arquivos/pdf`, {
    multipart: { arquivo: { name: 'caldeira.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(enviado.status(), await enviado.text()).toBe(200);
  const dialogo2 = page.getByRole('dialog', { name: 'Exportar laudos' });
  const zipBaixado = page.waitForEvent('download');
  await dialogo2.getByRole('button', { name: 'Exportação completa (ZIP com arquivos)' }).click();
  const zip = await zipBaixado;
  expect(zip.suggestedFilename()).toMatch(/^exportacao-completa-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(dialogo2.getByText(`Download concluído: ${zip.suggestedFilename()} foi salvo.`)).toBeVisible();
  const bytes = await readFile((await zip.path())!);
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
  for (const nome of ['LEIAME.txt', 'laudos.csv', 'laudos.xlsx', `${codigo}/caldeira.pdf`])
    expect(bytes.includes(Buffer.from(nome)), nome).toBe(true);
  expect(bytes.includes(pdf)).toBe(true);
  await api.dispose();
});
