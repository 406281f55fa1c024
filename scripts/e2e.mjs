// Runs the browser tests: one Playwright process per project (desktop, celular), at the same time.
// Each process starts its own server on its own fresh database (e2e/global-setup.ts), so the two
// share nothing: a spec that changes the firm's settings or runs the reminders on one viewport
// cannot be seen by the other. One process with two workers would share one server, and several
// specs change what others read (settings, blog posts, the reminders' runs).
// Arguments are passed to both processes (a spec file, --grep …). E2E_PROJECTS=desktop runs one.
// Exits with the first non-zero status, after both have ended.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const projects = (process.env.E2E_PROJECTS ?? 'desktop,celular').split(',').filter(Boolean);
const args = process.argv.slice(2);

const runs = projects.map(
  (project) =>
    new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [
          'node_modules/@playwright/test/cli.js',
          'test',
          '-c',
          'e2e/playwright.config.ts',
          `--project=${project}`,
          ...args,
        ],
        { env: { ...process.env, E2E_RUN: project }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      // Line by line, so the two processes' lines never interleave mid-line; the list reporter
      // already names the project on each test's line, the rest gets it as a prefix.
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: stream }).on('line', (line) => {
          out.write(
            line.trim() === '' || line.includes(`[${project}]`) ? `${line}\n` : `[${project}] ${line}\n`,
          );
        });
      }
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    }),
);

const codes = await Promise.all(runs);
process.exit(codes.find((c) => c !== 0) ?? 0);
