import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const E2E_ADMIN = { email: 'admin@e2e.laudos.test', password: 'senha-admin-e2e' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`o servidor não ficou saudável em 90 s:\n${log()}`);
}

/** Starts the real server (built web app and server bundle, embedded database) on a free port and a fresh DATA_DIR. */
export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '..');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-e2e-'));
  const baseURL = `http://localhost:${port}`;
  let output = '';
  // What `npm start` runs: the bundle `npm run build` wrote (test:e2e builds first), not tsx.
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The outbox at a firm's paid-provider pace, not the default 0.5/s: the browser tests check
      // the journeys, and at one message every 2 s each spec waited behind the e-mails of the ones
      // before it (decision 045). The pacing itself is tested in test/email/delivery.test.ts.
      EMAIL_RATE_PER_SECOND: '20',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every journey signs in from 127.0.0.1, on two viewports.
      RATE_LIMIT_SIGNIN_PER_IP: '1000',
      RATE_LIMIT_SIGNIN_PER_EMAIL: '200',
      RATE_LIMIT_SIGNUP_PER_IP: '200',
      // Resets, invitations and reminder answers, all from 127.0.0.1.
      RATE_LIMIT_LINKS_PER_IP: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  await waitHealthy(baseURL, child, () => output);
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
