/*
 * Section 6: 200 concurrent simulated users for 60 s, each a different client signed in once,
 * mixing reads (laudo list, statistics, a laudo page, a PDF download), writes (create and update
 * a laudo) and uploads (small PDFs), on PostgreSQL and on PGlite. Counts every request, every
 * error (by status, code and message) and the latency per kind; samples the server's memory.
 *
 *   node --import tsx bench/load.ts [--quick] [--users=N] [--seconds=N] [--think-ms=N] [--engines=pglite]
 *   (--quick: 50 users for 10 s; think time: each user waits a random 0..2×N ms between actions,
 *   500 by default)
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import {
  type Cliente,
  criarClientes,
  criarLaudos,
  criarPlano,
  dia,
  enviarPdf,
  pdf,
  Session,
  tiposDeLaudo,
  vencimentoVariado,
} from './support/api.ts';
import { type LaunchedServer, launchServer, type MemorySample, watchMemory } from './support/launch.ts';
import { createBenchDatabase } from './support/pg.ts';
import { machine, writeSection } from './support/report.ts';
import { BENCH_ADMIN } from './support/server.ts';
import {
  bytes,
  command,
  int,
  log,
  ms,
  NO_POSTGRES,
  now,
  percentile,
  pool,
  postgresBase,
  quick,
  sleep,
} from './support/stats.ts';

const SECTION = 'load';
const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : fallback;
};
const USERS = arg('users', quick ? 50 : 200);
const SECONDS = arg('seconds', quick ? 10 : 60);
const THINK_MS = arg('think-ms', 500);
/** `--engines=pglite` (or postgres) to measure one only. */
const ENGINES = (
  process.argv.find((a) => a.startsWith('--engines='))?.slice('--engines='.length) ?? 'postgres,pglite'
).split(',');
const LAUDOS_PER_CLIENT = 5;
const DOWNLOAD_BYTES = 256 * 1024;
const UPLOAD_BYTES = 48 * 1024;

const KINDS = {
  lista: { weight: 25, label: 'Lista de laudos', what: '`GET /api/laudos?pagina=1&porPagina=20`' },
  estatisticas: { weight: 15, label: 'Estatísticas', what: '`GET /api/laudos/estatisticas`' },
  laudo: { weight: 15, label: 'Página de um laudo', what: '`GET /api/laudos/:id`' },
  download: {
    weight: 10,
    label: 'Download do PDF',
    what: `\`GET …/arquivos/pdf/download\` (${bytes(DOWNLOAD_BYTES)})`,
  },
  criar: { weight: 10, label: 'Criar laudo', what: '`POST /api/laudos` (e o e-mail "Novo Laudo Criado")' },
  atualizar: { weight: 15, label: 'Atualizar laudo', what: '`PATCH /api/laudos/:id`' },
  upload: {
    weight: 10,
    label: 'Enviar PDF',
    what: `\`POST …/arquivos/pdf\` (multipart, ${bytes(UPLOAD_BYTES)})`,
  },
} as const;
type Kind = keyof typeof KINDS;
const KIND_LIST = Object.keys(KINDS) as Kind[];
const TOTAL_WEIGHT = KIND_LIST.reduce((s, k) => s + KINDS[k].weight, 0);

function pickKind(): Kind {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const k of KIND_LIST) {
    r -= KINDS[k].weight;
    if (r < 0) return k;
  }
  return 'lista';
}

interface User {
  cliente: Cliente;
  laudos: string[];
  comPdf: string;
  created: number;
}

interface Outcome {
  latencies: Record<Kind, number[]>;
  /** Every response: when it ended (ms since the start) and how long it took. */
  timeline: Array<{ end: number; latency: number }>;
  errors: Map<string, number>;
  errorsByKind: Record<Kind, number>;
  elapsedSeconds: number;
}

const uploadFile = pdf(UPLOAD_BYTES);

async function act(user: User, kind: Kind, index: number, tipos: string[]): Promise<Response> {
  const s = user.cliente.session;
  const own = () => user.laudos[Math.floor(Math.random() * user.laudos.length)]!;
  switch (kind) {
    case 'lista':
      return s.call('GET', '/api/laudos?pagina=1&porPagina=20&ordem=vencimento&direcao=asc');
    case 'estatisticas':
      return s.call('GET', '/api/laudos/estatisticas');
    case 'laudo':
      return s.call('GET', `/api/laudos/${own()}`);
    case 'download':
      return s.call('GET', `/api/laudos/${user.comPdf}/arquivos/pdf/download`);
    case 'criar': {
      user.created++;
      const res = await s.call('POST', '/api/laudos', {
        nome: `Compressor ${user.created}`,
        codigo: `CARGA-${index}-${user.created}-${Math.random().toString(36).slice(2, 8)}`,
        tipo: tipos[user.created % tipos.length],
        dataVencimento: dia(30 + (user.created % 400)),
      });
      if (res.status === 201) {
        const body = (await res.clone().json()) as { laudo: { id: string } };
        user.laudos.push(body.laudo.id);
      }
      return res;
    }
    case 'atualizar':
      return s.call('PATCH', `/api/laudos/${own()}`, {
        observacoes: `Revisado em ${new Date().toISOString()}`,
        dataVencimento: dia(60 + Math.floor(Math.random() * 300)),
      });
    case 'upload': {
      // Any of the user's laudos but the one whose PDF the downloads read (that one keeps its size).
      const others = user.laudos.filter((id) => id !== user.comPdf);
      const id = others[Math.floor(Math.random() * others.length)]!;
      const form = new FormData();
      form.append(
        'arquivo',
        new Blob([new Uint8Array(uploadFile)], { type: 'application/pdf' }),
        'laudo.pdf',
      );
      return s.call('POST', `/api/laudos/${id}/arquivos/pdf`, form);
    }
  }
}

/**
 * Connections waiting in the kernel for the server to accept them (Recv-Q of its listening socket,
 * from `ss`), sampled every 500 ms; NaN when `ss` is not available.
 */
function watchAcceptQueue(port: string) {
  let peak = 0;
  let available = true;
  const timer = setInterval(() => {
    try {
      const line = execFileSync('ss', ['-Hltn', `( sport = :${port} )`], { encoding: 'utf8' }).trim();
      const waiting = Number(line.split(/\s+/)[1]);
      if (waiting > peak) peak = waiting;
    } catch {
      available = false;
    }
  }, 500);
  return {
    stop() {
      clearInterval(timer);
      return available ? peak : Number.NaN;
    },
  };
}

async function runLoad(users: User[], tipos: string[]): Promise<Outcome> {
  const latencies = Object.fromEntries(KIND_LIST.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
  const errorsByKind = Object.fromEntries(KIND_LIST.map((k) => [k, 0])) as Record<Kind, number>;
  const errors = new Map<string, number>();
  const timeline: Outcome['timeline'] = [];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const think = () => sleep(Math.random() * 2 * THINK_MS);
  await Promise.all(
    users.map(async (user, index) => {
      await think(); // users do not all arrive in the same millisecond
      while (performance.now() < deadline) {
        const kind = pickKind();
        const t0 = performance.now();
        let problem: string | null = null;
        try {
          const res = await act(user, kind, index, tipos);
          const body = Buffer.from(await res.arrayBuffer());
          if (res.status >= 400) {
            let detail = body.toString('utf8').slice(0, 200);
            try {
              const e = (JSON.parse(detail) as { error?: { code?: string; message?: string } }).error;
              if (e) detail = `${e.code}: ${e.message}`;
            } catch {
              // not JSON: keep the text
            }
            problem = `${res.status} ${detail}`;
          }
        } catch (err) {
          const cause = (err as { cause?: { code?: string; message?: string } }).cause;
          problem = `rede: ${cause?.code ?? ''} ${cause?.message ?? (err as Error).message}`.trim();
        }
        const end = performance.now();
        latencies[kind].push(end - t0);
        timeline.push({ end: end - started, latency: end - t0 });
        if (problem) {
          errorsByKind[kind]++;
          const key = `${KINDS[kind].label} — ${problem}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
        await think();
      }
    }),
  );
  return { latencies, timeline, errors, errorsByKind, elapsedSeconds: (performance.now() - started) / 1000 };
}

interface EngineResult {
  engine: string;
  outcome: Outcome | null;
  setupSeconds: number;
  rest: MemorySample | null;
  peakRss: number;
  peakHeap: number;
  after: MemorySample | null;
  /** Most connections seen waiting to be accepted by the server. */
  acceptQueue: number;
  /** Server CPU time per request, ms. */
  cpuPerRequest: number;
}

async function measure(engine: 'postgres' | 'pglite'): Promise<EngineResult> {
  const database = engine === 'postgres' ? await createBenchDatabase() : null;
  let server: LaunchedServer | undefined;
  try {
    const t0 = performance.now();
    server = await launchServer({
      env: {
        RATE_LIMIT_SIGNIN_PER_IP: '100000',
        RATE_LIMIT_SIGNIN_PER_EMAIL: '1000',
        EMAIL_RATE_PER_SECOND: '14',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
    });
    const admin = await Session.signIn(server.baseURL, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const tipos = await tiposDeLaudo(admin);
    const planoId = await criarPlano(admin, 'Plano carga');
    log(`${engine}: criando ${USERS} clientes (admin, e-mail de boas-vindas, primeiro acesso)`);
    const clientes = await criarClientes(admin, USERS, { prefixo: `carga${engine}`, planoId });
    log(`${engine}: ${LAUDOS_PER_CLIENT} laudos e um PDF de ${bytes(DOWNLOAD_BYTES)} por cliente`);
    const download = pdf(DOWNLOAD_BYTES);
    const users: User[] = await pool(clientes, 4, async (cliente, i) => {
      const laudos = await criarLaudos(
        admin,
        Array.from({ length: LAUDOS_PER_CLIENT }, (_, k) => ({
          nome: `Caldeira ${k}`,
          codigo: `CARGA-${i}-SEED-${k}`,
          cliente: cliente.empresa,
          tipo: tipos[k % tipos.length]!,
          emailCliente: null,
          dataVencimento: vencimentoVariado(i * LAUDOS_PER_CLIENT + k),
        })),
        1,
      );
      await enviarPdf(admin, laudos[0]!, download);
      return { cliente, laudos, comPdf: laudos[0]!, created: 0 };
    });
    const setupSeconds = (performance.now() - t0) / 1000;
    await sleep(3000);
    const rest = await server.memory({ gc: true });
    log(`${engine}: ${USERS} usuários por ${SECONDS} s`);
    const watch = watchMemory(server);
    const queue = watchAcceptQueue(new URL(server.baseURL).port);
    const cpuBefore = server.cpuMs();
    const outcome = await runLoad(users, tipos);
    const cpu = server.cpuMs() - cpuBefore;
    const acceptQueue = queue.stop();
    const peaks = await watch.stop();
    await sleep(5000);
    const after = await server.memory({ gc: true });
    const total = KIND_LIST.reduce((s, k) => s + outcome.latencies[k].length, 0);
    const todas = KIND_LIST.flatMap((k) => outcome.latencies[k]).sort((a, b) => a - b);
    log(
      `${engine}: ${int(total)} pedidos (${(total / outcome.elapsedSeconds).toFixed(0)}/s), p50 ${ms(percentile(todas, 50))}, p99 ${ms(percentile(todas, 99))}, ${[...outcome.errors.values()].reduce((a, b) => a + b, 0)} erros`,
    );
    for (const [k, n] of outcome.errors) log(`  ${n}× ${k}`);
    const warnings = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"level":40') || l.includes('"level":50'));
    log(`${engine}: ${warnings.length} aviso(s)/erro(s) no log do servidor`);
    for (const l of warnings.slice(0, 5)) log(`  ${l.slice(0, 300)}`);
    return {
      engine,
      outcome,
      setupSeconds,
      rest,
      peakRss: peaks.peakRss,
      peakHeap: peaks.peakHeap,
      after,
      acceptQueue,
      cpuPerRequest: cpu / total,
    };
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

/** The longest stretch with no response at all, and the responses per 10 s with their p99. */
function stalls(o: Outcome) {
  const ends = o.timeline.map((t) => t.end).sort((a, b) => a - b);
  let longest = { from: 0, ms: 0 };
  for (let i = 1; i < ends.length; i++) {
    const gap = ends[i]! - ends[i - 1]!;
    if (gap > longest.ms) longest = { from: ends[i - 1]!, ms: gap };
  }
  const windows: Array<{ from: number; count: number; p99: number }> = [];
  for (let from = 0; from < o.elapsedSeconds * 1000; from += 10_000) {
    const inside = o.timeline.filter((t) => t.end >= from && t.end < from + 10_000).map((t) => t.latency);
    windows.push({ from: from / 1000, count: inside.length, p99: percentile(inside, 99) });
  }
  return { longest, windows };
}

function report(r: EngineResult, title: string): string[] {
  const o = r.outcome!;
  const { longest, windows } = stalls(o);
  const total = KIND_LIST.reduce((s, k) => s + o.latencies[k].length, 0);
  const errorCount = [...o.errors.values()].reduce((a, b) => a + b, 0);
  const all = KIND_LIST.flatMap((k) => o.latencies[k]);
  return [
    `### ${title}`,
    '',
    `- ${int(total)} pedidos em ${o.elapsedSeconds.toFixed(1)} s (${(total / o.elapsedSeconds).toFixed(0)} por segundo), **${int(errorCount)} erro(s)**; p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))} no geral. Preparação (clientes, laudos, PDFs): ${r.setupSeconds.toFixed(0)} s.`,
    `- Conexões esperando o servidor aceitá-las (fila do socket de escuta, \`ss\`): até ${Number.isNaN(r.acceptQueue) ? '— (sem ss)' : int(r.acceptQueue)}. CPU do servidor por pedido: ${ms(r.cpuPerRequest)}.`,
    `- Maior intervalo sem nenhuma resposta: ${ms(longest.ms)} (aos ${(longest.from / 1000).toFixed(0)} s). Por 10 s (respostas, p99): ${windows.map((w) => `${w.from.toFixed(0)} s: ${w.count}, ${ms(w.p99)}`).join('; ')}.`,
    `- Memória do servidor: RSS ${bytes(r.rest!.rss)} antes, pico ${bytes(r.peakRss)} durante, ${bytes(r.after!.rss)} depois; heap ${bytes(r.rest!.heapUsed)} antes, pico ${bytes(r.peakHeap)}, ${bytes(r.after!.heapUsed)} depois (antes e depois após coleta de lixo).`,
    '',
    '| Tipo | O que é | Pedidos | Erros | p50 | p99 |',
    '|---|---|---|---|---|---|',
    ...KIND_LIST.map(
      (k) =>
        `| ${KINDS[k].label} | ${KINDS[k].what} | ${int(o.latencies[k].length)} | ${o.errorsByKind[k]} | ${ms(percentile(o.latencies[k], 50))} | ${ms(percentile(o.latencies[k], 99))} |`,
    ),
    '',
    ...(errorCount
      ? [
          'Erros (quantidade, tipo, status e mensagem):',
          '',
          ...[...o.errors.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `- ${n}× ${k}`),
        ]
      : ['Nenhum erro.']),
    '',
  ];
}

async function main() {
  const results: EngineResult[] = [];
  if (ENGINES.includes('postgres') && postgresBase()) results.push(await measure('postgres'));
  else if (ENGINES.includes('postgres')) {
    log(NO_POSTGRES);
    results.push({
      engine: 'postgres',
      outcome: null,
      setupSeconds: 0,
      rest: null,
      peakRss: 0,
      peakHeap: 0,
      after: null,
      acceptQueue: 0,
      cpuPerRequest: Number.NaN,
    });
  }
  if (ENGINES.includes('pglite')) results.push(await measure('pglite'));
  const name = (e: string) => (e === 'postgres' ? 'PostgreSQL' : 'PGlite');
  const weaknesses: string[] = [];
  for (const r of results) {
    if (!r.outcome) continue;
    const errorCount = [...r.outcome.errors.values()].reduce((a, b) => a + b, 0);
    if (errorCount)
      weaknesses.push(`- **Fraqueza** (${name(r.engine)}): ${errorCount} erro(s) sob carga (lista acima).`);
    const all = KIND_LIST.flatMap((k) => r.outcome!.latencies[k]);
    const p99 = percentile(all, 99);
    if (p99 > 2000)
      weaknesses.push(
        `- **Fraqueza** (${name(r.engine)}): p99 de ${ms(p99)} sob carga (p50 ${ms(percentile(all, 50))}).`,
      );
    if (r.acceptQueue >= 10 && p99 > 2000)
      weaknesses.push(
        `- **Fraqueza** (${name(r.engine)}): até ${int(r.acceptQueue)} conexões novas esperaram na fila do kernel até o servidor aceitá-las. O Node aceita uma conexão nova por volta do laço de eventos; com o laço ocupado${r.engine === 'pglite' ? ' (no PGlite o banco roda no mesmo processo, em WebAssembly)' : ''}, a conexão espera antes de o pedido chegar ao Fastify — é o que estica o p99.`,
      );
    else if (r.acceptQueue >= 10)
      weaknesses.push(
        `- Nota (${name(r.engine)}): até ${int(r.acceptQueue)} conexões esperaram para ser aceitas (os ${USERS} usuários chegam no primeiro segundo), sem esticar o p99.`,
      );
    const growth = r.after!.heapUsed - r.rest!.heapUsed;
    if (growth > 20 * 1024 * 1024)
      weaknesses.push(
        `- **Fraqueza** (${name(r.engine)}): o heap ficou ${bytes(growth)} maior depois da carga (${bytes(r.rest!.heapUsed)} → ${bytes(r.after!.heapUsed)}, após coleta de lixo).`,
      );
  }
  const md = [
    `## 6. Carga: ${USERS} usuários simultâneos por ${SECONDS} s`,
    '',
    `- Máquina: ${machine()}`,
    `- Data: ${now()}`,
    `- Comando: ${command('load')}`,
    `- Como: ${USERS} clientes diferentes, criados pela API do admin (senha temporária lida do outbox, primeiro acesso com troca de senha: cada um entra uma vez), cada um com ${LAUDOS_PER_CLIENT} laudos da sua empresa e um PDF de ${bytes(DOWNLOAD_BYTES)}. Cada usuário simulado repete, até o fim do tempo: escolhe uma ação pelo peso (lista ${KINDS.lista.weight}, estatísticas ${KINDS.estatisticas.weight}, laudo ${KINDS.laudo.weight}, download ${KINDS.download.weight}, criar ${KINDS.criar.weight}, atualizar ${KINDS.atualizar.weight}, enviar PDF ${KINDS.upload.weight}), espera a resposta inteira e pensa de 0 a ${2 * THINK_MS} ms. Servidor real com \`RATE_LIMIT_SIGNIN_PER_IP\` alto (todos vêm de 127.0.0.1) e \`EMAIL_RATE_PER_SECOND=14\`; os clientes HTTP rodam neste processo, na mesma máquina.`,
    '- *p50*/*p99*: latência mediana e de 99% dos pedidos de cada tipo, do envio ao fim da resposta; *erros*: status 4xx/5xx ou falha de rede.',
    '',
    ...results.flatMap((r) =>
      r.outcome
        ? report(r, r.engine === 'pglite' ? 'PGlite (banco embutido)' : 'PostgreSQL')
        : [`### ${name(r.engine)}`, '', `**${NO_POSTGRES}**`, ''],
    ),
    ...(weaknesses.length
      ? weaknesses
      : ['- Sem fraqueza: nenhum erro, e a memória volta ao nível de antes.']),
  ].join('\n');
  writeSection(SECTION, md);
  log('seção escrita em docs/benchmarks.md');
}

await main();
