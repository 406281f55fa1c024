import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { type Aviso, useMarcarLido, useMarcarTodosLidos, useNaoLidos, useUltimosAvisos } from '../api/avisos';
import { ItemDeAviso } from './item-de-aviso';

/** Notices in the bell's panel. */
const NO_PAINEL = 10;

/** "Avisos, 3 não lidos": the bell's accessible name. */
function rotuloDoSino(naoLidos: number): string {
  if (naoLidos === 0) return 'Avisos, nenhum não lido';
  return `Avisos, ${naoLidos} ${naoLidos === 1 ? 'não lido' : 'não lidos'}`;
}

/**
 * The header's bell (decision 032): the unread count as a badge, and a panel with the latest 10.
 * A click on a notice marks it read and opens its link; Escape or a click outside closes the panel
 * and gives the focus back to the bell.
 */
export function Sino({ todosHref }: { /** The page with every notice of this area. */ todosHref: string }) {
  const [aberto, setAberto] = useState(false);
  const naoLidos = useNaoLidos().data ?? 0;
  const ultimos = useUltimosAvisos(NO_PAINEL, aberto);
  const marcarLido = useMarcarLido();
  const marcarTodos = useMarcarTodosLidos();
  const navigate = useNavigate();
  const botao = useRef<HTMLButtonElement>(null);
  const painel = useRef<HTMLElement>(null);
  const painelId = useId();
  const tituloId = useId();

  useEffect(() => {
    if (!aberto) return;
    const fora = (e: PointerEvent) => {
      const alvo = e.target as Node;
      if (!painel.current?.contains(alvo) && !botao.current?.contains(alvo)) setAberto(false);
    };
    const tecla = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setAberto(false);
      botao.current?.focus();
    };
    document.addEventListener('pointerdown', fora);
    document.addEventListener('keydown', tecla);
    return () => {
      document.removeEventListener('pointerdown', fora);
      document.removeEventListener('keydown', tecla);
    };
  }, [aberto]);

  function abrir(aviso: Aviso) {
    setAberto(false);
    if (!aviso.lido) marcarLido.mutate(aviso.id);
    navigate(aviso.link);
  }

  const avisos = ultimos.data?.avisos ?? [];
  return (
    <div className="relative">
      <button
        ref={botao}
        type="button"
        aria-label={rotuloDoSino(naoLidos)}
        aria-expanded={aberto}
        aria-controls={aberto ? painelId : undefined}
        onClick={() => setAberto((a) => !a)}
        className="relative inline-flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="size-5"
        >
          <path strokeLinecap="round" strokeLinejoin="round" d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path strokeLinecap="round" strokeLinejoin="round" d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {naoLidos > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {naoLidos > 99 ? '99+' : naoLidos}
          </span>
        ) : null}
      </button>
      {aberto ? (
        <section
          ref={painel}
          id={painelId}
          aria-labelledby={tituloId}
          // On a phone the panel spans the screen under the header (it would overflow beside the bell).
          className="fixed inset-x-2 top-16 z-40 rounded-xl border border-slate-200 bg-white p-2 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 px-2 py-1">
            <h2 id={tituloId} className="text-sm font-semibold text-slate-900">
              Avisos
            </h2>
            <button
              type="button"
              onClick={() => marcarTodos.mutate()}
              disabled={naoLidos === 0 || marcarTodos.isPending}
              className={buttonClass('ghost', 'sm')}
            >
              Marcar todos como lidos
            </button>
          </div>
          {ultimos.isPending ? (
            <p className="px-3 py-4 text-sm text-slate-600">Carregando…</p>
          ) : ultimos.isError ? (
            <p role="alert" className="px-3 py-4 text-sm text-red-800">
              Não foi possível carregar os avisos.
            </p>
          ) : avisos.length === 0 ? (
            <p className="px-3 py-4 text-sm text-slate-600">Nenhum aviso por enquanto.</p>
          ) : (
            <ul className="max-h-[60vh] space-y-1 overflow-y-auto">
              {avisos.map((aviso) => (
                <li key={aviso.id}>
                  <ItemDeAviso aviso={aviso} onAbrir={abrir} />
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-slate-200 px-2 pt-2">
            <Link to={todosHref} onClick={() => setAberto(false)} className={buttonClass('ghost', 'sm')}>
              Ver todos
            </Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}
