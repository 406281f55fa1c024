import { expect, request, test } from '@playwright/test';
import { excessos } from './medidas';
import {
  adminApi,
  criarCliente,
  empresaChamada,
  mudarPlanoDaEmpresa,
  novaPagina,
  primeiroAcesso,
  sufixo,
} from './support';

/*
 * Issue 18, the plan feature api_access, end to end: the gestor creates a key on "Minha empresa"
 * (shown once, nothing sticking out on a phone or a laptop), a script uses it with no cookie to list
 * and create the company's laudos, and /api/docs renders the document (Swagger UI runs under our CSP).
 */

test('a gestor creates an API key, a script uses it, and /api/docs shows how', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Integra ${s}`;
  const email = `integra-${s}@cliente.test`;
  const empresaId = await empresaChamada(api, empresa);
  await mudarPlanoDaEmpresa(api, empresaId, 'Empresarial');
  const temporaria = await criarCliente(api, 'Gestora Integra', email, empresa);

  const page = await novaPagina(browser, baseURL!);
  const erros: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') erros.push(msg.text());
  });
  await primeiroAcesso(page, email, temporaria, `senha-integra-${s}`);
  await page.goto('/minha-empresa');
  const secao = page.getByRole('region', { name: 'Chaves de API' });
  await secao.getByRole('button', { name: 'Nova chave' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nova chave de API' });
  await dialogo.getByLabel('Nome da chave').fill('Integração do ERP');
  await dialogo.getByRole('button', { name: 'Criar chave' }).click();
  const criada = page.getByRole('dialog', { name: 'Copie a chave agora' });
  const chave = await criada.getByLabel('Chave de API').inputValue();
  expect(chave).toMatch(/^laudos_[A-Za-z0-9_-]{43}$/);
  await expect(criada.getByRole('button', { name: 'Copiar chave' })).toBeVisible();
  expect(await excessos(page), 'a chave criada').toEqual([]);
  await criada.getByRole('button', { name: 'Já copiei, fechar' }).click();
  await expect(secao.getByRole('rowheader', { name: /Integração do ERP/ })).toBeVisible();
  expect(await excessos(page), 'Minha empresa com as chaves').toEqual([]);
  await expect(page.getByText(chave)).toHaveCount(0);

  // A script: no cookie, no Origin, only the key.
  const script = await request.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { authorization: `Bearer ${chave}` },
  });
  const novo = await script.post('/api/laudos', {
    data: { nome: `Caldeira ${s}`, codigo: `API-${s}`, tipo: 'NR-13', data_vencimento: '2027-06-30' },
  });
  expect(novo.status(), await novo.text()).toBe(201);
  const lista = (await (await script.get('/api/laudos')).json()) as {
    laudos: { codigo: string; cliente: string }[];
  };
  expect(lista.laudos.map((l) => [l.codigo, l.cliente])).toEqual([[`API-${s}`, empresa]]);
  expect((await script.get('/api/admin/empresas')).status()).toBe(401);
  await script.dispose();

  // The documentation renders: the quick start and the laudo operations, from our own files.
  // Swagger UI (5.33 and later) mounts only the operations in view once a document has 150 tags
  // and operations together, as ours has: the page's filter box (uiConfig.filter) is how a developer
  // finds an operation there, and what this test uses.
  await page.goto('/api/docs');
  // Swagger UI's bundle is large (about 1.5 MB of script): a phone on a busy machine takes its time.
  await expect(page.getByRole('heading', { name: /Início rápido/ })).toBeVisible({ timeout: 30_000 });
  await page.getByPlaceholder('Filter by tag or path').fill('laudos');
  await expect(page.locator('.opblock-summary-path', { hasText: /^\/api\/laudos$/ }).first()).toBeVisible({
    timeout: 30_000,
  });
  expect(erros.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
  await api.dispose();
});
