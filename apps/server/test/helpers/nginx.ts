import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './process.ts';

/**
 * Debian's nginx in front of test servers, as an unprivileged-looking process of the test's own:
 * `-p <temp dir> -c <generated conf> -g 'daemon off; …'`. The configuration is the shipped site,
 * `deploy/nginx.conf` (decision 044), read and adapted: the upstream's addresses become the test's
 * ports, TLS and the port-80 redirect are dropped (checked by `nginx -t` in deploy-files.test.ts),
 * and every proxy setting is kept as shipped. Besides the balanced server, one server per instance
 * ("pinned") with the same settings proxies to that instance only, so a step can go through a
 * chosen one. Every answer carries `X-Laudos-Upstream: $upstream_addr` (test only): which
 * instance(s) nginx tried for it.
 */
export interface NginxPeer {
  /** The balanced address (the upstream of every instance). */
  url: string;
  /** `pinned[i]` proxies only to instance i. */
  pinned: string[];
  stop(): Promise<void>;
}

const shippedSite = path.resolve(import.meta.dirname, '../../../../deploy/nginx.conf');
export const UPSTREAM_HEADER = 'x-laudos-upstream';

export async function startNginx(instancePorts: number[]): Promise<NginxPeer> {
  const nginx = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  if (nginx === 'nginx' && spawnSync('sh', ['-c', 'command -v nginx']).status !== 0)
    throw new Error(
      'nginx não encontrado: este teste precisa do nginx do Debian (bash scripts/ensure-test-tools.sh nginx).',
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'laudos-nginx-'));
  mkdirSync(path.join(dir, 'temp'));
  const port = await freePort();
  const pinnedPorts: number[] = [];
  for (const _ of instancePorts) pinnedPorts.push(await freePort());

  const blocks = topLevelBlocks(readFileSync(shippedSite, 'utf8'));
  const upstream = blocks.find((b) => /^upstream\s+laudos\b/.test(b));
  const site = blocks.find((b) => /^server\b/.test(b) && /\blisten\s+443\b/.test(b));
  if (!upstream || !site) throw new Error('deploy/nginx.conf: upstream laudos or the 443 server not found');
  const shippedAddresses = [...upstream.matchAll(/^\s*server\s+(\S+)/gm)].map((m) => m[1]!);
  if (shippedAddresses.length !== instancePorts.length)
    throw new Error(
      `deploy/nginx.conf lists ${shippedAddresses.length} instances, the test ${instancePorts.length}`,
    );
  let testUpstream = upstream;
  shippedAddresses.forEach((address, i) => {
    testUpstream = testUpstream.replace(address, `127.0.0.1:${instancePorts[i]}`);
  });
  const plain = (listen: number) =>
    site
      .split('\n')
      .filter((line) => !/^\s*(ssl_|listen\s+\[::\])/.test(line))
      .join('\n')
      .replace(
        /listen\s+443[^;]*;/,
        `listen 127.0.0.1:${listen};\n    add_header X-Laudos-Upstream $upstream_addr always;`,
      );
  const pinned = instancePorts.map((p, i) =>
    plain(pinnedPorts[i]!).replaceAll('proxy_pass http://laudos;', `proxy_pass http://127.0.0.1:${p};`),
  );

  const t = (name: string) => path.join(dir, 'temp', name);
  const conf = [
    // As root the workers would run as nobody, who cannot write this 0700 folder's temp files.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${t('body')};`,
    `  proxy_temp_path ${t('proxy')};`,
    `  fastcgi_temp_path ${t('fastcgi')};`,
    `  uwsgi_temp_path ${t('uwsgi')};`,
    `  scgi_temp_path ${t('scgi')};`,
    testUpstream,
    plain(port),
    ...pinned,
    '}',
    '',
  ].join('\n');
  const confPath = path.join(dir, 'nginx.conf');
  writeFileSync(confPath, conf);

  const child: ChildProcess = spawn(
    nginx,
    ['-p', dir, '-e', 'stderr', '-c', confPath, '-g', `daemon off; pid ${dir}/nginx.pid;`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    if (child.exitCode === null && child.signalCode === null) {
      // SIGQUIT: graceful, the workers go with the master.
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx não iniciou:\n${output}\n${conf}`);
    }
    // Any answer (a 502 while no instance runs) means nginx listens.
    if (
      await fetch(`${url}/api/health`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx não respondeu em 10 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, pinned: pinnedPorts.map((p) => `http://127.0.0.1:${p}`), stop };
}

/** The top-level `name … { … }` blocks of an nginx file, comments removed. */
function topLevelBlocks(text: string): string[] {
  const code = text
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, ''))
    .join('\n');
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < code.length; i++) {
    if (code[i] === '{') depth++;
    else if (code[i] === '}' && --depth === 0) {
      blocks.push(code.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return blocks;
}
