import { AVISOS_POR_PAGINA, type Aviso, avisosNaWeb } from '@laudos/domain/api';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type { Aviso };

const avisosKey = ['avisos'] as const;

/** How often the header asks for the unread count (also on regaining focus). */
const INTERVALO_DO_SINO_MS = 60_000;

const parseLista = parseWith(avisosNaWeb.lista, 'resposta');
const parseNaoLidos = parseWith(avisosNaWeb.naoLidos, 'resposta');

/** GET /api/avisos/nao-lidos: the bell's badge. */
export function useNaoLidos() {
  return useQuery({
    queryKey: [...avisosKey, 'nao-lidos'],
    queryFn: ({ signal }) => apiFetch('/avisos/nao-lidos', { parse: parseNaoLidos, signal }),
    refetchInterval: INTERVALO_DO_SINO_MS,
    refetchOnWindowFocus: true,
    select: (r) => r.naoLidos,
  });
}

/** GET /api/avisos?limite=N: the latest notices (the bell's panel), fetched while it is open. */
export function useUltimosAvisos(limite: number, enabled: boolean) {
  return useQuery({
    queryKey: [...avisosKey, 'ultimos', limite],
    queryFn: ({ signal }) => apiFetch(`/avisos?limite=${limite}`, { parse: parseLista, signal }),
    enabled,
  });
}

/** GET /api/avisos, page after page ("Carregar mais"): each page starts after the previous one's last. */
export function useTodosOsAvisos() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...avisosKey, 'todos'],
      queryFn: ({ pageParam, signal }) =>
        apiFetch(
          `/avisos?${new URLSearchParams({ limite: String(AVISOS_POR_PAGINA), ...(pageParam ? { antes: pageParam } : {}) })}`,
          { parse: parseLista, signal },
        ),
      initialPageParam: '',
      getNextPageParam: (ultima) => ultima.proximo ?? undefined,
    }),
  );
}

/** POST /api/avisos/:id/lido. */
export function useMarcarLido() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/avisos/${encodeURIComponent(id)}/lido`, { method: 'POST', parse: parseNaoLidos }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: avisosKey }),
  });
}

/** POST /api/avisos/lidos. */
export function useMarcarTodosLidos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/avisos/lidos', { method: 'POST', parse: parseNaoLidos }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: avisosKey }),
  });
}
