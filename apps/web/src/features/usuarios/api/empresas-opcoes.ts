import { empresasOpcoesSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

/*
 * The companies a user may join, for the user form (the companies' screens are features/empresas;
 * features do not import each other). The key is the companies' own, so their changes refresh it.
 */

/** GET /api/admin/empresas/opcoes?busca=: up to 20 active companies whose name or CNPJ matches. */
export function empresasOpcoesQueryOptions(busca: string, enabled = true) {
  const termo = busca.trim();
  return queryOptions({
    enabled,
    queryKey: ['admin', 'empresas', 'opcoes', termo],
    queryFn: async ({ signal }) => {
      const { empresas } = await apiFetch(
        `/admin/empresas/opcoes${termo ? `?${new URLSearchParams({ busca: termo })}` : ''}`,
        { parse: parseWith(empresasOpcoesSchema, 'resposta'), signal },
      );
      return empresas;
    },
    placeholderData: (previous) => previous,
  });
}

export function useEmpresasOpcoes(busca: string, enabled = true) {
  return useQuery(empresasOpcoesQueryOptions(busca, enabled));
}
