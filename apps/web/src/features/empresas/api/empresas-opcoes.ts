import { empresasOpcoesSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { empresasKey } from './empresa';

/** GET /api/admin/empresas/opcoes?busca=: up to 20 active companies whose name or CNPJ matches. */
export function empresasOpcoesQueryOptions(busca: string, enabled = true) {
  const termo = busca.trim();
  return queryOptions({
    enabled,
    queryKey: [...empresasKey, 'opcoes', termo],
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
