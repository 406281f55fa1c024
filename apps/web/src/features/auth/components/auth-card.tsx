import type { ReactNode } from 'react';

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. "Não tem conta? Criar conta". */
  footer?: ReactNode;
};

/**
 * The frame of the sign-in, sign-up and password pages: one card, centred, phone first. A form to
 * fill: on a phone the chat button leaves the corner its fields and button reach (index.css).
 */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div data-formulario-de-conta="" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {description ? <p className="mt-2 text-slate-700">{description}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-700">{footer}</div> : null}
      </div>
    </div>
  );
}

export const linkClass = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';
