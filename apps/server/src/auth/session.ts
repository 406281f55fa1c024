import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { authUser, usuarios } from '../db/schema.ts';
import { erro, forbidden, unauthorized } from '../http/errors.ts';
import type { SettingsStore } from '../settings/store.ts';
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
  doisFatores: boolean;
  /**
   * Whether the person has proven they read this e-mail (a confirmation link, the e-mailed temporary
   * password, a password reset, or Google/Microsoft). Until then, laudos addressed to the e-mail
   * stay out of their scope (laudos/service.ts).
   */
  emailVerificado: boolean;
  /** The current session's token (to keep this session when ending the others). */
  sessionToken: string;
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
  if (!request.headers.cookie && !request.headers.authorization) {
    request.sessionUser = null;
    return null;
  }
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
      doisFatores: authUser.twoFactorEnabled,
      emailVerificado: authUser.emailVerified,
    })
    .from(usuarios)
    .innerJoin(authUser, eq(authUser.id, usuarios.id))
    .where(eq(usuarios.id, session.user.id))
    .limit(1);
  if (!profile) {
    request.log.warn(
      { userId: session.user.id },
      'Perfil de usuário não encontrado: sessão tratada como não autenticada (verifique se o usuário foi criado corretamente)',
    );
    request.sessionUser = null;
    return null;
  }
  request.sessionUser = {
    ...profile,
    doisFatores: Boolean(profile.doisFatores),
    sessionToken: session.session.token,
  };
  return request.sessionUser;
}

export interface AccessOptions {
  allowFirstAccess?: boolean;
  deniedMessage?: string;
}

export async function requireUser(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
  options: AccessOptions = {},
): Promise<SessionUser> {
  const user = await loadSessionUser(auth, db, request);
  if (!user) throw unauthorized();
  if (!user.ativo) throw erro('usuarioInativo');
  if (user.primeiroAcesso && !options.allowFirstAccess) throw erro('primeiroAcesso');
  return user;
}

export async function requireAdmin(
  auth: Auth,
  db: Db,
  settings: SettingsStore,
  request: FastifyRequest,
  options: AccessOptions = {},
): Promise<SessionUser> {
  const user = await requireUser(auth, db, request, options);
  if (user.tipo !== 'admin')
    throw forbidden(options.deniedMessage ?? 'Acesso negado: apenas administradores.');
  if (!user.doisFatores && settings.get().security.requireTwoFactorForAdmins)
    throw erro('doisFatoresObrigatorio');
  return user;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser | null;
  }
}
