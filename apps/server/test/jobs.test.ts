import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers/server.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('jobs (pg-boss on the app database)', () => {
  it('runs a queued job and stops cleanly with the server', async () => {
    t = await createTestServer({ JOBS: 'on' });
    const boss = t.server.jobs!.boss;
    await boss.createQueue('teste-fundacao');
    const done = new Promise<unknown>((resolve) => {
      void boss.work<{ ola: string }>('teste-fundacao', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        resolve(job?.data);
      });
    });
    await boss.send('teste-fundacao', { ola: 'mundo' });
    expect(await done).toEqual({ ola: 'mundo' });
    // Shutdown order: HTTP, then the job workers, then the database.
    await t.close();
    await expect(t.server.database.ping()).rejects.toThrow();
  });
});
