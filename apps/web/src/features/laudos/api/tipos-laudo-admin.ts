import {
  type TipoDeLaudoAlteracao,
  type TipoDeLaudoEntrada,
  type TipoLaudoAdmin,
  tipoDeLaudoCriado,
  tiposDeLaudoAdmin,
} from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { laudosKey } from './laudo';

export type { TipoLaudoAdmin };

const tiposAdminKey = ['admin', 'tipos-laudo'] as const;
const parseTipo = (data: unknown) => parseWith(tipoDeLaudoCriado)(data).tipo;

/** GET /api/admin/tipos-laudo: every type, the inactive ones too, in the list's order. */
export const tiposLaudoAdminQueryOptions = queryOptions({
  queryKey: tiposAdminKey,
  queryFn: ({ signal }) =>
    apiFetch('/admin/tipos-laudo', {
      parse: (data: unknown) => parseWith(tiposDeLaudoAdmin)(data).tipos,
      signal,
    }),
});

export function useTiposLaudoAdmin() {
  return useQuery(tiposLaudoAdminQueryOptions);
}

/** A saved type changes the forms' list (GET /api/tipos-laudo) and the laudos re-typed by a tie. */
function useMutacaoDeTipo<T>(mutationFn: (input: T) => Promise<TipoLaudoAdmin>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tiposAdminKey }),
        queryClient.invalidateQueries({ queryKey: ['tipos-laudo'] }),
        queryClient.invalidateQueries({ queryKey: laudosKey }),
      ]);
    },
  });
}

/** POST /api/admin/tipos-laudo. */
export const useCriarTipoDeLaudo = () =>
  useMutacaoDeTipo((body: TipoDeLaudoEntrada) =>
    apiFetch('/admin/tipos-laudo', { method: 'POST', body, parse: parseTipo }),
  );

/** PATCH /api/admin/tipos-laudo/:nome. */
export const useAlterarTipoDeLaudo = () =>
  useMutacaoDeTipo(({ nome, ...body }: TipoDeLaudoAlteracao & { nome: string }) =>
    apiFetch(`/admin/tipos-laudo/${encodeURIComponent(nome)}`, { method: 'PATCH', body, parse: parseTipo }),
  );
