/*
 * Query keys of the admin's e-mail pages. Everything about the reminders' runs (rules, scheduler,
 * logs) starts with notificacoesKey; the e-mail service (status, statistics, outbox, templates)
 * with emailKey, so one invalidation refreshes a whole group.
 */
export const notificacoesKey = ['admin', 'notificacoes'] as const;
export const emailKey = ['admin', 'email'] as const;
