import { type Sessao, sessaoAtualSchema, sessoesSchema } from '@laudos/domain/api';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type { Sessao };

export type Sessoes = { sessoes: Sessao[]; tokenAtual: string | null };

/**
 * The user's open sessions (GET /api/auth/list-sessions), newest activity first, and which one is
 * this browser's (from GET /api/auth/get-session, when it answers).
 */
export async function listarSessoes(): Promise<Sessoes> {
  const [sessoes, atual] = await Promise.all([
    apiFetch('/auth/list-sessions', { parse: parseWith(sessoesSchema, 'sessoes') }),
    apiFetch('/auth/get-session', { parse: (data: unknown) => sessaoAtualSchema.parse(data) }).catch(
      () => null,
    ),
  ]);
  return {
    sessoes: [...sessoes].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt)),
    tokenAtual: atual?.session.token ?? null,
  };
}

export const sessoesQueryOptions = queryOptions({
  queryKey: ['auth', 'sessoes'],
  queryFn: listarSessoes,
});

export async function encerrarSessao(token: string): Promise<void> {
  await apiFetch('/auth/revoke-session', { method: 'POST', body: { token } });
}

export async function encerrarOutrasSessoes(): Promise<void> {
  await apiFetch('/auth/revoke-other-sessions', { method: 'POST', body: {} });
}

/** Ends every session, this one included. */
export async function encerrarTodasAsSessoes(): Promise<void> {
  await apiFetch('/auth/revoke-sessions', { method: 'POST', body: {} });
}
