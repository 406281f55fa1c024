import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asArray, asNullableString, asRecord, asString } from '../../../lib/parse';
import type { TipoLaudo } from './laudo';

function parseTipos(data: unknown): TipoLaudo[] {
  return asArray(asRecord(data, 'resposta').tipos, 'tipos', (item, path) => {
    const tipo = asRecord(item, path);
    return {
      nome: asString(tipo.nome, `${path}.nome`),
      descricao: asNullableString(tipo.descricao, `${path}.descricao`),
    };
  });
}

/** GET /api/tipos-laudo: the types a laudo may have (NR-13, NR-12, elevadores...). */
export const tiposLaudoQueryOptions = queryOptions({
  queryKey: ['tipos-laudo'],
  queryFn: ({ signal }) => apiFetch('/tipos-laudo', { parse: parseTipos, signal }),
  staleTime: 5 * 60_000,
});

export function useTiposLaudo() {
  return useQuery(tiposLaudoQueryOptions);
}
