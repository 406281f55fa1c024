import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  adminApi,
  criarCliente,
  diaEmSaoPaulo,
  empresaChamada,
  entrarComoAdmin,
  escolherEmpresa,
  mudarPlanoDaEmpresa,
  primeiroAcesso,
  sufixo,
  verChamadaDosPlanos,
} from './support';

/*
 * Issue 22, the spreadsheet import, as the firm's admin does it at a desk and on a phone: the
 * template downloads, a CSV made from it (5 rows, one with a bad date) maps itself, the check shows
 * that one error with its spreadsheet row before anything is written, the import runs with its
 * progress, the report counts 4 imported and 1 error (also in the per-row CSV), and the 4 laudos are
 * in the list.
 */

/** 'YYYY-MM-DD' as a Brazilian spreadsheet writes it. */
function dataBr(dia: string): string {
  const [ano, mes, d] = dia.split('-');
  return `${d}/${mes}/${ano}`;
}

/**
 * At every step the page itself never scrolls sideways (a wide table scrolls inside its box), and
 * axe finds nothing to fix.
 */
async function passoEmOrdem(page: Page, passo: string) {
  // Kept among the run's artifacts (test-results/e2e-<projeto>) to look at.
  await page.screenshot({ path: test.info().outputPath(`importacao-${passo}.png`), fullPage: true });
  const sobra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sobra, `${passo}: a página rola de lado`).toBeLessThanOrEqual(1);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${passo}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
}

test('an admin imports a CSV made from the template: one error shown, four laudos imported and listed', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  // The phone of the issue: 375 px wide.
  if (testInfo.project.name === 'celular') await page.setViewportSize({ width: 375, height: 812 });
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Importa ${s}`;
  await empresaChamada(api, empresa);
  await api.dispose();

  await entrarComoAdmin(page);
  await page.goto('/admin?aba=laudos');
  await page.getByRole('link', { name: 'Importar planilha' }).click();
  await expect(page).toHaveURL(/\/laudos\/importar$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Escolha a planilha' })).toBeVisible();
  await passoEmOrdem(page, 'planilha');

  // The template: the headings the import recognises, for Excel in Portuguese.
  const baixando = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Baixar modelo (CSV)' }).click();
  const modelo = await readFile((await (await baixando).path())!, 'utf8');
  expect(modelo.startsWith('\uFEFFCódigo;Nome;Tipo;Data de vencimento;E-mail do cliente;Observações')).toBe(
    true,
  );
  const cabecalho = modelo.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
  const colunas = cabecalho.split(';');

  // Five rows under the template's own headings; the third has a date in no accepted format.
  const prefixo = `IMP${s}`;
  const linhas: Record<string, string>[] = [
    {
      Código: `${prefixo}-1`,
      Nome: 'Caldeira 1',
      Tipo: 'NR-13',
      'Data de vencimento': dataBr(diaEmSaoPaulo(200)),
    },
    { Código: `${prefixo}-2`, Nome: 'Prensa 2', Tipo: 'NR-12', 'Data de vencimento': diaEmSaoPaulo(300) },
    { Código: `${prefixo}-3`, Nome: 'Elevador 3', Tipo: 'NR-13', 'Data de vencimento': 'no fim do ano' },
    {
      Código: `${prefixo}-4`,
      Nome: 'Compressor 4',
      Tipo: 'NR-13',
      'E-mail do cliente': `cliente-${s}@importa.test`,
      Observações: 'Vaso de pressão; casa de máquinas',
    },
    {
      Código: `${prefixo}-5`,
      Nome: 'Guindaste 5',
      Tipo: 'NR-12',
      'Data de vencimento': dataBr(diaEmSaoPaulo(30)),
    },
  ];
  const celula = (valor: string) => (/[;"\r\n]/.test(valor) ? `"${valor.replaceAll('"', '""')}"` : valor);
  const csv = `\uFEFF${[cabecalho, ...linhas.map((l) => colunas.map((c) => celula(l[c] ?? '')).join(';'))].join('\r\n')}\r\n`;

  await escolherEmpresa(page, empresa);
  await page
    .getByLabel('Planilha (CSV ou XLSX)')
    .setInputFiles({ name: `laudos-${s}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Enviar planilha' }).click();

  // The columns map themselves; the first rows are shown.
  const titulo = page.getByRole('heading', { level: 2, name: 'Associe as colunas' });
  await expect(titulo).toBeFocused();
  await expect(page.getByLabel('Código', { exact: true })).toHaveValue('Código');
  await expect(page.getByLabel(/^Data de vencimento/)).toHaveValue('Data de vencimento');
  await expect(page.getByRole('region', { name: 'Primeiras linhas da planilha' })).toContainText('Prensa 2');
  await passoEmOrdem(page, 'colunas');
  await page.getByRole('button', { name: 'Verificar planilha' }).click();

  // The check: 4 valid, 1 error on the spreadsheet's row 4 (the header is row 1).
  await expect(page.getByRole('heading', { level: 2, name: 'Confira antes de importar' })).toBeFocused();
  await expect(page.getByText('1 erro (as linhas com erro não serão importadas)')).toBeVisible();
  // By its caption: on a phone the table's rows are cards (CSS), which may hide its table role.
  const erros = page.locator('table', { has: page.locator('caption', { hasText: 'Erros da planilha' }) });
  await expect(erros).toContainText('Data inválida: use dd/mm/aaaa ou AAAA-MM-DD');
  await expect(erros.locator('tbody tr')).toHaveCount(1);
  await expect(erros.locator('tbody tr').first()).toContainText('4');
  await expect(page.getByLabel('Enviar o e-mail de Novo Laudo Criado aos clientes')).not.toBeChecked();
  await passoEmOrdem(page, 'verificacao');
  await page.getByRole('button', { name: 'Importar 4 laudos' }).click();

  // The job runs on the server; the page follows it to the report.
  await expect(page.getByRole('progressbar', { name: 'Progresso da importação' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Importação concluída' })).toBeVisible({
    timeout: 60_000,
  });
  const contagem = (rotulo: string) =>
    page.locator('dt', { hasText: rotulo }).locator('xpath=following-sibling::dd');
  await expect(contagem('Importados')).toHaveText('4');
  await expect(contagem('Com erro')).toHaveText('1');
  await passoEmOrdem(page, 'relatorio');

  const relatorioBaixando = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Baixar relatório (CSV)' }).click();
  const relatorio = await readFile((await (await relatorioBaixando).path())!, 'utf8');
  expect(relatorio.startsWith('\uFEFFLinha;Código;Resultado;Mensagem')).toBe(true);
  expect(relatorio).toContain(`2;${prefixo}-1;Importado`);
  expect(relatorio).toContain(`4;${prefixo}-3;Erro;`);

  // The four laudos are in the list; the bad row is not.
  await page.getByRole('link', { name: 'Ver a lista de laudos' }).click();
  await expect(page).toHaveURL(/\/admin\?aba=laudos$/);
  await page.getByLabel('Buscar').fill(prefixo);
  await expect(page.getByText('4 laudos encontrados.')).toBeVisible();
  for (const n of [1, 2, 4, 5])
    await expect(page.getByText(`${prefixo}-${n}`, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`${prefixo}-3`, { exact: true })).toHaveCount(0);
});

test('a gestor imports into their own company once the plan includes it; before, the page says what it gives', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Gestora Importa ${s}`;
  const email = `importa-${s}@cliente.test`;
  const empresaId = await empresaChamada(api, empresa);
  await mudarPlanoDaEmpresa(api, empresaId, 'Básico');
  const temporaria = await criarCliente(api, 'Gestora Importa', email, empresa);
  await primeiroAcesso(page, email, temporaria, `senha-importa-${s}`);

  // Without the plan feature: no link on the list, and the page points to the plans.
  await page.goto('/vencimentos');
  await expect(page.getByRole('link', { name: 'Adicionar ao calendário' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Importar planilha' })).toHaveCount(0);
  await page.goto('/laudos/importar');
  await verChamadaDosPlanos(page.getByRole('main'), 'Seu plano não inclui exportação de dados.');

  await mudarPlanoDaEmpresa(api, empresaId, 'Profissional');
  await api.dispose();
  await page.goto('/vencimentos');
  await page.getByRole('link', { name: 'Importar planilha' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Escolha a planilha' })).toBeVisible();
  // Her rows go to her company: nothing to choose.
  await expect(page.getByRole('combobox', { name: /^Empresa/ })).toHaveCount(0);
  const codigo = `GIMP${s}`;
  const csv = `Código,Nome,Tipo,Data de vencimento\r\n${codigo},Caldeira da gestora,NR-13,${diaEmSaoPaulo(90)}\r\n`;
  await page
    .getByLabel('Planilha (CSV ou XLSX)')
    .setInputFiles({ name: 'meus-laudos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Enviar planilha' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Associe as colunas' })).toBeFocused();
  await expect(page.getByText(`para ${empresa}`)).toBeVisible();
  await expect(page.getByLabel('Empresa', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Verificar planilha' }).click();
  await expect(page.getByText('Nenhum erro encontrado.')).toBeVisible();
  await page.getByRole('button', { name: 'Importar 1 laudo' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Importação concluída' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('link', { name: 'Ver a lista de laudos' }).click();
  await expect(page).toHaveURL(/\/vencimentos$/);
  await expect(page.getByText('Caldeira da gestora').first()).toBeVisible();
});
