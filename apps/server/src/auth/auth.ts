import { formatDateTimeBR } from '@laudos/domain';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { betterAuth } from 'better-auth/minimal';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import type { EmailService } from '../email/delivery.ts';
import { corpoDoErro } from '../http/errors.ts';

/**
 * Better Auth, mounted under /api/auth. Imported from `better-auth/minimal` and each plugin's own
 * entry: the main entry and the plugins' barrel load Kysely and every plugin, 811 modules instead of
 * 445 at start, ~10 MB (issue 15). It owns credentials and sessions (scrypt hashes, session
 * cookies, origin checks, TOTP, OpenID Connect); the product's profile (tipo, empresa, plano…) is
 * `usuarios`. Sign-up, password change and password reset are the product's own routes
 * (modules/conta), so they can create the profile, end sessions and send e-mails in one transaction:
 * Better Auth's versions of those paths are disabled.
 * `planoPadraoId` gives a new social account its plan: which plan is the default is a rule of
 * modules/planos, passed in so this infrastructure imports no feature module.
 */
export function createAuth(
  config: Config,
  db: Db,
  email: EmailService,
  planoPadraoId: () => Promise<string | null>,
) {
  const secure = config.publicUrl.startsWith('https://');
  const providers = [
    config.social.google && { providerId: 'google', name: 'Google', ...config.social.google },
    config.social.microsoft && { providerId: 'microsoft', name: 'Microsoft', ...config.social.microsoft },
  ].filter((p): p is NonNullable<typeof p> => Boolean(p));

  return betterAuth({
    appName: 'Laudos',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // With PUBLIC_URL, its origin only. Without it, also the origin of the request as routes.ts
    // hands it over: that URL is built from ownOrigin (http/origin.ts), which took the browser's
    // local address (127.0.0.1, a LAN IP) only after checking it. Links in e-mails and redirects
    // keep config.publicUrl (baseURL), never a request's Host.
    trustedOrigins: config.publicUrlSet
      ? [config.publicUrl]
      : (request) => [config.publicUrl, request ? new URL(request.url).origin : null],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.authUser,
        session: schema.authSession,
        account: schema.authAccount,
        verification: schema.authVerification,
        twoFactor: schema.authTwoFactor,
      },
    }),
    disabledPaths: [
      '/sign-up/email',
      '/change-password',
      '/reset-password',
      '/set-password',
      '/change-email',
      '/delete-user',
      '/update-user',
    ],
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      // The link goes to the web app's page, which posts the new password to /api/conta/redefinir-senha.
      sendResetPassword: async ({ user, token }) => {
        await email.enqueue(db, {
          type: 'redefinir_senha',
          to: user.email,
          toName: user.name,
          userId: user.id,
          variables: {
            usuario_nome: user.name,
            usuario_email: user.email,
            link_reset: `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
            validade_link: '1 hora',
          },
        });
      },
    },
    // Reset tokens are kept as hashes, never in clear.
    verification: { storeIdentifier: 'hashed' },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Renewed while in use: once a day of activity pushes the expiry a week ahead.
      updateAge: 60 * 60 * 24,
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ['google', 'microsoft'] },
    },
    // Abuse limits are the product's own, kept in the database (http/rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      // Better Auth skips its origin check when it thinks it runs under a test runner: said here so
      // the tests exercise the same check as production.
      disableOriginCheck: false,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    plugins: [
      twoFactor({ issuer: 'Laudos', skipVerificationOnEnable: false }),
      ...(providers.length > 0
        ? [
            genericOAuth({
              config: providers.map((p) => ({
                providerId: p.providerId,
                clientId: p.clientId,
                clientSecret: p.clientSecret,
                discoveryUrl: p.discoveryUrl,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              })),
            }),
          ]
        : []),
    ],
    databaseHooks: {
      user: {
        create: {
          // A social sign-in creates the account here: give it its profile (a client on the
          // default plan) at once, so it is never an account without a profile.
          after: async (user) => {
            const planoId = await planoPadraoId();
            await db
              .insert(schema.usuarios)
              .values({
                id: user.id,
                nome: user.name || user.email,
                email: user.email.toLowerCase(),
                tipo: 'cliente',
                planoId,
              })
              .onConflictDoNothing();
          },
        },
      },
      session: {
        create: {
          // Every sign-in, whatever the method: a deactivated user or an expired temporary
          // password gets no session.
          before: async (session) => {
            const [profile] = await db
              .select({
                ativo: schema.usuarios.ativo,
                primeiroAcesso: schema.usuarios.primeiroAcesso,
                expira: schema.usuarios.senhaTemporariaExpiraEm,
              })
              .from(schema.usuarios)
              .where(eq(schema.usuarios.id, session.userId))
              .limit(1);
            if (!profile) throw new APIError('FORBIDDEN', corpoDoErro('perfilNaoEncontrado').error);
            if (!profile.ativo) throw new APIError('FORBIDDEN', corpoDoErro('usuarioInativo').error);
            if (profile.primeiroAcesso && profile.expira && profile.expira.getTime() < Date.now()) {
              const quando = formatDateTimeBR(profile.expira, config.timeZone);
              throw new APIError('FORBIDDEN', corpoDoErro('senhaTemporariaExpirada', quando).error);
            }
            return { data: session };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Ends every session of a user (or all but one), e.g. after a password change or deactivation. */
export async function endSessions(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  userId: string,
  exceptToken?: string,
) {
  await db
    .delete(schema.authSession)
    .where(
      exceptToken
        ? sql`${schema.authSession.userId} = ${userId} and ${schema.authSession.token} <> ${exceptToken}`
        : eq(schema.authSession.userId, userId),
    );
}
