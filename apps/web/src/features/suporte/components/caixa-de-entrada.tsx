import { ROTULO_DO_STATUS_DE_CHAMADO, STATUS_DE_CHAMADO, type StatusDeChamado } from '@laudos/domain/api';
import { useState } from 'react';
import { Link } from 'react-router';
import { SkeletonText } from '../../../components/loading';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField } from '../../../components/ui/field';
import { adminSuporteChamadoHref } from '../../../lib/paths';
import { useChamados } from '../api/suporte';
import { Prioritario, StatusDoChamado, tempoDesde } from './comum';

/** The firm's support inbox: priority-support companies first, then the request waiting longest. */
export function CaixaDeEntrada() {
  const [status, setStatus] = useState<StatusDeChamado | 'todos'>('aberto');
  const lista = useChamados('admin', status);
  return (
    <div className="min-w-0 space-y-4">
      <SelectField
        label="Situação"
        className="max-w-xs"
        value={status}
        onChange={(e) => setStatus(e.target.value as StatusDeChamado | 'todos')}
      >
        {STATUS_DE_CHAMADO.map((s) => (
          <option key={s} value={s}>
            {ROTULO_DO_STATUS_DE_CHAMADO[s]}
          </option>
        ))}
        <option value="todos">Todos</option>
      </SelectField>
      {lista.isPending ? (
        <SkeletonText lines={3} label="Carregando os chamados" />
      ) : lista.isError ? (
        <ErrorNotice error={lista.error} onRetry={() => void lista.refetch()} />
      ) : lista.data.chamados.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum chamado nesta situação.</p>
      ) : (
        <ul className="space-y-2" aria-label="Chamados">
          {lista.data.chamados.map((c) => (
            <li key={c.id}>
              <Link
                to={adminSuporteChamadoHref(c.id)}
                className="block min-w-0 rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-300"
              >
                <span className="flex flex-wrap items-center gap-2">
                  {c.prioritario ? <Prioritario /> : null}
                  <StatusDoChamado status={c.status} />
                  <span className="text-sm text-slate-600">{tempoDesde(c.criadoEm)}</span>
                </span>
                <span className="mt-1 block font-medium break-words text-slate-900">{c.assunto}</span>
                <span className="block text-sm break-words text-slate-600">
                  {c.empresa}
                  {c.autor ? ` · ${c.autor}` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
