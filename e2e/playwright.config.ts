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
 * Specs run in one project only when the device changes nothing they check (decision 041): the web
 * app's layout is CSS only, so the DOM is the same at every width, and every screen is still walked
 * and measured at both sizes by telas-capturas.spec.ts and largura.spec.ts. Escaping, downloads,
 * the feed, the API docs and the answer page run on the phone; the admin's own flows (companies,
 * notification rules, branding), used at a desk, on the laptop; a spec that sets both sizes itself
 * runs once. Specs whose steps differ by device stay in both (renovacoes drags a card on the laptop
 * and uses "Mover para" on the phone; the journeys open the phone's menu). Each list is the other
 * project's ignore list, balanced so that the two processes, which run at the same time, end
 * together.
 */
const soNoDesktop = [
  'calendario.spec.ts', // the page at the laptop, then at 390 px
  'empresas-admin.spec.ts',
  'notificacoes.spec.ts',
  'marca.spec.ts',
];
const soNoCelular = [
  'carregamento.spec.ts', // measures 1366×800 and 390×844 itself
  'telas.spec.ts', // the pills at 390 px and at the laptop
  'respostas.spec.ts', // the answer page, opened from an e-mail on a phone
  'security-xss.spec.ts', // what runs in the page, not where it sits
  'chaves-api.spec.ts', // the API keys and the API docs
  'bloqueios.spec.ts', // the lockout list and its release
  'exportacao.spec.ts', // the downloads' content
  'relatorio-situacao.spec.ts', // the PDF's content
  'calendario-ical.spec.ts', // the feed's content
  'blog.spec.ts', // writing and publishing a post
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
