import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../global-setup';
import {
  adminApi,
  criarCliente,
  diaEmSaoPaulo,
  novaPagina,
  primeiroAcesso,
  sufixo,
  waitForEmail,
} from './support';

/*
 * The reminders, as the firm's admin and a client see them: a rule switched off, a dry run, a run
 * now, the e-mails in the outbox and the statistics, a template's live preview, and the client's
 * /notificacoes.
 */

const REGRA_VENCIDOS = 'Avisos de laudo vencido (até 30 dias)';

test('an admin tunes and runs the reminders; the client sees them on /notificacoes', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const email = `lembretes-${s}@cliente.test`;
  const empresa = `Caldeiraria ${s}`;
  const temporaria = await criarCliente(api, 'Clara Lembrete', email, empresa);
  const criar = async (nome: string, codigo: string, dias: number) => {
    const r = await api.post('/api/laudos', {
      data: {
        nome,
        codigo,
        cliente: empresa,
        tipo: 'NR-13',
        emailCliente: email,
        dataVencimento: diaEmSaoPaulo(dias),
      },
    });
    expect(r.status(), await r.text()).toBe(201);
  };
  const seteDias = `Caldeira ${s}`;
  const venceHoje = `Compressor ${s}`;
  await criar(seteDias, `NR13-7-${s}`, 7);
  await criar(venceHoje, `NR13-0-${s}`, 0);

  const page = await novaPagina(browser, baseURL!);
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Switch off the "vencido" rule: the laudo due today gets nothing.
  await page.goto('/admin/email-notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações por e-mail' })).toBeVisible();
  const linha = page.getByRole('row').filter({ hasText: REGRA_VENCIDOS });
  const chave = linha.getByRole('switch');
  await expect(chave).toHaveAttribute('aria-checked', 'true');
  await chave.click();
  await expect(chave).toHaveAttribute('aria-checked', 'false');

  try {
    // Dry run for today: the 7-day reminder would go out, nothing for the one due today.
    await page.getByRole('tab', { name: 'Simulação' }).click();
    await page.getByRole('button', { name: 'Simular' }).click();
    const simulacao = page.getByRole('table', { name: /E-mails que seriam enviados/ });
    await expect(simulacao.getByRole('row').filter({ hasText: seteDias })).toBeVisible();
    await expect(simulacao.getByRole('row').filter({ hasText: venceHoje })).toHaveCount(0);

    // Run now.
    await page.getByRole('tab', { name: 'Agendador' }).click();
    await page.getByRole('button', { name: 'Executar agora' }).click();
    await expect(page.getByText(/Execução concluída/)).toBeVisible();
    const lembrete = await waitForEmail(
      api,
      (m) => m.toEmail === email && m.subject === `🚨 URGENTE: Laudo vence em 7 dias: ${seteDias}`,
      'o lembrete de 7 dias no outbox',
    );
    expect(lembrete.text).toContain(seteDias);

    // The statistics count it.
    await page.getByRole('tab', { name: 'E-mails' }).click();
    await expect(page.getByText('Enviados', { exact: true })).toBeVisible();
    const total = page.locator('dt', { hasText: /^Total$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(total).not.toHaveText('0');

    // The outbox lists it with its status.
    await page.goto('/admin/email-templates?aba=mensagens');
    await page.getByLabel('Buscar').fill(seteDias);
    await expect(page.getByText(`🚨 URGENTE: Laudo vence em 7 dias: ${seteDias}`).first()).toBeVisible();

    // A template's preview follows the edit (not saved).
    await page.goto('/admin/email-templates');
    await expect(page.getByRole('heading', { level: 1, name: 'Modelos de e-mail' })).toBeVisible();
    await page.getByRole('link', { name: 'Editar modelo Vence em 7 dias', exact: true }).click();
    const assunto = page.getByLabel('Assunto', { exact: true });
    await expect(assunto).toHaveValue(/URGENTE/);
    await assunto.fill('Falta uma semana: {{ laudo_nome }}');
    await expect(page.getByText('Falta uma semana: Caldeira 01')).toBeVisible();
    await expect(page.getByTitle('Pré-visualização do e-mail em HTML')).toHaveAttribute('sandbox', '');
  } finally {
    // Leave the shared server as it was for the other journeys.
    await page.goto('/admin/email-notifications');
    const de = page.getByRole('row').filter({ hasText: REGRA_VENCIDOS }).getByRole('switch');
    if ((await de.getAttribute('aria-checked')) === 'false') await de.click();
    await expect(de).toHaveAttribute('aria-checked', 'true');
  }

  // The client sees the reminder on /notificacoes.
  const cliente = await novaPagina(browser, baseURL!);
  await primeiroAcesso(cliente, email, temporaria, `nova-senha-${s}`);
  await cliente.goto('/notificacoes');
  await expect(cliente.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  await expect(
    cliente.getByRole('row').filter({ hasText: seteDias }).filter({ hasText: 'Vence em 7 dias' }),
  ).toBeVisible();
  // The laudo due today only had its "created" e-mail: its rule was off during the run.
  await expect(
    cliente
      .getByRole('row')
      .filter({ hasText: venceHoje })
      .filter({ hasText: /Venc(eu|e hoje)/ }),
  ).toHaveCount(0);
});
