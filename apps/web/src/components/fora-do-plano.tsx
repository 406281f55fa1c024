import { RECURSOS, type Recurso } from '@laudos/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { buttonClass } from './ui/button';

/**
 * A paid feature outside the company's plan (issue 18): what it does (`children`), the refusal in
 * the words of the server's one check, and the way to the plans that include it. `daEmpresa` is the
 * admin looking at a company ("O plano desta empresa…") instead of its own people ("Seu plano…").
 */
export function ForaDoPlano({
  recurso,
  daEmpresa = false,
  foco = false,
  children,
}: {
  recurso: Recurso;
  daEmpresa?: boolean;
  /** The dialog's first focus (a dialog whose only action is this link). */
  foco?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-3">
      {children ? <p className="text-slate-700">{children}</p> : null}
      <p className="font-medium text-slate-900">
        {daEmpresa ? 'O plano desta empresa' : 'Seu plano'} não inclui {RECURSOS[recurso]}.
      </p>
      <Link
        to={paths.planos}
        className={buttonClass('primary')}
        {...(foco ? { 'data-autofocus': true } : {})}
      >
        Ver os planos que incluem
      </Link>
    </div>
  );
}
