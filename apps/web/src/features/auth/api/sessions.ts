import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asArray, asNullableString, asRecord, asString, isRecord } from '../../../lib/parse';

export type Sessao = {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
};

function parseSessao(value: unknown, path: string): Sessao {
  const sessao = asRecord(value, path);
  return {
    id: asString(sessao.id, `${path}.id`),
    token: asString(sessao.token, `${path}.token`),
    createdAt: asString(sessao.createdAt, `${path}.createdAt`),
    updatedAt: asString(sessao.updatedAt, `${path}.updatedAt`),
    expiresAt: asString(sessao.expiresAt, `${path}.expiresAt`),
    ipAddress: asNullableString(sessao.ipAddress, `${path}.ipAddress`),
    userAgent: asNullableString(sessao.userAgent, `${path}.userAgent`),
  };
}

export type Sessoes = { sessoes: Sessao[]; tokenAtual: string | null };

/**
 * The user's open sessions (GET /api/auth/list-sessions), newest activity first, and which one is
 * this browser's (from GET /api/auth/get-session, when it answers).
 */
export async function listarSessoes(): Promise<Sessoes> {
  const [sessoes, atual] = await Promise.all([
    apiFetch('/auth/list-sessions', { parse: (data) => asArray(data, 'sessoes', parseSessao) }),
    apiFetch('/auth/get-session').catch(() => null),
  ]);
  const session = isRecord(atual) && isRecord(atual.session) ? atual.session : null;
  return {
    sessoes: [...sessoes].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt)),
    tokenAtual: session && typeof session.token === 'string' ? session.token : null,
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
