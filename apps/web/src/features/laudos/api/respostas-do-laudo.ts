import { respostasDoLaudoSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { laudoKey } from './laudo';

/**
 * GET /api/laudos/:id/respostas: the client's answers to the reminders of the laudo's current due
 * date (issue 19). Under the laudo's key: an edit of the due date refreshes it.
 */
export function respostasDoLaudoQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...laudoKey(id), 'respostas'],
    queryFn: ({ signal }) =>
      apiFetch(`/laudos/${encodeURIComponent(id)}/respostas`, {
        parse: parseWith(respostasDoLaudoSchema, 'resposta'),
        signal,
      }),
  });
}

export function useRespostasDoLaudo(id: string) {
  return useQuery(respostasDoLaudoQueryOptions(id));
}
