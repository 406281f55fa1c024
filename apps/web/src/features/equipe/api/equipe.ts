import { type Convite, type Equipe, equipeWebSchema, type Pessoa } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type { Convite, Equipe, Pessoa };

/** Every query about the signed-in person's company starts with this key (one invalidation). */
export const equipeKey = ['equipe'] as const;

const parseEquipe = parseWith(equipeWebSchema, 'resposta');

/**
 * GET /api/empresa: the caller's company, its people and (for a gestor) its invitations; 404 when
 * they belong to none.
 */
export function buscarEquipe(signal?: AbortSignal): Promise<Equipe> {
  return apiFetch('/empresa', { parse: parseEquipe, ...(signal ? { signal } : {}) });
}

export function equipeQueryOptions() {
  return queryOptions({ queryKey: [...equipeKey, 'minha'], queryFn: ({ signal }) => buscarEquipe(signal) });
}

export function useEquipe() {
  return useQuery(equipeQueryOptions());
}
