import path from 'node:path';
import { type APIRequestContext, expect, type Page, request, type TestInfo, test } from '@playwright/test';
import { pdfMinimo } from './journeys/passos';
import { cobertosPeloChat, excessos } from './medidas';
import { solidPng } from './png';
import { adminApi, criarCliente, diaEmSaoPaulo, empresaChamada, entrarComoAdmin, sufixo } from './support';

/*
 * Every screen at 1366×800 (project desktop) and 390×844 (project celular), as people see it with
 * data in it (issue 16). Each screen is kept as a full-page screenshot among the run's artifacts,
 * test-results/e2e/telas/<projeto>/<grupo>-NN-<tela>.png, for a person to look through; and each is measured:
 * nothing sticks out sideways (medidas.ts) and nothing interactive sits under the chat button, at
 * the top of the page or at its end.
 */

const TAMANHOS = { desktop: { width: 1366, height: 800 }, celular: { width: 390, height: 844 } } as const;

/**
 * The screenshots of one group of screens ('publico', 'cliente', 'admin'): `tela(nome)` waits for
 * the screen's data (no skeleton left, fonts in), keeps its screenshot as
 * `telas/<projeto>/<grupo>-NN-<nome>.png` (numbered in the order walked) and measures it.
 */
function fotografo(page: Page, testInfo: TestInfo, grupo: string) {
  let n = 0;
  return async function tela(nome: string) {
    await expect(page.locator('[data-skeleton]')).toHaveCount(0, { timeout: 15_000 });
    await page.evaluate(() => document.fonts.ready);
    n += 1;
    const slug = nome
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase();
    await page.screenshot({
      path: path.join(
        testInfo.project.outputDir,
        'telas',
        testInfo.project.name,
        `${grupo}-${String(n).padStart(2, '0')}-${slug}.png`,
      ),
      fullPage: true,
      // One image pixel per CSS pixel: the phone's (2.6 device pixels per CSS pixel) took half of
      // the project's time to encode, and a person looking through them needs no more.
      scale: 'css',
    });
    // Soft: one run lists every screen's problems, not only the first.
    expect.soft(await excessos(page), `${nome}: algo passa da tela`).toEqual([]);
    if ((await page.locator('[data-chat-widget]').count()) > 0) {
      await page.evaluate(() => window.scrollTo(0, 0));
      expect.soft(await cobertosPeloChat(page), `${nome}: sob o chat, no topo`).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect.soft(await cobertosPeloChat(page), `${nome}: sob o chat, no fim`).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
    }
  };
}

async function criarLaudo(api: APIRequestContext, dados: Record<string, string>): Promise<string> {
  const response = await api.post('/api/laudos', { data: { tipo: 'NR-13', ...dados } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { laudo: { id: string } }).laudo.id;
}

async function criarPost(api: APIRequestContext, titulo: string, comCapa: boolean): Promise<string> {
  const response = await api.post('/api/admin/blog/posts', {
    data: {
      titulo,
      resumo: 'O que muda na inspeção periódica de vasos de pressão e caldeiras pela NR-13.',
      conteudo:
        'A inspeção periódica confirma que o equipamento segue seguro.\n\n## Documentos\n\n- Prontuário\n- Registro de segurança\n- Relatórios de inspeção',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  if (comCapa) {
    const capa = await api.put(`/api/admin/blog/posts/${id}/capa`, {
      multipart: {
        arquivo: { name: 'capa.png', mimeType: 'image/png', buffer: solidPng(1200, 630, [7, 118, 171]) },
      },
    });
    expect(capa.ok(), await capa.text()).toBe(true);
  }
  expect((await api.post(`/api/admin/blog/posts/${id}/publicar`)).ok()).toBe(true);
  return id;
}

/** A client with long, real-looking names and laudos in every section, one with a PDF. */
async function clienteComLaudos(api: APIRequestContext) {
  const id = sufixo();
  const empresa = `Metalúrgica Exemplo Indústria e Comércio de Caldeiras ${id}`;
  const email = `ana.xavier.telas-${id}@metalurgica-exemplo-caldeiras.com.br`;
  const temporaria = await criarCliente(api, `Ana Xavier de Albuquerque ${id}`, email, empresa);
  const empresaId = await empresaChamada(api, empresa);
  let laudoId = '';
  for (const [i, dias] of [-20, 5, 25, 200].entries()) {
    const criado = await criarLaudo(api, {
      nome: `Vaso de pressão vertical do setor de caldeiras ${i + 1}`,
      // One code of the 80 characters allowed without a space (a tag number with its plant path).
      codigo:
        i === 3 ? `TELA-4-${id}-CALDEIRA-FLAMOTUBULAR-SETOR-B-LINHA-2`.slice(0, 80) : `TELA-${i + 1}-${id}`,
      empresaId,
      emailCliente: email,
      dataVencimento: diaEmSaoPaulo(dias),
    });
    if (i === 1) laudoId = criado;
  }
  const pdf = await api.post(`/api/laudos/${laudoId}/arquivos/pdf`, {
    multipart: { arquivo: { name: `laudo-${id}.pdf`, mimeType: 'application/pdf', buffer: pdfMinimo(id) } },
  });
  expect(pdf.ok(), await pdf.text()).toBe(true);
  // An NR-13 vessel with a long description, its last internal exam done and an inspection recorded.
  const vaso = await api.post('/api/equipamentos', {
    data: {
      empresaId,
      tipo: 'vaso',
      tag: `VP-${id}-SEPARADOR-TRIFASICO-LINHA-2-SETOR-B`.slice(0, 40),
      descricao: 'Vaso separador trifásico de óleo térmico da linha de produção 2',
      localizacao: 'Casa de caldeiras, setor B',
      pressaoMaximaKpa: 1240,
      volumeM3: 10,
      classeFluido: 'B',
      fluido: 'Óleo diesel',
      ultimosExames: { interno: diaEmSaoPaulo(-400), externo: diaEmSaoPaulo(-1000) },
    },
  });
  expect(vaso.status(), await vaso.text()).toBe(201);
  const equipamentoId = ((await vaso.json()) as { equipamento: { id: string } }).equipamento.id;
  return { id, email, temporaria, laudoId, empresa, empresaId, equipamentoId };
}

test.beforeEach(async ({ page }, testInfo) => {
  await page.setViewportSize(testInfo.project.name === 'celular' ? TAMANHOS.celular : TAMANHOS.desktop);
});

test('the public screens, kept as screenshots: nothing sticks out or sits under the chat button', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const api = await adminApi(baseURL!);
  const id = sufixo();
  const comCapa = await criarPost(api, `Inspeção de vasos de pressão: o que muda ${id}`, true);
  const semCapa = await criarPost(api, `Prontuário do vaso de pressão ${id}`, false);
  await api.dispose();
  const tela = fotografo(page, testInfo, 'publico');

  for (const [caminho, nome] of [
    ['/', 'Início'],
    ['/servicos/nr13', 'Serviço NR-13'],
    ['/servicos/nr12', 'Serviço NR-12'],
    ['/servicos/elevadores', 'Serviço elevadores'],
    ['/servicos/preditiva', 'Serviço preditiva'],
    ['/servicos/laudos', 'Serviço laudos'],
    ['/servicos/consultoria', 'Serviço consultoria'],
    ['/servicos/consultoria-elevadores', 'Serviço consultoria de elevadores'],
    ['/planos', 'Planos'],
    ['/blog', 'Blog'],
    [`/blog/${comCapa}`, 'Post com capa'],
    [`/blog/${semCapa}`, 'Post sem capa'],
    ['/terms', 'Termos'],
    ['/privacy', 'Privacidade'],
    ['/login', 'Entrar'],
    ['/register', 'Criar conta'],
    ['/forgot-password', 'Esqueci a senha'],
    ['/reset-password?token=invalido', 'Redefinir senha com link inválido'],
    ['/convite/invalido', 'Convite inválido'],
    ['/pagina-que-nao-existe', 'Página não encontrada'],
  ] as const) {
    const response = await page.goto(caminho);
    expect(response?.status(), caminho).toBeLessThan(caminho === '/pagina-que-nao-existe' ? 500 : 400);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await tela(nome);
  }
});

test('the client screens, kept as screenshots: nothing sticks out or sits under the chat button', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const api = await adminApi(baseURL!);
  const cliente = await clienteComLaudos(api);
  await api.dispose();
  const tela = fotografo(page, testInfo, 'cliente');

  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(cliente.email);
  await page.getByLabel('Senha', { exact: true }).fill(cliente.temporaria);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await tela('Primeiro acesso');
  await page.getByLabel('Nova senha', { exact: true }).fill(`senha-telas-${cliente.id}`);
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill(`senha-telas-${cliente.id}`);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const [caminho, nome, texto] of [
    ['/dashboard', 'Painel', `TELA-2-${cliente.id}`],
    ['/novo-laudo', 'Novo laudo', 'Nome do laudo'],
    ['/vencimentos', 'Vencimentos', `TELA-2-${cliente.id}`],
    ['/vencimentos?visao=calendario', 'Vencimentos, calendário', 'Hoje'],
    ['/documentos', 'Documentos', 'Vaso de pressão vertical do setor de caldeiras 2'],
    ['/notificacoes', 'Notificações', 'Notificações'],
    [`/laudos/${cliente.laudoId}`, 'Laudo', `TELA-2-${cliente.id}`],
    ['/conta', 'Minha conta', 'Minha conta'],
    ['/minha-empresa', 'Minha empresa', cliente.email],
    ['/suporte', 'Suporte', 'Suporte'],
    ['/equipamentos', 'Equipamentos', 'Vaso separador trifásico'],
    ['/equipamentos/novo', 'Cadastrar equipamento', 'Tipo de equipamento'],
    [`/equipamentos/${cliente.equipamentoId}`, 'Equipamento', 'Exames e prazos'],
    [`/equipamentos/${cliente.equipamentoId}/editar`, 'Editar equipamento', 'Tipo de equipamento'],
  ] as const) {
    await page.goto(caminho);
    await expect(page.getByRole('main').getByText(texto).first()).toBeVisible();
    await tela(nome);
  }

  // The company's first person is its gestor: the invitation dialog.
  await page.goto('/minha-empresa');
  await page.getByRole('button', { name: 'Convidar pessoa' }).click();
  await expect(page.getByRole('dialog', { name: 'Convidar pessoa' })).toBeVisible();
  await tela('Minha empresa, convidar pessoa');

  // A dialog over a screen: deleting the laudo asks first.
  await page.goto(`/laudos/${cliente.laudoId}`);
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
  await tela('Laudo, confirmar exclusão');
});

test('the admin screens, kept as screenshots: nothing sticks out or sits under the chat button', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const api = await adminApi(baseURL!);
  const cliente = await clienteComLaudos(api);
  // A request to join a company, so that the Empresas tab shows one.
  const visitante = await request.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { Origin: new URL(baseURL!).origin },
  });
  const cadastro = await visitante.post('/api/cadastro', {
    data: {
      nome: `Bernardo Pedido de Albuquerque ${cliente.id}`,
      email: `bernardo.pedido-${cliente.id}@metalurgica-exemplo-caldeiras.com.br`,
      senha: `senha-pedido-${cliente.id}`,
      empresa: cliente.empresa,
    },
  });
  expect(cadastro.status(), await cadastro.text()).toBe(201);
  await visitante.dispose();
  // The reminders run once, so that Registros and Mensagens enviadas have rows.
  expect((await api.post('/api/admin/notificacoes/executar')).ok()).toBe(true);
  await api.dispose();
  const tela = fotografo(page, testInfo, 'admin');
  await entrarComoAdmin(page);
  await tela('Painel do administrador');

  for (const [caminho, nome] of [
    ['/admin', 'Usuários'],
    ['/admin?aba=empresas', 'Empresas'],
    [`/admin/empresas/${cliente.empresaId}`, 'Empresa (admin)'],
    ['/admin?aba=laudos', 'Laudos'],
    [`/admin?aba=laudos&empresa=${cliente.empresaId}`, 'Laudos de uma empresa'],
    ['/admin?aba=planos', 'Planos (admin)'],
    ['/admin?aba=configuracoes', 'Configurações'],
    ['/admin/blog', 'Blog (admin)'],
    ['/admin/email-notifications', 'Regras de notificação'],
    ['/admin/email-notifications?aba=agendador', 'Agendador'],
    ['/admin/email-notifications?aba=simulacao', 'Simulação'],
    ['/admin/email-notifications?aba=registros', 'Registros'],
    ['/admin/email-notifications?aba=emails', 'Serviço de e-mail'],
    ['/admin/email-templates', 'Modelos de e-mail'],
    ['/admin/email-templates?aba=mensagens', 'Mensagens enviadas'],
    ['/admin/suporte', 'Suporte (admin)'],
    [`/laudos/${cliente.laudoId}`, 'Laudo (admin)'],
    ['/vencimentos', 'Vencimentos (admin)'],
    ['/vencimentos?visao=calendario', 'Calendário (admin)'],
    ['/admin?aba=tipos', 'Tipos de laudo'],
    ['/admin/auditoria', 'Auditoria'],
    ['/laudos/importar', 'Importar laudos'],
    ['/equipamentos', 'Equipamentos (admin)'],
    ['/equipamentos/importar', 'Importar equipamentos'],
    [`/equipamentos/${cliente.equipamentoId}`, 'Equipamento (admin)'],
  ] as const) {
    await page.goto(caminho);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await tela(nome);
  }

  // The dialogs and menus an admin opens most: a new user, a row's actions, a new post's editor.
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Novo usuário' }).click();
  await expect(page.getByRole('dialog', { name: 'Novo usuário' })).toBeVisible();
  await tela('Novo usuário');
  await page.keyboard.press('Escape');
  await page.getByLabel('Buscar').first().fill(cliente.id);
  await page
    .getByRole('row')
    .filter({ hasText: cliente.email })
    .getByRole('button', { name: /^Ações para / })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await tela('Usuários, ações da linha');
  await page.keyboard.press('Escape');

  // The companies' dialogs: a new company, and a request joined to a company.
  await page.goto('/admin?aba=empresas');
  await page.getByRole('button', { name: 'Nova empresa' }).click();
  await expect(page.getByRole('dialog', { name: 'Nova empresa' })).toBeVisible();
  await tela('Nova empresa');
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', {
      name: `Vincular à empresa (pedido de Bernardo Pedido de Albuquerque ${cliente.id})`,
    })
    .click();
  await expect(page.getByRole('dialog', { name: /^Vincular Bernardo/ })).toBeVisible();
  await tela('Pedido de acesso, vincular');
  await page.keyboard.press('Escape');

  // The laudo form's company picker, open.
  await page.goto('/novo-laudo');
  await page.getByRole('combobox', { name: 'Empresa', exact: true }).fill(cliente.empresa.slice(0, 20));
  await expect(page.getByRole('option', { name: new RegExp(`^${cliente.empresa}`) })).toBeVisible();
  await tela('Novo laudo (admin), escolha da empresa');

  await page.goto('/admin/blog');
  await page.getByRole('button', { name: 'Novo post' }).click();
  await expect(page.getByLabel('Título', { exact: true })).toBeVisible();
  await tela('Novo post');
});
