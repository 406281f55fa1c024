import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from '../../src/db/build-pglite-template.ts';
import { migrateDatabase, openDatabase } from '../../src/db/client.ts';
import { createJobs } from '../../src/jobs/boss.ts';
import { type SwiftPeer, startSwift } from './swift.ts';

/**
 * One migrated template database per run (epic-stack style): PGlite as a data-dir dump,
 * PostgreSQL as a template database. Each test file then gets a fresh copy in well under a second.
 * The PGlite dump is the one `npm start` starts a new data directory from (decision 017): built
 * once per set of migrations, not once per run.
 */
export default async function setup(project: TestProject) {
  const engine = project.name.endsWith(':postgres') ? 'postgres' : 'pglite';
  // One Swift (the S3-compatible store of the storage tests, decision 038) per run, started beside
  // the template; each test file makes its own bucket in it.
  const swift = startSwift();
  // A failed template must not leave Swift's processes behind.
  swift.catch(() => {});
  let templateDone: (() => Promise<void>) | undefined;
  try {
    templateDone = engine === 'pglite' ? await preparePglite(project) : await preparePostgres(project);
  } catch (error) {
    await swift.then((s) => s.stop()).catch(() => {});
    throw error;
  }
  const peer: SwiftPeer = await swift;
  project.provide('swift', {
    endpoint: peer.endpoint,
    accessKeyId: peer.accessKeyId,
    secretAccessKey: peer.secretAccessKey,
    region: peer.region,
  });
  return async () => {
    await peer.stop();
    await templateDone?.();
  };
}

async function preparePglite(project: TestProject): Promise<undefined> {
  project.provide('pgliteTemplate', await ensurePgliteTemplate());
  return undefined;
}

async function preparePostgres(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const templateName = `laudos_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${templateName}`);
  await admin.query(`create database ${templateName}`);
  await admin.end();
  const templateUrl = withDatabase(url, templateName);
  const handle = await openDatabase({ engine: 'postgres', connectionString: templateUrl, poolSize: 2 });
  await migrateDatabase(handle);
  const jobs = createJobs(handle, { workers: false, logError: () => {} });
  await jobs.start();
  await jobs.stop();
  await handle.close();
  project.provide('postgresTemplate', templateName);
  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop database if exists ${templateName} with (force)`);
    await c.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    swift: { endpoint: string; accessKeyId: string; secretAccessKey: string; region: string };
  }
}
