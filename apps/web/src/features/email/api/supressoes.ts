import { respostasDeEmailWeb, type SupressaoDeEmail } from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { emailKey } from './keys';

/** One address on the suppression list (GET /api/admin/email/supressoes, decision 036). */
export type Supressao = SupressaoDeEmail;

const supressoesKey = [...emailKey, 'supressoes'] as const;

export function supressoesQueryOptions(busca: string) {
  const params = new URLSearchParams();
  if (busca.trim()) params.set('busca', busca.trim());
  return queryOptions({
    queryKey: [...supressoesKey, busca.trim()],
    queryFn: ({ signal }) =>
      apiFetch(`/admin/email/supressoes?${params}`, {
        signal,
        parse: parseWith(respostasDeEmailWeb.supressoes),
      }),
    placeholderData: (previous) => previous,
  });
}

export function useSupressoes(busca: string) {
  return useQuery(supressoesQueryOptions(busca));
}

/** DELETE /api/admin/email/supressoes/:id → 204: the next e-mails to the address go out again. */
export function useRemoverSupressao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/admin/email/supressoes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supressoesKey }),
  });
}
