import { z } from 'zod';
import type { BackgroundJob } from './job.ts';

export interface LimparAuditoriaPort {
  /** modules/auditoria: deletes the entries past the retention setting and records it; how many went. */
  limparAuditoria(): Promise<number>;
}

/** The audit log's retention (decision 046): once a day, at night in the firm's time zone. */
export const limparAuditoriaJob: BackgroundJob<unknown, LimparAuditoriaPort> = {
  name: 'auditoria-limpar',
  // The cron sends no data.
  payload: z.unknown(),
  // Singleton: two overlapping runs would each write their own "limpou" entry.
  queue: () => ({
    options: { policy: 'singleton', retryLimit: 2, expireInSeconds: 1800, deleteAfterSeconds: 7 * 24 * 3600 },
  }),
  schedule: (config) => [{ cron: '45 3 * * *', tz: config.timeZone }],
  worker: () => ({ batchSize: 1, pollingIntervalSeconds: 30 }),
  handle: async (port) => {
    await port.limparAuditoria();
  },
};
