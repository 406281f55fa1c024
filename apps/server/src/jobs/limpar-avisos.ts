import { z } from 'zod';
import type { BackgroundJob } from './job.ts';

export interface LimparAvisosPort {
  /** modules/avisos: drops the read in-app notices older than 90 days; how many went. */
  limparAvisos(): Promise<number>;
}

/** The in-app notices' retention (decision 032): once a day, at night in the firm's time zone. */
export const limparAvisosJob: BackgroundJob<unknown, LimparAvisosPort> = {
  name: 'avisos-limpar',
  // The cron sends no data.
  payload: z.unknown(),
  // A repeated or overlapping run deletes nothing more: no exactly-once needed.
  queue: () => ({
    options: { policy: 'singleton', retryLimit: 2, expireInSeconds: 600, deleteAfterSeconds: 7 * 24 * 3600 },
  }),
  schedule: (config) => [{ cron: '30 3 * * *', tz: config.timeZone }],
  worker: () => ({ batchSize: 1, pollingIntervalSeconds: 30 }),
  handle: async (port) => {
    await port.limparAvisos();
  },
};
