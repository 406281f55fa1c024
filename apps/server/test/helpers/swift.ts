import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * OpenStack Swift with its `s3api` middleware (Debian's packages), all in one temp folder on
 * 127.0.0.1: the S3-compatible store the storage tests run against (decision 038, recipe in
 * STACK.md). One ring with one device per server, `workers = 0` (one process each), tempauth's
 * user `laudos:app` / `laudos-secret` as the S3 access key and secret. Healthy in about 2 s.
 */
export interface SwiftPeer {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  stop(): Promise<void>;
}

export const SWIFT_ACCESS_KEY_ID = 'laudos:app';
export const SWIFT_SECRET_ACCESS_KEY = 'laudos-secret';

const BINARIES = [
  'swift-proxy-server',
  'swift-account-server',
  'swift-container-server',
  'swift-object-server',
];

export async function startSwift(): Promise<SwiftPeer> {
  for (const bin of [...BINARIES, 'memcached']) {
    if (spawnSync('sh', ['-c', `command -v ${bin}`]).status !== 0) {
      throw new Error(
        `${bin} não encontrado: os testes de armazenamento precisam do Swift do Debian ` +
          '(bash scripts/ensure-test-tools.sh swift).',
      );
    }
  }
  const dir = await fs.mkdtemp(path.join(tmpdir(), 'laudos-swift-'));
  const [proxy, account, container, object, memcache, syslog] = (await freePorts(6)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const devices = path.join(dir, 'srv');
  await fs.mkdir(path.join(devices, 'd1'), { recursive: true });
  await fs.mkdir(path.join(dir, 'run'), { recursive: true });

  // Nothing listens on the syslog port: UDP log lines go nowhere (there is no /dev/log here).
  const common = (port: number, extra = '') => `[DEFAULT]
bind_ip = 127.0.0.1
bind_port = ${port}
workers = 0
mount_check = false
swift_dir = ${dir}
devices = ${devices}
log_udp_host = 127.0.0.1
log_udp_port = ${syslog}
${extra}`;
  const files: Record<string, string> = {
    'swift.conf': `[swift-hash]
swift_hash_path_suffix = laudos-tests
swift_hash_path_prefix = laudos-tests
[storage-policy:0]
name = Policy-0
default = yes
`,
    'account-server.conf': `${common(account)}
[pipeline:main]
pipeline = account-server
[app:account-server]
use = egg:swift#account
`,
    'container-server.conf': `${common(container)}
[pipeline:main]
pipeline = container-server
[app:container-server]
use = egg:swift#container
`,
    'object-server.conf': `${common(object)}
[pipeline:main]
pipeline = object-server
[app:object-server]
use = egg:swift#object
`,
    'proxy-server.conf': `${common(proxy)}
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats bulk s3api tempauth copy slo dlo proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:${memcache}
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:bulk]
use = egg:swift#bulk
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
[filter:tempauth]
use = egg:swift#tempauth
user_laudos_app = ${SWIFT_SECRET_ACCESS_KEY} .admin
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
`,
  };
  for (const [name, text] of Object.entries(files)) await fs.writeFile(path.join(dir, name), text);

  // The three rings in one Python process (swift-ring-builder would be nine, ~3 s).
  // Debian's Python, the one the swift-* scripts run on (a pyenv python3 on PATH has no swift module).
  const rings = spawnSync(
    '/usr/bin/python3',
    [
      '-c',
      `
import sys
from swift.common.ring import RingBuilder
d = sys.argv[1]
for name, port in (('account', ${account}), ('container', ${container}), ('object', ${object})):
    b = RingBuilder(6, 1, 1)
    b.add_dev({'id': 0, 'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': port, 'device': 'd1', 'weight': 1})
    b.rebalance()
    b.get_ring().save('%s/%s.ring.gz' % (d, name))
`,
      dir,
    ],
    { encoding: 'utf8' },
  );
  if (rings.status !== 0) {
    await fs.rm(dir, { recursive: true, force: true });
    throw new Error(`Swift: anéis não criados: ${rings.stderr}`);
  }

  const env = { ...process.env, EVENTLET_NO_GREENDNS: 'yes' };
  const children: ChildProcess[] = [];
  const output: string[] = [];
  const launch = (cmd: string, args: string[]) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (b: Buffer) => output.push(`${cmd}: ${b.toString()}`);
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    children.push(child);
  };
  // memcached refuses to run as root unless told which user to be.
  const asUser = process.getuid?.() === 0 ? ['-u', 'root'] : [];
  launch('memcached', [...asUser, '-l', '127.0.0.1', '-p', String(memcache), '-U', '0', '-m', '16']);
  for (const server of ['account', 'container', 'object', 'proxy']) {
    launch(`swift-${server}-server`, [path.join(dir, `${server}-server.conf`)]);
  }

  // If the test run itself dies before its teardown, Swift must not outlive it.
  const onExit = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const stop = async () => {
    process.off('exit', onExit);
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    await fs.rm(dir, { recursive: true, force: true });
  };

  const endpoint = `http://127.0.0.1:${proxy}`;
  try {
    await waitHealthy(endpoint, [account, container, object], children, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    endpoint,
    accessKeyId: SWIFT_ACCESS_KEY_ID,
    secretAccessKey: SWIFT_SECRET_ACCESS_KEY,
    region: 'us-east-1',
    stop,
  };
}

async function waitHealthy(
  endpoint: string,
  backendPorts: number[],
  children: ChildProcess[],
  output: string[],
): Promise<void> {
  // About 2 s on a quiet machine; Python's imports take much longer on two busy cores.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const dead = children.find((c) => c.exitCode !== null);
    if (dead) throw new Error(`Swift não iniciou (${dead.spawnfile} saiu):\n${output.join('')}`);
    const proxyUp = await fetch(`${endpoint}/healthcheck`)
      .then((r) => r.ok)
      .catch(() => false);
    if (proxyUp && (await Promise.all(backendPorts.map(canConnect))).every(Boolean)) return;
    if (Date.now() > deadline) throw new Error(`Swift não respondeu em 120 s:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}
