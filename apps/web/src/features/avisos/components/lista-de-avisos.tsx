import { useNavigate } from 'react-router';
import { SkeletonList } from '../../../components/loading';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { type Aviso, useMarcarLido, useMarcarTodosLidos, useNaoLidos, useTodosOsAvisos } from '../api/avisos';
import { ItemDeAviso } from './item-de-aviso';

/** Every notice of the signed-in person, newest first, 20 at a time ("Carregar mais"). */
export function ListaDeAvisos() {
  const avisos = useTodosOsAvisos();
  const naoLidos = useNaoLidos().data ?? 0;
  const marcarLido = useMarcarLido();
  const marcarTodos = useMarcarTodosLidos();
  const navigate = useNavigate();

  function abrir(aviso: Aviso) {
    if (!aviso.lido) marcarLido.mutate(aviso.id);
    navigate(aviso.link);
  }

  const todos = avisos.data?.pages.flatMap((p) => p.avisos) ?? [];
  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Avisos</h1>
        <button
          type="button"
          onClick={() => marcarTodos.mutate()}
          disabled={naoLidos === 0 || marcarTodos.isPending}
          className={buttonClass('secondary', 'sm')}
        >
          Marcar todos como lidos
        </button>
      </div>
      {avisos.isPending ? (
        <SkeletonList label="Carregando avisos..." />
      ) : avisos.isError ? (
        <ErrorNotice error={avisos.error} onRetry={() => avisos.refetch()} />
      ) : todos.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">
          Nenhum aviso por enquanto. Novos laudos, lembretes enviados e respostas do suporte aparecem aqui.
        </p>
      ) : (
        <ul className="space-y-1 rounded-xl border border-slate-200 bg-white p-2">
          {todos.map((aviso) => (
            <li key={aviso.id}>
              <ItemDeAviso aviso={aviso} onAbrir={abrir} />
            </li>
          ))}
        </ul>
      )}
      {avisos.hasNextPage ? (
        <button
          type="button"
          onClick={() => avisos.fetchNextPage()}
          disabled={avisos.isFetchingNextPage}
          className={buttonClass('secondary', 'md')}
        >
          {avisos.isFetchingNextPage ? 'Carregando…' : 'Carregar mais'}
        </button>
      ) : null}
    </div>
  );
}
