import { allowedTemplateVariables, isEmailTemplateType } from '@laudos/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { containsPattern } from '../db/like.ts';
import { emailLogs, emailOutbox, emailTemplates } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { assertEmailAddress } from './address.ts';
import { renderEmail, validateTemplate } from './render.ts';
import { sampleVariables } from './samples.ts';
import {
  cleanupOldLogs,
  getEmailStats,
  listOutbox,
  restoreDefaultEmailTemplate,
  saveEmailTemplate,
} from './service.ts';

const templateParams = z.object({ type: z.string().min(1).max(40) });
const templatePartsBody = z.object({
  subject: z.string().max(500),
  html: z.string().max(200_000),
  text: z.string().max(100_000),
});

const templateSchema = z.object({
  type: z.string(),
  name: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  active: z.boolean(),
  urgencyLevel: z.string(),
  editado: z.boolean(),
  updatedAt: z.date(),
  variaveis: z.array(z.string()),
});

const emailLogSchema = z.object({
  id: z.string(),
  recipientEmail: z.string(),
  recipientName: z.string().nullable(),
  subject: z.string(),
  templateType: z.string().nullable(),
  provider: z.string(),
  status: z.string(),
  errorMessage: z.string().nullable(),
  attempts: z.number(),
  sentAt: z.date().nullable(),
  createdAt: z.date(),
  laudoId: z.string().nullable(),
  temConteudo: z.boolean(),
});

const templateNaoEncontrado = (type: string) =>
  new AppError('TEMPLATE_NAO_ENCONTRADO', `Template ${type} não encontrado`, 404);

function toTemplateApi(t: typeof emailTemplates.$inferSelect) {
  return {
    type: t.type,
    name: t.name,
    subject: t.subject,
    html: t.htmlContent,
    text: t.textContent,
    active: t.active,
    urgencyLevel: t.urgencyLevel,
    editado: t.editedAt !== null,
    updatedAt: t.updatedAt,
    variaveis: isEmailTemplateType(t.type) ? allowedTemplateVariables(t.type) : [],
  };
}

/** The admin's e-mail screens: service status, statistics, messages, templates and cleanup. */
export const emailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  app.get(
    '/api/admin/email/status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Estado do serviço de e-mail: modo, provedor, configurado',
        response: {
          200: z.object({
            mode: z.enum(['sandbox', 'production']),
            provider: z.enum(['outbox', 'smtp', 'amazon-ses']),
            configured: z.boolean(),
            transport: z.enum(['outbox', 'smtp', 'ses']),
            from: z.string(),
            ratePerSecond: z.number(),
          }),
        },
      },
    },
    async () => {
      const settings = app.ctx.settings.get();
      const transport = config.email.transport;
      const configured =
        transport === 'outbox'
          ? true
          : transport === 'smtp'
            ? Boolean(config.email.smtpUrl)
            : Boolean(
                process.env.AWS_ACCESS_KEY_ID ||
                  process.env.AWS_PROFILE ||
                  process.env.AWS_WEB_IDENTITY_TOKEN_FILE ||
                  process.env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI ||
                  config.email.ses.endpoint,
              );
      return {
        mode: settings.mode,
        provider: app.ctx.email.activeProvider(),
        configured,
        transport,
        from: config.email.from,
        ratePerSecond: app.ctx.email.ratePerSecond,
      };
    },
  );

  app.get(
    '/api/admin/email/estatisticas',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Totais de e-mails: enviados, com falha, pendentes e por provedor',
        response: {
          200: z.object({
            total: z.number(),
            sent: z.number(),
            failed: z.number(),
            pending: z.number(),
            byProvider: z.record(z.string(), z.number()),
          }),
        },
      },
    },
    async () => getEmailStats(app.ctx.db),
  );

  app.post(
    '/api/admin/email/limpar-logs',
    {
      config: { access: 'admin', deniedMessage: 'Apenas administradores podem limpar logs' },
      schema: {
        tags: ['e-mail'],
        summary: 'Apaga registros de e-mail e de notificação mais antigos que N dias (padrão 90)',
        body: z.object({ dias: z.number().int().min(1).max(36_500).default(90) }),
        response: {
          200: z.object({
            corte: z.date(),
            removidos: z.object({ emailLogs: z.number(), outbox: z.number(), notificationLogs: z.number() }),
          }),
        },
      },
    },
    async (request) => {
      const r = await app.ctx.db.transaction((tx) => cleanupOldLogs(tx, request.body.dias));
      request.log.info({ by: request.sessionUser?.id, dias: request.body.dias, ...r }, 'logs limpos');
      return {
        corte: r.cutoff,
        removidos: { emailLogs: r.emailLogs, outbox: r.outbox, notificationLogs: r.notificationLogs },
      };
    },
  );

  app.get(
    '/api/admin/email/mensagens',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Todos os e-mails, mais recentes primeiro, com estado e erro',
        querystring: z.object({
          status: z.enum(['pending', 'sending', 'retrying', 'sent', 'failed']).optional(),
          busca: z.string().trim().max(200).optional(),
          pagina: z.coerce.number().int().min(1).max(100_000).default(1),
          porPagina: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: {
          200: z.object({
            mensagens: z.array(emailLogSchema),
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
      if (q.status) conds.push(eq(emailLogs.status, q.status));
      if (q.busca) {
        const like = containsPattern(q.busca);
        conds.push(
          or(
            ilike(emailLogs.recipientEmail, like),
            ilike(emailLogs.subject, like),
            ilike(emailLogs.recipientName, like),
          )!,
        );
      }
      const where = conds.length ? and(...conds) : undefined;
      const [total] = await app.ctx.db.select({ n: count() }).from(emailLogs).where(where);
      const rows = await app.ctx.db
        .select()
        .from(emailLogs)
        .where(where)
        .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
        .limit(q.porPagina)
        .offset((q.pagina - 1) * q.porPagina);
      const ids = rows.map((r) => r.id);
      const comConteudo = new Set(
        ids.length
          ? (
              await app.ctx.db
                .select({ id: emailOutbox.emailLogId })
                .from(emailOutbox)
                .where(inArray(emailOutbox.emailLogId, ids))
            ).map((r) => r.id)
          : [],
      );
      return {
        mensagens: rows.map((r) => toEmailLogApi(r, comConteudo.has(r.id))),
        total: total?.n ?? 0,
        pagina: q.pagina,
        porPagina: q.porPagina,
      };
    },
  );

  app.get(
    '/api/admin/email/mensagens/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Um e-mail, com o conteúdo guardado (outbox ou modo sandbox)',
        params: z.object({ id: z.uuid() }),
        response: {
          200: z.object({
            mensagem: emailLogSchema,
            conteudo: z
              .object({
                from: z.string(),
                replyTo: z.string().nullable(),
                subject: z.string(),
                html: z.string(),
                text: z.string(),
              })
              .nullable(),
          }),
        },
      },
    },
    async (request) => {
      const [log] = await app.ctx.db.select().from(emailLogs).where(eq(emailLogs.id, request.params.id));
      if (!log) throw new AppError('EMAIL_NAO_ENCONTRADO', 'E-mail não encontrado.', 404);
      const [stored] = await app.ctx.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.emailLogId, log.id))
        .limit(1);
      return {
        mensagem: toEmailLogApi(log, Boolean(stored)),
        conteudo: stored
          ? {
              from: stored.fromAddress,
              replyTo: stored.replyTo,
              subject: stored.subject,
              html: stored.html,
              text: stored.text,
            }
          : null,
      };
    },
  );

  app.get(
    '/api/admin/email/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Últimas mensagens guardadas pelo transporte outbox (ou pelo modo sandbox)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        response: {
          200: z.object({
            mensagens: z.array(
              z.object({
                id: z.string(),
                emailLogId: z.string().nullable(),
                toEmail: z.string(),
                toName: z.string().nullable(),
                fromAddress: z.string(),
                subject: z.string(),
                text: z.string(),
                html: z.string(),
                createdAt: z.date(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({ mensagens: await listOutbox(app.ctx.db, request.query.limit) }),
  );

  app.get(
    '/api/admin/email/templates',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Modelos de e-mail',
        response: {
          200: z.object({
            templates: z.array(
              z.object({
                type: z.string(),
                name: z.string(),
                subject: z.string(),
                active: z.boolean(),
                urgencyLevel: z.string(),
                editado: z.boolean(),
                updatedAt: z.date(),
              }),
            ),
          }),
        },
      },
    },
    async () => {
      const rows = await app.ctx.db.select().from(emailTemplates).orderBy(asc(emailTemplates.name));
      const ordem = (t: string) => {
        const m = /^(vencimento|vencido)_(\d+)$/.exec(t);
        if (!m) return t === 'laudo_criado' ? '0' : `9${t}`;
        return m[1] === 'vencimento'
          ? `1${String(1000 - Number(m[2])).padStart(4, '0')}`
          : `2${m[2]!.padStart(4, '0')}`;
      };
      rows.sort((a, b) => ordem(a.type).localeCompare(ordem(b.type)));
      return {
        templates: rows.map((t) => ({
          type: t.type,
          name: t.name,
          subject: t.subject,
          active: t.active,
          urgencyLevel: t.urgencyLevel,
          editado: t.editedAt !== null,
          updatedAt: t.updatedAt,
        })),
      };
    },
  );

  app.get(
    '/api/admin/email/templates/:type',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Um modelo de e-mail, com as variáveis que pode usar',
        params: templateParams,
        response: { 200: z.object({ template: templateSchema }) },
      },
    },
    async (request) => {
      const [t] = await app.ctx.db
        .select()
        .from(emailTemplates)
        .where(eq(emailTemplates.type, request.params.type));
      if (!t) throw templateNaoEncontrado(request.params.type);
      return { template: toTemplateApi(t) };
    },
  );

  app.put(
    '/api/admin/email/templates/:type',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Salva um modelo (validado: sintaxe e variáveis)',
        params: templateParams,
        body: templatePartsBody.extend({ active: z.boolean().optional() }),
        response: { 200: z.object({ template: templateSchema }) },
      },
    },
    async (request) => {
      const row = await saveEmailTemplate(app.ctx.db, request.params.type, request.body);
      request.log.info({ by: request.sessionUser?.id, type: row.type }, 'modelo de e-mail salvo');
      return { template: toTemplateApi(row) };
    },
  );

  app.post(
    '/api/admin/email/templates/:type/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Pré-visualização com dados de exemplo (não salva)',
        params: templateParams,
        body: templatePartsBody,
        response: { 200: z.object({ subject: z.string(), html: z.string(), text: z.string() }) },
      },
    },
    async (request) => {
      const { type } = request.params;
      if (!isEmailTemplateType(type)) throw templateNaoEncontrado(type);
      validateTemplate(type, request.body);
      try {
        return await renderEmail(request.body, sampleVariables(type, config.publicUrl), {
          settings: app.ctx.settings.get(),
          publicUrl: config.publicUrl,
          timeZone: config.timeZone,
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError('TEMPLATE_INVALIDO', `Erro ao montar o e-mail: ${(err as Error).message}`, 400);
      }
    },
  );

  app.post(
    '/api/admin/email/templates/:type/restaurar',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Volta o modelo ao texto padrão',
        params: templateParams,
        response: { 200: z.object({ template: templateSchema }) },
      },
    },
    async (request) => {
      const row = await restoreDefaultEmailTemplate(app.ctx.db, request.params.type);
      if (!row) throw templateNaoEncontrado(request.params.type);
      return { template: toTemplateApi(row) };
    },
  );

  app.post(
    '/api/admin/email/templates/:type/teste',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['e-mail'],
        summary: 'Envia o modelo salvo, com dados de exemplo, para um endereço',
        params: templateParams,
        body: z.object({ to: z.string().trim().min(3).max(254) }),
        response: {
          200: z.object({
            success: z.boolean(),
            error: z.string().optional(),
            provider: z.string(),
            messageId: z.string().optional(),
          }),
        },
      },
    },
    async (request) => {
      const { type } = request.params;
      if (!isEmailTemplateType(type)) throw templateNaoEncontrado(type);
      assertEmailAddress(request.body.to);
      const r = await app.ctx.email.sendNow({
        type,
        to: request.body.to,
        variables: sampleVariables(type, config.publicUrl),
        userId: request.sessionUser?.id ?? null,
        metadata: { teste: true },
      });
      return {
        success: r.success,
        provider: r.provider,
        ...(r.error ? { error: r.error } : {}),
        ...(r.messageId ? { messageId: r.messageId } : {}),
      };
    },
  );
};

function toEmailLogApi(r: typeof emailLogs.$inferSelect, temConteudo: boolean) {
  return {
    id: r.id,
    recipientEmail: r.recipientEmail,
    recipientName: r.recipientName,
    subject: r.subject,
    templateType: r.templateType,
    provider: r.provider,
    status: r.status,
    errorMessage: r.errorMessage,
    attempts: r.attempts,
    sentAt: r.sentAt,
    createdAt: r.createdAt,
    laudoId: r.laudoId,
    temConteudo,
  };
}
