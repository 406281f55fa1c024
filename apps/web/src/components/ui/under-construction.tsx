import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';

type UnderConstructionProps = {
  title: string;
  description?: string;
  children?: ReactNode;
};

/** Stands in for a page that a later piece of work builds; also sets the tab title. */
export function UnderConstruction({ title, description, children }: UnderConstructionProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {description ? <p className="mt-3 text-lg text-slate-700">{description}</p> : null}
        <div className="mt-8 flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5">
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="mt-0.5 size-6 shrink-0 text-brand-700"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M3 18h18M5 18v-2a7 7 0 0 1 14 0v2M10 9.5V6h4v3.5" />
          </svg>
          <p className="text-slate-800">Esta página ainda está em construção.</p>
        </div>
        {children}
      </div>
    </div>
  );
}
