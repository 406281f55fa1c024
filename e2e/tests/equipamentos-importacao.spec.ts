import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { excessos } from './medidas';
import { adminApi, empresaChamada, entrarComoAdmin, escolherEmpresa, sufixo } from './support';

/*
 * Issue 23, the spreadsheet import of equipment, at a desk and on a 375 px phone: the firm's admin
 * opens it from the equipment list, uploads a small CSV with one bad row, sees that row's error
 * before anything is saved, uploads the fixed file, imports it and finds the equipment in the list.
 */

async function emOrdem(page: Page, onde: string) {
  expect(await excessos(page), `${onde}: nada rola de lado`).toEqual([]);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${onde}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
}

function csv(tag: string, classe: string): Buffer {
  return Buffer.from(
    '\uFEFFTAG;Tipo;Descrição;Pressão máxima de operação (kPa);Volume (m³);Classe do fluido (A–D);Protege (TAG);Último exame externo;Último exame interno;Última inspeção periódica\r\n' +
      `${tag};Vaso de pressão;Pulmão de ar;1240;10;B;;10/05/2025;10/05/2022;\r\n` +
      `PSV-${tag};Dispositivo de segurança;Válvula do pulmão;;;${classe};${tag};;;10/05/2025\r\n`,
    'utf8',
  );
}

test('an admin imports equipment: one bad row shown, fixed, imported and listed', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  if (info.project.name === 'celular') await page.setViewportSize({ width: 375, height: 812 });
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Equipa ${s}`;
  await empresaChamada(api, empresa);
  await api.dispose();
  const tag = `VI-${s}`.slice(0, 30);

  await entrarComoAdmin(page);
  await page.goto('/equipamentos');
  await page.getByRole('link', { name: 'Importar planilha' }).click();
  await expect(page).toHaveURL(/\/equipamentos\/importar$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Importar planilha de equipamentos' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar modelo (CSV)' })).toHaveAttribute(
    'href',
    '/api/equipamentos/importacao/modelo?formato=csv',
  );
  await emOrdem(page, 'formulário');

  // A device row with a fluid class "E": its error, by row and column, and nothing saved.
  await escolherEmpresa(page, empresa);
  await page
    .getByLabel('Planilha (CSV ou XLSX)')
    .setInputFiles({ name: 'equipamentos.csv', mimeType: 'text/csv', buffer: csv(tag, 'E') });
  await page.getByRole('button', { name: 'Conferir planilha' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Prévia da importação' })).toBeFocused();
  await expect(
    page.getByText('Linha 3 · Classe do fluido (A–D): Classe de fluido inválida: use A, B, C ou D.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Importar \d/ })).toHaveCount(0);
  await expect(page.getByText('Categoria III')).toBeVisible();
  await emOrdem(page, 'prévia com erro');

  // Fixed: both rows valid, imported at once.
  await page
    .getByLabel('Planilha (CSV ou XLSX)')
    .setInputFiles({ name: 'corrigida.csv', mimeType: 'text/csv', buffer: csv(tag, '') });
  await page.getByRole('button', { name: 'Conferir planilha' }).click();
  await expect(
    page.getByText(/2 linhas: 2 a cadastrar, 0 a atualizar, 0 já existentes a pular, nenhum erro/),
  ).toBeVisible();
  await emOrdem(page, 'prévia sem erro');
  await page.getByRole('button', { name: 'Importar 2 equipamentos' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Importação concluída' })).toBeFocused();
  await expect(page.getByText('2 equipamentos cadastrados')).toBeVisible();
  await emOrdem(page, 'resultado');

  await page.getByRole('link', { name: 'Ver a lista de equipamentos' }).click();
  await expect(page).toHaveURL(/\/equipamentos$/);
  const main = page.getByRole('main');
  // The admin's list holds every company's equipment: look for these by their TAG.
  await main.getByLabel('Buscar').fill(tag);
  await expect(main.getByText(tag, { exact: true }).first()).toBeVisible();
  await expect(main.getByText(`PSV-${tag}`, { exact: true }).first()).toBeVisible();
});
