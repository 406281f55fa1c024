import type { AppSettings } from '@laudos/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EmailService } from '../../email/delivery.ts';
import { cleanupOldLogs, getEmailStats } from '../../email/service.ts';

/** How e-mails leave: the settings' mode, the provider in use and whether its transport is configured. */
export function obterStatusDoEmail(
  config: Config,
  settings: AppSettings,
  email: Pick<EmailService, 'activeProvider' | 'ratePerSecond'>,
) {
  const transport = config.email.transport;
  const configured =
    transport === 'outbox'
      ? true
      : transport === 'smtp'
        ? Boolean(config.email.smtpUrl)
        : // The AWS SDK finds its credentials in these variables on its own: config does not hold them.
          Boolean(
            process.env.AWS_ACCESS_KEY_ID ||
              process.env.AWS_PROFILE ||
              process.env.AWS_WEB_IDENTITY_TOKEN_FILE ||
              process.env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI ||
              config.email.ses.endpoint,
          );
  return {
    mode: settings.mode,
    provider: email.activeProvider(),
    configured,
    transport,
    from: config.email.from,
    ratePerSecond: email.ratePerSecond,
  };
}

/** Messages by state and by provider (messages, not attempts). */
export function obterEstatisticasDoEmail(db: Db) {
  return getEmailStats(db);
}

/** Deletes the e-mail logs, stored messages and notification logs older than `dias` days, at once. */
export async function limparLogs(db: Db, dias: number) {
  const r = await db.transaction((tx) => cleanupOldLogs(tx, dias));
  return {
    corte: r.cutoff,
    removidos: { emailLogs: r.emailLogs, outbox: r.outbox, notificationLogs: r.notificationLogs },
  };
}
