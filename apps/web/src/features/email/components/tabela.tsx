import { type ReactNode, useId } from 'react';

export const th = 'px-3 py-2.5 text-left font-semibold whitespace-nowrap text-slate-900';
export const td = 'px-3 py-3 align-top';

/**
 * A data table that scrolls sideways on a phone. `relative` keeps the screen-reader-only texts
 * inside the scrolling box (see the users table).
 */
export function Tabela({
  caption,
  colunas,
  busy = false,
  children,
}: {
  /** Read by screen readers; not shown. */
  caption: string;
  colunas: readonly string[];
  busy?: boolean;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table aria-busy={busy || undefined} className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {colunas.map((coluna) => (
              <th key={coluna} scope="col" className={th}>
                {coluna}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-200 ${busy ? 'opacity-60' : ''}`}>{children}</tbody>
      </table>
    </div>
  );
}

/** A heading and its content, as one labelled region. */
export function Secao({
  titulo,
  descricao,
  acoes,
  children,
}: {
  titulo: string;
  descricao?: ReactNode;
  /** Buttons at the right of the heading. */
  acoes?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={id} className="text-xl font-semibold text-slate-900">
            {titulo}
          </h2>
          {descricao ? <p className="mt-1 text-sm text-slate-600">{descricao}</p> : null}
        </div>
        {acoes ? <div className="flex flex-col gap-2 sm:flex-row">{acoes}</div> : null}
      </div>
      {children}
    </section>
  );
}
