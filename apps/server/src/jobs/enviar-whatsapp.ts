import { z } from 'zod';
import type { BackgroundJob, JobAttempt } from './job.ts';

/** The queue of the WhatsApp messages (decision 037), beside the e-mails'. */
export const WHATSAPP_QUEUE = 'whatsapp-send';
const WHATSAPP_DEAD_LETTER_QUEUE = 'whatsapp-send-dead';

const payload = z.object({
  /** The whatsapp_mensagens row: what to send, and where its status is kept. */
  mensagemId: z.string(),
});
export type WhatsappJobData = z.infer<typeof payload>;

export interface EnviarWhatsappPort {
  /** modules/whatsapp: sends one message and records the outcome; throws to be retried. */
  entregar(data: WhatsappJobData, attempt: JobAttempt): Promise<void>;
}

/** Sends one queued WhatsApp message; retried with backoff on temporary failures, then dead-lettered. */
export const enviarWhatsappJob: BackgroundJob<WhatsappJobData, EnviarWhatsappPort> = {
  name: WHATSAPP_QUEUE,
  payload,
  queue: (config) => ({
    deadLetter: WHATSAPP_DEAD_LETTER_QUEUE,
    options: {
      retryLimit: config.email.retryLimit,
      retryDelay: config.email.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: config.email.retryDelayMaxSeconds,
      // The product's one send timeout (EMAIL_SEND_TIMEOUT_SECONDS, 120 s by default): a job whose
      // process died mid-send is run again after it; the API call is bounded below it (service.ts).
      expireInSeconds: config.email.sendTimeoutSeconds,
      deleteAfterSeconds: 7 * 24 * 3600,
    },
  }),
  // One message at a time per instance: Meta's limits are per phone number (80 messages/s by
  // default), far above a firm's reminders.
  worker: () => ({ batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true, localConcurrency: 2 }),
  handle: (port, data, attempt) => port.entregar(data, attempt),
};
