import type { LogsFiltroApi, LogsPaginaApi, NotificacoesPaginaApi } from '@laudos/domain/api';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { emailLogs, laudos, notificationLogs } from '../../db/schema.ts';
import { escopoDoUsuario } from '../laudos/service.ts';

/** The admin's log of the reminders, filtered, newest first, one page. */
export async function listarLogsDeNotificacao(db: DbOrTx, q: LogsFiltroApi): Promise<LogsPaginaApi> {
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
  const [total] = await db.select({ n: count() }).from(notificationLogs).where(where);
  const logs = await db
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
  // The columns are text; what is written there is the API's statuses and types (the response
  // schema checks it on the way out).
  return {
    logs: logs as LogsPaginaApi['logs'],
    total: total?.n ?? 0,
    pagina: q.pagina,
    porPagina: q.porPagina,
  };
}

/**
 * A user's notifications: the e-mails about the laudos they may see (the one scoping function) and
 * the e-mails addressed to the user themself (the monthly report). Account e-mails (passwords) are
 * left out.
 */
export async function listarNotificacoesDoUsuario(
  db: DbOrTx,
  user: SessionUser,
  { pagina, porPagina }: { pagina: number; porPagina: number },
): Promise<NotificacoesPaginaApi> {
  const escopo = escopoDoUsuario(user);
  const proprios = and(
    eq(emailLogs.userId, user.id),
    sql`${emailLogs.laudoId} is null`,
    eq(emailLogs.templateType, 'relatorio_mensal'),
  )!;
  const where =
    escopo === undefined
      ? or(sql`${emailLogs.laudoId} is not null`, eq(emailLogs.templateType, 'relatorio_mensal'))
      : or(and(sql`${emailLogs.laudoId} is not null`, escopo), proprios);
  const [total] = await db
    .select({ n: count() })
    .from(emailLogs)
    .leftJoin(laudos, eq(laudos.id, emailLogs.laudoId))
    .where(where);
  const rows = await db
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
    itens: rows.map((r) => ({
      ...r,
      tipo: r.tipo ?? '',
      status: r.status as NotificacoesPaginaApi['itens'][number]['status'],
    })),
    total: total?.n ?? 0,
    pagina,
    porPagina,
  };
}
