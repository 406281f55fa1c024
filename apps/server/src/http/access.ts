/**
 * Every API route declares who may call it. The declaration is enforced by a hook (see app.ts)
 * and published in openapi.json as `x-access`, so the document says what the server does.
 */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A user still on their temporary password may call this route. */
    allowFirstAccess?: boolean;
    /** The 403 message for a signed-in non-admin (the spec's texts). */
    deniedMessage?: string;
  }
}
