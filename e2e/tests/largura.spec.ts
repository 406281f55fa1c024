import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../global-setup';
import { pdfMinimo } from './journeys/passos';
import { excessos } from './medidas';
import { adminApi, criarCliente, diaEmSaoPaulo, empresaChamada, primeiroAcesso, sufixo } from './support';

/*
 * Every list and client screen fits the screen it is on (issue 16): at 1366×800 (project desktop)
 * and 390×844 (project celular) nothing sticks out of its container sideways, no table needs
 * sideways scrolling, and every row action (and what a row menu opens) is inside the viewport,
 * measured with bounding boxes. The data has long names and e-mails, the kind that widened tables.
 */

const TAMANHOS = { desktop: { width: 1366, height: 800 }, celular: { width: 390, height: 844 } } as const;

/** The page's size for this project: the laptop or the phone of the issue. */
async function tamanhoDoProjeto(page: Page, projeto: string) {
  await page.setViewportSize(projeto === 'celular' ? TAMANHOS.celular : TAMANHOS.desktop);
}

/** Measures, and keeps a screenshot of the screen among the run's artifacts (test-results/e2e). */
async function semExcessos(page: Page, tela: string) {
  const arquivo = `${tela.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'tela'}.png`;
  await page.screenshot({ path: test.info().outputPath(arquivo), fullPage: true });
  expect(await excessos(page), tela).toEqual([]);
}

async function criarLaudo(api: APIRequestContext, dados: Record<string, string>): Promise<string> {
  const response = await api.post('/api/laudos', { data: { tipo: 'NR-13', ...dados } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { laudo: { id: string } }).laudo.id;
}

test('the admin lists fit the screen, with every row action on it', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL ausente');
  await tamanhoDoProjeto(page, testInfo.project.name);
  const id = sufixo();
  const api = await adminApi(baseURL);
  // Long, real-looking values: a long company, a long address with a hyphenated domain.
  const empresa = `Metalúrgica Exemplo Indústria e Comércio de Caldeiras ${id}`;
  const email = `ana.xavier.largura-${id}@metalurgica-exemplo-caldeiras.com.br`;
  const usuario = await api.post('/api/admin/usuarios', {
    data: {
      nome: `Ana Xavier de Albuquerque ${id}`,
      email,
      tipo: 'cliente',
      empresaId: await empresaChamada(api, empresa),
    },
  });
  expect(usuario.status(), await usuario.text()).toBe(201);
  for (const dias of [7, -7]) {
    await criarLaudo(api, {
      nome: `Vaso de pressão vertical do setor de caldeiras ${dias} ${id}`,
      codigo: `LARG-${dias}-${id}`,
      cliente: empresa,
      emailCliente: email,
      dataVencimento: diaEmSaoPaulo(dias),
    });
  }
  // The reminders run once, so that Registros has rows.
  expect((await api.post('/api/admin/notificacoes/executar')).ok()).toBe(true);
  await api.dispose();

  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Usuários: the row's menu opens inside the screen, with every action.
  await page.goto('/admin');
  await page.getByLabel('Buscar').first().fill(id);
  const linha = page.getByRole('row').filter({ hasText: email });
  await expect(linha).toHaveCount(1);
  await semExcessos(page, 'Usuários');
  await linha.getByRole('button', { name: /^Ações para / }).click();
  const menu = page.getByRole('menu');
  for (const acao of ['Editar', 'Desativar', 'Gerar senha temporária', 'Excluir']) {
    await expect(menu.getByRole('menuitem', { name: acao })).toBeInViewport({ ratio: 1 });
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.getByRole('tab', { name: 'Laudos' }).click();
  // Searched, as for the users: after the other specs the laudo may be past the first page.
  await page.getByRole('tabpanel').getByLabel('Buscar').fill(id);
  await expect(page.getByRole('row').filter({ hasText: `LARG-7-${id}` })).toHaveCount(1);
  await semExcessos(page, 'Laudos');

  await page.getByRole('tab', { name: 'Planos' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await semExcessos(page, 'Planos');

  await page.goto('/admin/email-notifications');
  await expect(page.getByRole('row').filter({ hasText: 'Lembretes antes do vencimento' })).toBeVisible();
  await semExcessos(page, 'Regras');
  const editar = page
    .getByRole('row')
    .filter({ hasText: 'Lembretes antes do vencimento' })
    .getByRole('button', { name: /^Editar/ });
  // Below the fold on a phone: what matters is that scrolling down, not sideways, reaches it.
  await editar.scrollIntoViewIfNeeded();
  await expect(editar).toBeInViewport({ ratio: 1 });

  await page.getByRole('tab', { name: 'Registros' }).click();
  await page.getByLabel('Buscar').fill(id);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `LARG-7-${id}` })
      .first(),
  ).toBeVisible();
  await semExcessos(page, 'Registros');

  await page.getByRole('tab', { name: 'Simulação' }).click();
  await page.getByLabel('Data da simulação').fill(diaEmSaoPaulo(2));
  await page.getByRole('button', { name: 'Simular' }).click();
  await expect(page.getByRole('heading', { name: /^Resultado para/ })).toBeVisible();
  await semExcessos(page, 'Simulação');

  await page.goto('/admin/email-templates');
  await expect(page.getByRole('table').first()).toBeVisible();
  await semExcessos(page, 'Modelos de e-mail');
  await page.getByRole('tab', { name: 'Mensagens enviadas' }).click();
  await page.getByLabel('Buscar').fill(email);
  await expect(page.getByRole('row').filter({ hasText: email }).first()).toBeVisible();
  await semExcessos(page, 'Mensagens enviadas');

  // The support inbox (issue 18), every status.
  await page.goto('/admin/suporte');
  await page.getByLabel('Situação').selectOption('todos');
  await expect(page.getByRole('heading', { name: 'Suporte', level: 1 })).toBeVisible();
  await semExcessos(page, 'Suporte');

  // The renewal board and its funnel (issue 19).
  await page.goto('/admin/renovacoes');
  await expect(page.getByRole('heading', { name: 'Funil mensal', level: 2 })).toBeVisible();
  await semExcessos(page, 'Renovações');
});

test('the client screens fit the screen, and the client menu shows every destination', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL ausente');
  await tamanhoDoProjeto(page, testInfo.project.name);
  const id = sufixo();
  const empresa = `Metalúrgica Exemplo Indústria e Comércio ${id}`;
  const email = `cliente.largura-${id}@metalurgica-exemplo-caldeiras.com.br`;
  const api = await adminApi(baseURL);
  const temporaria = await criarCliente(api, `Cliente Largura ${id}`, email, empresa);
  const laudoId = await criarLaudo(api, {
    nome: `Vaso de pressão vertical do setor de caldeiras ${id}`,
    codigo: `CLARG-${id}`,
    cliente: empresa,
    emailCliente: email,
    dataVencimento: diaEmSaoPaulo(12),
  });
  // A file, so that /documentos lists the laudo.
  const pdf = await api.post(`/api/laudos/${laudoId}/arquivos/pdf`, {
    multipart: {
      arquivo: { name: `laudo-largura-${id}.pdf`, mimeType: 'application/pdf', buffer: pdfMinimo(id) },
    },
  });
  expect(pdf.ok(), await pdf.text()).toBe(true);
  // A plan with priority support, so that /suporte shows the requests and the form (issue 18).
  const planos = (
    (await (await api.get('/api/admin/planos')).json()) as { planos: { id: string; nome: string }[] }
  ).planos;
  const empresarial = planos.find((p) => p.nome === 'Empresarial')!.id;
  const comPlano = await api.patch(`/api/admin/empresas/${await empresaChamada(api, empresa)}`, {
    data: { planoId: empresarial },
  });
  expect(comPlano.status(), await comPlano.text()).toBe(200);
  await api.dispose();
  await primeiroAcesso(page, email, temporaria, `senha-largura-${id}`);

  // The header is one row: the logo and "Sair" side by side.
  const logo = page.getByRole('banner').getByRole('link').first();
  const sair = page.getByRole('button', { name: 'Sair', exact: true });
  // Measured again as a whole while the dashboard's layout replaces the change-password one: right
  // after the redirect, a box read between two renders is missing, not misplaced.
  await expect(async () => {
    await expect(sair).toBeVisible({ timeout: 1_000 });
    const [caixaLogo, caixaSair] = [await logo.boundingBox(), await sair.boundingBox()];
    if (!caixaLogo || !caixaSair) throw new Error('cabeçalho sem caixas');
    expect(Math.abs(caixaLogo.y + caixaLogo.height / 2 - (caixaSair.y + caixaSair.height / 2))).toBeLessThan(
      8,
    );
  }).toPass({ timeout: 15_000 });

  // Every destination of the client menu is on the screen, none off to the side.
  const menu = page.getByRole('navigation', { name: 'Área do cliente' });
  for (const destino of [
    'Painel',
    'Novo laudo',
    'Vencimentos',
    'Equipamentos',
    'Documentos',
    'Notificações',
    'Suporte',
    'Renovações',
  ]) {
    await expect(menu.getByRole('link', { name: destino, exact: true })).toBeInViewport({ ratio: 1 });
  }

  for (const [caminho, texto] of [
    ['/dashboard', `Vaso de pressão vertical do setor de caldeiras ${id}`],
    ['/vencimentos', `CLARG-${id}`],
    ['/documentos', `Vaso de pressão vertical do setor de caldeiras ${id}`],
    [`/laudos/${laudoId}`, `CLARG-${id}`],
    ['/renovacoes', 'Nenhum pedido de renovação ainda'],
    ['/equipamentos', 'Nenhum equipamento cadastrado ainda'],
    // Last: the support form below is on this page.
    ['/suporte', 'Chamados da empresa'],
  ] as const) {
    await page.goto(caminho);
    await expect(page.getByRole('main').getByText(texto).first()).toBeVisible();
    await semExcessos(page, caminho);
  }
  // A support request opened from the form, and its thread, fit too.
  const novo = page.getByRole('region', { name: 'Abrir um chamado' });
  await novo.getByLabel('Assunto').fill(`Agendar a inspeção do vaso de pressão vertical ${id}`);
  await novo.getByLabel('Mensagem').fill('Bom dia! Podemos agendar a próxima inspeção para dezembro?');
  await novo.getByRole('button', { name: 'Abrir chamado' }).click();
  await expect(page.getByRole('link', { name: 'Voltar para os chamados' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `Agendar a inspeção do vaso de pressão vertical ${id}` }),
  ).toBeVisible();
  await semExcessos(page, '/suporte/:id');
});
