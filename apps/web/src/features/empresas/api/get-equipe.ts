import { equipeWebSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { equipeKey } from './empresa';

/** GET /api/admin/empresas/:id: the company, its people and its invitations. */
export function equipeQueryOptions(id: string) {
  return queryOptions({
    queryKey: equipeKey(id),
    queryFn: ({ signal }) =>
      apiFetch(`/admin/empresas/${encodeURIComponent(id)}`, {
        parse: parseWith(equipeWebSchema, 'resposta'),
        signal,
      }),
  });
}

export function useEquipe(id: string) {
  return useQuery(equipeQueryOptions(id));
}
