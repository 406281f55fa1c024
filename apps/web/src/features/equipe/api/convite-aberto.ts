import { aceitarConviteRespostaSchema, conviteAbertoSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

/** What the invitation page shows before accepting: company, e-mail, suggested name, role. */
export type ConviteAberto = z.infer<typeof conviteAbertoSchema>;

const parseConvite = parseWith(conviteAbertoSchema, 'resposta');

/** GET /api/convites/:token (public): 404 "Convite inválido ou expirado." when it cannot be used. */
export function buscarConviteAberto(token: string, signal?: AbortSignal): Promise<ConviteAberto> {
  return apiFetch(`/convites/${encodeURIComponent(token)}`, {
    parse: parseConvite,
    ...(signal ? { signal } : {}),
  });
}

export function conviteAbertoQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['convite-aberto', token],
    queryFn: ({ signal }) => buscarConviteAberto(token, signal),
    // Read once: the page is about to use it up.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConviteAberto(token: string) {
  return useQuery(conviteAbertoQueryOptions(token));
}

/**
 * POST /api/convites/:token/aceitar (public): creates the account with the chosen password and the
 * e-mail proven; no session is opened (the person signs in next). Returns the account's e-mail.
 */
export async function aceitarConvite({
  token,
  ...dados
}: {
  token: string;
  nome: string;
  senha: string;
}): Promise<string> {
  const { email } = await apiFetch(`/convites/${encodeURIComponent(token)}/aceitar`, {
    method: 'POST',
    body: dados,
    parse: parseWith(aceitarConviteRespostaSchema, 'resposta'),
  });
  return email;
}
