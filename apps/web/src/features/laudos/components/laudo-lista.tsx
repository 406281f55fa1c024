import { formatDateBR } from '@laudos/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { laudoHref } from '../../../lib/paths';
import type { Laudo } from '../api/laudo';
import { DescricaoVencimento, VencimentoBadge } from './vencimento-badge';

/** A list of laudos, each row a link to its page. */
export function LaudoLista({
  laudos,
  mostrarCliente,
  mostrarStatus = true,
  extra,
}: {
  laudos: readonly Laudo[];
  /** Admins see every client's laudos: say whose each one is. */
  mostrarCliente: boolean;
  mostrarStatus?: boolean;
  /** More content per row (the files on /documentos). */
  extra?: (laudo: Laudo) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {laudos.map((laudo) => (
        <li key={laudo.id} className="p-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <Link
                to={laudoHref(laudo.id)}
                className="font-semibold break-words text-brand-700 hover:underline"
              >
                {laudo.nome}
              </Link>
              <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
                <span className="min-w-0 [overflow-wrap:anywhere]">Código {laudo.codigo}</span>
                <span>{laudo.tipo}</span>
                {mostrarCliente ? (
                  <span className="min-w-0 [overflow-wrap:anywhere]">Cliente: {laudo.cliente}</span>
                ) : null}
              </p>
            </div>
            <div className="flex shrink-0 flex-col gap-1 text-sm sm:items-end">
              {mostrarStatus ? <VencimentoBadge status={laudo.vencimento.status} /> : null}
              <span className="text-slate-700">
                {laudo.dataVencimento ? `Vencimento: ${formatDateBR(laudo.dataVencimento)}` : null}
              </span>
              <DescricaoVencimento vencimento={laudo.vencimento} className="font-medium" />
            </div>
          </div>
          {extra ? extra(laudo) : null}
        </li>
      ))}
    </ul>
  );
}
