import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asArray, asNumber, asRecord, asString } from '../../../lib/parse';
import { laudosKey } from './laudo';

export type EstatisticasLaudos = {
  total: number;
  ativos: number;
  vencendo: number;
  vencidos: number;
  porTipo: { tipo: string; total: number }[];
};

function parseEstatisticas(data: unknown): EstatisticasLaudos {
  const body = asRecord(data, 'resposta');
  return {
    total: asNumber(body.total, 'total'),
    ativos: asNumber(body.ativos, 'ativos'),
    vencendo: asNumber(body.vencendo, 'vencendo'),
    vencidos: asNumber(body.vencidos, 'vencidos'),
    porTipo: asArray(body.porTipo ?? [], 'porTipo', (item, path) => {
      const linha = asRecord(item, path);
      return { tipo: asString(linha.tipo, `${path}.tipo`), total: asNumber(linha.total, `${path}.total`) };
    }),
  };
}

/** GET /api/laudos/estatisticas, scoped like the list. */
export const estatisticasQueryOptions = queryOptions({
  queryKey: [...laudosKey, 'estatisticas'],
  queryFn: ({ signal }) => apiFetch('/laudos/estatisticas', { parse: parseEstatisticas, signal }),
});

export function useEstatisticasLaudos() {
  return useQuery(estatisticasQueryOptions);
}
