import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROS, erro } from '../http/errors.ts';
import { ownOrigin } from '../http/origin.ts';
import { hitRateLimit, limits } from '../http/rate-limit.ts';
import { registrarEntradaSocial, registrarPassoDaSessao } from './auditoria-da-sessao.ts';
import { loadSessionUser, toWebHeaders, usuarioDaNovaSessao } from './session.ts';
import { admitSignIn, type SignInAttempt, type SignInOutcome, settleSignIn } from './sign-in-limits.ts';

/** Better Auth's error codes in the product's language. */
const messages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'E-mail ou senha incorretos.',
  INVALID_PASSWORD: 'Senha incorreta.',
  INVALID_EMAIL: 'E-mail inválido.',
  USER_NOT_FOUND: ERROS.usuarioNaoEncontrado.message,
  PASSWORD_TOO_SHORT: 'A senha deve ter pelo menos 8 caracteres.',
  PASSWORD_TOO_LONG: 'A senha deve ter no máximo 128 caracteres.',
  INVALID_TOKEN: 'Link inválido ou expirado.',
  INVALID_CODE: 'Código inválido. Confira o código no seu aplicativo autenticador.',
  INVALID_BACKUP_CODE: 'Código de backup inválido.',
  INVALID_TWO_FACTOR_COOKIE: 'A etapa de verificação expirou. Entre novamente.',
  TWO_FACTOR_NOT_ENABLED: 'A verificação em duas etapas não está ativada.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Muitas tentativas. Entre novamente para gerar um novo código.',
  SESSION_EXPIRED: ERROS.naoAutenticado.message,
  FAILED_TO_GET_SESSION: ERROS.naoAutenticado.message,
  UNAUTHORIZED: ERROS.naoAutenticado.message,
  FAILED_TO_CREATE_SESSION: 'Não foi possível iniciar a sessão. Tente novamente.',
  USER_ALREADY_EXISTS: ERROS.emailEmUso.message,
  EMAIL_NOT_VERIFIED: 'E-mail ainda não confirmado.',
  INVALID_ORIGIN: 'Origem da requisição não permitida.',
  MISSING_OR_NULL_ORIGIN: 'Origem da requisição não informada.',
  INVALID_CALLBACK_URL: 'Endereço de retorno não permitido.',
  PROVIDER_NOT_FOUND: 'Este método de entrada não está configurado.',
  USUARIO_INATIVO: ERROS.usuarioInativo.message,
};

const ownCodes = new Set(['USUARIO_INATIVO', 'SENHA_TEMPORARIA_EXPIRADA', 'PERFIL_NAO_ENCONTRADO']);

/** Paths a user on first access may still use (everything else waits for the password change). */
const firstAccessPaths = [
  '/get-session',
  '/sign-out',
  '/sign-in/',
  '/two-factor/verify',
  '/callback/',
  '/oauth2/callback/',
  '/request-password-reset',
];

/** Better Auth's paths the audit log records (auditoria-da-sessao.ts). */
const AUDITADOS = ['/sign-in/email', '/sign-out', '/two-factor/verify', '/two-factor/disable'];
/** A Google/Microsoft sign-in's return from the provider (generic OAuth's path, and the classic one). */
const CALLBACK_SOCIAL = /^\/(?:oauth2\/)?callback\/(google|microsoft)$/;

/**
 * Better Auth's own endpoints, mounted under /api/auth: the Fastify request becomes a Web Request,
 * Better Auth answers, and status, every header (several Set-Cookie) and body are copied back.
 * On the way: the database-backed abuse limits, the first-access restriction, and errors turned
 * into the product's shape and language.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    schema: {
      tags: ['autenticação'],
      summary:
        'Better Auth: entrar (e-mail, Google, Microsoft), sair (esta sessão, as outras, todas), sessões, verificação em duas etapas, pedido de redefinição de senha',
    },
    async handler(request, reply) {
      const { db, auth, config } = app.ctx;
      // Better Auth sees the request at our own origin (http/origin.ts: PUBLIC_URL, or without it
      // this server's local address as the browser used it), and trusts that origin (auth.ts).
      const url = new URL(request.url, ownOrigin(config, request));
      const path = url.pathname.slice('/api/auth'.length);
      const body = (request.body ?? {}) as Record<string, unknown>;

      let signIn: SignInAttempt | undefined;
      if (request.method === 'POST') {
        const emailInBody = typeof body.email === 'string' ? body.email : '';
        if (path === '/sign-in/email') {
          signIn = await admitSignIn(db, config.rateLimits, emailInBody || null, request.ip);
        } else if (path === '/request-password-reset' || path === '/forget-password') {
          await hitRateLimit(db, limits.resetPerIp(request.ip, config.rateLimits.linksPerIp));
          if (emailInBody) await hitRateLimit(db, limits.resetPerEmail(emailInBody));
        } else if (path.startsWith('/two-factor/verify')) {
          await hitRateLimit(db, limits.twoFactorPerIp(request.ip));
        }
      }
      if (!firstAccessPaths.some((p) => path.startsWith(p))) {
        const user = await loadSessionUser(auth, db, request);
        if (user?.primeiroAcesso) throw erro('primeiroAcesso');
      }
      // Who is signed in before Better Auth acts: the audit log's actor of a sign-out or 2FA change.
      const antes =
        request.method === 'POST' && AUDITADOS.some((p) => path.startsWith(p))
          ? await loadSessionUser(auth, db, request)
          : null;

      const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
      const webRequest = new Request(url, {
        method: request.method,
        headers: toWebHeaders(request),
        body: hasBody ? JSON.stringify(request.body) : undefined,
      });
      const response = await auth.handler(webRequest);
      const text = await response.text();
      if (signIn) {
        try {
          await settleSignIn(db, signIn, signInOutcome(response.status, text));
        } catch (err) {
          // Better Auth already answered (maybe with a session): a count not given back costs one
          // attempt of the window, which is better than losing the answer.
          request.log.warn({ err }, 'limite de entrada não acertado');
        }
      }
      if (request.method === 'POST' && AUDITADOS.some((p) => path.startsWith(p))) {
        const email = typeof body.email === 'string' ? body.email : '';
        await registrarPassoDaSessao(db, request, path, response.status, text, antes, email);
      }
      const social = request.method === 'GET' ? CALLBACK_SOCIAL.exec(path)?.[1] : undefined;
      if (social && response.status < 400) {
        const userId = await usuarioDaNovaSessao(auth, db, response.headers.getSetCookie());
        if (userId) await registrarEntradaSocial(db, request, userId, social);
      }
      reply.code(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (response.status >= 400) {
        let code = response.status === 404 ? 'NAO_ENCONTRADO' : 'ERRO_AUTENTICACAO';
        let own: string | undefined;
        try {
          const parsed = JSON.parse(text) as { code?: string; message?: string };
          if (parsed.code) code = parsed.code;
          // Errors raised by our own hooks already speak Portuguese.
          if (ownCodes.has(code)) own = parsed.message;
        } catch {
          // Not JSON (e.g. "Not Found" for a disabled path).
        }
        const message =
          own ??
          messages[code] ??
          (response.status === 404
            ? ERROS.rotaNaoEncontrada.message
            : response.status === 401
              ? ERROS.naoAutenticado.message
              : response.status === 403
                ? erro('acessoNegado').message
                : 'Não foi possível concluir a autenticação.');
        if (response.status >= 500)
          request.log.error({ code, status: response.status }, 'erro do Better Auth');
        return reply.type('application/json; charset=utf-8').send({ error: { code, message } });
      }
      return reply.send(text.length > 0 ? text : null);
    },
  });
};

/** A wrong password is Better Auth's 401 INVALID_EMAIL_OR_PASSWORD; anything else is not a guess. */
function signInOutcome(status: number, body: string): SignInOutcome {
  if (status >= 200 && status < 300) return 'sucesso';
  if (status !== 401) return 'outro';
  try {
    return (JSON.parse(body) as { code?: string }).code === 'INVALID_EMAIL_OR_PASSWORD'
      ? 'senha_errada'
      : 'outro';
  } catch {
    return 'outro';
  }
}
