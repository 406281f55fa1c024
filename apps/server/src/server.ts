import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from './app.ts';
import { createAuth } from './auth/auth.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from './db/client.ts';
import { createJobs, type Jobs } from './jobs/boss.ts';
import { type AdminSeedResult, seed } from './seed.ts';

export interface Server {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly jobs: Jobs | null;
  readonly seedResult: AdminSeedResult;
  /** Stops in order: HTTP (drains requests), job workers, database. Safe to call twice. */
  close(): Promise<void>;
}

export interface CreateServerOptions extends BuildAppOptions {
  /** Use an already opened database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
}

/** Opens the database, migrates, seeds, starts the jobs and builds the HTTP app (not listening). */
export async function createServer(config: Config, options: CreateServerOptions = {}): Promise<Server> {
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { engine: 'postgres', connectionString: config.databaseUrl }
        : { engine: 'pglite', dataDir: path.join(config.dataDir, 'db') },
    ));
  let jobs: Jobs | null = null;
  let app: FastifyInstance | undefined;
  try {
    await migrateDatabase(database);
    const seedResult = await seed(database.db, config);
    const auth = createAuth(config, database.db);
    const pendingJobs = config.jobsEnabled
      ? createJobs(database, (err) => app?.log.error({ err }, 'pg-boss'))
      : null;
    app = await buildApp({ config, database, db: database.db, auth, jobs: pendingJobs }, options);
    if (pendingJobs) {
      await pendingJobs.start();
      jobs = pendingJobs;
    }
    let closing: Promise<void> | undefined;
    const built = app;
    return {
      app: built,
      database,
      jobs,
      seedResult,
      close() {
        closing ??= (async () => {
          try {
            await built.close();
          } finally {
            try {
              await jobs?.stop();
            } finally {
              await database.close();
            }
          }
        })();
        return closing;
      },
    };
  } catch (err) {
    await app?.close().catch(() => {});
    await jobs?.stop().catch(() => {});
    if (!options.database) await database.close().catch(() => {});
    throw err;
  }
}
