import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../../src/config.ts';
import { createServer, type Server } from '../../src/server.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestServer {
  server: Server;
  app: Server['app'];
  config: Config;
  database: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/** The real server on a fresh database of its own, called with app.inject. */
export async function createTestServer(
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    JOBS: 'off',
    ...env,
  });
  const database = await createTestDatabase();
  const server = await createServer(config, {
    database: database.handle,
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  let closed = false;
  return {
    server,
    app: server.app,
    config,
    database,
    dataDir,
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through Better Auth and returns the cookie header to send with later requests. */
export async function signIn(app: Server['app'], email: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.map((c) => c.split(';')[0]).join('; ');
}
