import {
  type Agendador,
  type Execucao,
  notificacoesRespostaWeb,
  type OrigemExecucao,
} from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { notificacoesKey } from './keys';

export type { Agendador, Execucao, OrigemExecucao };

const lerAgendador = parseWith(notificacoesRespostaWeb.agendador, 'agendador');
const lerExecucao = parseWith(notificacoesRespostaWeb.execucao, 'resposta');

const agendadorKey = [...notificacoesKey, 'agendador'] as const;

export const agendadorQueryOptions = queryOptions({
  queryKey: agendadorKey,
  queryFn: ({ signal }) => apiFetch('/admin/notificacoes/agendador', { signal, parse: lerAgendador }),
  // The scheduler checks every few minutes: keep "última verificação" current while the tab is open.
  refetchInterval: 60_000,
});

export function useAgendador() {
  return useQuery(agendadorQueryOptions);
}

/** Pausing and resuming answer with the scheduler's new state. */
function useMudarAgendador(acao: 'pausar' | 'retomar') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`/admin/notificacoes/agendador/${acao}`, { method: 'POST', parse: lerAgendador }),
    onSuccess: async (agendador) => {
      queryClient.setQueryData(agendadorKey, agendador);
      // Resuming runs a check at once: the rules' last runs and the logs may have moved.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...notificacoesKey, 'regras'] }),
        queryClient.invalidateQueries({ queryKey: [...notificacoesKey, 'logs'] }),
      ]);
    },
  });
}

export const usePausarAgendador = () => useMudarAgendador('pausar');
export const useRetomarAgendador = () => useMudarAgendador('retomar');

/** "Executar agora": runs the due rules at once and answers when done. */
export function useExecutarAgora() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/admin/notificacoes/executar', {
        method: 'POST',
        parse: (data: unknown) => lerExecucao(data).execucao,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificacoesKey }),
  });
}
