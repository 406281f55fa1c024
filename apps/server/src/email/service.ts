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
  // One statement for every type, and no write for a row that already holds the defaults: this
  // runs on every start, and 22 upserts that rewrote every unedited row (5 KB of HTML each) took
  // 0.46–1.0 s of a PGlite reopen (this machine, while other work ran).
  const t = emailTemplates;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(t)
    .values(
      defaultEmailTemplates.map((d) => ({
        name: d.name,
        type: d.type,
        subject: d.subject,
        htmlContent: d.html,
        textContent: d.text,
        variables: [],
        active: true,
        urgencyLevel: d.urgencyLevel,
        daysBefore: d.daysBefore,
        daysAfter: d.daysAfter,
      })),
    )
    .onConflictDoUpdate({
      target: t.type,
      set: {
        name: excluded('name'),
        subject: excluded('subject'),
        htmlContent: excluded('html_content'),
        textContent: excluded('text_content'),
        urgencyLevel: excluded('urgency_level'),
        daysBefore: excluded('days_before'),
        daysAfter: excluded('days_after'),
      },
      setWhere: sql`${t.editedAt} is null and (${t.name}, ${t.subject}, ${t.htmlContent}, ${t.textContent}, ${t.urgencyLevel}, ${t.daysBefore}, ${t.daysAfter}) is distinct from (${excluded('name')}, ${excluded('subject')}, ${excluded('html_content')}, ${excluded('text_content')}, ${excluded('urgency_level')}, ${excluded('days_before')}, ${excluded('days_after')})`,
    });
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
