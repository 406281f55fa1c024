import type { Page } from '@playwright/test';

/** Measurements in the page shared by the screen specs (issue 16): what sticks out, what is covered. */

export type Excesso = { onde: string; quanto: number };

/**
 * What sticks out sideways in `main`: the page scrolling sideways, a scrolling box (a table's frame)
 * wider inside than out, an element past the edge of `main`, or a row's button or link past the
 * viewport. Screen-reader-only texts (1 px boxes) are not looked at, and a box is measured as it is
 * seen: cut by the ancestors that clip their overflow (a decorative glow inside a card).
 */
export async function excessos(page: Page): Promise<Excesso[]> {
  return page.evaluate(() => {
    const achados: { onde: string; quanto: number }[] = [];
    const nome = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const largura = window.innerWidth;
    const pagina = document.documentElement.scrollWidth - largura;
    if (pagina > 1) achados.push({ onde: 'a página rola de lado', quanto: pagina });
    const main = document.querySelector('main');
    if (!main) return [{ onde: 'sem <main>', quanto: 0 }];
    const limite = main.getBoundingClientRect();
    /** The element's left and right as seen, after every clipping ancestor up to <main>. */
    const visto = (el: Element, caixa: DOMRect) => {
      let { left, right } = caixa;
      for (let a = el.parentElement; a && a !== main; a = a.parentElement) {
        if (!/(hidden|clip)/.test(getComputedStyle(a).overflowX)) continue;
        const r = a.getBoundingClientRect();
        left = Math.max(left, r.left);
        right = Math.min(right, r.right);
      }
      return { left, right };
    };
    for (const el of Array.from(main.querySelectorAll('*'))) {
      const caixa = el.getBoundingClientRect();
      if (caixa.width <= 1 || caixa.height <= 1) continue;
      const estilo = getComputedStyle(el);
      if (estilo.visibility === 'hidden') continue;
      if (/(auto|scroll)/.test(estilo.overflowX) && el.scrollWidth - el.clientWidth > 1) {
        achados.push({ onde: `rola de lado: ${nome(el)}`, quanto: el.scrollWidth - el.clientWidth });
      }
      const { left, right } = visto(el, caixa);
      const fora = right <= left ? 0 : Math.max(right - limite.right, limite.left - left);
      if (fora > 1) achados.push({ onde: `passa de <main>: ${nome(el)}`, quanto: fora });
      if (el.closest('tr, [role="menu"]') && el.matches('a, button')) {
        const foraDaTela = Math.max(caixa.right - largura, -caixa.left);
        if (foraDaTela > 0) achados.push({ onde: `ação fora da tela: ${nome(el)}`, quanto: foraDaTela });
      }
    }
    return achados;
  });
}

/** The interactive elements the browser would not reach at some point because the chat button is there. */
export function cobertosPeloChat(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const chat = document.querySelector('[data-chat-widget]');
    if (!chat) throw new Error('sem o botão do chat');
    const caixaChat = chat.getBoundingClientRect();
    const cobertos: string[] = [];
    const interativos = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], [tabindex="0"]',
    );
    for (const el of interativos) {
      if (chat.contains(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Only what overlaps the chat button's box can be under it.
      if (r.right <= caixaChat.left || r.bottom <= caixaChat.top || r.top >= caixaChat.bottom) continue;
      const pontos = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 2, r.top + 2],
        [r.right - 2, r.top + 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.bottom - 2],
      ] as const;
      for (const [x, y] of pontos) {
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        const topo = document.elementFromPoint(x, y);
        if (topo && chat.contains(topo)) {
          cobertos.push(
            `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim()}"`,
          );
          break;
        }
      }
    }
    return cobertos;
  });
}
