import type { RecursoExigido } from '@laudos/domain';

/**
 * Every API route declares who may call it. The declaration is enforced by a hook (see app.ts)
 * and published in openapi.json as `x-access`, so the document says what the server does.
 */
export type Access = 'public' | 'user' | 'admin';

/**
 * A paid feature of the plans (the `planos` flags: `dataExport`, `customReports`, …), or a list of
 * them of which the plan needs any one (the support area: `['emailSupport', 'prioritySupport']`).
 */
export type RecursoDoPlano = RecursoExigido;

/** Where a route is declared: who may call it and, for a paid feature, which one. */
export interface Acesso {
  access: Access;
  recurso?: RecursoDoPlano;
  chaveApi?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A user still on their temporary password may call this route. */
    allowFirstAccess?: boolean;
    /** The 403 message for a signed-in non-admin (the spec's texts). */
    deniedMessage?: string;
    /**
     * A paid feature of the plans (issue 18): after the access check, the caller's plan must include
     * it (403 RECURSO_FORA_DO_PLANO, naming it and the plans that do). Published as `x-recurso`.
     */
    recurso?: RecursoDoPlano;
    /**
     * An API key (`Authorization: Bearer laudos_…`) may call this route, as its company's gestor
     * (decision 024). Only `user` routes may opt in; on every other route a Bearer header is a 401.
     * Published as `x-chave-api` and as the operation's `bearerAuth` security.
     */
    chaveApi?: boolean;
  }
}
