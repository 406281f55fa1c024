import { empresaRespostaWebSchema, empresasOpcoesSchema } from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

/*
 * The companies a laudo may belong to, for the admin's laudo form (the companies' own screens are
 * features/empresas; features do not import each other, so this small part is here too). The keys
 * are the companies' (['admin', 'empresas', ...]), so their changes refresh this list as well.
 */

const empresasKey = ['admin', 'empresas'] as const;

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
    placeholderData: (previous) => previous,
  });
}

export function useEmpresasOpcoes(busca: string, enabled = true) {
  return useQuery(empresasOpcoesQueryOptions(busca, enabled));
}

/** The few fields "Criar empresa" asks in the laudo form; the rest is filled on the company's page. */
export type EmpresaRapida = { razaoSocial: string; nomeFantasia: string; cnpj: string | null };

/** POST /api/admin/empresas (default plan); a CNPJ already used is a 409 with the server's message. */
export async function criarEmpresa(dados: EmpresaRapida) {
  const { empresa } = await apiFetch('/admin/empresas', {
    method: 'POST',
    body: dados,
    parse: parseWith(empresaRespostaWebSchema, 'resposta'),
  });
  return empresa;
}

export function useCriarEmpresa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarEmpresa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: empresasKey }),
  });
}
