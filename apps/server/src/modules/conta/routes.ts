import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toWebHeaders } from '../../auth/session.ts';
import { AppError, orFail } from '../../http/errors.ts';
import { hitRateLimit, limits } from '../../http/rate-limit.ts';
import { createContaComSenha } from '../usuarios/service.ts';
import { alterarSenha, assertSenhaValida, redefinirSenha } from './service.ts';

const ok = z.object({ ok: z.literal(true) });
const texto = (max: number) => z.string().trim().max(max);

export const contaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/cadastro',
    {
      config: { access: 'public' },
      schema: {
        tags: ['conta'],
        summary: 'Cria uma conta de cliente (plano padrão) e já entra nela',
        body: z.object({
          nome: texto(120).min(1, 'Informe o nome.'),
          email: z.email('E-mail inválido.').max(254),
          senha: z.string().max(128),
          empresa: texto(160).optional(),
          telefone: texto(40).optional(),
        }),
        response: {
          201: z.object({ usuario: z.object({ id: z.string(), nome: z.string(), email: z.string() }) }),
        },
      },
    },
    async (request, reply) => {
      const { db, auth } = app.ctx;
      await hitRateLimit(db, limits.signUpPerIp(request.ip, app.ctx.config.rateLimits.signUpPerIp));
      const { nome, email, senha, empresa, telefone } = request.body;
      assertSenhaValida(senha);
      // The company typed here is a claim: it scopes laudos only once an admin confirms it.
      const usuario = await db.transaction((tx) =>
        createContaComSenha(tx, {
          email,
          nome,
          password: senha,
          tipo: 'cliente',
          empresa: empresa || null,
          empresaConfirmada: false,
          telefone: telefone || null,
        }),
      );
      // Sign in through Better Auth so the session cookie is its own.
      const headers = toWebHeaders(request);
      headers.set('content-type', 'application/json');
      const response = await auth.api.signInEmail({
        body: { email, password: senha },
        headers,
        asResponse: true,
      });
      if (!response.ok) throw new AppError('ERRO_CADASTRO', 'Erro no registro', 500);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.code(201).send({ usuario: { id: usuario.id, nome: usuario.nome, email: usuario.email } });
    },
  );

  app.post(
    '/api/conta/senha',
    {
      config: { access: 'user', allowFirstAccess: true },
      schema: {
        tags: ['conta'],
        summary: 'Troca a senha (também a temporária do primeiro acesso); encerra as outras sessões',
        body: z.object({ senhaAtual: z.string().min(1).max(128), novaSenha: z.string().max(128) }),
        response: { 200: ok },
      },
    },
    async (request) => {
      const user = request.sessionUser!;
      await hitRateLimit(app.ctx.db, limits.passwordChangePerUser(user.id));
      await orFail('Erro ao atualizar senha', () =>
        alterarSenha(
          app.ctx.db,
          app.ctx.email,
          app.ctx.config,
          user,
          request.body.senhaAtual,
          request.body.novaSenha,
        ),
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/conta/redefinir-senha',
    {
      config: { access: 'public' },
      schema: {
        tags: ['conta'],
        summary: 'Define a nova senha a partir do link enviado por e-mail (uso único)',
        body: z.object({ token: z.string().min(1).max(200), novaSenha: z.string().max(128) }),
        response: { 200: ok },
      },
    },
    async (request) => {
      await hitRateLimit(app.ctx.db, limits.resetPerIp(request.ip));
      await orFail('Erro ao atualizar senha', () =>
        redefinirSenha(app.ctx.db, app.ctx.email, app.ctx.config, request.body.token, request.body.novaSenha),
      );
      return { ok: true as const };
    },
  );
};
