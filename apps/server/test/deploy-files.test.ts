import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pastaTemporaria } from './helpers/pasta.ts';

/**
 * The files docs/deploy.md hands a self-hoster (decision 039), checked by the tools that will read
 * them: the systemd unit by `systemd-analyze verify`, the nginx site by `nginx -t` (Debian's nginx,
 * installed by scripts/ensure-test-tools.sh), each in a temporary folder of its own, as no root.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const deploy = path.join(repoRoot, 'deploy');

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('deploy/laudos.service', () => {
  it('passes systemd-analyze verify', () => {
    let unit = readFileSync(path.join(deploy, 'laudos.service'), 'utf8');
    // verify checks that ExecStart's program exists: Debian's /usr/bin/node, or this machine's node.
    if (!existsSync('/usr/bin/node')) unit = unit.replaceAll('/usr/bin/node', process.execPath);
    const file = path.join(pastaTemporaria('deploy', cleanups), 'laudos.service');
    writeFileSync(file, unit);
    const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    // Unknown keys and bad values are only warnings (exit 0): any output is a failure too.
    expect({ status: result.status, output: `${result.stdout}${result.stderr}`.trim() }).toEqual({
      status: 0,
      output: '',
    });
  });
});

describe('deploy/nginx.conf', () => {
  it('passes nginx -t with a TLS certificate, inside the http block of a main configuration', () => {
    const dir = pastaTemporaria('deploy', cleanups);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        // An EC key: generated in milliseconds, where RSA takes most of a second.
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=laudos.exemplo.com.br',
        '-keyout',
        path.join(dir, 'privkey.pem'),
        '-out',
        path.join(dir, 'fullchain.pem'),
      ],
      { stdio: 'ignore' },
    );
    const site = readFileSync(path.join(deploy, 'nginx.conf'), 'utf8').replaceAll(
      '/etc/letsencrypt/live/laudos.exemplo.com.br/',
      `${dir}/`,
    );
    expect(site).not.toContain('/etc/letsencrypt');
    writeFileSync(path.join(dir, 'laudos.conf'), site);
    mkdirSync(path.join(dir, 'temp'));
    // What Debian's /etc/nginx/nginx.conf gives it, with every path under this folder.
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        `pid ${dir}/nginx.pid;`,
        'events {}',
        'http {',
        '  access_log off;',
        `  client_body_temp_path ${dir}/temp/body;`,
        `  proxy_temp_path ${dir}/temp/proxy;`,
        `  include ${dir}/laudos.conf;`,
        '}',
        '',
      ].join('\n'),
    );
    const nginx = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
    const result = spawnSync(nginx, ['-t', '-p', dir, '-e', 'stderr', '-c', path.join(dir, 'nginx.conf')], {
      encoding: 'utf8',
    });
    expect(result.error).toBeUndefined();
    expect(result.stderr).toContain('test is successful');
    expect(result.stderr).not.toMatch(/\[(warn|emerg|alert|crit|error)\]/);
    expect(result.status).toBe(0);
  });
});
