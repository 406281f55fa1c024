import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A step's heading. When the wizard moves to a step, focus goes to its heading, so a screen reader
 * reads where the person is and the keyboard starts from the top of the step.
 */
export function TituloDoPasso({ focar, children }: { focar: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step appears
  useEffect(() => {
    if (focar) ref.current?.focus();
  }, []);
  return (
    <h2 ref={ref} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
      {children}
    </h2>
  );
}

export const ETAPAS = ['Planilha', 'Colunas', 'Verificação', 'Importação'] as const;

/** "Etapa 2 de 4": the wizard's steps, the current one marked for screen readers. */
export function Etapas({ atual }: { atual: 0 | 1 | 2 | 3 }) {
  return (
    <ol aria-label="Etapas da importação" className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
      {ETAPAS.map((nome, indice) => (
        <li
          key={nome}
          aria-current={indice === atual ? 'step' : undefined}
          className={`rounded-lg px-3 py-2 ring-1 ${
            indice === atual
              ? 'bg-brand-50 font-semibold text-brand-800 ring-brand-300'
              : indice < atual
                ? 'bg-white text-slate-700 ring-slate-200'
                : 'bg-slate-50 text-slate-600 ring-slate-200'
          }`}
        >
          <span className="text-xs text-slate-600">{indice + 1}.</span> {nome}
        </li>
      ))}
    </ol>
  );
}
