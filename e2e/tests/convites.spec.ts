import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { entrar, navegar } from './journeys/passos';
import { excessos } from './medidas';
import {
  adminApi,
  diaEmSaoPaulo,
  novaPagina,
  primeiroAcesso,
  sufixo,
  temporaryPassword,
  waitForEmail,
} from './support';

/*
 * Issue 17, a team's invitations on the real server (see global-setup.ts). Setup through the admin
 * API: a plan of 3 users, a company on it with one laudo, and its gestor (first access on the
 * e-mailed password). Then, in the browser: the gestor invites two colleagues, the plan refuses a
 * third invitation with its message, the gestor cancels one (its link stops working), and the other
 * colleague accepts from the e-mailed link, signs in and sees the company's laudo.
 */

/** The laptop or the phone of issue 16, as largura.spec.ts measures the other screens. */
const TAMANHOS = { desktop: { width: 1366, height: 800 }, celular: { width: 390, height: 844 } } as const;

async function tamanhoDoProjeto(page: Page, projeto: string) {
  await page.setViewportSize(projeto === 'celular' ? TAMANHOS.celular : TAMANHOS.desktop);
}

/** Nothing sticks out sideways (see medidas.ts). */
async function semExcessos(page: Page, tela: string) {
  expect(await excessos(page), tela).toEqual([]);
}

async function criarPlano(api: APIRequestContext, nome: string, maxUsuarios: number): Promise<string> {
  const response = await api.post('/api/admin/planos', {
    data: {
      nome,
      descricao: 'Plano dos convites (e2e)',
      preco: 0,
      ativo: true,
      padrao: false,
      maxLaudos: 100,
      maxUsuarios,
      notificacoes: true,
      whatsappAlerts: false,
      emailSupport: true,
      prioritySupport: false,
      customReports: false,
      apiAccess: false,
      dataExport: false,
      customBranding: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { plano: { id: string } }).plano.id;
}

async function criarEmpresa(api: APIRequestContext, nome: string, planoId: string): Promise<string> {
  const response = await api.post('/api/admin/empresas', {
    data: { razaoSocial: `${nome} Ltda.`, nomeFantasia: nome, planoId },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { empresa: { id: string } }).empresa.id;
}

/** The company's gestor, created by the admin: returns the e-mailed temporary password. */
async function criarGestor(api: APIRequestContext, email: string, empresaId: string): Promise<string> {
  const response = await api.post('/api/admin/usuarios', {
    data: { nome: 'Gestora Convites', email, tipo: 'cliente', empresaId, papel: 'gestor' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const boasVindas = await waitForEmail(
    api,
    (m) => m.toEmail.toLowerCase() === email.toLowerCase() && m.text.includes('Senha temporária'),
    `e-mail de boas-vindas para ${email}`,
  );
  return temporaryPassword(boasVindas.text);
}

/** The path of the invitation link e-mailed to `email`, so it opens on the server under test. */
async function linkDoConvite(api: APIRequestContext, email: string, empresa: string): Promise<string> {
  const mensagem = await waitForEmail(
    api,
    (m) =>
      m.toEmail.toLowerCase() === email.toLowerCase() &&
      m.subject === `Convite para a equipe ${empresa} no Laudos`,
    `convite para ${email}`,
  );
  const url = /\S*\/convite\/[^\s"'<>)]+/.exec(mensagem.text)?.[0];
  if (!url) throw new Error(`link do convite não encontrado no e-mail:\n${mensagem.text}`);
  return new URL(url, 'http://localhost').pathname;
}

async function convidar(page: Page, email: string, nome: string) {
  await page.getByRole('button', { name: 'Convidar pessoa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convidar pessoa' });
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Nome (opcional)', { exact: true }).fill(nome);
  await dialog.getByRole('button', { name: 'Enviar convite' }).click();
  return dialog;
}

test('a gestor invites colleagues up to the plan limit; a cancelled link stops working; the colleague accepts and sees the company laudos', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('baseURL ausente');
  await tamanhoDoProjeto(page, testInfo.project.name);
  const id = sufixo();
  const empresa = `Fundição Convites ${id}`;
  const plano = `Equipe 3 ${id}`;
  const gestor = { email: `gestor-${id}@e2e.laudos.test`, senha: `senha-gestor-${id}` };
  const colega = {
    email: `colega-${id}@e2e.laudos.test`,
    nome: 'Colega Convidado',
    senha: `senha-colega-${id}`,
  };
  const cancelado = `cancelado-${id}@e2e.laudos.test`;
  const laudo = { nome: `Vaso de pressão ${id}`, codigo: `CV-${id}` };

  // Setup, the admin's part: a plan of 3 users, the company with a laudo, and its gestor.
  const api = await adminApi(baseURL);
  const planoId = await criarPlano(api, plano, 3);
  const empresaId = await criarEmpresa(api, empresa, planoId);
  const criado = await api.post('/api/laudos', {
    data: {
      nome: laudo.nome,
      codigo: laudo.codigo,
      tipo: 'NR-13',
      empresaId,
      dataVencimento: diaEmSaoPaulo(60),
    },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  const temporaria = await criarGestor(api, gestor.email, empresaId);

  // The gestor, in the browser: "Minha empresa" from the navigation.
  await primeiroAcesso(page, gestor.email, temporaria, gestor.senha);
  await navegar(page, 'Área do cliente', 'Minha empresa');
  await expect(page).toHaveURL(/\/minha-empresa$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Minha empresa' })).toBeVisible();
  const uso = page.getByRole('region', { name: 'Plano e uso' });
  await expect(uso).toContainText(plano);
  await expect(uso).toContainText('1 de 3 usuários');
  await expect(uso).toContainText('1 de 100 laudos');

  // Two invitations fill the plan (active people plus pending invitations).
  let dialog = await convidar(page, colega.email, colega.nome);
  await expect(page.getByText(`Convite enviado para ${colega.email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  dialog = await convidar(page, cancelado, 'Convite Cancelado');
  await expect(page.getByText(`Convite enviado para ${cancelado}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const convites = page.getByRole('region', { name: 'Convites' });
  await expect(convites.getByRole('row').filter({ hasText: colega.email })).toBeVisible();
  await expect(convites.getByRole('row').filter({ hasText: cancelado })).toBeVisible();
  await expect(uso).toContainText('3 de 3 usuários');
  await semExcessos(page, '/minha-empresa (gestor)');

  // The next one is refused with the plan's message.
  dialog = await convidar(page, `terceiro-${id}@e2e.laudos.test`, 'Terceiro');
  await expect(dialog.getByRole('alert')).toHaveText(
    `Limite do plano atingido: o plano ${plano} permite até 3 usuários. Fale conosco para mudar de plano.`,
  );
  await dialog.getByRole('button', { name: 'Cancelar', exact: true }).click();
  await expect(dialog).toBeHidden();

  // A cancelled invitation: its e-mailed link says it is invalid.
  const linkCancelado = await linkDoConvite(api, cancelado, empresa);
  await convites.getByRole('button', { name: `Ações para o convite de ${cancelado}` }).click();
  await page.getByRole('menuitem', { name: 'Cancelar convite' }).click();
  const confirmar = page.getByRole('dialog', { name: `Cancelar o convite de ${cancelado}?` });
  await confirmar.getByRole('button', { name: 'Cancelar convite' }).click();
  await expect(page.getByText(`Convite de ${cancelado} cancelado.`)).toBeVisible();
  await expect(convites.getByRole('row').filter({ hasText: cancelado })).toHaveCount(0);
  await expect(uso).toContainText('2 de 3 usuários');

  const visitante = await novaPagina(browser, baseURL);
  await tamanhoDoProjeto(visitante, testInfo.project.name);
  await visitante.goto(linkCancelado);
  await expect(visitante.getByText('Convite inválido ou expirado.')).toBeVisible();
  await expect(visitante.getByRole('link', { name: 'Ir para a página inicial' })).toBeVisible();
  await expect(visitante.getByLabel('Senha', { exact: true })).toHaveCount(0);

  // The colleague opens the e-mailed link in their own browser, accepts and signs in.
  const linkColega = await linkDoConvite(api, colega.email, empresa);
  await api.dispose();
  await visitante.goto(linkColega);
  await expect(visitante.getByRole('heading', { level: 1, name: 'Convite para a equipe' })).toBeVisible();
  await expect(
    visitante.getByText(`Você foi convidado para a equipe ${empresa} no Laudos, como Membro.`),
  ).toBeVisible();
  await expect(visitante.getByLabel('E-mail', { exact: true })).toHaveValue(colega.email);
  await expect(visitante.getByLabel('Nome', { exact: true })).toHaveValue(colega.nome);
  await semExcessos(visitante, '/convite/:token');
  await visitante.getByLabel('Senha', { exact: true }).fill(colega.senha);
  await visitante.getByLabel('Confirmar senha', { exact: true }).fill(colega.senha);
  await visitante.getByRole('button', { name: 'Aceitar convite' }).click();

  await expect(visitante).toHaveURL(/\/login$/);
  await expect(
    visitante.getByText('Conta criada. Entre com a senha que você acabou de escolher.'),
  ).toBeVisible();
  await expect(visitante.getByLabel('E-mail', { exact: true })).toHaveValue(colega.email);
  await entrar(visitante, colega.email, colega.senha);
  await expect(visitante).toHaveURL(/\/dashboard$/);

  // The company's laudo (not addressed to the colleague's e-mail) is theirs to see now.
  await navegar(visitante, 'Área do cliente', 'Vencimentos');
  await expect(visitante.getByRole('link', { name: laudo.nome })).toBeVisible();
  await navegar(visitante, 'Área do cliente', 'Minha empresa');
  const pessoas = visitante.getByRole('region', { name: 'Pessoas' });
  await expect(pessoas.getByRole('row').filter({ hasText: colega.email })).toContainText('Membro');
  await expect(visitante.getByRole('button', { name: 'Convidar pessoa' })).toHaveCount(0);
  await semExcessos(visitante, '/minha-empresa (membro)');
  await visitante.context().close();

  // The gestor sees the colleague among the people, and the invitation gone.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Pessoas' }).getByRole('row').filter({ hasText: colega.email }),
  ).toContainText('Ativo');
  await expect(convites.getByRole('row').filter({ hasText: colega.email })).toHaveCount(0);
});

test('a client with no company is told so on the dashboard and asks to join one', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await tamanhoDoProjeto(page, testInfo.project.name);
  const id = sufixo();
  const empresa = `Caldeiraria Sem Vínculo ${id}`;
  await page.goto('/register');
  await expect(page.getByLabel('Empresa ou CNPJ (opcional)')).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('Cliente Sem Empresa');
  await page.getByLabel('E-mail', { exact: true }).fill(`sem-empresa-${id}@e2e.laudos.test`);
  await page.getByLabel('Senha', { exact: true }).fill(`senha-sem-empresa-${id}`);
  await page.getByLabel('Confirmar senha', { exact: true }).fill(`senha-sem-empresa-${id}`);
  await page.getByRole('button', { name: 'Criar conta', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const cartao = page.getByRole('region', { name: 'Você ainda não faz parte de uma empresa' });
  await expect(cartao).toContainText('você vê apenas os laudos enviados ao seu e-mail');
  await expect(
    page.getByRole('navigation', { name: 'Área do cliente' }).getByRole('link', { name: 'Minha empresa' }),
  ).toHaveCount(0);
  await cartao.getByLabel('Nome da empresa').fill(empresa);
  await cartao.getByRole('button', { name: 'Pedir para entrar' }).click();
  await expect(cartao.getByRole('status')).toHaveText(
    `Pedido enviado: aguardando aprovação do administrador (${empresa}).`,
  );
  await semExcessos(page, '/dashboard (sem empresa)');

  // The request is the server's: it is still there after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Você ainda não faz parte de uma empresa' })).toContainText(
    `Pedido enviado: aguardando aprovação do administrador (${empresa}).`,
  );
});
