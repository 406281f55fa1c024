import {
  type EstatisticasDeEmail,
  type ResultadoDaLimpezaDeLogs,
  respostasDeEmailWeb,
  type StatusDoServicoDeEmail,
} from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { emailKey, notificacoesKey } from './keys';

/** How e-mails leave (GET /api/admin/email/status). */
export type StatusServicoEmail = StatusDoServicoDeEmail;
export type EstatisticasEmail = EstatisticasDeEmail;
/** `corte` (ISO): what was older than this was removed. */
export type ResultadoLimpeza = ResultadoDaLimpezaDeLogs;

export const statusServicoQueryOptions = queryOptions({
  queryKey: [...emailKey, 'status'],
  queryFn: ({ signal }) =>
    apiFetch('/admin/email/status', { signal, parse: parseWith(respostasDeEmailWeb.status) }),
});

export const estatisticasQueryOptions = queryOptions({
  queryKey: [...emailKey, 'estatisticas'],
  queryFn: ({ signal }) =>
    apiFetch('/admin/email/estatisticas', { signal, parse: parseWith(respostasDeEmailWeb.estatisticas) }),
});

export function useStatusServicoEmail() {
  return useQuery(statusServicoQueryOptions);
}

export function useEstatisticasEmail() {
  return useQuery(estatisticasQueryOptions);
}

/** POST /api/admin/email/limpar-logs: removes the logs older than `dias` days. */
export function limparLogs(dias: number): Promise<ResultadoLimpeza> {
  return apiFetch('/admin/email/limpar-logs', {
    method: 'POST',
    body: { dias },
    parse: parseWith(respostasDeEmailWeb.limpeza),
  });
}

export function useLimparLogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: limparLogs,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailKey }),
        queryClient.invalidateQueries({ queryKey: notificacoesKey }),
      ]),
  });
}
