import {
  type Descadastro,
  descadastroResposta,
  type PreferenciaItem,
  type Preferencias,
  preferenciasResposta,
} from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type { Descadastro, PreferenciaItem, Preferencias };

const preferenciasKey = ['preferencias'] as const;
const parsePreferencias = parseWith(preferenciasResposta, 'resposta');
const parseDescadastro = parseWith(descadastroResposta, 'resposta');

/** GET /api/preferencias: the person's grid (kind × channel), the locked kinds and WhatsApp's state. */
export function usePreferencias() {
  return useQuery(
    queryOptions({
      queryKey: preferenciasKey,
      queryFn: ({ signal }) => apiFetch('/preferencias', { parse: parsePreferencias, signal }),
    }),
  );
}

/** PUT /api/preferencias: changes the cells sent; the reply is the whole grid. */
export function useSalvarPreferencias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itens: PreferenciaItem[]) =>
      apiFetch('/preferencias', { method: 'PUT', body: { itens }, parse: parsePreferencias }),
    onSuccess: (grade) => queryClient.setQueryData(preferenciasKey, grade),
  });
}

/** GET /api/descadastro/:token (public): what the link turns off. Reads only. */
export function useDescadastro(token: string) {
  return useQuery({
    queryKey: ['descadastro', token],
    queryFn: ({ signal }) =>
      apiFetch(`/descadastro/${encodeURIComponent(token)}`, { parse: parseDescadastro, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** POST /api/descadastro/:token (public): turns that kind of e-mail off; repeating changes nothing. */
export function descadastrar(token: string): Promise<Descadastro> {
  return apiFetch(`/descadastro/${encodeURIComponent(token)}`, { method: 'POST', parse: parseDescadastro });
}
