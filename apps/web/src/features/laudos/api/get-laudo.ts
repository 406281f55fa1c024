import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { laudoKey, parseLaudoResposta } from './laudo';

/** GET /api/laudos/:id; someone else's laudo is a 404 'Laudo não encontrado.'. */
export function laudoQueryOptions(id: string) {
  return queryOptions({
    queryKey: laudoKey(id),
    queryFn: ({ signal }) =>
      apiFetch(`/laudos/${encodeURIComponent(id)}`, { parse: parseLaudoResposta, signal }),
  });
}

export function useLaudo(id: string) {
  return useQuery(laudoQueryOptions(id));
}
