import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { excessos } from './medidas';
import {
  adminApi,
  criarCliente,
  diaEmSaoPaulo,
  empresaChamada,
  entrarComoAdmin,
  novaPagina,
  primeiroAcesso,
  sufixo,
  waitForEmail,
} from './support';

async function semViolacoes(page: Page, onde: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${onde}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
}

/*
 * Issue 19, the firm's renewal pipeline (decision 029): a request made from a reminder's link is on
 * the admin's board; the admin drags it to Agendado with the inspection's date and engineer; the
 * client sees that stage in their Renovações.
 */

test('an admin drags a renewal request to Agendado with a date; the client is told by the bell and sees it in Renovações', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Renova Quadro ${s}`;
  const email = `quadro-${s}@cliente.test`;
  const nome = `Caldeira ${s}`;
  const temporaria = await criarCliente(api, 'Cliente do Quadro', email, empresa);
  const criado = await api.post('/api/laudos', {
    data: {
      nome,
      codigo: `QD-${s}`,
      tipo: 'NR-13',
      empresaId: await empresaChamada(api, empresa),
      emailCliente: email,
      dataVencimento: diaEmSaoPaulo(30),
    },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  const executar = await api.post('/api/admin/notificacoes/executar', { data: {} });
  expect(executar.status(), await executar.text()).toBe(200);
  const lembrete = await waitForEmail(
    api,
    (m) => m.toEmail === email && m.subject.includes(`vence em 30 dias: ${nome}`),
    'o lembrete de 30 dias no outbox',
  );
  const link = /- Solicitar renovação: (\S+)/.exec(lembrete.text)?.[1];
  expect(link, lembrete.text).toBeTruthy();
  const token = new URL(link!).pathname.split('/').pop();
  const pedido = await api.post(`/api/respostas/${token}`, { data: { periodo: 'Próximo mês' } });
  expect(pedido.status(), await pedido.text()).toBe(200);

  // The admin's board: the card is under Solicitado; dragged to Agendado, the dialog asks the date.
  const admin = await novaPagina(browser, baseURL!);
  await entrarComoAdmin(admin);
  await admin.goto('/admin/renovacoes');
  await expect(admin.getByRole('heading', { level: 1, name: 'Renovações' })).toBeVisible();
  await admin.getByLabel('Buscar').fill(nome);
  const solicitado = admin.getByRole('region', { name: 'Solicitado' });
  const agendado = admin.getByRole('region', { name: 'Agendado' });
  const cartao = solicitado.getByRole('listitem').filter({ hasText: nome });
  await expect(cartao).toBeVisible();
  await expect(admin.getByRole('table', { name: /Funil de renovação/ })).toBeAttached();
  await semViolacoes(admin, '/admin/renovacoes');
  // With a mouse the card is dragged; on a phone (one column at a time) its "Mover para" list moves it.
  const noCelular = test.info().project.name === 'celular';
  if (noCelular) await cartao.getByLabel(`Mover ${nome} (QD-${s}) para`).selectOption('agendado');
  else await cartao.dragTo(agendado);
  const dialogo = admin.getByRole('dialog', { name: 'Agendar a inspeção' });
  await expect(dialogo).toBeVisible();
  await semViolacoes(admin, 'diálogo Agendar a inspeção');
  // Without the date and engineer, the form says what is missing.
  await dialogo.getByRole('button', { name: 'Agendar' }).click();
  await expect(dialogo.getByText('Informe a data da inspeção.')).toBeVisible();
  const inspecao = diaEmSaoPaulo(12);
  await dialogo.getByLabel('Data da inspeção').fill(inspecao);
  await dialogo.getByLabel('Engenheiro').fill('Eng. Marta Lima');
  await dialogo.getByRole('button', { name: 'Agendar' }).click();
  await expect(dialogo).toHaveCount(0);
  if (noCelular) await admin.getByLabel('Estágio').selectOption('agendado');
  await expect(agendado.getByRole('listitem').filter({ hasText: nome })).toContainText('Eng. Marta Lima');
  await expect(solicitado.getByRole('listitem').filter({ hasText: nome })).toHaveCount(0);

  // On a phone: one column at a time, chosen by the stage list; nothing sticks out sideways.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.getByLabel('Estágio').selectOption('agendado');
  await expect(agendado.getByRole('listitem').filter({ hasText: nome })).toBeVisible();
  await expect(solicitado).toBeHidden();
  expect(await excessos(admin), '/admin/renovacoes no celular').toEqual([]);
  await admin.close();

  // The client sees the stage in Renovações.
  const [ano, mes, dia] = inspecao.split('-');
  const cliente = await novaPagina(browser, baseURL!);
  await primeiroAcesso(cliente, email, temporaria, `senha-do-quadro-${s}`);
  // The bell tells the client (a new laudo, the reminder, the stage): its notice opens Renovações.
  await cliente.getByRole('button', { name: /^Avisos, \d+ não lidos?$/ }).click();
  await cliente
    .getByRole('region', { name: 'Avisos' })
    .getByRole('button', { name: /Pedido de renovação: Agendado/ })
    .click();
  await expect(cliente).toHaveURL(/\/renovacoes$/);
  const doCliente = cliente.getByRole('listitem').filter({ hasText: nome });
  await expect(doCliente.locator('[aria-current="step"]')).toHaveText('Agendado');
  await expect(doCliente).toContainText(`Inspeção agendada para ${dia}/${mes}/${ano} com Eng. Marta Lima.`);
  await semViolacoes(cliente, '/renovacoes');
  await cliente.setViewportSize({ width: 390, height: 844 });
  expect(await excessos(cliente), '/renovacoes no celular').toEqual([]);
  await cliente.close();
});
