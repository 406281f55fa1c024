import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { pastaTemporaria } from './helpers/pasta.ts';

/**
 * The self-hoster's kit (decision 039): `.env.example` lists every variable; `.env` is read by
 * scripts/load-env.mjs, which `npm start`, `npm run cli` and the systemd unit preload.
 */

const serverRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverRoot, '../..');

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** Source files of the server (not tests): where a variable could be read. */
function serverSources(dir = path.join(serverRoot, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    return /\.(ts|mjs)$/.test(entry.name) && !/\.test\.ts$|test-fixtures/.test(entry.name) ? [full] : [];
  });
}

/** Every variable the server reads: the keys of config.ts's schema and any other process.env read. */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  const config = readFileSync(path.join(serverRoot, 'src/config.ts'), 'utf8');
  const schema = config.slice(config.indexOf('const envSchema'), config.indexOf('.superRefine('));
  for (const m of schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+): /gm)) names.add(m[1]!);
  for (const file of serverSources()) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]+)|\[\s*['"]([A-Z][A-Z0-9_]+)['"]\s*\])/g))
      names.add((m[1] ?? m[2])!);
  }
  return names;
}

describe('.env.example', () => {
  it('lists every environment variable the server and the CLI read', () => {
    const read = variablesRead();
    // The scan found the schema (not an empty set that would pass any file).
    expect(read).toContain('PORT');
    expect(read).toContain('AWS_ACCESS_KEY_ID');
    const example = readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    // Set by npm itself (the folder `npm run cli` was called from), never by the person.
    const doNpm = new Set(['INIT_CWD']);
    expect([...read].filter((name) => !listed.has(name) && !doNpm.has(name)).sort()).toEqual([]);
  });
});

describe('.env', () => {
  /** What a process started as `npm start` starts the server sees, with `.env` beside the script's folder. */
  function environmentWith(envFile: string | undefined, env: Record<string, string>) {
    const root = pastaTemporaria('env', cleanups);
    mkdirSync(path.join(root, 'scripts'));
    copyFileSync(path.join(repoRoot, 'scripts/load-env.mjs'), path.join(root, 'scripts/load-env.mjs'));
    if (envFile !== undefined) writeFileSync(path.join(root, '.env'), envFile);
    const result = spawnSync(
      process.execPath,
      ['--import', './scripts/load-env.mjs', '-e', 'process.stdout.write(JSON.stringify(process.env))'],
      { cwd: root, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    return JSON.parse(result.stdout) as Record<string, string | undefined>;
  }

  it('fills what the environment does not set; the real environment wins over the file', () => {
    const env = environmentWith(
      [
        '# comentário',
        'PORT=4100',
        'APP_TIMEZONE=America/Manaus',
        'EMAIL_FROM="Inspeções <avisos@exemplo.com.br>"',
        'LOG_LEVEL=',
        '',
      ].join('\n'),
      { PORT: '5200', DATA_DIR: pastaTemporaria('env', cleanups) },
    );
    const config = loadConfig(env);
    expect(config.port).toBe(5200);
    expect(config.timeZone).toBe('America/Manaus');
    expect(config.email.from).toBe('Inspeções <avisos@exemplo.com.br>');
    // An empty value is the default, as in the environment.
    expect(config.logLevel).toBe('info');
  });

  it('is optional: without the file nothing changes', () => {
    const env = environmentWith(undefined, { PORT: '5200' });
    expect(env.PORT).toBe('5200');
    expect(env.APP_TIMEZONE).toBeUndefined();
  });
});
