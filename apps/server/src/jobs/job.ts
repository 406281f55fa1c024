import type { Job, Queue, WorkOptions } from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Jobs } from './boss.ts';

/** What a handler knows about the job besides its payload (pg-boss's retry counters). */
export interface JobAttempt {
  retryCount?: number;
  retryLimit?: number;
}

/**
 * One background job, in one file: its queue name, the payload's schema, the queue's options, its
 * cron schedule if any, and the handler. The handler reaches the product only through `Port`, an
 * interface the job file declares and server.ts fills in (jobs/ imports no feature module).
 */
export interface BackgroundJob<Payload, Port> {
  readonly name: string;
  readonly payload: z.ZodType<Payload>;
  /** The queue's pg-boss options (retries, expiry, policy), and its dead-letter queue if any. */
  queue(config: Config): { options: Omit<Queue, 'name'>; deadLetter?: string };
  /** Cron schedules that send this job (kept in the database, fired by one instance). */
  schedule?(config: Config): Array<{ cron: string; tz: string }>;
  worker(config: Config): WorkOptions & { includeMetadata?: boolean };
  handle(port: Port, payload: Payload, attempt: JobAttempt): Promise<void>;
}

/** Declares `job`'s queue, schedule and worker on `jobs`, its handler bound to `port`. */
export function registerJob<Payload, Port>(
  jobs: Jobs,
  config: Config,
  job: BackgroundJob<Payload, Port>,
  port: Port,
): void {
  const { options, deadLetter } = job.queue(config);
  jobs.define({
    name: job.name,
    options,
    ...(deadLetter ? { deadLetter } : {}),
    ...(job.schedule ? { schedules: job.schedule(config) } : {}),
    work: {
      options: job.worker(config),
      // Every worker takes one job at a time (batchSize 1).
      handler: async ([received]: Job<unknown>[]) => {
        if (!received) return;
        const attempt = received as Job<unknown> & JobAttempt;
        await job.handle(port, job.payload.parse(received.data), {
          retryCount: attempt.retryCount,
          retryLimit: attempt.retryLimit,
        });
      },
    },
  });
}
