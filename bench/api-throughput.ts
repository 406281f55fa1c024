/*
 * Section 2: API throughput and latency with autocannon, on PostgreSQL and on PGlite: a client's
 * laudo list page, the dashboard statistics and a 1 MB PDF download, each as a ratio to a bare
 * Fastify JSON route measured in the same run (its own process, like the server).
 *
 *   node --import tsx bench/api-throughput.ts [--quick]
 */
import { prepararCarteira, Session } from './support/api.ts';
import { launchServer } from './support/launch.ts';
import { browserHeaders, type CannonFigures, cannon, startBareFastify } from './support/load.ts';
import { createBenchDatabase } from './support/pg.ts';
import { machine, writeSection } from './support/report.ts';
import { BENCH_ADMIN } from './support/server.ts';
import { bytes, command, int, log, ms, NO_POSTGRES, now, postgresBase, quick } from './support/stats.ts';

const SECTION = 'api-throughput';
const LAUDOS = 500;
const PDF_BYTES = 1024 * 1024;
const SECONDS = quick ? 4 : 10;
const WARMUP = quick ? 1 : 3;
const CONNECTIONS = 10;

interface Row {
  name: string;
  what: string;
  figures: CannonFigures;
}

async function measure(
  engine: 'postgres' | 'pglite',
  bare: { url: string; cpuMs(): number },
): Promise<Row[]> {
  const database = engine === 'postgres' ? await createBenchDatabase() : null;
  const server = await launchServer({
    env: { EMAIL_RATE_PER_SECOND: '50', ...(database ? { DATABASE_URL: database.url } : {}) },
  });
  try {
    const admin = await Session.signIn(server.baseURL, BENCH_ADMIN.email, BENCH_ADMIN.password);
    log(`${engine}: preparando um cliente com ${LAUDOS} laudos e um PDF de ${bytes(PDF_BYTES)}`);
    const { cliente, laudoComPdf } = await prepararCarteira(admin, {
      laudos: LAUDOS,
      pdfBytes: PDF_BYTES,
      prefixo: `api${engine}`,
    });
    const headers = browserHeaders(cliente.session.cookie);
    const options = { seconds: SECONDS, warmupSeconds: WARMUP, connections: CONNECTIONS, headers };
    const targets: Array<{ name: string; what: string; url: string; cpuMs: () => number }> = [
      { name: 'Fastify puro', what: '`GET /json` (outro processo)', url: bare.url, cpuMs: bare.cpuMs },
      {
        name: 'Verificação da sessão',
        what: '`GET /api/me` (só quem está conectado: o custo de toda rota autenticada)',
        url: `${server.baseURL}/api/me`,
        cpuMs: server.cpuMs,
      },
      {
        name: 'Lista de laudos',
        what: '`GET /api/laudos?pagina=1&porPagina=20` (a página /vencimentos do cliente)',
        url: `${server.baseURL}/api/laudos?pagina=1&porPagina=20&ordem=vencimento&direcao=asc`,
        cpuMs: server.cpuMs,
      },
      {
        name: 'Estatísticas',
        what: '`GET /api/laudos/estatisticas` (o /dashboard)',
        url: `${server.baseURL}/api/laudos/estatisticas`,
        cpuMs: server.cpuMs,
      },
      {
        name: 'Download do PDF',
        what: `\`GET /api/laudos/:id/arquivos/pdf/download\` (${bytes(PDF_BYTES)})`,
        url: `${server.baseURL}/api/laudos/${laudoComPdf}/arquivos/pdf/download`,
        cpuMs: server.cpuMs,
      },
    ];
    // Each route answers the client correctly before it is measured.
    for (const t of targets.slice(1)) {
      const res = await fetch(t.url, { headers: { cookie: cliente.session.cookie } });
      if (!res.ok) throw new Error(`${t.url}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
    const rows: Row[] = [];
    for (const t of targets) {
      const figures = await cannon(t.url, { ...options, cpuMs: t.cpuMs });
      rows.push({ name: t.name, what: t.what, figures });
      log(
        `${engine} ${t.name}: ${int(figures.rps)} req/s, p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}, ` +
          `CPU ${ms(figures.cpuPerRequest)}/pedido, ` +
          `não-2xx ${figures.non2xx}, erros ${figures.errors}`,
      );
    }
    return rows;
  } finally {
    await server.stop();
    await database?.drop();
  }
}

/** autocannon's latencies are whole milliseconds: 0 means under one. */
const latency = (v: number) => (v === 0 ? '< 1 ms' : ms(v));
function share(v: number, base: number): string {
  if (v === base) return '100% (a base)';
  const pct = (v / base) * 100;
  const slower = base / v;
  return `${pct >= 10 ? pct.toFixed(0) : pct >= 1 ? pct.toFixed(1) : pct.toPrecision(2)}% (${slower >= 10 ? slower.toFixed(0) : slower.toFixed(1)}× mais lento)`;
}

function table(rows: Row[]): string[] {
  const bare = rows[0]!.figures;
  return [
    '| Rota | O que é | req/s | p50 | p99 | req/s ÷ Fastify puro | CPU do servidor por pedido | CPU do cliente por pedido | Transferido | Não-2xx / erros |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.what} | ${int(r.figures.rps)} | ${latency(r.figures.p50)} | ${latency(r.figures.p99)} | ${share(r.figures.rps, bare.rps)} | ${ms(r.figures.cpuPerRequest)} | ${ms(r.figures.clientCpuPerRequest)} | ${bytes(r.figures.bytesPerSecond)}/s | ${r.figures.non2xx} / ${r.figures.errors + r.figures.timeouts} |`,
    ),
  ];
}

async function main() {
  const bare = await startBareFastify();
  const results: Array<{ engine: string; rows: Row[] | null }> = [];
  try {
    if (postgresBase()) results.push({ engine: 'PostgreSQL', rows: await measure('postgres', bare) });
    else {
      log(NO_POSTGRES);
      results.push({ engine: 'PostgreSQL', rows: null });
    }
    results.push({ engine: 'PGlite (banco embutido)', rows: await measure('pglite', bare) });
  } finally {
    await bare.stop();
  }
  const weaknesses: string[] = [];
  for (const r of results) {
    for (const row of r.rows ?? []) {
      const bad = row.figures.non2xx + row.figures.errors + row.figures.timeouts;
      if (bad > 0)
        weaknesses.push(
          `- **Fraqueza** (${r.engine}, ${row.name}): ${bad} respostas não-2xx, erros ou tempos esgotados em ${int(row.figures.requests)}.`,
        );
    }
  }
  const md = [
    '## 2. Vazão e latência da API (autocannon)',
    '',
    `- Máquina: ${machine()}`,
    `- Data: ${now()}`,
    `- Comando: ${command('api')}`,
    `- Dados: um cliente criado pelo admin (primeiro acesso feito), com ${LAUDOS} laudos da empresa dele e um PDF de ${bytes(PDF_BYTES)}; servidor real (\`LOG_LEVEL=warn\`) num banco novo.`,
    `- Carga: autocannon neste processo, ${CONNECTIONS} conexões, ${SECONDS} s por rota depois de ${WARMUP} s de aquecimento; cada pedido com o cookie do cliente e \`Accept-Encoding: gzip, deflate, br\` como um navegador (o JSON vai comprimido, o PDF não).`,
    '- *req/s*: média de pedidos respondidos por segundo; *p50*/*p99*: latência mediana e de 99% dos pedidos; *÷ Fastify puro*: a vazão da rota como fração da de um Fastify sem nada (uma rota JSON) medido na mesma execução — o custo da sessão, do banco e da serialização; *CPU do servidor por pedido*: tempo de CPU (usuário + sistema, de `/proc/<pid>/stat`) que o processo do servidor gastou na medição, dividido pelos pedidos — não depende de quem mais usa a máquina (o autocannon, o PostgreSQL). No PostgreSQL, o trabalho do próprio banco fica fora desse número. *CPU do cliente por pedido*: o mesmo para o processo do autocannon; quando ela passa da do servidor (o download de 1 MB), o req/s mostra o limite da máquina de 2 núcleos dividida entre os dois, não o do servidor.',
    '',
    ...results.flatMap((r) => [
      `### ${r.engine}`,
      '',
      ...(r.rows ? table(r.rows) : [`**${NO_POSTGRES}**`]),
      '',
    ]),
    ...(weaknesses.length ? weaknesses : ['- Nenhuma resposta não-2xx, erro ou tempo esgotado.']),
  ].join('\n');
  writeSection(SECTION, md);
  log('seção escrita em docs/benchmarks.md');
}

await main();
