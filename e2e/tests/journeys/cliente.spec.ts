import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminApi, criarCliente, diaEmSaoPaulo, sufixo } from '../support';
import { dataBR, entrar, navegar, pdfMinimo, planilhaXlsx, sair, XLSX_MIME } from './passos';

/*
 * The client, start to finish, on the real server (see global-setup.ts). The admin's part is setup
 * through the admin API: the account (its welcome e-mail carries the temporary password), five
 * laudos for the client's company, files on one of them, and a run of the reminders. From the
 * welcome e-mail on, everything is the client's clicks and typing.
 */

type Laudo = { nome: string; codigo: string; dias: number };

async function criarLaudo(api: APIRequestContext, laudo: Laudo, empresa: string, email: string) {
  const response = await api.post('/api/laudos', {
    data: {
      nome: laudo.nome,
      codigo: laudo.codigo,
      cliente: empresa,
      tipo: 'NR-13',
      emailCliente: email,
      dataVencimento: diaEmSaoPaulo(laudo.dias),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { laudo: { id: string } }).laudo.id;
}

async function enviarArquivo(
  api: APIRequestContext,
  laudoId: string,
  tipo: 'pdf' | 'excel',
  arquivo: { name: string; mimeType: string; buffer: Buffer },
) {
  const response = await api.post(`/api/laudos/${laudoId}/arquivos/${tipo}`, {
    multipart: { arquivo },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('the client signs in on the e-mailed password, follows their laudos, opens and downloads the files, and sees the reminders', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL ausente');
  const id = sufixo();
  const cliente = { email: `jornada-cliente-${id}@e2e.laudos.test`, empresa: `Usina Jornada ${id}` };
  const novaSenha = `senha-jornada-${id}`;
  const laudos = {
    vencido: { nome: `Autoclave ${id}`, codigo: `JC-V7-${id}`, dias: -7 },
    sete: { nome: `Caldeira ${id}`, codigo: `JC-7-${id}`, dias: 7 },
    vinte: { nome: `Compressor ${id}`, codigo: `JC-20-${id}`, dias: 20 },
    quarentaECinco: { nome: `Elevador ${id}`, codigo: `JC-45-${id}`, dias: 45 },
    cemEVinte: { nome: `Prensa ${id}`, codigo: `JC-120-${id}`, dias: 120 },
  } satisfies Record<string, Laudo>;
  const pdf = { name: `laudo-caldeira-${id}.pdf`, mimeType: 'application/pdf', buffer: pdfMinimo(id) };
  const xlsx = { name: `medicoes-caldeira-${id}.xlsx`, mimeType: XLSX_MIME, buffer: await planilhaXlsx() };

  // Setup, the admin's part: the account, the laudos, the files and a run of the reminders.
  const api = await adminApi(baseURL);
  const temporaria = await criarCliente(api, 'Cliente Jornada', cliente.email, cliente.empresa);
  const ids: Record<keyof typeof laudos, string> = {
    vencido: '',
    sete: '',
    vinte: '',
    quarentaECinco: '',
    cemEVinte: '',
  };
  for (const [chave, laudo] of Object.entries(laudos) as [keyof typeof laudos, Laudo][]) {
    ids[chave] = await criarLaudo(api, laudo, cliente.empresa, cliente.email);
  }
  await enviarArquivo(api, ids.sete, 'pdf', pdf);
  await enviarArquivo(api, ids.sete, 'excel', xlsx);
  const execucao = await api.post('/api/admin/notificacoes/executar');
  expect(execucao.ok(), await execucao.text()).toBe(true);
  await api.dispose();

  // First access: the temporary password, then a password of their own.
  await page.goto('/login');
  await entrar(page, cliente.email, temporaria);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByText('Por segurança, troque a senha temporária antes de continuar.')).toBeVisible();
  // Only the new password, twice: the temporary one was just typed to sign in.
  await expect(page.getByLabel('Senha atual')).toHaveCount(0);
  await page.getByLabel('Nova senha', { exact: true }).fill(novaSenha);
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill(novaSenha);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Senha alterada')).toBeVisible();

  // The dashboard counts their five laudos: two active, two expiring, one expired.
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  const contagem = (rotulo: string) =>
    page
      .locator('dl > div')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${rotulo}$`) }) })
      .locator('dd');
  await expect(contagem('Total de laudos')).toHaveText('5');
  await expect(contagem('Ativos')).toHaveText('2');
  await expect(contagem('Vencendo')).toHaveText('2');
  await expect(contagem('Vencidos')).toHaveText('1');

  // /vencimentos: each section in date order, each laudo with its date and days.
  await navegar(page, 'Área do cliente', 'Vencimentos');
  await expect(page.getByRole('heading', { level: 1, name: 'Vencimentos' })).toBeVisible();
  const secao = (nome: RegExp) => page.getByRole('region', { name: nome }).getByRole('listitem');
  await expect(secao(/^Vencidos/)).toHaveText([new RegExp(`${laudos.vencido.nome}.*Vencido há 7 dias`)]);
  await expect(secao(/^Vencendo \(até 30 dias\)/)).toHaveText([
    new RegExp(`${laudos.sete.nome}.*Vencimento: ${dataBR(diaEmSaoPaulo(7))}.*Vence em 7 dias`),
    new RegExp(`${laudos.vinte.nome}.*Vencimento: ${dataBR(diaEmSaoPaulo(20))}.*Vence em 20 dias`),
  ]);
  await expect(secao(/^Ativos/)).toHaveText([
    new RegExp(`${laudos.quarentaECinco.nome}.*Vence em 45 dias`),
    new RegExp(`${laudos.cemEVinte.nome}.*Vence em 120 dias`),
  ]);

  // Opens the laudo due in 7 days: the PDF opens in a new tab, shown inline.
  await page.getByRole('link', { name: laudos.sete.nome }).click();
  await expect(page.getByRole('heading', { level: 1, name: laudos.sete.nome })).toBeVisible();
  const arquivos = page.getByRole('region', { name: 'Arquivos' });
  await expect(arquivos.getByText(pdf.name)).toBeVisible();
  const respostaPdf = context.waitForEvent('response', (r) =>
    new URL(r.url()).pathname.endsWith(`/api/laudos/${ids.sete}/arquivos/pdf`),
  );
  const [aba] = await Promise.all([
    context.waitForEvent('page'),
    arquivos.getByRole('link', { name: /Visualizar PDF/ }).click(),
  ]);
  const resposta = await respostaPdf;
  expect(resposta.status()).toBe(200);
  expect(resposta.headers()['content-type']).toContain('application/pdf');
  expect(resposta.headers()['content-disposition']).toMatch(/^inline/);
  expect(new URL(aba.url()).pathname).toBe(`/api/laudos/${ids.sete}/arquivos/pdf`);
  await aba.close();

  // Downloads both files, with their original names and sizes.
  for (const [link, arquivo] of [
    ['Baixar PDF', pdf],
    ['Baixar Excel', xlsx],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      arquivos.getByRole('link', { name: link }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(arquivo.name);
    const baixado = await readFile(await download.path());
    expect(baixado.length).toBe(arquivo.buffer.length);
    expect(baixado.equals(arquivo.buffer)).toBe(true);
  }

  // /documentos: only the laudo with files, with both of them.
  await navegar(page, 'Área do cliente', 'Documentos');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
  await expect(page.getByText('1 laudo com arquivos.')).toBeVisible();
  const documento = page.getByRole('listitem').filter({ hasText: laudos.sete.nome }).first();
  await expect(documento).toContainText(pdf.name);
  await expect(documento).toContainText(xlsx.name);
  await expect(documento.getByRole('link', { name: `Baixar o PDF de ${laudos.sete.nome}` })).toBeVisible();

  // /notificacoes: a "created" e-mail per laudo, and today's two reminders. (Counted per laudo,
  // not in total: on the 1st of a month the monthly report joins them.)
  await navegar(page, 'Área do cliente', 'Notificações');
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  const linhas = (texto: string) =>
    page
      .getByRole('table', { name: /Notificações enviadas/ })
      .getByRole('row')
      .filter({ hasText: texto });
  await expect(linhas(`🚨 URGENTE: Laudo vence em 7 dias: ${laudos.sete.nome}`)).toContainText(cliente.email);
  await expect(linhas(`🔴 Laudo vencido há 7 dias: ${laudos.vencido.nome}`)).toHaveCount(1);
  for (const laudo of Object.values(laudos)) {
    await expect(linhas(`Novo Laudo Criado: ${laudo.nome}`)).toHaveCount(1);
    // No milestone today for the others: only the "created" e-mail.
    await expect(linhas(laudo.nome)).toHaveCount(laudo.dias === 7 || laudo.dias === -7 ? 2 : 1);
  }

  await sair(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
