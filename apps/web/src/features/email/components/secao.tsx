import { type ReactNode, useId } from 'react';

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
