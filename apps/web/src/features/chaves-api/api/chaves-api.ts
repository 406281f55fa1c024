import { type ChaveApi, type ChaveApiCriada, chavesApiNaWeb, type NovaChaveApi } from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type { ChaveApi, ChaveApiCriada, NovaChaveApi };

/**
 * Whose keys: the gestor's own company (`/api/empresa/chaves-api`) or, for an admin, the company
 * of the page (`/api/admin/empresas/:id/chaves-api`). The routes answer the same shapes.
 */
export type DonoDasChaves = { tipo: 'empresa' } | { tipo: 'admin'; empresaId: string };

function base(dono: DonoDasChaves): string {
  return dono.tipo === 'empresa'
    ? '/empresa/chaves-api'
    : `/admin/empresas/${encodeURIComponent(dono.empresaId)}/chaves-api`;
}

/** Every query about API keys starts with this key. */
export const chavesApiKey = ['chaves-api'] as const;
const chaveDoDono = (dono: DonoDasChaves) =>
  [...chavesApiKey, dono.tipo === 'empresa' ? 'minha' : dono.empresaId] as const;

const parseLista = parseWith(chavesApiNaWeb.lista, 'resposta');
const parseCriada = parseWith(chavesApiNaWeb.criada, 'resposta');

export function chavesApiQueryOptions(dono: DonoDasChaves) {
  return queryOptions({
    queryKey: chaveDoDono(dono),
    queryFn: ({ signal }) => apiFetch(base(dono), { parse: parseLista, signal }),
  });
}

/** GET: the company's keys (active first), never the keys themselves. */
export function useChavesApi(dono: DonoDasChaves, enabled = true) {
  return useQuery({ ...chavesApiQueryOptions(dono), enabled });
}

/** POST: a new key; the answer is the only time the key itself is seen. */
export function useCriarChaveApi(dono: DonoDasChaves) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NovaChaveApi): Promise<ChaveApiCriada> =>
      apiFetch(base(dono), { method: 'POST', body: input, parse: parseCriada }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chaveDoDono(dono) }),
  });
}

/** DELETE: the key stops working at once. */
export function useRevogarChaveApi(dono: DonoDasChaves) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`${base(dono)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chaveDoDono(dono) }),
  });
}
