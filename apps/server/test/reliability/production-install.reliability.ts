import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/process.ts';
import { waitUntil } from '../helpers/wait.ts';

/**
 * 6. The production install of docs/deploy.md (decision 039): on a fresh copy of the repository,
 * `npm run build`, then `npm ci --omit=dev` — no vite, esbuild's CLI, Biome, Playwright or
 * Lighthouse — and `npm start` with its settings in `.env` serves the app and passes the health
 * check. Lean on purpose: the copy builds with the repository's own installed dev dependencies
 * (hard links of its node_modules, the same lockfile an `npm ci` would follow), the built tree is
 * copied to the "host" as a build machine's output would be, and the host's `npm ci` reads the
 * packages from npm's cache (`--prefer-offline`; .ci/run's `npm ci` filled it).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const workspaces = ['.', 'apps/server', 'apps/web', 'packages/domain', 'e2e', 'bench'];
// Development tools a production host must not carry (the list).
const devTools = ['@biomejs/biome', 'lighthouse', 'playwright', '@playwright/test', 'knip', 'typescript'];

// The build happens beside the repository (hard links need the same file system); the production
// host is a folder in memory where there is one: npm ci writes ~400 MB of small files, which took
// 85 s to install and 80 s to delete on this machine's disk under CI's load.
const work = mkdtempSync(path.join(tmpdir(), 'laudos-producao-'));
const buildDir = path.join(work, 'laudos');
const hostRoot = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'laudos-producao-'));
const host = path.join(hostRoot, 'laudos');
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server?.pid && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.on('exit', resolve));
    process.kill(-server.pid, 'SIGKILL');
    await exited;
  }
  rmSync(hostRoot, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** A host's environment: this one without the tests' variables (TEST_DATABASE_URL, NODE_ENV=test…). */
const hostEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(TEST_|VITEST|npm_|NODE_ENV$|NODE_OPTIONS$|DATABASE_URL$|DATA_DIR$|PORT$)/.test(name),
  ),
);

function run(cwd: string, command: string, args: string[]): number {
  const started = performance.now();
  execFileSync(command, args, { cwd, env: hostEnv, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  return Math.round((performance.now() - started) / 100) / 10;
}

describe('6. production install', () => {
  it('npm ci --omit=dev after npm run build: npm start serves the app and passes the health check', async () => {
    // A fresh clone of the working tree: the files git tracks or would track, nothing it ignores
    // (no dist, no node_modules, no .pglite-template, no data).
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((f) => f && existsSync(path.join(repoRoot, f)));
    for (const file of files) {
      mkdirSync(path.dirname(path.join(buildDir, file)), { recursive: true });
      cpSync(path.join(repoRoot, file), path.join(buildDir, file));
    }
    for (const ws of workspaces) {
      const modules = path.join(repoRoot, ws, 'node_modules');
      if (existsSync(modules)) execFileSync('cp', ['-al', modules, path.join(buildDir, ws, 'node_modules')]);
    }
    const build = run(buildDir, 'npm', ['run', 'build']);

    // The built tree goes to the host without node_modules, keeping each file's time (npm start
    // compares the build's with the sources'), and the host installs only what runs.
    cpSync(buildDir, host, {
      recursive: true,
      preserveTimestamps: true,
      filter: (source) => path.basename(source) !== 'node_modules',
    });
    const install = run(host, 'npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund']);
    for (const tool of devTools) expect(existsSync(path.join(host, 'node_modules', tool)), tool).toBe(false);

    const port = await freePort();
    const dataDir = path.join(hostRoot, 'dados');
    writeFileSync(path.join(host, '.env'), `PORT=${port}\nDATA_DIR=${dataDir}\nLOG_LEVEL=warn\n`);
    const started = performance.now();
    let output = '';
    server = spawn('npm', ['start'], {
      cwd: host,
      env: hostEnv,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
    server.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
    const health = await waitUntil(
      async () => {
        if (server!.exitCode !== null)
          throw new Error(`npm start terminou (${server!.exitCode}):\n${output}`);
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        return res.status === 200 ? res.json() : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 200, what: `/api/health na porta ${port} do .env` },
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${output}`);
    });
    const start = Math.round((performance.now() - started) / 100) / 10;
    expect(health).toEqual({ status: 'ok', database: 'ok' });
    // The web app too, from the build, and the database where .env put it.
    const page = await fetch(`http://127.0.0.1:${port}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
    expect(output).toContain(`Laudos está no ar: http://localhost:${port}`);
    expect(output).not.toMatch(/Compilando/);

    const exited = new Promise<number | null>((resolve) => server!.on('exit', (code) => resolve(code)));
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
    process.stdout.write(
      `produção: npm run build ${build} s, npm ci --omit=dev ${install} s, npm start até /api/health ${start} s\n`,
    );
  }, 600_000);
});
