import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SkeletonList, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/validation';
import {
  encerrarOutrasSessoes,
  encerrarSessao,
  encerrarTodasAsSessoes,
  type Sessao,
  sessoesQueryOptions,
} from '../api/sessions';
import { useAuth } from '../auth-context';
import { describeDevice } from '../user-agent';

/** Where the user is signed in, with a way to end each session, the others, or all. */
export function SessionsPanel() {
  const queryClient = useQueryClient();
  const { signOut, forgetSession } = useAuth();
  const { showToast } = useToast();
  const sessoes = useQuery(sessoesQueryOptions);
  const revelando = useRevealDelay(sessoes.isPending);
  const refetch = () => queryClient.invalidateQueries({ queryKey: sessoesQueryOptions.queryKey });

  const encerrar = useMutation({ mutationFn: encerrarSessao, onSuccess: refetch });
  const outras = useMutation({
    mutationFn: encerrarOutrasSessoes,
    onSuccess: () => {
      showToast({ type: 'success', title: 'As outras sessões foram encerradas' });
      return refetch();
    },
  });
  const todas = useMutation({
    mutationFn: encerrarTodasAsSessoes,
    onSuccess: () => {
      showToast({ type: 'success', title: 'Todas as sessões foram encerradas' });
      forgetSession();
    },
  });
  const sair = useMutation({ mutationFn: signOut });

  if (sessoes.isPending || revelando) return <SkeletonList rows={2} label="Carregando sessões..." />;
  if (sessoes.isError) return <ErrorNotice error={sessoes.error} onRetry={() => void sessoes.refetch()} />;

  const { sessoes: lista, tokenAtual } = sessoes.data;
  const hasOthers = lista.some((sessao) => sessao.token !== tokenAtual);
  const failure = encerrar.error ?? outras.error ?? todas.error ?? sair.error;

  return (
    <div className="space-y-4">
      {failure ? <FormAlert>{errorMessage(failure)}</FormAlert> : null}
      <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {lista.map((sessao) => (
          <SessionItem
            key={sessao.id}
            sessao={sessao}
            current={sessao.token === tokenAtual}
            busy={encerrar.isPending && encerrar.variables === sessao.token}
            onEnd={() => encerrar.mutate(sessao.token)}
            onSignOut={() => sair.mutate()}
          />
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          onClick={() => outras.mutate()}
          disabled={!hasOthers || outras.isPending}
          className={buttonClass('secondary')}
        >
          Sair das outras sessões
        </button>
        <button
          type="button"
          onClick={() => todas.mutate()}
          disabled={todas.isPending}
          className={buttonClass('danger')}
        >
          Sair de todas
        </button>
      </div>
    </div>
  );
}

function SessionItem({
  sessao,
  current,
  busy,
  onEnd,
  onSignOut,
}: {
  sessao: Sessao;
  current: boolean;
  busy: boolean;
  onEnd: () => void;
  onSignOut: () => void;
}) {
  const device = describeDevice(sessao.userAgent);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {device}
          {current ? <Badge tone="brand">Este dispositivo</Badge> : null}
        </p>
        <dl className="mt-1 grid gap-x-4 text-sm text-slate-600 sm:grid-cols-2">
          <div>
            <dt className="inline">IP: </dt>
            <dd className="inline">{sessao.ipAddress || 'desconhecido'}</dd>
          </div>
          <div>
            <dt className="inline">Início: </dt>
            <dd className="inline">{formatDateTime(sessao.createdAt)}</dd>
          </div>
          <div>
            <dt className="inline">Última atividade: </dt>
            <dd className="inline">{formatDateTime(sessao.updatedAt)}</dd>
          </div>
          <div>
            <dt className="inline">Expira em: </dt>
            <dd className="inline">{formatDateTime(sessao.expiresAt)}</dd>
          </div>
        </dl>
      </div>
      {current ? (
        <button type="button" onClick={onSignOut} className={`${buttonClass('secondary', 'sm')} shrink-0`}>
          Sair deste dispositivo
        </button>
      ) : (
        <button
          type="button"
          onClick={onEnd}
          disabled={busy}
          className={`${buttonClass('secondary', 'sm')} shrink-0`}
        >
          Encerrar <span className="sr-only">a sessão de {device}</span>
        </button>
      )}
    </li>
  );
}
