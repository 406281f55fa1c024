import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toWebHeaders } from './session.ts';

/**
 * Better Auth's own endpoints, mounted under /api/auth: the Fastify request becomes a Web Request,
 * Better Auth answers, and status, every header (several Set-Cookie) and body are copied back.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    schema: {
      tags: ['autenticação'],
      summary: 'Endpoints do Better Auth (entrar, cadastrar, sair, sessão, recuperação de senha)',
    },
    async handler(request, reply) {
      const url = new URL(request.url, app.ctx.config.publicUrl);
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
      const webRequest = new Request(url, {
        method: request.method,
        headers: toWebHeaders(request),
        body: hasBody ? JSON.stringify(request.body) : undefined,
      });
      const response = await app.ctx.auth.handler(webRequest);
      reply.code(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      return reply.send(text.length > 0 ? text : null);
    },
  });
};
