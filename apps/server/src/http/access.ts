/**
 * Every API route declares who may call it. The declaration is enforced by a hook (see app.ts)
 * and published in openapi.json as `x-access`, so the document says what the server does.
 */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
