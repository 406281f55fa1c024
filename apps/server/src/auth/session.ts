import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { planoEmVigor } from '../db/plano-em-vigor.ts';
import { authSession, authUser, empresas, usuarios } from '../db/schema.ts';
import { erro, forbidden, unauthorized } from '../http/errors.ts';
import type { SettingsStore } from '../settings/store.ts';
import type { Auth } from './auth.ts';

export interface SessionUser {
  id: string;
  nome: string;
  email: string;
  tipo: 'admin' | 'cliente';
  /** The client company the person belongs to (its laudos are in their scope), or null. */
  empresaId: string | null;
  /** The company's name (nome fantasia), or null. */
  empresa: string | null;
  /** The role inside the company (meaningful only with one). */
  papel: 'gestor' | 'membro';
  /** Whether the company is active (a deactivated company's people cannot use the app). */
  empresaAtiva: boolean;
  telefone: string | null;
  ativo: boolean;
  primeiroAcesso: boolean;
  /** The plan in force: the company's when the person has one, else their own. */
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
  /**
   * Set when the caller is an API key, not a person (modules/chaves-api): the key's company as its
   * gestor sees it; `id` is then no user's id (writes record the key, `autorDoPedido`).
   */
  chaveApi?: { id: string; nome: string };
  /** Where the request came from (set by app.ts's access hook): the audit log's IP and browser. */
  origem?: { ip: string | null; userAgent: string | null };
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
 * The profile columns a request's user carries (from `usuarios` joined with `auth_user` and, left,
 * `empresas`): the company's name and plan come from the company.
 */
const profileColumns = {
  id: usuarios.id,
  nome: usuarios.nome,
  email: usuarios.email,
  tipo: usuarios.tipo,
  empresaId: usuarios.empresaId,
  empresa: empresas.nomeFantasia,
  papel: usuarios.papel,
  empresaAtiva: sql<boolean>`coalesce(${empresas.ativo}, true)`,
  telefone: usuarios.telefone,
  ativo: usuarios.ativo,
  primeiroAcesso: usuarios.primeiroAcesso,
  planoId: planoEmVigor,
  doisFatores: authUser.twoFactorEnabled,
  emailVerificado: authUser.emailVerified,
};

/**
 * The session, its user and the profile in one prepared statement, by the cookie's token: the one
 * query an authenticated request makes for who is calling. Better Auth's `getSession` made two
 * (session, then user) and we a third for the profile, each built again on every request
 * (issue 15: ~1.5 ms of server CPU per request). There is deliberately no cache in front of it: a
 * session ended on any instance (sign-out, password change, deactivation, deletion, demotion) stops
 * working on the very next request everywhere, as before (docs/decisions/016-session-check.md).
 */
function buildSessionQuery(db: Db) {
  return db
    .select({
      ...profileColumns,
      userId: authSession.userId,
      expiresAt: authSession.expiresAt,
      perfilId: usuarios.id,
    })
    .from(authSession)
    .innerJoin(authUser, eq(authUser.id, authSession.userId))
    .leftJoin(usuarios, eq(usuarios.id, authSession.userId))
    .leftJoin(empresas, eq(empresas.id, usuarios.empresaId))
    .where(eq(authSession.token, sql.placeholder('token')))
    .limit(1)
    .prepare('sessao_do_pedido');
}
const sessionQueries = new WeakMap<Db, ReturnType<typeof buildSessionQuery>>();
function sessionQuery(db: Db) {
  let query = sessionQueries.get(db);
  if (!query) {
    query = buildSessionQuery(db);
    sessionQueries.set(db, query);
  }
  return query;
}

/** What reading Better Auth's session cookie needs from its configuration (read once per instance). */
interface CookieRules {
  name: string;
  secret: string;
  /** Seconds a session lives, and after how many seconds of it Better Auth renews it. */
  expiresIn: number;
  updateAge: number;
}
const cookieRulesByAuth = new WeakMap<Auth, Promise<CookieRules>>();
function cookieRulesOf(auth: Auth): Promise<CookieRules> {
  let rules = cookieRulesByAuth.get(auth);
  if (!rules) {
    rules = auth.$context.then((ctx) => ({
      name: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      expiresIn: ctx.sessionConfig.expiresIn,
      updateAge: ctx.sessionConfig.updateAge,
    }));
    cookieRulesByAuth.set(auth, rules);
  }
  return rules;
}

/**
 * The session token in Better Auth's signed cookie (`token.base64(HMAC-SHA256(secret, token))`,
 * URL-encoded, as better-call signs it), or null when the cookie is absent or its signature is wrong.
 */
export function signedSessionToken(cookieHeader: string, name: string, secret: string): string | null {
  let raw: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      raw = part.slice(eq + 1).trim();
      break;
    }
  }
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The user a response's Set-Cookie just signed in (a social sign-in's callback answers with a
 * redirect and the new session's cookie): null when it set no valid session.
 */
export async function usuarioDaNovaSessao(
  auth: Auth,
  db: Db,
  setCookies: readonly string[],
): Promise<string | null> {
  if (setCookies.length === 0) return null;
  const rules = await cookieRulesOf(auth);
  const token = signedSessionToken(
    setCookies.map((c) => c.split(';')[0]).join('; '),
    rules.name,
    rules.secret,
  );
  if (!token) return null;
  const [row] = await sessionQuery(db).execute({ token });
  return row?.userId ?? null;
}

/**
 * The signed-in user with their profile, or null. An authentication user without a profile row is
 * treated as signed out (and logged), as the spec says.
 *
 * The common case is one prepared query. Better Auth's own `getSession` still answers the rare
 * ones it has rules for: an expired session (it deletes it) and a session due for renewal (once a
 * day of use it pushes the expiry a week ahead).
 */
export async function loadSessionUser(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  request.sessionUser = await findSessionUser(auth, db, request);
  return request.sessionUser;
}

async function findSessionUser(auth: Auth, db: Db, request: FastifyRequest): Promise<SessionUser | null> {
  const cookie = request.headers.cookie;
  // No cookie, no session: this Better Auth has no bearer plugin, so its getSession reads only the
  // cookie (an Authorization header alone was always "signed out").
  if (!cookie) return null;
  const rules = await cookieRulesOf(auth);
  const token = signedSessionToken(cookie, rules.name, rules.secret);
  if (!token) return null;
  const [row] = await sessionQuery(db).execute({ token });
  if (!row) return null;
  const expiresAt = row.expiresAt.getTime();
  const now = Date.now();
  const dueForRenewal = expiresAt - rules.expiresIn * 1000 + rules.updateAge * 1000 <= now;
  if (expiresAt <= now || dueForRenewal) return sessionThroughBetterAuth(auth, db, request);
  if (!row.perfilId) return withoutProfile(request, row.userId);
  return {
    id: row.perfilId,
    nome: row.nome!,
    email: row.email!,
    tipo: row.tipo!,
    empresaId: row.empresaId,
    empresa: row.empresa,
    papel: row.papel!,
    empresaAtiva: row.empresaAtiva,
    telefone: row.telefone,
    ativo: row.ativo!,
    primeiroAcesso: row.primeiroAcesso!,
    planoId: row.planoId,
    doisFatores: Boolean(row.doisFatores),
    emailVerificado: row.emailVerificado,
    sessionToken: token,
  };
}

/** Better Auth's own session check (expiry, renewal), then the profile: three queries. */
async function sessionThroughBetterAuth(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const { headers, response: session } = await auth.api.getSession({
    headers: toWebHeaders(request),
    returnHeaders: true,
  });
  // A renewal also pushes the cookie's own expiry a week ahead: the reply must carry it, or the
  // browser drops the cookie a week after sign-in though the session was renewed (app.ts sends it).
  const renewed = headers.getSetCookie();
  if (renewed.length > 0) request.renewedSessionCookies = renewed;
  if (!session) return null;
  const [profile] = await db
    .select(profileColumns)
    .from(usuarios)
    .innerJoin(authUser, eq(authUser.id, usuarios.id))
    .leftJoin(empresas, eq(empresas.id, usuarios.empresaId))
    .where(eq(usuarios.id, session.user.id))
    .limit(1);
  if (!profile) return withoutProfile(request, session.user.id);
  return { ...profile, doisFatores: Boolean(profile.doisFatores), sessionToken: session.session.token };
}

function withoutProfile(request: FastifyRequest, userId: string): null {
  request.log.warn(
    { userId },
    'Perfil de usuário não encontrado: sessão tratada como não autenticada (verifique se o usuário foi criado corretamente)',
  );
  return null;
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
  if (!user.empresaAtiva) throw erro('empresaInativa');
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
    /** Set-Cookie lines of a session Better Auth renewed (or ended) while checking it. */
    renewedSessionCookies?: string[];
  }
}
