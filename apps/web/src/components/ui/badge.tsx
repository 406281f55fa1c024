import type { ReactNode } from 'react';

type Tone = 'neutral' | 'success' | 'warning' | 'danger' | 'brand';

const tones: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  danger: 'bg-red-50 text-red-800 ring-red-300',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
};

/** The SVG paths of the due-date icons (a status is never told by colour alone). */
export const ICONES_DE_PRAZO = {
  emDia: 'M5 12l4 4 10-10',
  vencendo: 'M12 7v6M12 17h.01',
  vencido: 'M7 7l10 10M17 7L7 17',
  semData: 'M6 12h12',
} as const;

/**
 * A pill sized to its text wherever it sits: `w-fit` keeps a flex column or a grid cell from
 * stretching it across the row (it spanned 326 px of a 390 px phone in the laudo lists). `icone`
 * (an SVG path, e.g. of ICONES_DE_PRAZO) goes before the text.
 */
export function Badge({
  tone = 'neutral',
  icone,
  children,
}: {
  tone?: Tone;
  icone?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[tone]}`}
    >
      {icone ? (
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="mr-1 size-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        >
          <path d={icone} />
        </svg>
      ) : null}
      {children}
    </span>
  );
}
