import { expect, type Page, test } from '@playwright/test';
import { cobertosPeloChat } from './medidas';
import { adminApi, diaEmSaoPaulo, entrarComoAdmin, sufixo } from './support';

/*
 * Loading without jumping and a chat button that covers nothing (issue 16), measured in the browser:
 * with the API slowed down, the skeletons stand in for the data and the page's cumulative layout
 * shift stays ≤ 0.1 while it arrives; on a phone, no link, button or field of the loaded page sits
 * under the floating WhatsApp button, at the top of the page or at its end.
 */

const CELULAR = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 800 };
const PAGINAS = ['/dashboard', '/vencimentos', '/admin'] as const;
/** Long enough for the skeletons to be on screen for several frames. */
const ATRASO_API_MS = 700;

/** Every layout shift since the page's navigation (buffered), summed: the page's CLS so far. */
function cls(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((lista) => {
          for (const entrada of lista.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entrada.hadRecentInput) total += entrada.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // The buffered entries arrive in the observer's first callback, after this task.
        setTimeout(() => resolve(total), 200);
      }),
  );
}

async function esperarDados(page: Page) {
  await expect(page.locator('[data-skeleton]')).toHaveCount(0, { timeout: 15_000 });
  // Past the reveal delay and a few frames, so a late jump would be counted.
  await page.waitForTimeout(300);
}

test.beforeAll(async ({ baseURL }) => {
  // Enough laudos in every section that the lists are lists, not their empty notes.
  const api = await adminApi(baseURL!);
  const s = sufixo();
  for (const [i, dias] of [-20, -3, 5, 12, 25, 90, 200, 400].entries()) {
    const r = await api.post('/api/laudos', {
      data: {
        nome: `Vaso de pressão ${i + 1} ${s}`,
        codigo: `CLS-${i + 1}-${s}`,
        cliente: `Metalúrgica ${s}`,
        tipo: 'NR-13',
        dataVencimento: diaEmSaoPaulo(dias),
      },
    });
    expect(r.status(), await r.text()).toBe(201);
  }
  await api.dispose();
});

test('the data arrives in place of the skeletons: cumulative layout shift ≤ 0.1 on a laptop and a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await entrarComoAdmin(page);
  // Everything but the session check waits, as on a slow connection or a busy server.
  await page.route(/\/api\/(?!me\b|auth\/)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ATRASO_API_MS));
    await route.fallback();
  });
  for (const tamanho of [LAPTOP, CELULAR]) {
    await page.setViewportSize(tamanho);
    for (const caminho of PAGINAS) {
      await page.goto(caminho);
      await expect(page.locator('[data-skeleton]').first()).toBeVisible();
      await esperarDados(page);
      const valor = await cls(page);
      console.log(`CLS ${caminho} ${tamanho.width}×${tamanho.height}: ${valor.toFixed(4)}`);
      expect(valor, `CLS de ${caminho} em ${tamanho.width}×${tamanho.height}`).toBeLessThanOrEqual(0.1);
    }
  }
});

test('on a phone nothing interactive sits under the chat button, at the top of a page or at its end', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(CELULAR);
  await entrarComoAdmin(page);
  for (const caminho of PAGINAS) {
    await page.goto(caminho);
    await esperarDados(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await cobertosPeloChat(page), `${caminho}, no topo`).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await cobertosPeloChat(page), `${caminho}, no fim`).toEqual([]);
  }
});
