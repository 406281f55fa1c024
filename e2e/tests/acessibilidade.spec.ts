import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../global-setup';
import {
  adminApi,
  criarCliente,
  diaEmSaoPaulo,
  empresaChamada,
  entrarComoAdmin,
  primeiroAcesso,
  sufixo,
} from './support';

/*
 * Accessibility beyond the public site (public-site.spec.ts scans that): axe on the sign-in, the
 * client's screens, the admin's screens with each tab and a create/edit dialog open, and journeys
 * by keyboard alone. One test per screen group, on the desktop project only, to keep the run short
 * (a phone has no keyboard, and the screens are the same code at both sizes).
 */

test.skip(({ isMobile }) => isMobile, 'desktop only: keeps the CI run short');

async function semViolacoes(page: Page, onde: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${onde}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
}

async function criarLaudo(api: APIRequestContext, empresa: string, email: string, id: string) {
  const response = await api.post('/api/laudos', {
    data: {
      nome: `Caldeira A11y ${id}`,
      codigo: `A11Y-${id}`,
      cliente: empresa,
      tipo: 'NR-13',
      emailCliente: email,
      dataVencimento: diaEmSaoPaulo(10),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { laudo: { id: string } }).laudo.id;
}

/** Scans each tab of a tabbed admin page. */
async function abas(page: Page, path: string, nomes: string[]) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const nome of nomes) {
    await page.getByRole('tab', { name: nome, exact: true }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    // Lets the tab's data arrive: axe scans what people see, not a loading state.
    await page.waitForLoadState('networkidle');
    await semViolacoes(page, `${path} · ${nome}`);
  }
}

async function dialogo(page: Page, abrir: Locator, nome: string | RegExp) {
  await abrir.click();
  const dialog = page.getByRole('dialog', { name: nome });
  await expect(dialog).toBeVisible();
  await semViolacoes(page, `diálogo ${nome}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('axe finds no violation on the sign-in and the client screens', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL ausente');
  const id = sufixo();
  const cliente = { email: `a11y-cliente-${id}@e2e.laudos.test`, empresa: `Usina A11y ${id}` };
  const api = await adminApi(baseURL);
  const temporaria = await criarCliente(api, 'Cliente A11y', cliente.email, cliente.empresa);
  const laudoId = await criarLaudo(api, cliente.empresa, cliente.email, id);
  await api.dispose();

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await semViolacoes(page, '/login');
  await page.goto('/convite/invalido');
  await expect(page.getByText('Convite inválido ou expirado.')).toBeVisible();
  await semViolacoes(page, '/convite/:token inválido');

  await primeiroAcesso(page, cliente.email, temporaria, `senha-a11y-${id}`);
  for (const path of [
    '/dashboard',
    '/vencimentos',
    '/documentos',
    `/laudos/${laudoId}`,
    '/equipamentos',
    '/equipamentos/novo',
    '/conta',
    '/minha-empresa',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await semViolacoes(page, path);
  }
  // The company's first person is its gestor.
  await dialogo(page, page.getByRole('button', { name: 'Convidar pessoa' }), 'Convidar pessoa');
});

test('axe finds no violation on the admin screens, their tabs and their dialogs', async ({
  page,
  baseURL,
}) => {
  // The companies' tab, dialog and page (issue 17) added four scans.
  test.setTimeout(210_000);
  if (!baseURL) throw new Error('baseURL ausente');
  const api = await adminApi(baseURL);
  const empresaId = await empresaChamada(api, `Usina A11y Admin ${sufixo()}`);
  await api.dispose();
  await entrarComoAdmin(page);

  await abas(page, '/admin', ['Usuários', 'Empresas', 'Laudos', 'Planos', 'Configurações']);
  await page.getByRole('tab', { name: 'Usuários', exact: true }).click();
  await dialogo(page, page.getByRole('button', { name: 'Novo usuário' }), 'Novo usuário');
  await page.getByRole('tab', { name: 'Empresas', exact: true }).click();
  await dialogo(page, page.getByRole('button', { name: 'Nova empresa' }), 'Nova empresa');

  // A company's page, and its invitation dialog.
  await page.goto(`/admin/empresas/${empresaId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await semViolacoes(page, '/admin/empresas/:id');
  await dialogo(page, page.getByRole('button', { name: 'Convidar pessoa' }), 'Convidar pessoa');

  await abas(page, '/admin/email-notifications', [
    'Regras',
    'Agendador',
    'Simulação',
    'Registros',
    'E-mails',
    'Supressões',
  ]);
  await page.getByRole('tab', { name: 'Regras', exact: true }).click();
  await dialogo(page, page.getByRole('button', { name: /^Editar regra / }).first(), /^Editar regra /);

  await abas(page, '/admin/email-templates', ['Modelos', 'Mensagens enviadas']);

  // The recommended plan, chosen in the settings, is marked on the public plans page (and scanned).
  await page.goto('/admin?aba=configuracoes');
  const escolha = page.getByLabel('Plano recomendado');
  await expect(escolha.locator('option', { hasText: 'Profissional' })).toHaveCount(1);
  await escolha.selectOption({ label: 'Profissional' });
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas')).toBeVisible();
  try {
    await page.goto('/planos');
    await expect(page.getByRole('heading', { level: 2, name: /^Profissional\W+Recomendado$/ })).toBeVisible();
    await expect(page.getByText('Recomendado', { exact: true })).toHaveCount(1);
    await semViolacoes(page, '/planos com plano recomendado');
  } finally {
    await page.goto('/admin?aba=configuracoes');
    await page.getByLabel('Plano recomendado').selectOption({ label: 'Nenhum' });
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText('Configurações salvas')).toBeVisible();
  }

  for (const path of ['/admin/blog', '/novo-laudo']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await semViolacoes(page, path);
  }
});

test('by keyboard alone: sign in, create a laudo with its company and date, open and close a dialog', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL ausente');
  const id = sufixo();
  const empresa = `Empresa Teclado ${id}`;
  const api = await adminApi(baseURL);
  await empresaChamada(api, empresa);
  await api.dispose();
  const tab = async (ate: Locator, max = 40) => {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      if (await ate.evaluate((el) => el === document.activeElement)) return;
    }
    throw new Error(`o Tab não chegou a ${ate}`);
  };

  // Sign in: Tab to the fields, type, Enter submits.
  await page.goto('/login');
  await tab(page.getByLabel('E-mail', { exact: true }));
  await page.keyboard.type(E2E_ADMIN.email);
  await tab(page.getByLabel('Senha', { exact: true }));
  await page.keyboard.type(E2E_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // A laudo with its due date, typed into the date field segment by segment, as a Brazilian types
  // it: dd/mm/aaaa (the segments follow the browser's own language: Chromium in Portuguese, see
  // playwright.config.ts).
  await page.goto('/novo-laudo');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo laudo' })).toBeVisible();
  await tab(page.getByLabel('Nome do laudo'));
  await page.keyboard.type(`Vaso teclado ${id}`);
  await tab(page.getByLabel('Código'));
  await page.keyboard.type(`TEC-${id}`);
  await tab(page.getByLabel('Tipo'));
  await page.keyboard.press('ArrowDown');
  // The company: typed, then ↓ to its option and Enter (the list also offers "Criar empresa").
  const campoEmpresa = page.getByRole('combobox', { name: 'Empresa', exact: true });
  await tab(campoEmpresa);
  await page.keyboard.type(empresa);
  await expect(page.getByRole('option', { name: new RegExp(`^${empresa}`) })).toBeVisible();
  await expect(page.getByText('Buscando...')).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(campoEmpresa).toHaveValue(empresa);
  await expect(campoEmpresa).toHaveAttribute('aria-expanded', 'false');
  await tab(page.getByLabel('E-mail do cliente'));
  await page.keyboard.type(`teclado-${id}@e2e.laudos.test`);
  const vencimento = diaEmSaoPaulo(20);
  const [ano, mes, dia] = vencimento.split('-');
  await tab(page.getByLabel('Data de vencimento'));
  await page.keyboard.type(`${dia}${mes}${ano}`);
  await expect(page.getByLabel('Data de vencimento')).toHaveValue(vencimento);
  await tab(page.getByRole('button', { name: 'Criar laudo' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/laudos\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Vaso teclado ${id}` })).toBeVisible();
  await expect(page.getByText('Vence em 20 dias').first()).toBeVisible();

  // A dialog: opened with Enter, closed with Escape, focus back on the button that opened it.
  await page.goto('/admin');
  const novo = page.getByRole('button', { name: 'Novo usuário' });
  await tab(novo, 80);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Novo usuário' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(novo).toBeFocused();
});
