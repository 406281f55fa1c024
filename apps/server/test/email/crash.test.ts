import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { emailLogs } from '../../src/db/schema.ts';
import { createServer } from '../../src/server.ts';
import { createTestDatabase, testEngine } from '../helpers/db.ts';
import { startSmtpPeer } from '../helpers/mail-peers.ts';
import { freePort, type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { waitUntil } from '../helpers/wait.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe(`a server killed mid-send (${testEngine})`, () => {
  it('picks the message up again after the restart and delivers it once', { timeout: 180_000 }, async () => {
    let stall = true;
    const peer = await startSmtpPeer({ stall: () => stall });
    cleanups.push(() => peer.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      AUTH_SECRET: 'crash-test-secret-'.repeat(3),
      EMAIL_TRANSPORT: 'smtp',
      SMTP_URL: peer.url,
      EMAIL_RATE_PER_SECOND: '50',
      EMAIL_RETRY_DELAY_SECONDS: '1',
      EMAIL_SEND_TIMEOUT_SECONDS: '5',
      JOBS_SUPERVISE_SECONDS: '1',
      LOG_LEVEL: 'silent',
    };
    if (testEngine === 'postgres') {
      const db = await createTestDatabase();
      await db.handle.close();
      cleanups.push(() => db.destroy());
      env.DATABASE_URL = db.connectionString!;
    }

    // Enqueue one e-mail with the server down (as the event that causes it would).
    const config = loadConfig({ ...env, JOBS: 'off' });
    const setup = await createServer(config, { logger: false });
    const enqueued = await setup.database.db.transaction((tx) =>
      setup.email.enqueue(tx, {
        type: 'vencimento_1',
        to: 'gestor@cliente.com.br',
        variables: { laudo_nome: 'Vaso de pressão 3', dias_para_vencer: 1 },
      }),
    );
    await setup.close();
    expect(enqueued.success).toBe(true);

    let proc: ServerProcess = startServerProcess({ ...env, PORT: String(await freePort()) });
    cleanups.push(() => proc.stop('SIGKILL'));
    await waitUntil(() => peer.stalled() > 0, {
      timeoutMs: 60_000,
      what: 'the SMTP server to be mid-message',
    });
    await proc.stop('SIGKILL');

    stall = false;
    proc = startServerProcess({ ...env, PORT: String(await freePort()) });
    cleanups.push(() => proc.stop('SIGKILL'));
    await waitUntil(() => peer.received.length > 0, {
      timeoutMs: 120_000,
      what: 'the message to be delivered after restart',
    });
    expect(peer.received[0]?.subject).toBe('🔴 CRÍTICO: Laudo vence AMANHÃ: Vaso de pressão 3');

    // Let a wrongly duplicated job show itself, then read the log with the server stopped.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await proc.stop('SIGTERM')).toBe(0);
    expect(peer.received).toHaveLength(1);
    const check = await openDatabase(
      env.DATABASE_URL
        ? { engine: 'postgres', connectionString: env.DATABASE_URL }
        : { engine: 'pglite', dataDir: path.join(dataDir, 'db') },
    );
    try {
      const [log] = await check.db.select().from(emailLogs).where(eq(emailLogs.id, enqueued.logId!));
      expect(log?.status).toBe('sent');
      expect(log?.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      await check.close();
    }
  });
});
