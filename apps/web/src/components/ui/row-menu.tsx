import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

export type RowMenuItem = {
  label: string;
  onSelect: () => void;
  /** A destructive action (red). */
  danger?: boolean;
};

type Posicao = { top: number; left: number } | { bottom: number; left: number };

/**
 * A row's actions behind one "Ações" button (the menu-button pattern of the WAI-ARIA practices):
 * the button has aria-haspopup="menu"; opening it focuses the first item; ↑ ↓ Home End move, Enter
 * or Space chooses, Escape (or Tab, or a click outside) closes and returns the focus to the button.
 * The list is `position: fixed` under the button because a table's scrolling frame would clip an
 * absolutely placed one on the last rows.
 */
export function RowMenu({
  label,
  items,
}: {
  /** Accessible name, e.g. "Ações para Maria Souza". */ label: string;
  items: readonly RowMenuItem[];
}) {
  const [aberto, setAberto] = useState(false);
  const [posicao, setPosicao] = useState<Posicao | null>(null);
  const botao = useRef<HTMLButtonElement>(null);
  const lista = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const fechar = useCallback((devolverFoco: boolean) => {
    setAberto(false);
    setPosicao(null);
    if (devolverFoco) botao.current?.focus();
  }, []);

  /** Under the button, inside the screen; run again when the page scrolls under it. */
  const posicionar = useCallback(() => {
    if (!botao.current) return;
    const caixa = botao.current.getBoundingClientRect();
    const largura = lista.current?.offsetWidth ?? 0;
    // Its right edge on the button's (a row's actions sit at its end); a button at the left of a
    // phone's card gets the list aligned on its left instead; never off-screen.
    const preferida = caixa.right - largura < 8 ? caixa.left : caixa.right - largura;
    const left = Math.max(8, Math.min(preferida, window.innerWidth - largura - 8));
    // Opens upwards when the space below the button is shorter than the list needs.
    const altura = (lista.current?.offsetHeight ?? 0) + 8;
    setPosicao(
      caixa.bottom + altura > window.innerHeight && caixa.top > altura
        ? { bottom: window.innerHeight - caixa.top + 4, left }
        : { top: caixa.bottom + 4, left },
    );
  }, []);

  useLayoutEffect(() => {
    if (aberto) posicionar();
  }, [aberto, posicionar]);

  // Focus once placed: a `visibility: hidden` item (before its place is known) takes no focus.
  const colocado = posicao !== null;
  useEffect(() => {
    if (aberto && colocado) lista.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [aberto, colocado]);

  useEffect(() => {
    if (!aberto) return;
    function foraDoMenu(event: PointerEvent) {
      const alvo = event.target as Node;
      if (lista.current?.contains(alvo) || botao.current?.contains(alvo)) return;
      fechar(false);
    }
    // It follows its button when the page scrolls or resizes (a list that shrinks as a search
    // comes back scrolls the page), instead of closing under the user's pointer.
    function aoRolar() {
      posicionar();
    }
    document.addEventListener('pointerdown', foraDoMenu);
    window.addEventListener('scroll', aoRolar, true);
    window.addEventListener('resize', aoRolar);
    return () => {
      document.removeEventListener('pointerdown', foraDoMenu);
      window.removeEventListener('scroll', aoRolar, true);
      window.removeEventListener('resize', aoRolar);
    };
  }, [aberto, fechar, posicionar]);

  function mover(event: KeyboardEvent<HTMLDivElement>) {
    const itens = Array.from(lista.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const atual = itens.indexOf(document.activeElement as HTMLElement);
    const destino: Record<string, number> = {
      ArrowDown: (atual + 1) % itens.length,
      ArrowUp: (atual - 1 + itens.length) % itens.length,
      Home: 0,
      End: itens.length - 1,
    };
    if (event.key in destino) {
      event.preventDefault();
      itens[destino[event.key] ?? 0]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      fechar(true);
    } else if (event.key === 'Tab') {
      fechar(false);
    }
  }

  return (
    <>
      <button
        ref={botao}
        type="button"
        aria-haspopup="menu"
        aria-expanded={aberto}
        aria-controls={aberto ? menuId : undefined}
        aria-label={label}
        onClick={() => (aberto ? fechar(false) : setAberto(true))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !aberto) {
            event.preventDefault();
            setAberto(true);
          }
        }}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 ring-1 ring-slate-200 hover:bg-brand-50"
      >
        Ações
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
      </button>
      {aberto ? (
        <div
          ref={lista}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={mover}
          style={
            posicao
              ? { position: 'fixed', ...posicao }
              : { position: 'fixed', top: 0, left: 0, visibility: 'hidden' }
          }
          className="z-40 min-w-48 rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                // The focus goes back to the button first, so a dialog the action opens returns it there.
                fechar(true);
                item.onSelect();
              }}
              className={`block w-full px-3 py-2 text-left text-sm whitespace-nowrap focus:outline-none ${
                item.danger
                  ? 'text-red-700 hover:bg-red-50 focus:bg-red-50'
                  : 'text-slate-800 hover:bg-slate-100 focus:bg-slate-100'
              }`}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
