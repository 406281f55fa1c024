import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfMinimo } from './journeys/passos';
import { adminApi, diaEmSaoPaulo, entrarComoAdmin, sufixo } from './support';

/*
 * Issue 19, laudo versions (decision 030): an admin renews a laudo with a new PDF on the laudo's
 * page; the page shows version 2, and the Histórico still downloads version 1's PDF.
 */

test('an admin renews a laudo with a new PDF and downloads the old version’s PDF from Histórico', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const codigo = `REN-${s}`;
  const criado = await api.post('/api/laudos', {
    data: {
      nome: `Elevador ${s}`,
      codigo,
      cliente: `Renovações ${s}`,
      tipo: 'NR-13',
      dataVencimento: diaEmSaoPaulo(20),
    },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  const { id } = (await criado.json()).laudo as { id: string };
  const pdfAntigo = pdfMinimo(`versao-1-${s}`);
  const enviado = await api.post(`/api/laudos/${id}/arquivos/pdf`, {
    multipart: { arquivo: { name: 'elevador-2026.pdf', mimeType: 'application/pdf', buffer: pdfAntigo } },
  });
  expect(enviado.status(), await enviado.text()).toBe(200);

  await entrarComoAdmin(page);
  await page.goto(`/laudos/${id}`);
  await page.getByRole('button', { name: 'Renovar laudo' }).click();
  const dialogo = page.getByRole('dialog', { name: `Renovar Elevador ${s}` });
  await expect(dialogo.getByLabel('Código da nova versão')).toHaveValue(codigo);
  await dialogo.getByLabel('Nova data de vencimento').fill(diaEmSaoPaulo(385));
  await dialogo.getByLabel('Arquivo PDF').setInputFiles({
    name: 'elevador-2027.pdf',
    mimeType: 'application/pdf',
    buffer: pdfMinimo(`versao-2-${s}`),
  });
  await dialogo.getByRole('button', { name: 'Renovar laudo' }).click();

  await expect(page.getByText('Laudo renovado')).toBeVisible();
  await expect(page.getByText('Versão 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Visualizar PDF/ })).toBeVisible();
  const historico = page.getByRole('region', { name: 'Histórico' });
  await expect(historico.getByRole('heading', { name: /Versão 1/ })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    historico.getByRole('link', { name: 'Baixar PDF da versão 1: elevador-2026.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('elevador-2026.pdf');
  expect((await readFile((await download.path())!)).equals(pdfAntigo)).toBe(true);
});
