import { type CalendarioCriado, calendarioNaWeb } from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type { CalendarioCriado };

const calendarioKey = ['calendario'] as const;
const parseEstado = parseWith(calendarioNaWeb.estado, 'resposta');
const parseCriado = parseWith(calendarioNaWeb.criado, 'resposta');

function calendarioQueryOptions() {
  return queryOptions({
    queryKey: calendarioKey,
    queryFn: ({ signal }) => apiFetch('/calendario', { parse: parseEstado, signal }),
  });
}

/** GET: whether the person has a feed and since when (never the link itself). */
export function useCalendario() {
  return useQuery(calendarioQueryOptions());
}

/** POST: a new link (the old one, if any, stops working); the answer is the only time it is seen. */
export function useCriarCalendario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<CalendarioCriado> =>
      apiFetch('/calendario', { method: 'POST', parse: parseCriado }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarioKey }),
  });
}

/** DELETE: the link answers 404 from now on. */
export function useRevogarCalendario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/calendario', { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarioKey }),
  });
}
