import type { ReactNode } from 'react';

/** A card of the page with its heading (a region named by it). */
export function Secao({
  id,
  titulo,
  acao,
  className = '',
  children,
}: {
  id: string;
  titulo: string;
  /** A button beside the heading. */
  acao?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className={`min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={`${id}-titulo`} className="text-lg font-semibold text-slate-900">
          {titulo}
        </h2>
        {acao}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}
