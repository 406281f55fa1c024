import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orFail } from '../../http/errors.ts';
import { hitRateLimit, limits } from '../../http/rate-limit.ts';
import { cadastrarConta, confirmarEmail, reenviarConfirmacao } from './cadastro.ts';
import { alterarSenha, redefinirSenha } from './service.ts';

export const CADASTRO_RECEBIDO =
  'Cadastro recebido. Enviamos um e-mail para o endereço informado: siga o link dele em até 24 horas para confirmar. Se esse e-mail já tiver uma conta, a mensagem explica como recuperar o acesso.';

const ok = z.object({ ok: z.literal(true) });
const texto = (max: number) => z.string().trim().max(max);

export const contaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/cadastro',
    {
      config: { access: 'public' },
      schema: {
        tags: ['conta'],
        summary:
          'Cria uma conta de cliente (plano padrão) e envia o link de confirmação do e-mail; a mesma resposta para qualquer e-mail, sem sessão',
        body: z.object({
          nome: texto(120).min(1, 'Informe o nome.'),
          email: z.email('E-mail inválido.').max(254),
          senha: z.string().max(128),
          empresa: texto(160).optional(),
          telefone: texto(40).optional(),
        }),
        response: { 201: z.object({ ok: z.literal(true), mensagem: z.string() }) },
      },
    },
    async (request, reply) => {
      const { db, email, config } = app.ctx;
      await hitRateLimit(db, limits.signUpPerIp(request.ip, config.rateLimits.signUpPerIp));
      const { nome, senha, empresa, telefone } = request.body;
      await cadastrarConta(db, email, config, {
        nome,
        email: request.body.email,
        senha,
        empresa: empresa || null,
        telefone: telefone || null,
      });
      // The same bytes for a new address and a taken one: nothing here says who has an account.
      return reply.code(201).send({ ok: true as const, mensagem: CADASTRO_RECEBIDO });
    },
  );

  app.post(
    '/api/conta/confirmar-email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['conta'],
        summary: 'Confirma o e-mail com o link enviado no cadastro (uso único, 24 horas)',
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: z.object({ ok: z.literal(true), email: z.string() }) },
      },
    },
    async (request) => {
      await hitRateLimit(app.ctx.db, limits.resetPerIp(request.ip));
      const { email } = await confirmarEmail(app.ctx.db, request.body.token);
      return { ok: true as const, email };
    },
  );

  app.post(
    '/api/conta/reenviar-confirmacao',
    {
      config: { access: 'user' },
      schema: {
        tags: ['conta'],
        summary: 'Envia de novo o link de confirmação do e-mail (até 3 por hora)',
        body: z.object({}).optional(),
        response: { 200: ok },
      },
    },
    async (request) => {
      await reenviarConfirmacao(app.ctx.db, app.ctx.email, app.ctx.config, request.sessionUser!);
      return { ok: true as const };
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
      await orFail('erroAoAtualizarSenha', () =>
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
      await orFail('erroAoAtualizarSenha', () =>
        redefinirSenha(app.ctx.db, app.ctx.email, app.ctx.config, request.body.token, request.body.novaSenha),
      );
      return { ok: true as const };
    },
  );
};
