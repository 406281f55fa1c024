import { formatDateTime } from '../../../lib/format';
import type { Aviso } from '../api/avisos';

/** One notice as a button: its title, text and time; unread ones marked (not by colour alone). */
export function ItemDeAviso({ aviso, onAbrir }: { aviso: Aviso; onAbrir: (aviso: Aviso) => void }) {
  return (
    <button
      type="button"
      onClick={() => onAbrir(aviso)}
      className={`flex w-full items-start gap-3 rounded-lg px-3 py-2 text-left hover:bg-slate-100 ${
        aviso.lido ? 'text-slate-600' : 'bg-brand-50/60 text-slate-900'
      }`}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${aviso.lido ? 'bg-transparent' : 'bg-brand-600'}`}
      />
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${aviso.lido ? '' : 'font-semibold'}`}>
          {aviso.lido ? null : <span className="sr-only">Não lido: </span>}
          {aviso.titulo}
        </span>
        <span className="block break-words text-sm text-slate-700">{aviso.texto}</span>
        <span className="block text-xs text-slate-500">{formatDateTime(aviso.criadoEm)}</span>
      </span>
    </button>
  );
}
