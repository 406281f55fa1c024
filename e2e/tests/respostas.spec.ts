import { expect, test } from '@playwright/test';
import { adminApi, diaEmSaoPaulo, novaPagina, sufixo, waitForEmail } from './support';

/*
 * Issue 19, first slice: a client answers a reminder from the e-mail, on a phone, without signing
 * in; the firm gets the request; the same link opened again shows the same request.
 */

test('a client asks for the renewal from the reminder e-mail on a phone; the firm is told', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const email = `renova-${s}@cliente.test`;
  const nome = `Vaso ${s}`;
  const criado = await api.post('/api/laudos', {
    data: {
      nome,
      codigo: `NR13-30-${s}`,
      cliente: `Renova ${s}`,
      tipo: 'NR-13',
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

  const page = await novaPagina(browser, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Resposta ao lembrete' })).toBeVisible();
  await expect(page.getByText(nome)).toBeVisible();
  await page.getByLabel(/Período preferido/).fill('Manhãs da próxima semana');
  await page.getByLabel(/Observação/).fill('Portão 2, procurar a Ana.');
  await page.getByRole('button', { name: 'Solicitar renovação' }).click();
  await expect(page.getByText(/^Renovação solicitada em \d{2}\/\d{2}\/\d{4} por /)).toBeVisible();
  // No horizontal scroll on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const aviso = await waitForEmail(
    api,
    (m) => m.subject.startsWith(`Pedido de renovação: ${nome}`),
    'o aviso de pedido de renovação para a empresa',
  );
  expect(aviso.text).toContain('Portão 2, procurar a Ana.');

  // The same link again: the same request, no form.
  await page.reload();
  await expect(page.getByText(/^Renovação solicitada em /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Solicitar renovação' })).toHaveCount(0);
  await page.close();
});
