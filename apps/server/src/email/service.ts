import { type EmailTemplateType, isEmailTemplateType } from '@laudos/domain';
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { emailLogs, emailOutbox, emailTemplates, notificationLogs } from '../db/schema.ts';
import { erro } from '../http/errors.ts';
import { defaultEmailTemplates } from './default-templates.ts';
import { type TemplateParts, validateTemplate } from './render.ts';

/**
 * Seeds one active template per type. A template an admin edited (edited_at set) is never
 * overwritten; an untouched one follows the defaults shipped with the code.
 */
export async function seedEmailTemplates(db: DbOrTx): Promise<void> {
  for (const t of defaultEmailTemplates) {
    await db
      .insert(emailTemplates)
      .values({
        name: t.name,
        type: t.type,
        subject: t.subject,
        htmlContent: t.html,
        textContent: t.text,
        variables: [],
        active: true,
        urgencyLevel: t.urgencyLevel,
        daysBefore: t.daysBefore,
        daysAfter: t.daysAfter,
      })
      .onConflictDoUpdate({
        target: emailTemplates.type,
        set: {
          name: t.name,
          subject: t.subject,
          htmlContent: t.html,
          textContent: t.text,
          urgencyLevel: t.urgencyLevel,
          daysBefore: t.daysBefore,
          daysAfter: t.daysAfter,
        },
        setWhere: sql`${emailTemplates.editedAt} is null`,
      });
  }
}

export function defaultTemplateFor(type: EmailTemplateType) {
  return defaultEmailTemplates.find((t) => t.type === type) ?? null;
}

/** An admin's edit: validated first, then marked as edited so seeding leaves it alone. */
export async function saveEmailTemplate(
  db: DbOrTx,
  type: string,
  input: TemplateParts & { active?: boolean; name?: string },
) {
  if (!isEmailTemplateType(type)) throw erro('templateNaoEncontrado', type);
  validateTemplate(type, input);
  const [row] = await db
    .update(emailTemplates)
    .set({
      subject: input.subject,
      htmlContent: input.html,
      textContent: input.text,
      ...(input.active === undefined ? {} : { active: input.active }),
      ...(input.name ? { name: input.name } : {}),
      editedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(emailTemplates.type, type))
    .returning();
  if (!row) throw erro('templateNaoEncontrado', type);
  return row;
}

/** Back to the shipped default (and to following future defaults). */
export async function restoreDefaultEmailTemplate(db: DbOrTx, type: string) {
  const t = isEmailTemplateType(type) ? defaultTemplateFor(type) : null;
  if (!t) throw erro('templateNaoEncontrado', type);
  const [row] = await db
    .update(emailTemplates)
    .set({
      subject: t.subject,
      htmlContent: t.html,
      textContent: t.text,
      name: t.name,
      active: true,
      editedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(emailTemplates.type, type))
    .returning();
  return row;
}

export interface EmailStats {
  total: number;
  sent: number;
  failed: number;
  pending: number;
  byProvider: Record<string, number>;
}

export async function getEmailStats(db: DbOrTx): Promise<EmailStats> {
  const rows = await db
    .select({ provider: emailLogs.provider, status: emailLogs.status, n: sql<number>`count(*)::int` })
    .from(emailLogs)
    .groupBy(emailLogs.provider, emailLogs.status);
  const stats: EmailStats = { total: 0, sent: 0, failed: 0, pending: 0, byProvider: {} };
  for (const r of rows) {
    stats.total += r.n;
    if (r.status === 'sent') stats.sent += r.n;
    else if (r.status === 'failed') stats.failed += r.n;
    else stats.pending += r.n;
    stats.byProvider[r.provider] = (stats.byProvider[r.provider] ?? 0) + r.n;
  }
  return stats;
}

/** Deletes e-mail logs, outbox messages and notification logs older than `days` days. */
export async function cleanupOldLogs(db: DbOrTx, days = 90, now = new Date()) {
  if (!Number.isInteger(days) || days < 1)
    throw erro('dadosInvalidos', 'Informe um número de dias inteiro, a partir de 1.');
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const outbox = await db
    .delete(emailOutbox)
    .where(lt(emailOutbox.createdAt, cutoff))
    .returning({ id: emailOutbox.id });
  const logs = await db
    .delete(emailLogs)
    .where(lt(emailLogs.createdAt, cutoff))
    .returning({ id: emailLogs.id });
  const notifications = await db
    .delete(notificationLogs)
    .where(lt(notificationLogs.createdAt, cutoff))
    .returning({ id: notificationLogs.id });
  return { cutoff, emailLogs: logs.length, outbox: outbox.length, notificationLogs: notifications.length };
}

export async function listOutbox(db: DbOrTx, limit = 20) {
  return db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(Math.min(Math.max(limit, 1), 500));
}
