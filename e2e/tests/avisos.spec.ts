import { expect, test } from '@playwright/test';
import { excessos } from './medidas';
import { adminApi, criarCliente, empresaChamada, primeiroAcesso, sufixo } from './support';

/*
 * Issue 19, the bell (decision 032), on the real server: the firm creates a laudo for a client's
 * company; the client's bell shows 1 unread; opening it goes to the laudo and the count goes to 0.
 */

test('the firm creates a laudo for the company: the client’s bell shows it, opens it and clears', async ({
  page,
  baseURL,
}) => {
  const admin = await adminApi(baseURL!);
  const s = sufixo();
  const empresa = `Usina do Sino ${s}`;
  const email = `sino-${s}@usina.com.br`;
  const temporaria = await criarCliente(admin, 'Clara Sino', email, empresa);
  await primeiroAcesso(page, email, temporaria, `senha-do-sino-${s}`);
  await expect(page.getByRole('button', { name: 'Avisos, nenhum não lido' })).toBeVisible();

  const criado = await admin.post('/api/laudos', {
    data: {
      nome: 'Caldeira do Sino',
      codigo: `SINO-${s}`,
      tipo: 'NR-13',
      empresaId: await empresaChamada(admin, empresa),
    },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  const laudoId = ((await criado.json()) as { laudo: { id: string } }).laudo.id;

  // The header asks again every 60 s and when the window regains focus; a reload asks at once.
  await page.reload();
  const sino = page.getByRole('button', { name: 'Avisos, 1 não lido' });
  await expect(sino).toBeVisible();
  await sino.click();
  const painel = page.getByRole('region', { name: 'Avisos' });
  await expect(painel.getByRole('button', { name: /Novo laudo/ })).toContainText(
    `Caldeira do Sino (SINO-${s})`,
  );
  expect(await excessos(page), 'o painel cabe na tela').toEqual([]);
  await painel.getByRole('button', { name: /Novo laudo/ }).click();

  await expect(page).toHaveURL(new RegExp(`/laudos/${laudoId}$`));
  await expect(page.getByRole('heading', { name: /Caldeira do Sino/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Avisos, nenhum não lido' })).toBeVisible();
  await admin.dispose();
});
