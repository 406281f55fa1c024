import type { ReactNode } from 'react';

/**
 * The buttons at the foot of a form or dialog: side by side on the right from `sm`, stacked on a
 * phone with the main action on top (the markup lists it last, so Tab reaches "Cancelar" first).
 */
export function AcoesDoFormulario({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${className}`.trim()}>
      {children}
    </div>
  );
}
