import type { FastifyPluginAsync } from 'fastify';
import type { Acesso } from './http/access.ts';

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

/**
 * GET /api/openapi.json: the OpenAPI 3 document of every API route. Each operation carries
 * `x-access`, taken from the same route config the access hook enforces.
 */
export const openapiRoutes: FastifyPluginAsync<{ accessByRoute: Map<string, Acesso> }> = async (
  app,
  { accessByRoute },
) => {
  app.get(
    '/api/openapi.json',
    { config: { access: 'public' }, schema: { tags: ['sistema'], summary: 'Este documento OpenAPI' } },
    async () => {
      const doc = app.swagger() as { paths?: Record<string, Record<string, Record<string, unknown>>> };
      const byPath = new Map<string, Acesso>();
      for (const [key, access] of accessByRoute) {
        const [method, url] = key.split(' ') as [string, string];
        byPath.set(`${method.toLowerCase()} ${toOpenApiPath(url)}`, access);
      }
      for (const [p, operations] of Object.entries(doc.paths ?? {})) {
        for (const [method, operation] of Object.entries(operations)) {
          const acesso = byPath.get(`${method} ${p}`);
          if (acesso) operation['x-access'] = acesso.access;
          if (acesso?.recurso) operation['x-recurso'] = acesso.recurso;
        }
      }
      return doc;
    },
  );
};
