import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium against the built app, started by global-setup.ts on a
 * free port with a fresh data directory (see global-setup.ts).
 *
 * `npm run test:e2e` (scripts/e2e.mjs) runs one Playwright process per project at the same time,
 * each with its own server and database; E2E_RUN names the process, so their artifacts and JSON
 * reports do not overwrite each other (Playwright empties its outputDir when it starts).
 */
const run = process.env.E2E_RUN ? `-${process.env.E2E_RUN}` : '';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: `../test-results/e2e${run}.json` }]] : 'list',
  outputDir: `../test-results/e2e${run}`,
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
      // The browser's own language (chromium-l10n), as a Brazilian user's: dates typed and shown
      // dd/mm/aaaa, "Escolher arquivo". `locale` above only sets what the page reads.
      env: { ...process.env, LANGUAGE: 'pt_BR', LANG: 'pt_BR.UTF-8' },
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'celular', use: { ...devices['Pixel 7'], channel: undefined } },
  ],
});
