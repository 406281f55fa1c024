import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';

/**
 * Better Auth, mounted under /api/auth. It owns credentials and sessions (scrypt hashes, session
 * cookies, CSRF/origin checks); the product's profile (tipo, empresa, plano…) is `usuarios`.
 */
export function createAuth(config: Config, db: Db) {
  const secure = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'Laudos',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.authUser,
        session: schema.authSession,
        account: schema.authAccount,
        verification: schema.authVerification,
        twoFactor: schema.authTwoFactor,
        rateLimit: schema.authRateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Renewed while in use.
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: config.nodeEnv !== 'test',
      storage: 'database',
      modelName: 'rateLimit',
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
