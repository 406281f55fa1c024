import { bloqueiosWebSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { usuariosKey } from './usuario';

/**
 * A user's wrong sign-in attempts in the last 15 minutes (GET /api/admin/usuarios/:id/bloqueios):
 * per IP address (`bloqueado` once that address reached the limit, until `ate`) and from every
 * address (`lenta` past the ceiling: one attempt per `intervaloSegundos`).
 */
export type BloqueiosAcesso = ReturnType<typeof parseBloqueios>;

const parseBloqueios = parseWith(bloqueiosWebSchema, 'resposta');

export function buscarBloqueios(id: string, signal?: AbortSignal): Promise<BloqueiosAcesso> {
  return apiFetch(`/admin/usuarios/${encodeURIComponent(id)}/bloqueios`, {
    parse: parseBloqueios,
    ...(signal ? { signal } : {}),
  });
}

export function bloqueiosQueryOptions(id: string) {
  return queryOptions({
    // Under usuariosKey, so "Liberar acesso" (a user mutation) refreshes it.
    queryKey: [...usuariosKey, 'bloqueios', id],
    queryFn: ({ signal }) => buscarBloqueios(id, signal),
  });
}

export function useBloqueios(id: string) {
  return useQuery(bloqueiosQueryOptions(id));
}
