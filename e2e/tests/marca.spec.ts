import { expect, test } from '@playwright/test';
import { excessos } from './medidas';
import { adminApi, criarCliente, empresaChamada, novaPagina, primeiroAcesso, sufixo } from './support';

/*
 * Issue 18, the plan feature custom_branding, in the browser: the gestor uploads an SVG logo (shown
 * back as the server's PNG) and picks the colour on "Minha empresa", nothing sticking out on a phone
 * or a laptop. (What the logo does on the PDF and the e-mails: apps/server/test/marca.test.ts.)
 */

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" fill="#0b5394"/></svg>';

test('a gestor sets the company logo and colour', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Marca ${s}`;
  const email = `marca-${s}@cliente.test`;
  const empresaId = await empresaChamada(api, empresa);
  const planos = (
    (await (await api.get('/api/admin/planos')).json()) as { planos: { id: string; nome: string }[] }
  ).planos;
  const empresarial = planos.find((p) => p.nome === 'Empresarial')!.id;
  expect(
    (await api.patch(`/api/admin/empresas/${empresaId}`, { data: { planoId: empresarial } })).status(),
  ).toBe(200);
  const temporaria = await criarCliente(api, 'Gestora Marca', email, empresa);

  const page = await novaPagina(browser, baseURL!);
  await primeiroAcesso(page, email, temporaria, `senha-marca-${s}`);
  await page.goto('/minha-empresa');
  const secao = page.getByRole('region', { name: 'Marca da empresa' });
  await expect(secao.getByText('Nenhum logo enviado.')).toBeVisible();
  await secao.getByLabel('Enviar logo').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(SVG),
  });
  const logo = secao.getByRole('img', { name: 'Logo atual da empresa' });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await secao.getByLabel('Cor da empresa').fill('#0B5394');
  await secao.getByRole('button', { name: 'Salvar cor' }).click();
  await expect(page.getByText('Cor salva.')).toBeVisible();
  expect(await excessos(page), 'Minha empresa com a marca').toEqual([]);
  const marca = (await (await page.request.get('/api/empresa/marca')).json()) as { cor: string };
  expect(marca.cor).toBe('#0b5394');
  await api.dispose();
});
