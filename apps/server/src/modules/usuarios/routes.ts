import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endSessions } from '../../auth/auth.ts';
import { authAccount, authUser, laudos, usuarios } from '../../db/schema.ts';
import { AppError, orFail } from '../../http/errors.ts';
import { setPassword } from '../conta/service.ts';
import { getPlanoPadrao } from '../planos/service.ts';
import { bloqueiosRoutes } from './bloqueios-routes.ts';
import {
  assertPlano,
  createContaComSenha,
  emailSenhaTemporaria,
  generateTemporaryPassword,
  getUsuario,
  listarUsuarios,
  temporaryPasswordExpiry,
} from './service.ts';

const usuarioAdminSchema = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  tipo: z.enum(['admin', 'cliente']),
  empresa: z.string().nullable(),
  empresaConfirmada: z.boolean(),
  telefone: z.string().nullable(),
  ativo: z.boolean(),
  primeiroAcesso: z.boolean(),
  plano: z.object({ id: z.string(), nome: z.string() }).nullable(),
  criadoEm: z.date(),
});
const idParams = z.object({ id: z.string().min(1).max(100) });
const opcional = (max: number) => z.string().trim().max(max).nullable().optional();

export const usuariosAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const listDenied = 'Acesso negado: apenas administradores podem ver todos os usuários';
  await app.register(bloqueiosRoutes);

  app.get(
    '/api/admin/usuarios',
    {
      config: { access: 'admin', deniedMessage: listDenied },
      schema: {
        tags: ['usuários'],
        summary: 'Usuários com plano, busca, filtros e páginas',
        querystring: z.object({
          busca: z.string().max(200).optional(),
          tipo: z.enum(['admin', 'cliente']).optional(),
          ativo: z.enum(['true', 'false']).optional(),
          planoId: z.uuid().optional(),
          pagina: z.coerce.number().int().min(1).max(100_000).default(1),
          porPagina: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            usuarios: z.array(usuarioAdminSchema),
            total: z.number(),
            pagina: z.number(),
            porPagina: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const q = request.query;
      return orFail('erroAoCarregarUsuarios', () =>
        listarUsuarios(app.ctx.db, {
          ...q,
          ativo: q.ativo === undefined ? undefined : q.ativo === 'true',
        }),
      );
    },
  );

  app.get(
    '/api/admin/usuarios/:id',
    {
      config: { access: 'admin', deniedMessage: listDenied },
      schema: {
        tags: ['usuários'],
        summary: 'Um usuário',
        params: idParams,
        response: { 200: z.object({ usuario: usuarioAdminSchema }) },
      },
    },
    async (request) => ({ usuario: await getUsuario(app.ctx.db, request.params.id) }),
  );

  app.post(
    '/api/admin/usuarios',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuários'],
        summary: 'Cria um usuário com senha temporária e envia o e-mail de boas-vindas',
        body: z.object({
          nome: z.string().trim().min(1, 'Informe o nome.').max(120),
          email: z.email('E-mail inválido.').max(254),
          tipo: z.enum(['admin', 'cliente']).default('cliente'),
          empresa: opcional(160),
          telefone: opcional(40),
          planoId: z.uuid().nullable().optional(),
        }),
        response: { 201: z.object({ usuario: usuarioAdminSchema }) },
      },
    },
    async (request, reply) => {
      const { db, email, config } = app.ctx;
      const b = request.body;
      await assertPlano(db, b.planoId);
      const senha = generateTemporaryPassword();
      const expira = temporaryPasswordExpiry(config.tempPasswordTtlDays);
      const id = await orFail('erroAoCriarUsuario', () =>
        db.transaction(async (tx) => {
          const planoId = b.planoId === undefined ? ((await getPlanoPadrao(tx))?.id ?? null) : b.planoId;
          const u = await createContaComSenha(tx, {
            email: b.email,
            nome: b.nome,
            password: senha,
            tipo: b.tipo,
            empresa: b.empresa || null,
            // A company set by an admin is confirmed.
            empresaConfirmada: Boolean(b.empresa),
            telefone: b.telefone || null,
            planoId,
            primeiroAcesso: true,
            senhaTemporariaExpiraEm: expira,
            // Someone who signed up with this address and never proved it does not block it.
            assumirEmailNaoConfirmado: true,
          });
          // The temporary password exists only in this e-mail (sealed in the queue).
          await email.enqueue(
            tx,
            emailSenhaTemporaria('boas_vindas', u, senha, expira, config.publicUrl, config.timeZone),
          );
          return u.id;
        }),
      );
      return reply.code(201).send({ usuario: await getUsuario(db, id) });
    },
  );

  app.patch(
    '/api/admin/usuarios/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuários'],
        summary: 'Edita, confirma a empresa, muda o plano, desativa ou reativa um usuário',
        params: idParams,
        body: z
          .object({
            nome: z.string().trim().min(1).max(120),
            tipo: z.enum(['admin', 'cliente']),
            empresa: opcional(160),
            empresaConfirmada: z.boolean(),
            telefone: opcional(40),
            planoId: z.uuid().nullable(),
            ativo: z.boolean(),
          })
          .partial(),
        response: { 200: z.object({ usuario: usuarioAdminSchema }) },
      },
    },
    async (request) => {
      const { db } = app.ctx;
      const me = request.sessionUser!;
      const { id } = request.params;
      const b = request.body;
      const atual = await getUsuario(db, id);
      if (id === me.id && (b.ativo === false || b.tipo === 'cliente')) {
        throw new AppError(
          'OPERACAO_INVALIDA',
          'Você não pode desativar nem rebaixar a sua própria conta.',
          400,
        );
      }
      await assertPlano(db, b.planoId);
      await orFail('erroAoAtualizarUsuario', () =>
        db.transaction(async (tx) => {
          const empresaMudou = b.empresa !== undefined && (b.empresa || null) !== atual.empresa;
          await tx
            .update(usuarios)
            .set({
              ...(b.nome !== undefined ? { nome: b.nome } : {}),
              ...(b.tipo !== undefined ? { tipo: b.tipo } : {}),
              ...(b.empresa !== undefined ? { empresa: b.empresa || null } : {}),
              // Changing the company without confirming it again makes it a claim again.
              ...(b.empresaConfirmada !== undefined
                ? { empresaConfirmada: b.empresaConfirmada }
                : empresaMudou
                  ? { empresaConfirmada: false }
                  : {}),
              ...(b.telefone !== undefined ? { telefone: b.telefone || null } : {}),
              ...(b.planoId !== undefined ? { planoId: b.planoId } : {}),
              ...(b.ativo !== undefined ? { ativo: b.ativo } : {}),
              atualizadoEm: new Date(),
            })
            .where(eq(usuarios.id, id));
          if (b.nome !== undefined || b.tipo !== undefined || b.ativo !== undefined) {
            await tx
              .update(authUser)
              .set({
                ...(b.nome !== undefined ? { name: b.nome } : {}),
                ...(b.tipo !== undefined ? { role: b.tipo === 'admin' ? 'admin' : 'user' } : {}),
                ...(b.ativo !== undefined ? { banned: !b.ativo } : {}),
                updatedAt: new Date(),
              })
              .where(eq(authUser.id, id));
          }
          // A deactivated user loses every session at once.
          if (b.ativo === false) await endSessions(tx, id);
        }),
      );
      return { usuario: await getUsuario(db, id) };
    },
  );

  app.post(
    '/api/admin/usuarios/:id/senha-temporaria',
    {
      config: { access: 'admin', deniedMessage: 'Apenas administradores podem alterar senhas de usuários' },
      schema: {
        tags: ['usuários'],
        summary: 'Gera uma nova senha temporária e a envia por e-mail; vale no próximo acesso',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const { db, email, config } = app.ctx;
      const u = await getUsuario(db, request.params.id);
      const senha = generateTemporaryPassword();
      const expira = temporaryPasswordExpiry(config.tempPasswordTtlDays);
      await db.transaction(async (tx) => {
        await setPassword(tx, u.id, senha);
        await tx
          .update(usuarios)
          .set({ primeiroAcesso: true, senhaTemporariaExpiraEm: expira, atualizadoEm: new Date() })
          .where(eq(usuarios.id, u.id));
        await endSessions(tx, u.id);
        await email.enqueue(
          tx,
          emailSenhaTemporaria('senha_temporaria', u, senha, expira, config.publicUrl, config.timeZone),
        );
      });
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/admin/usuarios/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['usuários'], summary: 'Exclui um usuário, depois dos laudos dele', params: idParams },
    },
    async (request, reply) => {
      const { db } = app.ctx;
      const me = request.sessionUser!;
      if (request.params.id === me.id) {
        throw new AppError('OPERACAO_INVALIDA', 'Você não pode deletar sua própria conta.', 400);
      }
      const u = await getUsuario(db, request.params.id);
      const arquivos = await orFail('erroAoExcluirUsuario', () =>
        db.transaction(async (tx) => {
          // Their laudos first: those they created and those addressed only to their e-mail.
          const removidos = await tx
            .delete(laudos)
            .where(
              or(
                eq(laudos.criadoPor, u.id),
                and(
                  sql`lower(btrim(${laudos.emailCliente})) = ${u.email.toLowerCase()}`,
                  isNull(laudos.criadoPor),
                ),
              ),
            )
            .returning({ pdf: laudos.arquivoPdf, excel: laudos.arquivoExcel });
          await tx.delete(authUser).where(eq(authUser.id, u.id));
          return removidos.flatMap((l) => [l.pdf, l.excel]).filter((k): k is string => Boolean(k));
        }),
      );
      // Then the files of those laudos; a storage failure does not undo the delete (spec section 8).
      for (const key of arquivos) {
        await app.ctx.storage
          .remove(key)
          .catch((err) => request.log.warn({ err, key }, 'arquivo não removido'));
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/admin/usuarios/sincronizar',
    {
      config: { access: 'admin', deniedMessage: 'Apenas administradores podem sincronizar usuários' },
      schema: {
        tags: ['usuários'],
        summary: 'Cria perfis para contas sem perfil e lista perfis que não conseguem entrar',
        response: {
          200: z.object({
            perfisCriados: z.number(),
            contasSemPerfil: z.array(z.string()),
            perfisSemLogin: z.array(z.string()),
          }),
        },
      },
    },
    async () => {
      const { db } = app.ctx;
      return db.transaction(async (tx) => {
        const orphans = await tx
          .select({ id: authUser.id, name: authUser.name, email: authUser.email })
          .from(authUser)
          .leftJoin(usuarios, eq(usuarios.id, authUser.id))
          .where(isNull(usuarios.id));
        const plano = await getPlanoPadrao(tx);
        for (const o of orphans) {
          await tx
            .insert(usuarios)
            .values({
              id: o.id,
              nome: o.name || o.email,
              email: o.email.toLowerCase(),
              tipo: 'cliente',
              planoId: plano?.id ?? null,
            })
            .onConflictDoNothing();
        }
        const semLogin = await tx
          .select({ email: usuarios.email })
          .from(usuarios)
          .leftJoin(authAccount, eq(authAccount.userId, usuarios.id))
          .where(isNull(authAccount.id));
        return {
          perfisCriados: orphans.length,
          contasSemPerfil: orphans.map((o) => o.email),
          perfisSemLogin: semLogin.map((s) => s.email),
        };
      });
    },
  );
};
