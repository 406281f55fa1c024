import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { excessos } from './medidas';
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
 * Issue 23, the NR-13 equipment registry: a client registers a pressure vessel, sees its category
 * and each exam's interval explained while typing, saves it, sees the next dates on its page, and
 * records an inspection that moves them.
 */

const brasileira = (iso: string) => iso.split('-').reverse().join('/');
const somarAnos = (iso: string, anos: number) => `${Number(iso.slice(0, 4)) + anos}${iso.slice(4)}`;

async function semViolacoes(page: Page, onde: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${onde}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
}

test('a client registers a vessel, sees Categoria III live, and an inspection moves its dates', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const email = `nr13-${s}@cliente.test`;
  const temporaria = await criarCliente(api, 'Cliente NR-13', email, `Caldeiraria ${s}`);
  const page = await novaPagina(browser, baseURL!);
  await primeiroAcesso(page, email, temporaria, `Senha-forte-${s}`);

  await page
    .getByRole('navigation', { name: 'Área do cliente' })
    .getByRole('link', { name: 'Equipamentos', exact: true })
    .click();
  await expect(page).toHaveURL(/\/equipamentos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Equipamentos' })).toBeVisible();
  await expect(page.getByText('Nenhum equipamento cadastrado ainda.')).toBeVisible();
  expect(await excessos(page), 'a lista vazia cabe na tela').toEqual([]);
  await page.getByRole('main').getByRole('link', { name: 'Cadastrar equipamento' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cadastrar equipamento' })).toBeVisible();

  await page.getByLabel('Tipo de equipamento').selectOption('vaso');
  await page.getByLabel('TAG', { exact: true }).fill(`VP-${s}`);
  await page.getByLabel('Descrição').fill('Vaso de óleo térmico');
  await page.getByLabel('Pressão máxima de operação (kPa)').pressSequentially('1240');
  await page.getByLabel('Volume (m³)').pressSequentially('10');
  const vivo = page.locator('[aria-live="polite"]').filter({ hasText: 'Classificação' });
  await expect(vivo).toContainText('Informe a pressão máxima de operação');
  await page.getByLabel('Classe do fluido').selectOption('B');
  await expect(vivo).toContainText(
    'Categoria III (classe B, P·V = 12,4 → grupo 3) — NR-13 13.5.1.1.3, Tabela 1',
  );
  await expect(vivo).toContainText('Exame interno a cada 6 anos (categoria III, sem SPIE)');
  await expect(vivo).toContainText('Exame externo a cada 3 anos (categoria III, sem SPIE)');
  const ultimoInterno = '2024-03-10';
  await page.getByLabel(/Exame interno — último/).fill(ultimoInterno);
  expect(await excessos(page), 'o formulário cabe na tela').toEqual([]);
  await semViolacoes(page, '/equipamentos/novo');
  await page.getByRole('button', { name: 'Cadastrar equipamento' }).click();

  // The page: both exams, each with its date (or why there is none) explained.
  await expect(page.getByRole('heading', { level: 1, name: `VP-${s}` })).toBeVisible();
  await expect(page.getByText('Equipamento cadastrado.')).toBeVisible();
  const prazos = page.getByRole('region', { name: 'Exames e prazos' });
  const interno = prazos
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Exame interno' }) });
  const externo = prazos
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Exame externo' }) });
  await expect(interno).toContainText(`Próxima data: ${brasileira(somarAnos(ultimoInterno, 6))}`);
  await expect(interno).toContainText(
    'Exame interno a cada 6 anos (categoria III, sem SPIE) — NR-13 13.5.4.5, Tabela 2',
  );
  await expect(externo).toContainText('Exame externo a cada 3 anos');
  expect(await excessos(page), 'a página do equipamento cabe na tela').toEqual([]);
  await semViolacoes(page, '/equipamentos/:id');

  // An inspection of both exams moves both dates from its conclusion.
  const feita = diaEmSaoPaulo(-7);
  await page.getByRole('button', { name: 'Registrar inspeção' }).click();
  const form = page.getByRole('form', { name: 'Registrar inspeção' });
  await form.getByLabel('Data de conclusão').fill(feita);
  await form.getByLabel('Profissional habilitado (PH)').fill('João Lima');
  await form.getByLabel('CREA do PH').fill('SP-5061234');
  await form.getByRole('button', { name: 'Registrar inspeção' }).click();
  await expect(page.getByText('Inspeção registrada. As próximas datas foram recalculadas.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Exames e prazos' })).toBeFocused();
  await expect(interno).toContainText(`Próxima data: ${brasileira(somarAnos(feita, 6))}`);
  await expect(externo).toContainText(`Próxima data: ${brasileira(somarAnos(feita, 3))}`);
  await expect(page.getByRole('region', { name: 'Inspeções' })).toContainText(
    'PH: João Lima (CREA SP-5061234)',
  );

  // The exam's next date is in the due-date calendar, on its day, as a laudo naming the exam.
  const dataExterno = somarAnos(feita, 3);
  await externo.getByRole('link', { name: 'Ver exame externo no calendário' }).click();
  await expect(page).toHaveURL(new RegExp(`visao=calendario.*dia=${dataExterno}`));
  const dia = page.locator('section[aria-labelledby="calendario-dia"]');
  const laudoDoExame = dia.getByRole('link', { name: `Exame externo — VP-${s}` });
  await expect(laudoDoExame).toBeVisible();
  expect(await excessos(page), 'o calendário cabe na tela').toEqual([]);
  await laudoDoExame.click();
  await expect(page.getByRole('heading', { level: 1, name: `Exame externo — VP-${s}` })).toBeVisible();
  await expect(page.getByText('Prazo do cadastro de equipamentos NR-13.')).toBeVisible();
  // Renewing it means recording the next inspection on the equipment.
  await page.getByRole('link', { name: 'Registrar inspeção' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `VP-${s}` })).toBeVisible();
  const documentos = page.getByRole('region', { name: 'Documentos' });
  await expect(documentos.getByRole('link', { name: `Exame interno — VP-${s}` })).toBeVisible();
  await expect(documentos).toContainText(`vence em ${brasileira(somarAnos(feita, 6))}`);

  // The list shows it with its category and next date.
  await page.goto('/equipamentos');
  const linha = page.getByRole('row').filter({ hasText: `VP-${s}` });
  await expect(linha).toContainText('III');
  await expect(linha).toContainText(brasileira(somarAnos(feita, 3)));
  await expect(linha).toContainText('Em dia');
  expect(await excessos(page), 'a lista cabe na tela').toEqual([]);
});

test("an admin finds a company's equipment through the company filter and deletes it after confirming", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Vasos Admin ${s}`;
  const empresaId = await empresaChamada(api, empresa);
  const criado = await api.post('/api/equipamentos', {
    data: {
      tipo: 'caldeira',
      empresaId,
      tag: `CAL-${s}`,
      pressaoOperacaoKpa: 800,
      ultimosExames: { seguranca: diaEmSaoPaulo(-30) },
    },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  await api.dispose();

  const page = await novaPagina(browser, baseURL!);
  await entrarComoAdmin(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Administração' })
    .getByRole('link', { name: 'Equipamentos', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Equipamentos' })).toBeVisible();
  await escolherEmpresa(page, empresa);
  const linha = page.getByRole('row').filter({ hasText: `CAL-${s}` });
  await expect(linha).toContainText(empresa);
  await expect(linha).toContainText('Caldeira');
  expect(await excessos(page), 'a lista do admin cabe na tela').toEqual([]);
  await linha.getByRole('link', { name: `CAL-${s}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: `CAL-${s}` })).toBeVisible();
  await expect(
    page.getByText('Categoria B (pressão de operação 800 kPa entre 60 e 1.960 kPa) — NR-13 13.4.1.1'),
  ).toBeVisible();
  const prazos = page.getByRole('region', { name: 'Exames e prazos' });
  await expect(prazos).toContainText('Inspeção de segurança a cada 1 ano (caldeira categoria B, sem SPIE)');
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  const dialogo = page.getByRole('dialog', { name: `Excluir CAL-${s}?` });
  await dialogo.getByRole('button', { name: 'Excluir equipamento' }).click();
  await expect(page).toHaveURL(/\/equipamentos$/);
  await escolherEmpresa(page, empresa);
  await expect(page.getByText('Nenhum equipamento encontrado com estes filtros.')).toBeVisible();
});
