import {
  alterarSenhaEntrada,
  cadastroEntrada,
  cadastroRespostaSchema,
  confirmarEmailEntrada,
  confirmarEmailRespostaSchema,
  okSchema as ok,
  redefinirSenhaEntrada,
  reenviarConfirmacaoEntrada,
} from '@laudos/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { origemDoPedido } from '../../auditoria/registrar.ts';
import { cadastrarConta, confirmarEmail, reenviarConfirmacao } from './cadastro.ts';
import { alterarSenha, redefinirSenha } from './service.ts';

export const CADASTRO_RECEBIDO =
  'Cadastro recebido. Enviamos um e-mail para o endereço informado: siga o link dele em até 24 horas para confirmar. Se esse e-mail já tiver uma conta, a mensagem explica como recuperar o acesso.';

export const contaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/cadastro',
    {
      config: { access: 'public' },
      schema: {
        tags: ['conta'],
        summary:
          'Cria uma conta de cliente (plano padrão) e envia o link de confirmação do e-mail; a mesma resposta para qualquer e-mail, sem sessão',
        body: cadastroEntrada,
        response: { 201: cadastroRespostaSchema },
      },
    },
    async (request, reply) => {
      const { nome, email, senha, empresa, telefone } = request.body;
      await cadastrarConta(
        app.ctx,
        { nome, email, senha, empresa: empresa || null, telefone: telefone || null },
        request.ip,
        origemDoPedido(request),
      );
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
        body: confirmarEmailEntrada,
        response: { 200: confirmarEmailRespostaSchema },
      },
    },
    async (request) => {
      const { email } = await confirmarEmail(
        app.ctx.db,
        request.body.token,
        request.ip,
        app.ctx.config.rateLimits.linksPerIp,
        origemDoPedido(request),
      );
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
        body: reenviarConfirmacaoEntrada,
        response: { 200: ok },
      },
    },
    async (request) => {
      await reenviarConfirmacao(app.ctx, request.sessionUser!);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/conta/senha',
    {
      config: { access: 'user', allowFirstAccess: true },
      schema: {
        tags: ['conta'],
        summary:
          'Troca a senha; senha_atual é pedida, exceto no primeiro acesso (a sessão aberta com a senha temporária já a prova); encerra as outras sessões',
        body: alterarSenhaEntrada,
        response: { 200: ok },
      },
    },
    async (request) => {
      await alterarSenha(app.ctx, request.sessionUser!, request.body);
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
        body: redefinirSenhaEntrada,
        response: { 200: ok },
      },
    },
    async (request) => {
      await redefinirSenha(app.ctx, request.body, request.ip, origemDoPedido(request));
      return { ok: true as const };
    },
  );
};
