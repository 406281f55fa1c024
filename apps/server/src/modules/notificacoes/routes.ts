import { isHorario, isIsoDate } from '@laudos/domain';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { containsPattern } from '../../db/like.ts';
import { emailLogs, laudos, notificationLogs } from '../../db/schema.ts';
import { escopoDoUsuario } from '../laudos/service.ts';
import { alterarRegra, listarRegras, toRegraApi } from './regras.ts';

const diaIso = z.string().refine(isIsoDate, 'Data inválida: use AAAA-MM-DD.');
const listaDeDias = (min: number) =>
  z.array(z.number().int().min(min).max(3650)).max(60, 'No máximo 60 dias por regra.');

const regraSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['vencendo', 'vencido', 'relatorio_mensal']),
  templateType: z.string().nullable(),
  daysBefore: z.array(z.number()),
  daysAfter: z.array(z.number()),
  enabled: z.boolean(),
  runTime: z.string(),
  frequency: z.enum(['daily', 'weekly', 'monthly']),
  weekday: z.number(),
  lastRunDate: z.string().nullable(),
  lastRunAt: z.date().nullable(),
  nextRunAt: z.date().nullable(),
  updatedAt: z.date(),
});

const execucaoSchema = z.object({
  id: z.string(),
  origem: z.enum(['agendada', 'manual', 'retomada', 'cli']),
  dataReferencia: z.string(),
  inicio: z.date(),
  fim: z.date().nullable(),
  regras: z.array(z.string()),
  enfileirados: z.number(),
  jaEnviados: z.number(),
  semEmail: z.number(),
  erros: z.number(),
  mensagem: z.string().nullable(),
});

const agendadorSchema = z.object({
  pausado: z.boolean(),
  pausadoEm: z.date().nullable(),
  pausadoPor: z.string().nullable(),
  workers: z.boolean(),
  intervaloMinutos: z.number(),
  ultimaVerificacao: z.date().nullable(),
  proximaVerificacao: z.date().nullable(),
  proximaExecucao: z.date().nullable(),
  execucoes: z.array(execucaoSchema),
});

const tipoNotificacao = z.enum(['vencendo', 'vencido', 'relatorio_mensal']);

export const notificacoesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const agendador = () => app.ctx.notificacoes;

  app.get(
    '/api/admin/notificacoes/regras',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Regras de notificação (dias, modelo, horário, frequência)',
        response: { 200: z.object({ regras: z.array(regraSchema) }) },
      },
    },
    async () => {
      const now = agendador().now();
      return { regras: (await listarRegras(app.ctx.db)).map((r) => toRegraApi(r, config.timeZone, now)) };
    },
  );

  app.patch(
    '/api/admin/notificacoes/regras/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Altera uma regra; vale a partir da próxima execução',
        params: z.object({ id: z.uuid() }),
        body: z
          .object({
            name: z.string().trim().min(1).max(120).optional(),
            enabled: z.boolean().optional(),
            daysBefore: listaDeDias(1).optional(),
            daysAfter: listaDeDias(0).optional(),
            templateType: z.string().max(40).nullable().optional(),
            runTime: z.string().refine(isHorario, 'Horário inválido: use HH:MM.').optional(),
            frequency: z.enum(['daily', 'weekly', 'monthly']).optional(),
            weekday: z.number().int().min(0).max(6).optional(),
          })
          .strict(),
        response: { 200: z.object({ regra: regraSchema }) },
      },
    },
    async (request) => {
      const now = agendador().now();
      const row = await alterarRegra(app.ctx.db, request.params.id, request.body, config.timeZone, now);
      return { regra: toRegraApi(row, config.timeZone, now) };
    },
  );

  app.get(
    '/api/admin/notificacoes/agendador',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Estado do agendador: pausado ou não, última e próxima execução, o que enviou',
        response: { 200: agendadorSchema },
      },
    },
    async () => agendador().estado(),
  );

  app.post(
    '/api/admin/notificacoes/agendador/pausar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Pausa o agendador (em todas as instâncias)',
        response: { 200: agendadorSchema },
      },
    },
    async (request) => {
      await agendador().pausar(request.sessionUser?.nome ?? null);
      request.log.info({ by: request.sessionUser?.id }, 'agendador pausado');
      return agendador().estado();
    },
  );

  app.post(
    '/api/admin/notificacoes/agendador/retomar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Retoma o agendador e faz uma verificação na hora',
        response: { 200: agendadorSchema },
      },
    },
    async (request) => {
      await agendador().retomar();
      request.log.info({ by: request.sessionUser?.id }, 'agendador retomado');
      return agendador().estado();
    },
  );

  app.post(
    '/api/admin/notificacoes/executar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Executa as regras agora (o que já foi enviado não é repetido)',
        response: { 200: z.object({ execucao: execucaoSchema }) },
      },
    },
    async () => ({ execucao: await agendador().executar({ origem: 'manual' }) }),
  );

  app.post(
    '/api/admin/notificacoes/simular',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Simulação: o que seria enviado numa data, sem enviar nada',
        // The milestones reach a year around the date: near 9999 their dates would not exist.
        body: z.object({
          data: diaIso.refine(
            (d) => d >= '1900-01-01' && d <= '9000-12-31',
            'Data fora do intervalo: use um ano entre 1900 e 9000.',
          ),
        }),
        response: {
          200: z.object({
            data: z.string(),
            semEmail: z.number(),
            itens: z.array(
              z.object({
                laudoId: z.string().nullable(),
                laudoNome: z.string().nullable(),
                laudoCodigo: z.string().nullable(),
                cliente: z.string().nullable(),
                destinatario: z.string(),
                destinatarioNome: z.string().nullable(),
                tipo: tipoNotificacao,
                dias: z.number(),
                templateType: z.string(),
                assunto: z.string(),
                regra: z.string(),
                jaEnviado: z.boolean(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => agendador().simular(request.body.data),
  );

  app.get(
    '/api/admin/notificacoes/logs',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificações'],
        summary: 'Registro das notificações, com filtros',
        querystring: z.object({
          status: z.enum(['pending', 'sent', 'failed']).optional(),
          tipo: tipoNotificacao.optional(),
          busca: z.string().trim().max(200).optional(),
          de: diaIso.optional(),
          ate: diaIso.optional(),
          pagina: z.coerce.number().int().min(1).max(100_000).default(1),
          porPagina: z.coerce.number().int().min(1).max(500).default(50),
        }),
        response: {
          200: z.object({
            logs: z.array(
              z.object({
                id: z.string(),
                laudoId: z.string().nullable(),
                ruleName: z.string().nullable(),
                daysBefore: z.number().nullable(),
                recipientEmail: z.string(),
                recipientName: z.string().nullable(),
                laudoCode: z.string().nullable(),
                laudoName: z.string().nullable(),
                status: z.string(),
                errorMessage: z.string().nullable(),
                notificationType: z.string(),
                scheduledDate: z.string().nullable(),
                sentAt: z.date().nullable(),
                createdAt: z.date(),
              }),
            ),
            total: z.number(),
            pagina: z.number(),
            porPagina: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const conds: SQL[] = [];
      if (q.status) conds.push(eq(notificationLogs.status, q.status));
      if (q.tipo) conds.push(eq(notificationLogs.notificationType, q.tipo));
      if (q.de) conds.push(gte(notificationLogs.scheduledDate, q.de));
      if (q.ate) conds.push(lte(notificationLogs.scheduledDate, q.ate));
      if (q.busca) {
        const like = containsPattern(q.busca);
        conds.push(
          or(
            ilike(notificationLogs.laudoName, like),
            ilike(notificationLogs.laudoCode, like),
            ilike(notificationLogs.recipientEmail, like),
            ilike(notificationLogs.recipientName, like),
          )!,
        );
      }
      const where = conds.length ? and(...conds) : undefined;
      const [total] = await app.ctx.db.select({ n: count() }).from(notificationLogs).where(where);
      const logs = await app.ctx.db
        .select({
          id: notificationLogs.id,
          laudoId: notificationLogs.laudoId,
          ruleName: notificationLogs.ruleName,
          daysBefore: notificationLogs.daysBefore,
          recipientEmail: notificationLogs.recipientEmail,
          recipientName: notificationLogs.recipientName,
          laudoCode: notificationLogs.laudoCode,
          laudoName: notificationLogs.laudoName,
          status: notificationLogs.status,
          errorMessage: notificationLogs.errorMessage,
          notificationType: notificationLogs.notificationType,
          scheduledDate: notificationLogs.scheduledDate,
          sentAt: notificationLogs.sentAt,
          createdAt: notificationLogs.createdAt,
        })
        .from(notificationLogs)
        .where(where)
        .orderBy(desc(notificationLogs.createdAt), desc(notificationLogs.id))
        .limit(q.porPagina)
        .offset((q.pagina - 1) * q.porPagina);
      return { logs, total: total?.n ?? 0, pagina: q.pagina, porPagina: q.porPagina };
    },
  );
};

/** A client's own notifications: the e-mails about the laudos they may see, and those sent to them. */
export const notificacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notificacoes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notificações'],
        summary: 'Notificações e e-mails enviados sobre os laudos do usuário, mais recentes primeiro',
        querystring: z.object({
          pagina: z.coerce.number().int().min(1).max(100_000).default(1),
          porPagina: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: {
          200: z.object({
            itens: z.array(
              z.object({
                id: z.string(),
                data: z.date(),
                laudoId: z.string().nullable(),
                laudoNome: z.string().nullable(),
                laudoCodigo: z.string().nullable(),
                tipo: z.string(),
                assunto: z.string(),
                status: z.string(),
                destinatario: z.string(),
              }),
            ),
            total: z.number(),
            pagina: z.number(),
            porPagina: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const user = request.sessionUser!;
      const { pagina, porPagina } = request.query;
      const escopo = escopoDoUsuario(user);
      // Laudo e-mails within the user's scope, and the e-mails addressed to the user themself
      // (the monthly report). Account e-mails (passwords) are left out.
      const proprios = and(
        eq(emailLogs.userId, user.id),
        sql`${emailLogs.laudoId} is null`,
        eq(emailLogs.templateType, 'relatorio_mensal'),
      )!;
      const where =
        escopo === undefined
          ? or(sql`${emailLogs.laudoId} is not null`, eq(emailLogs.templateType, 'relatorio_mensal'))
          : or(and(sql`${emailLogs.laudoId} is not null`, escopo), proprios);
      const [total] = await app.ctx.db
        .select({ n: count() })
        .from(emailLogs)
        .leftJoin(laudos, eq(laudos.id, emailLogs.laudoId))
        .where(where);
      const rows = await app.ctx.db
        .select({
          id: emailLogs.id,
          data: emailLogs.createdAt,
          laudoId: emailLogs.laudoId,
          laudoNome: laudos.nome,
          laudoCodigo: laudos.codigo,
          tipo: emailLogs.templateType,
          assunto: emailLogs.subject,
          status: emailLogs.status,
          destinatario: emailLogs.recipientEmail,
        })
        .from(emailLogs)
        .leftJoin(laudos, eq(laudos.id, emailLogs.laudoId))
        .where(where)
        .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
        .limit(porPagina)
        .offset((pagina - 1) * porPagina);
      return {
        itens: rows.map((r) => ({ ...r, tipo: r.tipo ?? '' })),
        total: total?.n ?? 0,
        pagina,
        porPagina,
      };
    },
  );
};
