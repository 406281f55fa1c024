import { z } from 'zod';
import type { BackgroundJob } from './job.ts';

export interface LimparArmazenamentoPort {
  /**
   * storage/: removes the staged uploads no row ever named and the local temp files older than a
   * day (what a crash or a SIGKILL mid-upload left behind); how many went.
   */
  limparArmazenamento(): Promise<number>;
}

/**
 * Orphaned uploads (decision 038): once an hour, on either backend. The singleton queue runs it on
 * one instance at a time, and a repeated run only finds less to remove: no exactly-once needed.
 */
export const limparArmazenamentoJob: BackgroundJob<unknown, LimparArmazenamentoPort> = {
  name: 'armazenamento-limpar',
  payload: z.unknown(),
  queue: () => ({
    options: { policy: 'singleton', retryLimit: 2, expireInSeconds: 1800, deleteAfterSeconds: 7 * 24 * 3600 },
  }),
  schedule: (config) => [{ cron: '17 * * * *', tz: config.timeZone }],
  worker: () => ({ batchSize: 1, pollingIntervalSeconds: 30 }),
  handle: async (port) => {
    await port.limparArmazenamento();
  },
};
