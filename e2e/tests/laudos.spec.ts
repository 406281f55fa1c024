import { type Browser, expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  adminApi,
  criarCliente,
  diaEmSaoPaulo,
  novaPagina,
  primeiroAcesso,
  sufixo,
  waitForEmail,
} from './support';

/*
 * The laudos journey against the real server (see global-setup.ts). Clients are created through the
 * admin API (sign-ups are rate limited per IP across the whole run) and finish their first access
 * with the e-mailed temporary password. E-mails are read from the "outbox" transport.
 */

/** The smallest PDF a viewer opens. */
function pdfMinimo(): Buffer {
  const objetos = [
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n',
  ];
  let corpo = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const objeto of objetos) {
    offsets.push(corpo.length);
    corpo += objeto;
  }
  const xref = corpo.length;
  corpo += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) corpo += `${String(offset).padStart(10, '0')} 00000 n \n`;
  corpo += `trailer<</Size ${objetos.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(corpo, 'latin1');
}

async function planilhaXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Medições');
  sheet.addRow(['Ponto', 'Espessura (mm)']);
  sheet.addRow(['A1', '12,5']);
  sheet.addRow(['A2', '12,3']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('a client creates a laudo with files, follows its expiry and keeps it private', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('baseURL ausente');
  const id = sufixo();
  const admin = await adminApi(baseURL);
  const clienteA = { email: `laudos-a-${id}@e2e.laudos.test`, empresa: `Caldeiras A ${id}` };
  const clienteB = { email: `laudos-b-${id}@e2e.laudos.test`, empresa: `Prensas B ${id}` };
  const senhaA = await criarCliente(admin, 'Cliente Laudos A', clienteA.email, clienteA.empresa);
  const senhaB = await criarCliente(admin, 'Cliente Laudos B', clienteB.email, clienteB.empresa);

  await primeiroAcesso(page, clienteA.email, senhaA, 'senha-laudos-a-123');

  // Creates the laudo, due in 10 days, with a PDF and a spreadsheet.
  const nome = `Caldeira E2E ${id}`;
  const vencimento = diaEmSaoPaulo(10);
  await page.goto('/novo-laudo');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo laudo' })).toBeVisible();
  await expect(page.getByLabel('E-mail do cliente')).toHaveValue(clienteA.email);
  await page.getByLabel('Nome do laudo').fill(nome);
  await page.getByLabel('Código').fill(`NR13-${id}`);
  await page.getByLabel('Tipo').selectOption('NR-13');
  await page.getByLabel('Data de vencimento').fill(vencimento);
  await page.getByLabel('Arquivo PDF').setInputFiles({
    name: 'laudo-caldeira.pdf',
    mimeType: 'application/pdf',
    buffer: pdfMinimo(),
  });
  await page.getByLabel('Planilha Excel').setInputFiles({
    name: 'medicoes-caldeira.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await planilhaXlsx(),
  });
  await page.getByRole('button', { name: 'Criar laudo' }).click();

  await expect(page).toHaveURL(/\/laudos\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Laudo criado')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible();
  await expect(page.getByText('Vence em 10 dias')).toBeVisible();
  const laudoUrl = new URL(page.url()).pathname;

  // The PDF opens inline in the browser.
  const visualizar = page.getByRole('link', { name: /Visualizar PDF/ });
  await expect(visualizar).toHaveAttribute('target', '_blank');
  const href = await visualizar.getAttribute('href');
  if (!href) throw new Error('link do PDF sem href');
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  // The spreadsheet downloads with its original name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('medicoes-caldeira.xlsx');

  // The first sheet, as a table.
  await page.getByRole('button', { name: 'Ver planilha' }).click();
  const planilha = page.getByRole('dialog', { name: 'Planilha: medicoes-caldeira.xlsx' });
  await expect(planilha.getByRole('cell', { name: 'Espessura (mm)' })).toBeVisible();
  await expect(planilha.getByRole('cell', { name: '12,5' })).toBeVisible();
  await planilha.getByRole('button', { name: 'Fechar' }).click();

  // Dashboard: one laudo expiring.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  const cartaoVencendo = page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: /^Vencendo$/ }) });
  await expect(cartaoVencendo.locator('dd')).toHaveText('1');
  await expect(
    page.getByRole('region', { name: 'Próximos vencimentos' }).getByRole('link', { name: nome }),
  ).toBeVisible();

  // Vencimentos: under "Vencendo", in 10 days.
  await page.goto('/vencimentos');
  const vencendo = page.getByRole('region', { name: /Vencendo \(até 30 dias\)/ });
  const item = vencendo.getByRole('listitem').filter({ hasText: nome });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Vence em 10 dias');
  await expect(item).toContainText(vencimento.split('-').reverse().join('/'));

  // Another client cannot reach it by URL.
  await criarOutroEVerificar(browser, baseURL, clienteB.email, senhaB, laudoUrl);

  // The client was told by e-mail; the admin sees it in the outbox.
  await waitForEmail(
    admin,
    (m) => m.subject === `Novo Laudo Criado: ${nome}`,
    `e-mail "Novo Laudo Criado: ${nome}"`,
  );
  await admin.dispose();
});

async function criarOutroEVerificar(
  browser: Browser,
  baseURL: string,
  email: string,
  senhaTemporaria: string,
  laudoUrl: string,
) {
  const outra = await novaPagina(browser, baseURL);
  try {
    await primeiroAcesso(outra, email, senhaTemporaria, 'senha-laudos-b-123');
    await outra.goto(laudoUrl);
    await expect(outra.getByRole('heading', { level: 1, name: 'Laudo não encontrado' })).toBeVisible();
    await expect(outra.getByRole('link', { name: 'Voltar aos vencimentos' })).toBeVisible();
  } finally {
    await outra.context().close();
  }
}
