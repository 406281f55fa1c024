import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { usuarios } from '../db/schema.ts';
import { AppError, forbidden, unauthorized } from '../http/errors.ts';
import type { Auth } from './auth.ts';

export interface SessionUser {
  id: string;
  nome: string;
  email: string;
  tipo: 'admin' | 'cliente';
  empresa: string | null;
  empresaConfirmada: boolean;
  telefone: string | null;
  ativo: boolean;
  primeiroAcesso: boolean;
  planoId: string | null;
}

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  return headers;
}

/**
 * The signed-in user with their profile, or null. An authentication user without a profile row is
 * treated as signed out (and logged), as the spec says.
 */
export async function loadSessionUser(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const session = await auth.api.getSession({ headers: toWebHeaders(request) });
  if (!session) {
    request.sessionUser = null;
    return null;
  }
  const [profile] = await db
    .select({
      id: usuarios.id,
      nome: usuarios.nome,
      email: usuarios.email,
      tipo: usuarios.tipo,
      empresa: usuarios.empresa,
      empresaConfirmada: usuarios.empresaConfirmada,
      telefone: usuarios.telefone,
      ativo: usuarios.ativo,
      primeiroAcesso: usuarios.primeiroAcesso,
      planoId: usuarios.planoId,
    })
    .from(usuarios)
    .where(eq(usuarios.id, session.user.id))
    .limit(1);
  if (!profile) {
    request.log.warn(
      { userId: session.user.id },
      'sessão de usuário sem perfil em usuarios: tratada como não autenticada',
    );
    request.sessionUser = null;
    return null;
  }
  request.sessionUser = profile;
  return profile;
}

export async function requireUser(auth: Auth, db: Db, request: FastifyRequest): Promise<SessionUser> {
  const user = await loadSessionUser(auth, db, request);
  if (!user) throw unauthorized();
  if (!user.ativo)
    throw new AppError('USUARIO_INATIVO', 'Usuário desativado. Fale com o administrador.', 403);
  return user;
}

export async function requireAdmin(auth: Auth, db: Db, request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(auth, db, request);
  if (user.tipo !== 'admin') throw forbidden('Acesso negado: apenas administradores.');
  return user;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser | null;
  }
}
