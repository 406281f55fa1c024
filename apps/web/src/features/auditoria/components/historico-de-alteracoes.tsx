import { useId, useState } from 'react';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { formatDateTime } from '../../../lib/format';
import { useHistoricoDoLaudo } from '../api/auditoria';
import { CamposAlterados } from './campos-alterados';
import { ROTULO_DA_ACAO, ROTULO_DO_ATOR, rotulo } from './rotulos';

/**
 * The laudo page's "Histórico de alterações" (issue 22): who did what to the laudo, newest first.
 * Closed until asked for, so opening a laudo costs no extra request; older entries page by cursor.
 */
export function HistoricoDeAlteracoes({ laudoId, className = '' }: { laudoId: string; className?: string }) {
  const [aberto, setAberto] = useState(false);
  const historico = useHistoricoDoLaudo(laudoId, aberto);
  const titulo = useId();
  const lista = historico.data?.pages.flatMap((p) => p.entradas) ?? [];
  return (
    <section
      aria-labelledby={titulo}
      className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titulo} className="text-lg font-semibold text-slate-900">
          Histórico de alterações
        </h2>
        <button
          type="button"
          className="rounded-md px-3 py-2 text-sm font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50"
          aria-expanded={aberto}
          onClick={() => setAberto((a) => !a)}
        >
          {aberto ? 'Ocultar' : 'Ver histórico'}
        </button>
      </div>
      {aberto ? (
        historico.isError ? (
          <ErrorNotice error={historico.error} onRetry={() => void historico.refetch()} />
        ) : historico.isPending ? (
          <p className="mt-3 text-sm text-slate-600">Carregando histórico…</p>
        ) : lista.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">Nenhuma alteração registrada.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200">
            {lista.map((e) => (
              <li key={e.id} className="py-3 text-sm first:pt-0 last:pb-0">
                <p className="text-slate-900">
                  <span className="font-semibold">{rotulo(ROTULO_DA_ACAO, e.acao)}</span>
                  {' · '}
                  {e.atorNome ?? rotulo(ROTULO_DO_ATOR, e.atorTipo)}
                </p>
                <p className="text-slate-600">{formatDateTime(e.criadoEm)}</p>
                <CamposAlterados campos={e.campos} />
              </li>
            ))}
          </ol>
        )
      ) : null}
      {aberto && historico.hasNextPage ? (
        <div className="mt-3 flex justify-center">
          <button
            type="button"
            className="rounded-md px-3 py-2 text-sm font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60"
            disabled={historico.isFetchingNextPage}
            onClick={() => void historico.fetchNextPage()}
          >
            {historico.isFetchingNextPage ? 'Carregando…' : 'Carregar mais'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
