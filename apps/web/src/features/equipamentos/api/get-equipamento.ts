import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { equipamentoKey, parseEquipamentoResposta } from './equipamento';

/** GET /api/equipamentos/:id; another company's equipment is a 404. */
export function equipamentoQueryOptions(id: string) {
  return queryOptions({
    queryKey: equipamentoKey(id),
    queryFn: ({ signal }) =>
      apiFetch(`/equipamentos/${encodeURIComponent(id)}`, { parse: parseEquipamentoResposta, signal }),
  });
}

export function useEquipamento(id: string) {
  return useQuery(equipamentoQueryOptions(id));
}
