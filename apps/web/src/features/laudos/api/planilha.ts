import { planilhaDoLaudo } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { laudoKey } from './laudo';

/** GET /api/laudos/:id/arquivos/excel/tabela: the first sheet as a table (403 when turned off). */
export function planilhaQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...laudoKey(id), 'planilha'],
    queryFn: ({ signal }) =>
      apiFetch(`/laudos/${encodeURIComponent(id)}/arquivos/excel/tabela`, {
        parse: parseWith(planilhaDoLaudo),
        signal,
      }),
    retry: false,
  });
}

export function usePlanilha(id: string) {
  return useQuery(planilhaQueryOptions(id));
}
