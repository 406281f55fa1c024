import { expect, test } from '@playwright/test';
import { excessos } from './medidas';
import { diaEmSaoPaulo, entrarComoAdmin, sufixo } from './support';

/*
 * Laudo types (decision 049) against the real server: the admin gives "Inspeção de elevador" a
 * 12-month default period on the "Tipos de laudo" tab, and a new laudo of that type comes with its
 * due date prefilled (today in São Paulo + 12 months), which the server keeps.
 */

/** A day plus 12 months: the same day next year, 29/02 becoming 28/02. */
function umAnoDepois(dia: string): string {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  const ultimo = new Date(Date.UTC(a + 1, m, 0)).getUTCDate();
  return `${a + 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, ultimo)).padStart(2, '0')}`;
}

test('the admin sets a 12-month period on a type and a new laudo of it comes with the date prefilled', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = sufixo();
  const tipo = 'Inspeção de elevador';

  await entrarComoAdmin(page);
  await page.goto('/admin?aba=tipos');
  await expect(page.getByRole('tab', { name: 'Tipos de laudo' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'Tipos de laudo' })).toBeVisible();

  // Added (or, on a re-run, turned back on with the same fields) with a 12-month period.
  await page.getByRole('button', { name: 'Novo tipo' }).click();
  const novo = page.getByRole('dialog', { name: 'Novo tipo de laudo' });
  await novo.getByLabel('Nome').fill(tipo);
  await novo.getByLabel(/Descrição/).fill('Inspeção anual exigida pela prefeitura');
  await novo.getByLabel(/Período padrão/).fill('12');
  await novo.getByRole('button', { name: 'Criar tipo' }).click();
  await expect(page.getByText(`Tipo ${tipo} criado.`)).toBeVisible();
  await expect(novo).toBeHidden();
  const linha = page.getByRole('row', { name: new RegExp(`^${tipo} `) });
  await expect(linha).toContainText('12 meses');
  await expect(linha.getByRole('switch', { name: `Ativo (tipo ${tipo})` })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // At 375 px wide the list (cards on a phone) and the edit dialog fit, nothing sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(linha).toContainText('12 meses');
  expect(await excessos(page)).toEqual([]);
  await page.getByRole('button', { name: `Editar tipo ${tipo}` }).click();
  const edicao = page.getByRole('dialog', { name: `Editar tipo ${tipo}` });
  await expect(edicao.getByLabel(/Período padrão/)).toHaveValue('12');
  const largura = await edicao.evaluate((el) => el.getBoundingClientRect().right);
  expect(largura).toBeLessThanOrEqual(375);
  await edicao.getByRole('button', { name: 'Cancelar' }).click();

  // A new laudo of the type: the date comes prefilled, with the hint saying why.
  await page.goto('/novo-laudo');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo laudo' })).toBeVisible();
  await page.getByLabel('Nome do laudo').fill(`Elevador social ${id}`);
  await page.getByLabel('Código').fill(`EL-${id}`);
  await page.getByLabel('Tipo').selectOption(tipo);
  const esperada = umAnoDepois(diaEmSaoPaulo(0));
  await expect(page.getByLabel('Data de vencimento')).toHaveValue(esperada);
  await expect(page.getByText('Período padrão do tipo: 12 meses. Você pode alterar a data.')).toBeVisible();
});
