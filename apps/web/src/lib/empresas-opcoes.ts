import { empresasOpcoesSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';
import { parseWith } from './parse';

/*
 * The companies to choose from, shared by the admin's company pickers (laudo form, user form,
 * requests to join). The key is under the companies' own (['admin', 'empresas'], features/empresas),
 * so creating or changing a company refreshes every picker.
 */

/** GET /api/admin/empresas/opcoes?busca=: up to 20 active companies whose name or CNPJ matches. */
function empresasOpcoesQueryOptions(busca: string, enabled: boolean) {
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
    // The list keeps what it shows while the next search loads.
    placeholderData: (previous) => previous,
  });
}

export function useEmpresasOpcoes(busca: string, enabled = true) {
  return useQuery(empresasOpcoesQueryOptions(busca, enabled));
}
