import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when the output matches, rejects if the process exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs the server in its own process: `src/main.ts` through tsx (quicker for the tests: nothing
 * to build), or with `bundle: true` what `npm start` runs, `dist/main.js` (build it first:
 * buildServerBundle). One process unless the test sets WORKERS.
 */
export function startServerProcess(
  env: Record<string, string>,
  options: { bundle?: boolean } = {},
): ServerProcess {
  const args = options.bundle ? ['--enable-source-maps', 'dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    for (const l of listeners) l();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    for (const l of listeners) l();
  });
  return {
    child,
    output: () => out,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = out.match(pattern);
          if (m) {
            cleanup();
            resolve(m[0]);
          } else if (hasExited) {
            cleanup();
            reject(new Error(`process exited before ${pattern}; output:\n${out}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for ${pattern}; output:\n${out}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async stop(signal = 'SIGTERM') {
      if (!hasExited) child.kill(signal);
      return exited;
    },
  };
}

/** Runs `npm run cli -- …` (src/cli.ts) in its own process and collects what it printed. */
export function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', AUTH_SECRET: 'cli-de-teste-'.repeat(4), ...env },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

function serverEnv(env: Record<string, string>): Record<string, string> {
  // WORKERS=1: on PostgreSQL the default is one process per core (a cluster); these tests signal,
  // kill and watch one server process unless they ask for more.
  return { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', NODE_ENV: 'test', WORKERS: '1', ...env };
}

/**
 * Builds apps/server/dist as `npm run build` and `npm start` do (scripts/build-server.mjs, about
 * a second): every time, so the bundle under test is the current sources'.
 */
export function buildServerBundle(): void {
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: path.resolve(serverRoot, '../..'),
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`a compilação do servidor falhou:\n${result.stdout}${result.stderr}`);
}

/**
 * Runs `src/main.ts` with stdout and stderr piped here, and closes the reading end as soon as the
 * first byte arrives (as `… | head -c 1` does): from then on every write the server makes fails.
 */
export function startServerLosingOutput(env: Record<string, string>): {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const closeReaders = () => {
    child.stdout?.destroy();
    child.stderr?.destroy();
  };
  child.stdout?.once('data', closeReaders);
  child.stderr?.once('data', closeReaders);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited };
}

/**
 * Starts `src/main.ts` from an intermediate process that pipes the server's stdout and stderr to
 * itself and exits at once, before the server has printed anything: every write the server makes
 * then fails. Resolves with the server's pid.
 */
export async function startServerFromExitingParent(env: Record<string, string>): Promise<number> {
  const parent = `
    const { spawn } = require('node:child_process');
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    process.stdout.write('pid ' + server.pid + '\\n', () => process.exit(0));`;
  const child = spawn(process.execPath, ['-e', parent], {
    cwd: serverRoot,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  // 'close', not 'exit': the pid line may still be in the pipe when the process is gone.
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const pid = /^pid (\d+)$/m.exec(out)?.[1];
  if (code !== 0 || !pid) throw new Error(`the intermediate process failed (${code}):\n${out}`);
  return Number(pid);
}

/** Whether `pid` is still a running process (one that has ended but is not yet reaped is not). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // The state follows the parenthesised command name in /proc/<pid>/stat.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
