/*
 * Where a route's server CPU goes: the real server (the bundle, one process) under `--cpu-prof`,
 * a client with 500 laudos, autocannon on one route for a few seconds, then the profile's self
 * time grouped by package (or our own code, Node's internals, the garbage collector) and the
 * heaviest functions, as Markdown tables. It writes no section: the profiles quoted in
 * docs/benchmarks.md come from here.
 *
 *   node --import tsx bench/profile.ts [--rota=lista|estatisticas|me] [--banco=postgres|pglite] [--segundos=10]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepararCarteira, Session } from './support/api.ts';
import { launchServer } from './support/launch.ts';
import { browserHeaders, cannon } from './support/load.ts';
import { createBenchDatabase } from './support/pg.ts';
import { BENCH_ADMIN, ROOT } from './support/server.ts';
import { log } from './support/stats.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const ROTAS: Record<string, string> = {
  lista: '/api/laudos?pagina=1&porPagina=20&ordem=vencimento&direcao=asc',
  estatisticas: '/api/laudos/estatisticas',
  me: '/api/me',
};
const rota = arg('rota', 'lista');
const banco = arg('banco', 'postgres');
const segundos = Number(arg('segundos', '10'));
if (!ROTAS[rota]) throw new Error(`--rota: uma de ${Object.keys(ROTAS).join(', ')}`);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Who a frame belongs to: a package in node_modules, our bundle, Node itself, or V8's own bookkeeping. */
function dono(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(V8/nativo)';
  const pacote = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pacote) return pacote;
  if (url.startsWith('node:')) return 'node (interno)';
  // The only WebAssembly the server runs is PGlite's PostgreSQL.
  if (url.startsWith('wasm:')) return 'PostgreSQL em WebAssembly (PGlite)';
  if (url.includes('/apps/server/dist/')) return 'laudos (apps/server)';
  return path.relative(ROOT, url.replace(/^file:\/\//, ''));
}

const database = banco === 'postgres' ? await createBenchDatabase() : null;
if (banco === 'postgres' && !database) throw new Error('defina BENCH_DATABASE_URL para --banco=postgres');
const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
const pasta = mkdtempSync(path.join(tmpdir(), 'laudos-perfil-'));
// The portfolio is made by a first server; a second one, on the same data, is profiled, so the
// profile holds the measured route only (not the start-up, nor the 500 laudos being created).
const preparo = await launchServer({ env });
log(`${banco}: preparando um cliente com 500 laudos`);
const admin = await Session.signIn(preparo.baseURL, BENCH_ADMIN.email, BENCH_ADMIN.password);
const { cliente } = await prepararCarteira(admin, { laudos: 500, pdfBytes: 1024, prefixo: 'perfil' });
await preparo.stop({ keepDataDir: true });
const server = await launchServer({
  env,
  dataDir: preparo.dataDir,
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${pasta}`, '--cpu-prof-interval=100'],
});
try {
  const headers = browserHeaders(cliente.session.cookie);
  const url = `${server.baseURL}${ROTAS[rota]}`;
  const r = await cannon(url, {
    seconds: segundos,
    warmupSeconds: 2,
    connections: 10,
    headers,
    cpuMs: server.cpuMs,
  });
  log(`${rota}: ${Math.round(r.rps)} req/s, CPU ${r.cpuPerRequest.toFixed(2)} ms/pedido`);
} finally {
  await server.stop();
  await database?.drop();
}

const arquivo = readdirSync(pasta).find((f) => f.endsWith('.cpuprofile'));
if (!arquivo) throw new Error(`nenhum perfil em ${pasta}`);
const perfil = JSON.parse(readFileSync(path.join(pasta, arquivo), 'utf8')) as CpuProfile;
rmSync(pasta, { recursive: true, force: true });

const porNo = new Map(perfil.nodes.map((n) => [n.id, n]));
const porDono = new Map<string, number>();
const porFuncao = new Map<string, number>();
let total = 0;
perfil.samples.forEach((id, i) => {
  const no = porNo.get(id);
  const dt = perfil.timeDeltas[i] ?? 0;
  if (!no || no.callFrame.functionName === '(idle)') return;
  total += dt;
  const d = dono(no.callFrame);
  porDono.set(d, (porDono.get(d) ?? 0) + dt);
  const f = `${no.callFrame.functionName || '(anônima)'} · ${d}:${no.callFrame.lineNumber + 1}`;
  porFuncao.set(f, (porFuncao.get(f) ?? 0) + dt);
});

const tabela = (titulo: string, m: Map<string, number>, linhas: number) => {
  console.log(`\n| ${titulo} | tempo próprio | % |\n|---|---|---|`);
  for (const [nome, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, linhas)) {
    console.log(`| ${nome} | ${(us / 1000).toFixed(0)} ms | ${((100 * us) / total).toFixed(1)}% |`);
  }
};
console.log(`\nPerfil de ${ROTAS[rota]} (${banco}), ${(total / 1000).toFixed(0)} ms de CPU fora do ócio:`);
tabela('dono', porDono, 15);
tabela('função', porFuncao, 25);
