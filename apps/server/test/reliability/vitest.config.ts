import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The reliability suite (`npm run test:reliability`): it kills servers with SIGKILL, restarts the
 * PostgreSQL of TEST_DATABASE_URL and holds an SMTP outage for 10 minutes, so it is kept out of
 * `npm test` (whose projects include only `*.test.ts`) and runs its files one at a time.
 * Every file runs on PostgreSQL; the reminders' stress file runs on PGlite too (decision 042).
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error('npm run test:reliability needs TEST_DATABASE_URL (a local PostgreSQL it may restart).');

const root = path.resolve(import.meta.dirname, '../..');
const project = (engine: 'postgres' | 'pglite', include: string[]): TestProjectInlineConfiguration => ({
  test: {
    name: `reliability:${engine}`,
    root,
    include,
    env: { TEST_ENGINE: engine },
    globalSetup: ['./test/helpers/global-setup.ts'],
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});

/**
 * The 10-minute e-mail outage last. In `.ci/run` this suite runs beside `npm test`; that file mostly
 * waits, so the browser tests, which come last there and time the app's answers, run beside it and
 * not beside the files that keep servers busy (decision 045). With the outage first, the unit phase
 * was shorter but the busy files met the browser tests, and a sign-in overran its 10 s. The rest in
 * vitest's own order.
 */
class OutageLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const outage = (f: TestSpecification) => f.moduleId.endsWith('email-outage.reliability.ts');
    return [...(await super.sort(files.filter((f) => !outage(f)))), ...files.filter(outage)];
  }
}

export default defineConfig({
  test: {
    root,
    fileParallelism: false,
    sequence: { sequencer: OutageLast },
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: '../../test-results/reliability.json' }]]
      : ['default'],
    projects: [
      project('postgres', ['test/reliability/**/*.reliability.ts']),
      project('pglite', ['test/reliability/notificacoes-estresse.reliability.ts']),
    ],
  },
});
