import { respostaAbertaSchema, respostaConfirmadaSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type RespostaAberta = z.infer<typeof respostaAbertaSchema>;
export type RespostaConfirmada = z.infer<typeof respostaConfirmadaSchema>;

/** GET /api/respostas/:token (public): 404 LINK_INVALIDO, 410 LINK_EXPIRADO when it cannot be used. */
export function buscarResposta(token: string, signal?: AbortSignal): Promise<RespostaAberta> {
  return apiFetch(`/respostas/${encodeURIComponent(token)}`, {
    parse: parseWith(respostaAbertaSchema, 'resposta'),
    ...(signal ? { signal } : {}),
  });
}

export function respostaQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['resposta-lembrete', token],
    queryFn: ({ signal }) => buscarResposta(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useResposta(token: string) {
  return useQuery(respostaQueryOptions(token));
}

/** POST /api/respostas/:token (public): records the answer once; a repeat returns the first (nova: false). */
export function responderLembrete({
  token,
  ...dados
}: {
  token: string;
  periodo?: string;
  contato?: string;
  observacao?: string;
}): Promise<RespostaConfirmada> {
  return apiFetch(`/respostas/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: dados,
    parse: parseWith(respostaConfirmadaSchema, 'resposta'),
  });
}
