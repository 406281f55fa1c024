import { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import type { BackgroundJob, JobAttempt } from './job.ts';

/** The queue every e-mail of the product goes through (decision 004). */
export const EMAIL_QUEUE = 'email-send';
const EMAIL_DEAD_LETTER_QUEUE = 'email-send-dead';

const payload = z.object({
  /** The email_logs row that tracks the message. */
  logId: z.string(),
  /** The rendered message, sealed with AUTH_SECRET (email/seal.ts). */
  sealed: z.string(),
});
export type EmailJobData = z.infer<typeof payload>;

/** How a message ended: sent, or failed for good (a retry is not an outcome). */
export interface ResultadoDoEmail {
  status: 'sent' | 'failed';
  at: Date;
  error?: string;
}

/** Writes a message's outcome wherever it is tracked besides email_logs, in the same transaction. */
export type RegistrarResultado = (tx: DbOrTx, logId: string, resultado: ResultadoDoEmail) => Promise<void>;

export interface EnviarEmailPort {
  /** email/delivery.ts: sends one message, paced and logged, and calls `registrarResultado` when it settles. */
  entregar(data: EmailJobData, attempt: JobAttempt, registrarResultado: RegistrarResultado): Promise<void>;
  /** The reminders' records (modules/notificacoes): notification_logs and notification_history. */
  registrarResultado: RegistrarResultado;
}

/** Sends one queued e-mail; retried with backoff on temporary failures, then dead-lettered. */
export const enviarEmailJob: BackgroundJob<EmailJobData, EnviarEmailPort> = {
  name: EMAIL_QUEUE,
  payload,
  queue: (config) => ({
    deadLetter: EMAIL_DEAD_LETTER_QUEUE,
    options: {
      retryLimit: config.email.retryLimit,
      retryDelay: config.email.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: config.email.retryDelayMaxSeconds,
      expireInSeconds: config.email.sendTimeoutSeconds,
      deleteAfterSeconds: 7 * 24 * 3600,
    },
  }),
  // One message per job; a worker polls every 0.5 s, so enough workers to keep up with the
  // configured rate (the shared slot row still paces them all).
  worker: (config) => ({
    batchSize: 1,
    pollingIntervalSeconds: 0.5,
    includeMetadata: true,
    localConcurrency: Math.min(20, Math.max(1, Math.ceil(config.email.ratePerSecond))),
  }),
  handle: (port, data, attempt) => port.entregar(data, attempt, port.registrarResultado),
};
