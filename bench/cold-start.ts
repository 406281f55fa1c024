/*
 * Section 4: cold start to the first healthy answer (`GET /api/health` 200) — PGlite on a fresh
 * data directory and on a reopen, PostgreSQL on a fresh database and on a reopen — and the server's
 * memory (RSS and V8 heap) at rest, under a mixed read load (autocannon) and after it.
 *
 *   node --import tsx bench/cold-start.ts [--quick]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { prepararCarteira, Session } from './support/api.ts';
import {
  ensureBuild,
  type LaunchedServer,
  launchServer,
  type MemorySample,
  watchMemory,
} from './support/launch.ts';
import { browserHeaders, type CannonFigures, cannonMixed } from './support/load.ts';
import { createBenchDatabase } from './support/pg.ts';
import { machine, writeSection } from './support/report.ts';
import { BENCH_ADMIN, ROOT } from './support/server.ts';
import {
  bytes,
  command,
  int,
  log,
  median,
  ms,
  NO_POSTGRES,
  now,
  postgresBase,
  quick,
  sleep,
} from './support/stats.ts';

const SECTION = 'cold-start';
const STARTS = quick ? 2 : 3;
const LOAD_SECONDS = quick ? 5 : 20;
const CONNECTIONS = 10;

interface StartFigures {
  engine: string;
  first: number[];
  reopen: number[];
  /** Percent of one core the idle server uses, by EMAIL_RATE_PER_SECOND (each e-mail worker polls). */
  idle: Array<{ rate: string; percent: number }>;
}

const IDLE_SECONDS = 8;

async function idleCpu(server: LaunchedServer): Promise<number> {
  await sleep(3000);
  const before = server.cpuMs();
  await sleep(IDLE_SECONDS * 1000);
  return (server.cpuMs() - before) / (IDLE_SECONDS * 10);
}

interface MemoryFigures {
  engine: string;
  boot: MemorySample;
  seeded: MemorySample;
  peakRss: number;
  peakHeap: number;
  after: MemorySample;
  load: CannonFigures;
}

/** Spawn to "modules loaded" of bench/support/import-server.mjs: the code-loading part of a start. */
function codeLoading(): number[] {
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [path.join(import.meta.dirname, 'support/import-server.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`carregar o código falhou: ${r.stderr}`);
    times.push(performance.now() - t0);
  }
  return times;
}

async function coldStarts(engine: 'postgres' | 'pglite'): Promise<StartFigures> {
  const first: number[] = [];
  const reopen: number[] = [];
  const idle: StartFigures['idle'] = [];
  for (let i = 0; i < STARTS; i++) {
    const database = engine === 'postgres' ? await createBenchDatabase() : null;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-bench-start-'));
    const env = database ? { DATABASE_URL: database.url } : undefined;
    try {
      const a = await launchServer({ dataDir, env });
      first.push(a.healthyAfterMs);
      await a.stop({ keepDataDir: true });
      const b = await launchServer({ dataDir, env });
      reopen.push(b.healthyAfterMs);
      if (i === 0) idle.push({ rate: '0.5 (padrão)', percent: await idleCpu(b) });
      await b.stop({ keepDataDir: true });
      if (i === 0) {
        const c = await launchServer({ dataDir, env: { ...env, EMAIL_RATE_PER_SECOND: '14' } });
        idle.push({ rate: '14', percent: await idleCpu(c) });
        await c.stop({ keepDataDir: true });
      }
      log(`${engine}: primeira partida ${ms(a.healthyAfterMs)}, reabertura ${ms(b.healthyAfterMs)}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  }
  return { engine, first, reopen, idle };
}

async function memory(engine: 'postgres' | 'pglite'): Promise<MemoryFigures> {
  const database = engine === 'postgres' ? await createBenchDatabase() : null;
  let server: LaunchedServer | undefined;
  try {
    server = await launchServer({
      env: { EMAIL_RATE_PER_SECOND: '50', ...(database ? { DATABASE_URL: database.url } : {}) },
    });
    await sleep(5000);
    const boot = await server.memory({ gc: true });
    const admin = await Session.signIn(server.baseURL, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const { cliente, laudoComPdf, laudoIds } = await prepararCarteira(admin, {
      laudos: 500,
      pdfBytes: 1024 * 1024,
      prefixo: `mem${engine}`,
    });
    await sleep(3000);
    const seeded = await server.memory({ gc: true });
    const watch = watchMemory(server);
    const load = await cannonMixed(
      server.baseURL,
      [
        '/api/laudos?pagina=1&porPagina=20&ordem=vencimento&direcao=asc',
        '/api/laudos/estatisticas',
        `/api/laudos/${laudoIds[1]}`,
        `/api/laudos/${laudoComPdf}/arquivos/pdf/download`,
      ],
      { seconds: LOAD_SECONDS, connections: CONNECTIONS, headers: browserHeaders(cliente.session.cookie) },
    );
    const peaks = await watch.stop();
    await sleep(5000);
    const after = await server.memory({ gc: true });
    log(
      `${engine}: RSS em repouso ${bytes(boot.rss)}, com dados ${bytes(seeded.rss)}, pico ${bytes(peaks.peakRss)}, depois ${bytes(after.rss)}`,
    );
    return { engine, boot, seeded, peakRss: peaks.peakRss, peakHeap: peaks.peakHeap, after, load };
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

async function main() {
  ensureBuild();
  const hasPg = Boolean(postgresBase());
  if (!hasPg) log(NO_POSTGRES);
  const engines: Array<'pglite' | 'postgres'> = hasPg ? ['pglite', 'postgres'] : ['pglite'];
  const loading = codeLoading();
  log(`só carregar o código: ${loading.map(ms).join(', ')}`);
  const starts: StartFigures[] = [];
  for (const e of engines) starts.push(await coldStarts(e));
  const memories: MemoryFigures[] = [];
  for (const e of engines) memories.push(await memory(e));

  const name = (e: string) => (e === 'postgres' ? 'PostgreSQL' : 'PGlite');
  const weaknesses: string[] = [];
  for (const m of memories) {
    const growth = m.after.heapUsed - m.seeded.heapUsed;
    if (growth > 20 * 1024 * 1024)
      weaknesses.push(
        `- **Fraqueza** (${name(m.engine)}): o heap depois da carga ficou ${bytes(growth)} acima do de antes (${bytes(m.seeded.heapUsed)} → ${bytes(m.after.heapUsed)}, ambos após coleta de lixo).`,
      );
    if (m.load.non2xx + m.load.errors + m.load.timeouts > 0)
      weaknesses.push(
        `- **Fraqueza** (${name(m.engine)}): ${m.load.non2xx} respostas não-2xx e ${m.load.errors + m.load.timeouts} erros durante a carga.`,
      );
  }
  const md = [
    '## 4. Partida a frio e memória do servidor',
    '',
    `- Máquina: ${machine()}`,
    `- Data: ${now()}`,
    `- Comando: ${command('cold-start')}`,
    `- Partida: do \`spawn\` de \`node --enable-source-maps apps/server/dist/main.js\` (o que \`npm start\` executa, sem a verificação das compilações; um processo, \`WORKERS=1\`) até o primeiro \`GET /api/health\` 200, consultado a cada 20 ms. Inclui carregar o código, abrir o banco, migrar, o seed (a primeira partida cria o administrador), iniciar o pg-boss e abrir a porta. Mediana de ${STARTS}.`,
    ...(hasPg ? [] : [`- **${NO_POSTGRES}**`]),
    '',
    '| Banco | Primeira partida (banco novo) | Reabertura | Todas (primeira / reabertura) |',
    '|---|---|---|---|',
    ...starts.map(
      (s) =>
        `| ${s.engine === 'postgres' ? 'PostgreSQL (banco novo, migrado na partida)' : 'PGlite (pasta de dados nova)'} | ${ms(median(s.first))} | ${ms(median(s.reopen))} | ${s.first.map(ms).join(', ')} / ${s.reopen.map(ms).join(', ')} |`,
    ),
    `| (só carregar o código: \`import\` de \`apps/server/dist/serve.js\`, o pacote compilado, sem abrir nada) | ${ms(median(loading))} | | ${loading.map(ms).join(', ')} |`,
    '',
    `CPU em repouso: quanto de um núcleo o servidor ocioso usa (${IDLE_SECONDS} s, de \`/proc/<pid>/stat\`), pelo ritmo de e-mail configurado: cada worker de e-mail consulta a fila a cada 0,5 s, e o número de workers acompanha \`EMAIL_RATE_PER_SECOND\` (até 20).`,
    '',
    '| Banco | EMAIL_RATE_PER_SECOND | CPU em repouso |',
    '|---|---|---|',
    ...starts.flatMap((s) =>
      s.idle.map((i) => `| ${name(s.engine)} | ${i.rate} | ${i.percent.toFixed(1)}% de um núcleo |`),
    ),
    '',
    `Memória: RSS (de \`/proc/<pid>/status\`) e heap do V8 em uso (\`process.memoryUsage()\` do servidor, lido por \`bench/support/memory-probe.mjs\`, carregado com \`--import\`). "Repouso" é 5 s depois da partida; "com dados" depois de criar um cliente com 500 laudos e um PDF de 1 MB; "carga" é autocannon por ${LOAD_SECONDS} s com ${CONNECTIONS} conexões alternando lista, estatísticas, um laudo e o download do PDF, amostrada a cada 250 ms; "depois" é 5 s após a carga. Os valores de repouso e depois são medidos após uma coleta de lixo completa.`,
    '',
    '| Banco | RSS repouso | RSS com dados | RSS pico na carga | RSS depois | Heap repouso | Heap com dados | Heap pico na carga | Heap depois | Carga (req/s, p99) |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...memories.map(
      (m) =>
        `| ${name(m.engine)} | ${bytes(m.boot.rss)} | ${bytes(m.seeded.rss)} | ${bytes(m.peakRss)} | ${bytes(m.after.rss)} | ${bytes(m.boot.heapUsed)} | ${bytes(m.seeded.heapUsed)} | ${bytes(m.peakHeap)} | ${bytes(m.after.heapUsed)} | ${int(m.load.rps)}, ${ms(m.load.p99)} |`,
    ),
    '',
    ...(weaknesses.length
      ? weaknesses
      : [
          '- Sem fraqueza: o heap volta ao nível de antes da carga (diferença menor que 20 MB após coleta de lixo).',
        ]),
  ].join('\n');
  writeSection(SECTION, md);
  log('seção escrita em docs/benchmarks.md');
}

await main();
