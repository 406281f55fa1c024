import { buttonClass } from './button';

/** "Anterior · Página N de M · Próxima", shown only when there is more than one page. */
export function Pagination({
  label,
  pagina,
  paginas,
  onChange,
}: {
  /** The landmark's accessible name, e.g. 'Páginas de laudos'. */
  label: string;
  pagina: number;
  paginas: number;
  onChange: (pagina: number) => void;
}) {
  if (paginas <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <button
        type="button"
        onClick={() => onChange(Math.max(1, pagina - 1))}
        disabled={pagina <= 1}
        className={buttonClass('secondary', 'sm')}
      >
        Anterior
      </button>
      <p className="text-sm text-slate-700">
        Página {pagina} de {paginas}
      </p>
      <button
        type="button"
        onClick={() => onChange(Math.min(paginas, pagina + 1))}
        disabled={pagina >= paginas}
        className={buttonClass('secondary', 'sm')}
      >
        Próxima
      </button>
    </nav>
  );
}
