import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../../global-setup';
import { adminApi, diaEmSaoPaulo, empresaChamada, escolherEmpresa, sufixo, waitForEmail } from '../support';
import { dataBR, entrar, navegar, pdfMinimo, planilhaXlsx, sair, XLSX_MIME } from './passos';

/*
 * The firm's admin, start to finish, on the real server (see global-setup.ts), through the pages
 * only: signs in, creates a client, tunes a reminder rule, creates three laudos with a PDF and a
 * spreadsheet for that client, dry-runs and runs the reminders, finds the e-mails among the sent
 * messages, signs out. The admin API is used only to register the client's company, to read the
 * outbox and to put the rule back.
 */

const REGRA_ANTES = 'Lembretes antes do vencimento';

type Regra = { id: string; name: string; daysBefore: number[] };

test('the admin creates a client and their laudos, tunes and runs the reminders, and finds the e-mails', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL ausente');
  const api = await adminApi(baseURL);
  const regras = (await (await api.get('/api/admin/notificacoes/regras')).json()) as { regras: Regra[] };
  const regraAntes = regras.regras.find((r) => r.name === REGRA_ANTES);
  if (!regraAntes) throw new Error(`regra "${REGRA_ANTES}" não encontrada`);

  const id = sufixo();
  const cliente = {
    nome: `Cliente Jornada ${id}`,
    email: `jornada-admin-${id}@e2e.laudos.test`,
    empresa: `Metalúrgica Jornada ${id}`,
  };
  // The client's company exists already (companies have their own journey, empresas-admin.spec.ts).
  await empresaChamada(api, cliente.empresa);
  const laudos = {
    trinta: { nome: `Vaso 30 dias ${id}`, codigo: `J30-${id}`, dias: 30 },
    sete: { nome: `Caldeira 7 dias ${id}`, codigo: `J7-${id}`, dias: 7 },
    vencido: { nome: `Compressor vencido ${id}`, codigo: `JV7-${id}`, dias: -7 },
  };

  // Signs in; the admin's area is one link away from the page the sign-in lands on.
  await page.goto('/login');
  await entrar(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await navegar(page, 'Área do cliente', 'Administração');
  await expect(page.getByRole('heading', { level: 1, name: 'Administração' })).toBeVisible();

  // Creates the client in the users tab: a welcome e-mail with a temporary password goes out.
  await expect(page.getByRole('tab', { name: 'Usuários' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Novo usuário' });
  await dialogo.getByLabel('Nome', { exact: true }).fill(cliente.nome);
  await dialogo.getByLabel('E-mail', { exact: true }).fill(cliente.email);
  await expect(dialogo.getByLabel('Tipo', { exact: true })).toHaveValue('cliente');
  // The client's company, chosen in the form's picker (the company was registered beforehand).
  await escolherEmpresa(dialogo, cliente.empresa);
  await dialogo.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(
    page.getByText(`Usuário criado. A senha temporária foi enviada para ${cliente.email}.`),
  ).toBeVisible();
  await expect(dialogo).toBeHidden();
  // After the other specs the list has pages of users: the admin searches for the new one.
  await page.getByLabel('Buscar', { exact: true }).fill(cliente.email);
  const linhaCliente = page.getByRole('row').filter({ hasText: cliente.email });
  await expect(linhaCliente).toContainText(cliente.empresa);
  await expect(linhaCliente).toContainText('Primeiro acesso pendente');

  try {
    // The firm drops the 30-day reminder. The rule is changed before the laudos exist, so the
    // 5-minute scheduled check, whenever it fires, already sees the new days.
    await navegar(page, 'Administração', 'Notificações por e-mail');
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações por e-mail' })).toBeVisible();
    const linhaRegra = page.getByRole('row').filter({ hasText: REGRA_ANTES });
    await expect(linhaRegra).toContainText('90, 60, 30, 15, 7, 3, 1 dias antes');
    await linhaRegra.getByRole('button', { name: `Editar regra ${REGRA_ANTES}` }).click();
    const edicao = page.getByRole('dialog', { name: `Editar regra ${REGRA_ANTES}` });
    const dias = edicao.getByLabel('Dias antes do vencimento');
    await expect(dias).toHaveValue('90, 60, 30, 15, 7, 3, 1');
    await dias.fill('90, 60, 15, 7, 3, 1');
    await edicao.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(page.getByText(`Regra ${REGRA_ANTES} salva.`)).toBeVisible();
    await expect(edicao).toBeHidden();
    await expect(linhaRegra).toContainText('90, 60, 15, 7, 3, 1 dias antes');
    // Saved on the server: it survives a reload.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: REGRA_ANTES })).toContainText(
      '90, 60, 15, 7, 3, 1 dias antes',
    );

    // Three laudos for the client, each with its PDF and spreadsheet, through "Novo laudo".
    const planilha = await planilhaXlsx();
    for (const laudo of Object.values(laudos)) {
      await criarLaudo(page, {
        ...laudo,
        empresa: cliente.empresa,
        email: cliente.email,
        vencimento: diaEmSaoPaulo(laudo.dias),
        planilha,
      });
    }

    // The dry run for today lists the 7-day reminder and the 7-days-expired notice, not the 30-day
    // one any more. Whether a row is still to go or already gone depends on the scheduled check,
    // which may have run in between: both are right.
    await navegar(page, 'Administração', 'Notificações por e-mail');
    await page.getByRole('tab', { name: 'Simulação' }).click();
    await expect(page.getByLabel('Data da simulação')).toHaveValue(diaEmSaoPaulo(0));
    await page.getByRole('button', { name: 'Simular' }).click();
    const simulacao = page.getByRole('table', {
      name: `E-mails que seriam enviados em ${dataBR(diaEmSaoPaulo(0))}`,
    });
    const linhaSete = simulacao.getByRole('row').filter({ hasText: laudos.sete.nome });
    await expect(linhaSete).toContainText(`🚨 URGENTE: Laudo vence em 7 dias: ${laudos.sete.nome}`);
    await expect(linhaSete).toContainText(cliente.email);
    await expect(linhaSete).toContainText('7 dias antes');
    await expect(linhaSete).toContainText(/Seria enviado|Já enviado/);
    const linhaVencido = simulacao.getByRole('row').filter({ hasText: laudos.vencido.nome });
    await expect(linhaVencido).toContainText(`🔴 Laudo vencido há 7 dias: ${laudos.vencido.nome}`);
    await expect(linhaVencido).toContainText('7 dias depois');
    await expect(simulacao.getByRole('row').filter({ hasText: laudos.trinta.nome })).toHaveCount(0);

    // Runs the reminders now.
    await page.getByRole('tab', { name: 'Agendador' }).click();
    await page.getByRole('button', { name: 'Executar agora' }).click();
    await expect(page.getByText(/^Execução concluída \(/)).toContainText(dataBR(diaEmSaoPaulo(0)));

    // The client's e-mails, among the messages sent: the welcome, one "created" per laudo, and
    // the two reminders; the laudo due in 30 days got no reminder. (Counted per laudo, not in
    // total: on the 1st of a month the monthly report joins them.)
    await navegar(page, 'Administração', 'Modelos de e-mail');
    await page.getByRole('tab', { name: 'Mensagens enviadas' }).click();
    await page.getByLabel('Buscar').fill(cliente.email);
    const mensagens = page.getByRole('table', { name: 'Mensagens, da mais recente à mais antiga' });
    const linhas = (texto: string | RegExp) => mensagens.getByRole('row').filter({ hasText: texto });
    const assuntos = {
      sete: `🚨 URGENTE: Laudo vence em 7 dias: ${laudos.sete.nome}`,
      vencido: `🔴 Laudo vencido há 7 dias: ${laudos.vencido.nome}`,
    };
    await expect(linhas(/Bem-vindo\(a\) ao portal de laudos/)).toHaveCount(1);
    for (const laudo of Object.values(laudos)) {
      await expect(linhas(`Novo Laudo Criado: ${laudo.nome}`)).toHaveCount(1);
    }
    await expect(linhas(assuntos.sete)).toHaveCount(1);
    await expect(linhas(assuntos.vencido)).toHaveCount(1);
    await expect(linhas(laudos.sete.nome)).toHaveCount(2);
    await expect(linhas(laudos.vencido.nome)).toHaveCount(2);
    await expect(linhas(laudos.trinta.nome)).toHaveCount(1);

    // They reach the outbox, the 7-day one with the laudo's date in its text.
    const lembrete = await waitForEmail(
      api,
      (m) => m.toEmail === cliente.email && m.subject === assuntos.sete,
      'o lembrete de 7 dias no outbox',
    );
    expect(lembrete.text).toContain(dataBR(diaEmSaoPaulo(7)));
    await waitForEmail(
      api,
      (m) => m.toEmail === cliente.email && m.subject === assuntos.vencido,
      'o aviso de vencido há 7 dias no outbox',
    );
    const boasVindas = await waitForEmail(
      api,
      (m) => m.toEmail === cliente.email && m.text.includes('Senha temporária'),
      'as boas-vindas no outbox',
    );
    expect(boasVindas.text).toContain(cliente.empresa);
  } finally {
    // Leaves the shared server's rule as it was for the other journeys.
    const volta = await api.patch(`/api/admin/notificacoes/regras/${regraAntes.id}`, {
      data: { daysBefore: regraAntes.daysBefore },
    });
    expect(volta.ok(), await volta.text()).toBe(true);
  }

  await sair(page);
  // Signed out: the admin's pages lead back to the sign-in.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await api.dispose();
});

async function criarLaudo(
  page: Page,
  laudo: {
    nome: string;
    codigo: string;
    dias: number;
    empresa: string;
    email: string;
    vencimento: string;
    planilha: Buffer;
  },
) {
  const pdf = `laudo-${laudo.codigo.toLowerCase()}.pdf`;
  const xlsx = `medicoes-${laudo.codigo.toLowerCase()}.xlsx`;
  await navegar(page, 'Administração', 'Painel');
  await page.getByRole('tab', { name: 'Laudos' }).click();
  await page.getByRole('link', { name: 'Novo laudo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo laudo' })).toBeVisible();
  await page.getByLabel('Nome do laudo').fill(laudo.nome);
  await page.getByLabel('Código').fill(laudo.codigo);
  await page.getByLabel('Tipo').selectOption('NR-13');
  await escolherEmpresa(page, laudo.empresa);
  await page.getByLabel('E-mail do cliente').fill(laudo.email);
  await page.getByLabel('Data de vencimento').fill(laudo.vencimento);
  await page.getByLabel('Arquivo PDF').setInputFiles({
    name: pdf,
    mimeType: 'application/pdf',
    buffer: pdfMinimo(laudo.nome),
  });
  await page
    .getByLabel('Planilha Excel')
    .setInputFiles({ name: xlsx, mimeType: XLSX_MIME, buffer: laudo.planilha });
  await page.getByRole('button', { name: 'Criar laudo' }).click();

  await expect(page).toHaveURL(/\/laudos\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: laudo.nome })).toBeVisible();
  const descricao =
    laudo.dias >= 0 ? `Vence em ${laudo.dias} dias` : `Vencido há ${Math.abs(laudo.dias)} dias`;
  await expect(page.getByText(descricao).first()).toBeVisible();
  const arquivos = page.getByRole('region', { name: 'Arquivos' });
  await expect(arquivos.getByText(pdf)).toBeVisible();
  await expect(arquivos.getByText(xlsx)).toBeVisible();
  await expect(arquivos.getByRole('link', { name: 'Baixar PDF' })).toBeVisible();
  await expect(arquivos.getByRole('link', { name: 'Baixar Excel' })).toBeVisible();
}
