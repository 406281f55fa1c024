import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The reliability suite (`npm run test:reliability`): it kills servers with SIGKILL, restarts the
 * PostgreSQL of TEST_DATABASE_URL and holds an SMTP outage for 10 minutes, so it is kept out of
 * `npm test` (whose projects include only `*.test.ts`) and runs its files one at a time.
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error('npm run test:reliability needs TEST_DATABASE_URL (a local PostgreSQL it may restart).');

export default defineConfig({
  test: {
    name: 'reliability:postgres',
    root: path.resolve(import.meta.dirname, '../..'),
    include: ['test/reliability/**/*.reliability.ts'],
    env: { TEST_ENGINE: 'postgres' },
    globalSetup: ['./test/helpers/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: '../../test-results/reliability.json' }]]
      : ['default'],
  },
});
