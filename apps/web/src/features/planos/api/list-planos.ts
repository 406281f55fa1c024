import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asArray, asNullableString, asRecord, asString } from '../../../lib/parse';
import { parsePlanos, planosKey } from './plano';

export const planosQueryOptions = queryOptions({
  queryKey: [...planosKey, 'lista'],
  queryFn: ({ signal }) => apiFetch('/admin/planos', { parse: parsePlanos, signal }),
});

/** Every plan, cheapest first, with how many users are on each. */
export function usePlanos() {
  return useQuery(planosQueryOptions);
}

export function planoUsuariosQueryOptions(planoId: string) {
  return queryOptions({
    queryKey: [...planosKey, planoId, 'usuarios'],
    queryFn: ({ signal }) =>
      apiFetch(`/admin/planos/${encodeURIComponent(planoId)}/usuarios`, {
        signal,
        parse: (data: unknown) =>
          asArray(asRecord(data, 'resposta').usuarios, 'usuarios', (value, path) => {
            const usuario = asRecord(value, path);
            return {
              id: asString(usuario.id, `${path}.id`),
              nome: asString(usuario.nome, `${path}.nome`),
              email: asString(usuario.email, `${path}.email`),
              empresa: asNullableString(usuario.empresa, `${path}.empresa`),
            };
          }),
      }),
  });
}

/** Who is on a plan ("ver usuários"). */
export function usePlanoUsuarios(planoId: string) {
  return useQuery(planoUsuariosQueryOptions(planoId));
}
