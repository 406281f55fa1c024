import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One test command for the whole repository. The server's integration tests run once on PGlite,
 * and again on PostgreSQL when TEST_DATABASE_URL is set. Browser journeys (e2e/) run in Playwright.
 */
const serverProject = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `server:${engine}`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    env: { TEST_ENGINE: engine },
    globalSetup: ['./test/helpers/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Two files at a time, also on a two-core machine (vitest's default there is one): most of a
    // server test's time is spent waiting on its server, PostgreSQL or a child process, so the CI run
    // took 27 minutes one file at a time (decision 025).
    maxWorkers: 2,
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/unit.json' }]] : ['default'],
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      './apps/web',
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
