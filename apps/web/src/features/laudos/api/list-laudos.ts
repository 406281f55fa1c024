import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { type LaudosFiltro, type LaudosPagina, laudosKey, parseLaudosPagina } from './laudo';

/** GET /api/laudos: clients get their own laudos, admins every client's (the server scopes). */
export function listarLaudos(filtro: LaudosFiltro, signal?: AbortSignal): Promise<LaudosPagina> {
  const params = new URLSearchParams();
  for (const [chave, valor] of Object.entries(filtro)) {
    const texto = typeof valor === 'string' ? valor.trim() : valor === undefined ? '' : String(valor);
    if (texto) params.set(chave, texto);
  }
  const query = params.toString();
  return apiFetch(`/laudos${query ? `?${query}` : ''}`, {
    parse: parseLaudosPagina,
    ...(signal ? { signal } : {}),
  });
}

export function laudosQueryOptions(filtro: LaudosFiltro) {
  return queryOptions({
    queryKey: [...laudosKey, 'lista', filtro],
    queryFn: ({ signal }) => listarLaudos(filtro, signal),
    // Tables keep the current page while the next one loads.
    placeholderData: (previous) => previous,
  });
}

export function useLaudos(filtro: LaudosFiltro) {
  return useQuery(laudosQueryOptions(filtro));
}

/** Page after page ("Carregar mais"), for the lists that grow downwards. */
export function laudosInfiniteQueryOptions(filtro: Omit<LaudosFiltro, 'pagina'>) {
  return infiniteQueryOptions({
    queryKey: [...laudosKey, 'paginas', filtro],
    queryFn: ({ signal, pageParam }) => listarLaudos({ ...filtro, pagina: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (ultima) =>
      ultima.pagina * ultima.porPagina < ultima.total ? ultima.pagina + 1 : undefined,
  });
}

export function useLaudosPaginas(filtro: Omit<LaudosFiltro, 'pagina'>) {
  return useInfiniteQuery(laudosInfiniteQueryOptions(filtro));
}
