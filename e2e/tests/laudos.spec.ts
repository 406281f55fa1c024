import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { E2E_ADMIN } from '../global-setup';

/*
 * The laudos journey against the real server (see global-setup.ts). Clients are created through the
 * admin API (sign-ups are rate limited per IP across the whole run) and finish their first access
 * with the e-mailed temporary password. E-mails are read from the "outbox" transport.
 */

const EMAIL_WAIT_MS = 45_000;

function sufixo(): string {
  return `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A calendar day in São Paulo (the firm's time zone) plus `dias`, as 'YYYY-MM-DD'. */
function diaEmSaoPaulo(dias: number): string {
  const hoje = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return new Date(Date.parse(`${hoje}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);
}

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

type Mensagem = { toEmail: string; subject: string; text: string };

async function waitForEmail(
  api: APIRequestContext,
  matches: (mensagem: Mensagem) => boolean,
  descricao: string,
): Promise<Mensagem> {
  let found: Mensagem | undefined;
  await expect
    .poll(
      async () => {
        const response = await api.get('/api/admin/email/outbox?limit=50');
        if (!response.ok()) return `HTTP ${response.status()}`;
        const { mensagens } = (await response.json()) as { mensagens: Mensagem[] };
        found = mensagens.find(matches);
        return found ? 'recebido' : 'ainda não';
      },
      { timeout: EMAIL_WAIT_MS, message: descricao },
    )
    .toBe('recebido');
  if (!found) throw new Error(`${descricao}: não encontrado`);
  return found;
}

async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin } });
  const response = await api.post('/api/auth/sign-in/email', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return api;
}

function temporaryPassword(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.includes('Senha temporária'));
  const password = line?.slice(line.indexOf(':') + 1).trim();
  if (!password) throw new Error(`senha temporária não encontrada no e-mail:\n${text}`);
  return password;
}

/** Creates a client through the admin API and returns the e-mailed temporary password. */
async function criarCliente(admin: APIRequestContext, nome: string, email: string, empresa: string) {
  const response = await admin.post('/api/admin/usuarios', {
    data: { nome, email, tipo: 'cliente', empresa },
  });
  expect(response.status(), await response.text()).toBe(201);
  const boasVindas = await waitForEmail(
    admin,
    (m) => m.toEmail.toLowerCase() === email.toLowerCase() && m.text.includes('Senha temporária'),
    `e-mail de boas-vindas para ${email}`,
  );
  return temporaryPassword(boasVindas.text);
}

/** Signs in on the temporary password and sets a definitive one (first access). */
async function primeiroAcesso(page: Page, email: string, temporaria: string, novaSenha: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(temporaria);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByLabel('Senha atual (ou temporária)').fill(temporaria);
  await page.getByLabel('Nova senha', { exact: true }).fill(novaSenha);
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill(novaSenha);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function novaPagina(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  return context.newPage();
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
