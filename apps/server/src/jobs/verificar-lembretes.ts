import { z } from 'zod';
import type { BackgroundJob } from './job.ts';

/** The check interval of spec section 4: every 5 minutes. */
export const INTERVALO_MINUTOS = 5;

export interface VerificarLembretesPort {
  /** modules/notificacoes: runs the rules whose time has come since their last run. */
  verificarLembretes(): Promise<unknown>;
}

/** The 5-minute check of the reminders (spec sections 4, 5 and 9; decision 008). */
export const verificarLembretesJob: BackgroundJob<unknown, VerificarLembretesPort> = {
  name: 'notificacoes-verificar',
  // The cron sends no data.
  payload: z.unknown(),
  // One check at a time across instances; a run that overlaps anyway is harmless (unique key).
  queue: () => ({
    options: {
      policy: 'singleton',
      retryLimit: 1,
      expireInSeconds: 3600,
      deleteAfterSeconds: 2 * 24 * 3600,
    },
  }),
  schedule: (config) => [{ cron: `*/${INTERVALO_MINUTOS} * * * *`, tz: config.timeZone }],
  worker: () => ({ batchSize: 1, pollingIntervalSeconds: 2 }),
  handle: async (port) => {
    await port.verificarLembretes();
  },
};
