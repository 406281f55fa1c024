import { expect, request, test } from '@playwright/test';
import {
  adminApi,
  criarCliente,
  diaEmSaoPaulo,
  empresaChamada,
  entrarComoAdmin,
  escolherEmpresa,
  sufixo,
  waitForEmail,
} from './support';

/*
 * The admin's company screens (issue 17) against the real server (see global-setup.ts): a company
 * created on the Empresas tab, a laudo given to it through the laudo form's picker, the company's
 * page and its laudos; a request to join made at sign-up, approved from the tab; the team on the
 * company's page (the last gestor kept, an invitation sent, resent and cancelled).
 */

/** A valid CNPJ of 12 random digits and their two check digits, so each run and project has its own. */
function cnpjAleatorio(): string {
  const base = Array.from({ length: 12 }, () => Math.floor(Math.random() * 10));
  const digito = (numeros: number[]) => {
    let peso = numeros.length - 7;
    let soma = 0;
    for (const n of numeros) {
      soma += n * peso;
      peso = peso === 2 ? 9 : peso - 1;
    }
    const resto = soma % 11;
    return resto < 2 ? 0 : 11 - resto;
  };
  const primeiro = digito(base);
  const d = [...base, primeiro, digito([...base, primeiro])].join('');
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

test('the admin creates a company, gives it a laudo through the picker and finds it from the company page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = sufixo();
  const empresa = {
    nome: `Caldeiraria Picker ${id}`,
    razao: `Caldeiraria Picker ${id} Ltda.`,
    cnpj: cnpjAleatorio(),
  };
  const laudo = { nome: `Vaso da empresa ${id}`, codigo: `EMP-${id}` };

  await entrarComoAdmin(page);
  await page.goto('/admin?aba=empresas');
  await expect(page.getByRole('tab', { name: 'Empresas' })).toHaveAttribute('aria-selected', 'true');

  // A new company, checked before it is sent: a wrong CNPJ is marked, the right one goes.
  await page.getByRole('button', { name: 'Nova empresa' }).click();
  const nova = page.getByRole('dialog', { name: 'Nova empresa' });
  await nova.getByLabel('Razão social').fill(empresa.razao);
  await nova.getByLabel('Nome fantasia').fill(empresa.nome);
  await nova.getByLabel(/^CNPJ/).fill('11.222.333/0001-82');
  await nova.getByRole('button', { name: 'Criar empresa' }).click();
  await expect(nova.getByText('CNPJ inválido: confira os dígitos.')).toBeVisible();
  await nova.getByLabel(/^CNPJ/).fill(empresa.cnpj);
  await nova.getByRole('button', { name: 'Criar empresa' }).click();
  await expect(page.getByText(`Empresa ${empresa.nome} criada.`)).toBeVisible();
  await expect(nova).toBeHidden();

  // Found in the list by its CNPJ, shown formatted, with no laudos yet.
  await page.getByLabel('Buscar').fill(empresa.cnpj.replace(/\D/g, ''));
  const linha = page.getByRole('row').filter({ hasText: empresa.nome });
  await expect(linha).toContainText(empresa.cnpj);
  await expect(linha).toContainText(empresa.razao);
  await expect(linha).toContainText('Ativa');
  await expect(linha.getByRole('cell').nth(3)).toHaveText(/^0( de \d+| \(sem limite\))$/);

  // A laudo for it, the company chosen in the laudo form's picker.
  await page.getByRole('tab', { name: 'Laudos' }).click();
  await page.getByRole('link', { name: 'Novo laudo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo laudo' })).toBeVisible();
  await page.getByLabel('Nome do laudo').fill(laudo.nome);
  await page.getByLabel('Código').fill(laudo.codigo);
  await page.getByLabel('Tipo').selectOption('NR-13');
  await escolherEmpresa(page, empresa.nome);
  await expect(page.getByRole('combobox', { name: 'Empresa', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await page.getByLabel('Data de vencimento').fill(diaEmSaoPaulo(45));
  await page.getByRole('button', { name: 'Criar laudo' }).click();
  await expect(page).toHaveURL(/\/laudos\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: laudo.nome })).toBeVisible();
  const dados = page.getByRole('region', { name: 'Dados do laudo' });
  await expect(dados).toContainText(empresa.nome);

  // Editing it shows its company in the picker.
  await page.getByRole('button', { name: 'Editar', exact: true }).click();
  const edicao = page.getByRole('dialog', { name: `Editar ${laudo.nome}` });
  await expect(edicao.getByRole('combobox', { name: 'Empresa', exact: true })).toHaveValue(empresa.nome);
  await edicao.getByRole('button', { name: 'Cancelar' }).click();

  // The company's page: its data and the laudo counted against the plan.
  await page.goto('/admin?aba=empresas');
  await page.getByLabel('Buscar').fill(empresa.nome);
  await page.getByRole('link', { name: empresa.nome, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/empresas\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: empresa.nome })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dados da empresa' })).toContainText(empresa.cnpj);
  await expect(page.getByRole('region', { name: 'Plano e uso' })).toContainText(
    /Laudos\s*1( de \d+| \(sem limite\))/,
  );

  // "Ver laudos da empresa": the Laudos tab, filtered, with the laudo.
  await page.getByRole('link', { name: 'Ver laudos da empresa' }).click();
  await expect(page).toHaveURL(/\/admin\?aba=laudos&empresa=[0-9a-f-]{36}$/);
  await expect(page.getByText(`Filtrando pela empresa ${empresa.nome}.`)).toBeVisible();
  await expect(page.getByText('1 laudo encontrado.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: laudo.codigo })).toContainText(empresa.nome);
  await page.getByRole('button', { name: 'Remover filtro da empresa' }).click();
  await expect(page).toHaveURL(/\/admin\?aba=laudos$/);
  await expect(page.getByText(/Filtrando pela empresa/)).toHaveCount(0);
});

test('a request to join made at sign-up is approved from the Empresas tab', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL ausente');
  const id = sufixo();
  const api = await adminApi(baseURL);
  const nomeEmpresa = `Prensas Pedido ${id}`;
  await empresaChamada(api, nomeEmpresa);
  await api.dispose();

  // Someone signs up naming that company: a request to join it, waiting for an admin.
  const pessoa = { nome: `Pedro Pedido ${id}`, email: `pedido-${id}@e2e.laudos.test` };
  const visitante = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: new URL(baseURL).origin },
  });
  const cadastro = await visitante.post('/api/cadastro', {
    data: { nome: pessoa.nome, email: pessoa.email, senha: `senha-pedido-${id}`, empresa: nomeEmpresa },
  });
  expect(cadastro.status(), await cadastro.text()).toBe(201);
  await visitante.dispose();

  await entrarComoAdmin(page);
  await page.goto('/admin?aba=empresas');
  await expect(page.getByRole('link', { name: /pedidos? de acesso pendentes?/ })).toBeVisible();
  const pedidos = page.getByRole('region', { name: /Pedidos de acesso/ });
  const pedido = pedidos.getByRole('article', { name: `Pedido de ${pessoa.nome}` });
  await expect(pedido).toContainText(pessoa.email);
  await expect(pedido).toContainText('E-mail não confirmado');
  await expect(pedido).toContainText(`Empresa informada:${nomeEmpresa}`);
  await expect(pedido).toContainText(`Sugestão:${nomeEmpresa}`);

  // Joined to the suggested company, already chosen in the dialog.
  await pedido.getByRole('button', { name: `Vincular à empresa (pedido de ${pessoa.nome})` }).click();
  const dialogo = page.getByRole('dialog', { name: `Vincular ${pessoa.nome} a uma empresa` });
  await expect(dialogo.getByRole('combobox', { name: 'Empresa', exact: true })).toHaveValue(nomeEmpresa);
  await dialogo.getByRole('button', { name: 'Vincular', exact: true }).click();
  await expect(page.getByText(`${pessoa.nome} agora faz parte de ${nomeEmpresa}.`)).toBeVisible();
  await expect(pedido).toHaveCount(0);

  // The company's page lists them, as its gestor (the first person of a company).
  await page.getByLabel('Buscar').fill(nomeEmpresa);
  await page.getByRole('link', { name: nomeEmpresa, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: nomeEmpresa })).toBeVisible();
  const linha = page.getByRole('row').filter({ hasText: pessoa.email });
  await expect(linha.getByLabel(`Papel de ${pessoa.nome}`)).toHaveValue('gestor');
  await expect(linha).toContainText('Ativo');
});

test("the admin runs a company's team from its page: the last gestor stays, invitations go, come back and are cancelled", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  if (!baseURL) throw new Error('baseURL ausente');
  const id = sufixo();
  const api = await adminApi(baseURL);
  const nomeEmpresa = `Usina Equipe ${id}`;
  const empresaId = await empresaChamada(api, nomeEmpresa);
  const gestora = { nome: `Gina Gestora ${id}`, email: `gina-${id}@e2e.laudos.test` };
  // The company's first person: its gestor.
  await criarCliente(api, gestora.nome, gestora.email, nomeEmpresa);

  await entrarComoAdmin(page);
  await page.goto(`/admin/empresas/${empresaId}`);
  await expect(page.getByRole('heading', { level: 1, name: nomeEmpresa })).toBeVisible();

  // The only gestor cannot become a member: the server's reason, and the role stays.
  const papel = page.getByLabel(`Papel de ${gestora.nome}`);
  await expect(papel).toHaveValue('gestor');
  await papel.selectOption('membro');
  await expect(
    page.getByText('A empresa precisa de pelo menos um gestor ativo.', { exact: true }),
  ).toBeVisible();
  await expect(papel).toHaveValue('gestor');

  // An invitation: e-mailed with its link, listed until it is cancelled.
  const convidado = `convidado-${id}@e2e.laudos.test`;
  await page.getByRole('button', { name: 'Convidar pessoa' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Convidar pessoa' });
  await dialogo.getByLabel('E-mail').fill(convidado);
  await dialogo.getByLabel(/^Nome/).fill(`Caio Convidado ${id}`);
  await dialogo.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText(`Convite enviado para ${convidado}.`)).toBeVisible();
  const convites = page.getByRole('region', { name: 'Convites pendentes' });
  await expect(convites.getByRole('row').filter({ hasText: convidado })).toContainText('Membro');
  const convite = await waitForEmail(
    api,
    (m) => m.toEmail === convidado && m.subject === `Convite para a equipe ${nomeEmpresa} no Laudos`,
    'o convite no outbox',
  );
  expect(convite.text).toMatch(/\/convite\/\S+/);

  await convites.getByRole('button', { name: `Ações para o convite de ${convidado}` }).click();
  await page.getByRole('menuitem', { name: 'Reenviar convite' }).click();
  await expect(page.getByText(`Convite reenviado para ${convidado}.`)).toBeVisible();

  await convites.getByRole('button', { name: `Ações para o convite de ${convidado}` }).click();
  await page.getByRole('menuitem', { name: 'Cancelar convite' }).click();
  const cancelar = page.getByRole('dialog', { name: `Cancelar o convite de ${convidado}?` });
  await cancelar.getByRole('button', { name: 'Cancelar convite' }).click();
  await expect(page.getByText(`Convite de ${convidado} cancelado.`)).toBeVisible();
  await expect(convites.getByText('Nenhum convite pendente.')).toBeVisible();
  await api.dispose();
});
