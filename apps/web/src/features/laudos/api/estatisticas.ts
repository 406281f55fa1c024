import { estatisticasDosLaudos } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { laudosKey } from './laudo';

export type { EstatisticasLaudos } from '@laudos/domain/api';

/** GET /api/laudos/estatisticas, scoped like the list. */
export const estatisticasQueryOptions = queryOptions({
  queryKey: [...laudosKey, 'estatisticas'],
  queryFn: ({ signal }) =>
    apiFetch('/laudos/estatisticas', { parse: parseWith(estatisticasDosLaudos), signal }),
});

export function useEstatisticasLaudos() {
  return useQuery(estatisticasQueryOptions);
}
