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

/**
 * Specs whose checks do not depend on the project's device run in one project only (decision 041):
 * the page's DOM is the same at every width (the layout is CSS only), so escaping, downloads, the
 * API docs and the feed are checked once; and a spec that sets both sizes itself (390 px and the
 * laptop) already covers both. Each list is the other project's ignore list; they are balanced so
 * the two processes, which run at the same time, end together.
 */
const soNoDesktop = [
  'calendario.spec.ts', // the page at the laptop, then at 390 px
  'respostas.spec.ts', // the answer page at 390 px
  'calendario-ical.spec.ts', // the feed's content
];
const soNoCelular = [
  'carregamento.spec.ts', // measures 1366×800 and 390×844 itself
  'telas.spec.ts', // the pills at 390 px and at the laptop
  'security-xss.spec.ts', // what runs in the page, not where it sits
  'chaves-api.spec.ts', // the API keys and the API docs
  'bloqueios.spec.ts', // the lockout list and its release
  'exportacao.spec.ts', // the downloads' content
  'relatorio-situacao.spec.ts', // the PDF's content
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
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: soNoCelular.map((spec) => `**/${spec}`),
    },
    {
      name: 'celular',
      use: { ...devices['Pixel 7'], channel: undefined },
      testIgnore: soNoDesktop.map((spec) => `**/${spec}`),
    },
  ],
});
