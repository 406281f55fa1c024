import { tiposDeLaudo } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

const parseTipos = (data: unknown) => parseWith(tiposDeLaudo)(data).tipos;

/**
 * GET /api/tipos-laudo: the types a rule may be limited to. The same query key as the laudos
 * feature's, so both share one cached list (features do not import each other).
 */
export const tiposLaudoQueryOptions = queryOptions({
  queryKey: ['tipos-laudo'],
  queryFn: ({ signal }) => apiFetch('/tipos-laudo', { parse: parseTipos, signal }),
  staleTime: 5 * 60_000,
});

export function useTiposLaudo() {
  return useQuery(tiposLaudoQueryOptions);
}
