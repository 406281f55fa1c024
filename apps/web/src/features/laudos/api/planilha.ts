import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asArray, asNumber, asRecord, asString } from '../../../lib/parse';
import { laudoKey } from './laudo';

/** `columns` is the number of columns; `rows` are the sheet's rows from the first one (up to 200). */
export type Planilha = { sheetName: string; columns: number; rows: string[][]; truncated: boolean };

function parsePlanilha(data: unknown): Planilha {
  const body = asRecord(data, 'resposta');
  const texto = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  return {
    sheetName: asString(body.sheetName ?? '', 'sheetName'),
    columns: asNumber(body.columns ?? 0, 'columns'),
    rows: asArray(body.rows ?? [], 'rows', (row, path) => asArray(row, path, texto)),
    truncated: body.truncated === true,
  };
}

/** GET /api/laudos/:id/arquivos/excel/tabela: the first sheet as a table (403 when turned off). */
export function planilhaQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...laudoKey(id), 'planilha'],
    queryFn: ({ signal }) =>
      apiFetch(`/laudos/${encodeURIComponent(id)}/arquivos/excel/tabela`, { parse: parsePlanilha, signal }),
    retry: false,
  });
}

export function usePlanilha(id: string) {
  return useQuery(planilhaQueryOptions(id));
}
