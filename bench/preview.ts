/*
 * Section 7: `/api/health` latency while three previews of a big spreadsheet run at once (issue 13,
 * point 3). A 100k-row × 10-number XLSX (~5.7 MB, ~39 MB of XML) is uploaded to laudos by the
 * admin; then `/api/health` is called one call after another (each timed) at rest, during three
 * concurrent previews with the preview worker not yet started, during three more of other files
 * (worker running, nothing cached), and during three repeats (from the cache). The server's RSS is
 * sampled from /proc every 50 ms. PGlite always; PostgreSQL when BENCH_DATABASE_URL/TEST_DATABASE_URL
 * is set.
 *
 *   node --import tsx bench/preview.ts [--quick] [--print]   (--print: the section to stdout only)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { Session } from './support/api.ts';
import { ensureBuild, type LaunchedServer, launchServer } from './support/launch.ts';
import { createBenchDatabase } from './support/pg.ts';
import { machine, writeSection } from './support/report.ts';
import { BENCH_ADMIN } from './support/server.ts';
import {
  bytes,
  command,
  log,
  ms,
  NO_POSTGRES,
  now,
  percentile,
  postgresBase,
  quick,
  sleep,
} from './support/stats.ts';

const SECTION = 'preview';
const ROWS = 100_000;
const COLS = 10;
/** Health calls at rest, and at least this many during each round. */
const MIN_CALLS = quick ? 100 : 300;
const print = process.argv.includes('--print');

interface Round {
  name: string;
  health: number[];
  statuses: Record<number, number>;
  /** Time to each preview's answer, from the start of the round. */
  previews: number[];
  previewStatuses: number[];
  rssBefore: number;
  rssPeak: number;
}

async function writeSheet(file: string): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const ws = wb.addWorksheet('Medições');
  for (let r = 1; r <= ROWS; r++)
    ws.addRow(Array.from({ length: COLS }, (_, c) => Math.round((r * 1.37 + c / 7) * 100) / 100)).commit();
  ws.commit();
  await wb.commit();
}

async function laudoComPlanilha(admin: Session, sheet: Buffer, n: number): Promise<string> {
  const { laudo } = await admin.json<{ laudo: { id: string } }>('POST', '/api/laudos', {
    nome: `Vaso de pressão ${n}`,
    codigo: `PREVIA-${n}`,
    cliente: 'ACME',
    tipo: 'NR-13',
    dataVencimento: null,
  });
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(sheet)]), 'medicoes.xlsx');
  await admin.json('POST', `/api/laudos/${laudo.id}/arquivos/excel`, form);
  return laudo.id;
}

async function timedHealth(baseURL: string): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(60_000) });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status };
}

/** Health calls one after another while `ids` are previewed at once (none: at rest). */
async function round(server: LaunchedServer, admin: Session, name: string, ids: string[]): Promise<Round> {
  const rssBefore = (await server.memory()).rss;
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, (await server.memory()).rss);
      await sleep(50);
    }
  })();
  const started = performance.now();
  let pending = ids.length;
  const previews = Promise.all(
    ids.map(async (id) => {
      const res = await admin.call('GET', `/api/laudos/${id}/arquivos/excel/tabela`);
      await res.arrayBuffer();
      pending--;
      return { ms: performance.now() - started, status: res.status };
    }),
  );
  const health: number[] = [];
  const statuses: Record<number, number> = {};
  while (pending > 0 || health.length < MIN_CALLS) {
    const h = await timedHealth(server.baseURL);
    health.push(h.ms);
    statuses[h.status] = (statuses[h.status] ?? 0) + 1;
  }
  const done = await previews;
  sampling = false;
  await sampler;
  const r: Round = {
    name,
    health,
    statuses,
    previews: done.map((d) => d.ms),
    previewStatuses: done.map((d) => d.status),
    rssBefore,
    rssPeak,
  };
  log(
    `${name}: ${health.length} health, p50 ${ms(percentile(health, 50))}, p99 ${ms(percentile(health, 99))}, máx ${ms(Math.max(...health))}; ` +
      `prévias ${r.previews.map(ms).join(', ')} (${r.previewStatuses.join(', ')}); RSS ${bytes(rssBefore)} → pico ${bytes(rssPeak)}`,
  );
  return r;
}

async function measure(engine: 'pglite' | 'postgres', sheet: Buffer): Promise<Round[]> {
  const database = engine === 'postgres' ? await createBenchDatabase() : null;
  let server: LaunchedServer | undefined;
  try {
    server = await launchServer({
      env: { JOBS: 'off', ...(database ? { DATABASE_URL: database.url } : {}) },
    });
    const admin = await Session.signIn(server.baseURL, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const ids: string[] = [];
    for (let n = 1; n <= 6; n++) ids.push(await laudoComPlanilha(admin, sheet, n));
    await sleep(2000);
    return [
      await round(server, admin, 'em repouso', []),
      await round(server, admin, '3 prévias, worker iniciando', ids.slice(0, 3)),
      await round(server, admin, '3 prévias de outros arquivos, worker pronto', ids.slice(3, 6)),
      await round(server, admin, '3 prévias repetidas (cache)', ids.slice(0, 3)),
    ];
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

async function main() {
  ensureBuild();
  const dir = mkdtempSync(path.join(tmpdir(), 'laudos-bench-previa-'));
  const file = path.join(dir, 'medicoes.xlsx');
  await writeSheet(file);
  const sheet = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  log(`planilha: ${ROWS} linhas × ${COLS} números, ${bytes(sheet.length)}`);

  const hasPg = Boolean(postgresBase());
  if (!hasPg) log(NO_POSTGRES);
  const engines: Array<'pglite' | 'postgres'> = hasPg ? ['pglite', 'postgres'] : ['pglite'];
  const results: Array<{ engine: string; rounds: Round[] }> = [];
  for (const engine of engines) results.push({ engine, rounds: await measure(engine, sheet) });

  const name = (e: string) => (e === 'postgres' ? 'PostgreSQL' : 'PGlite');
  const weaknesses: string[] = [];
  for (const { engine, rounds } of results)
    for (const r of rounds) {
      const bad = Object.entries(r.statuses).filter(([s]) => s !== '200');
      if (Math.max(...r.health) >= 1000 || bad.length)
        weaknesses.push(
          `- **Fraqueza** (${name(engine)}, ${r.name}): health máx. ${ms(Math.max(...r.health))}${bad.length ? `, respostas ${bad.map(([s, n]) => `${s} ×${n}`).join(', ')}` : ''}.`,
        );
      if (r.rssPeak - r.rssBefore >= 300 * 1024 * 1024)
        weaknesses.push(
          `- **Fraqueza** (${name(engine)}, ${r.name}): o RSS subiu ${bytes(r.rssPeak - r.rssBefore)}.`,
        );
    }
  const md = [
    '## 7. Visualização de uma planilha grande (issue 13, ponto 3)',
    '',
    `- Máquina: ${machine()}`,
    `- Data: ${now()}`,
    `- Comando: ${command('preview')}`,
    `- Como: uma planilha de ${ROWS / 1000} mil linhas × ${COLS} números (${bytes(sheet.length)}; ~39 MB de XML) enviada pelo admin a 6 laudos. Em cada rodada, \`GET /api/health\` é chamado um depois do outro (cada um cronometrado; pelo menos ${MIN_CALLS}) enquanto 3 prévias (\`GET /api/laudos/{id}/arquivos/excel/tabela\`) correm ao mesmo tempo; o RSS do servidor é lido de \`/proc/<pid>/status\` a cada 50 ms. A prévia lê em um worker, uma por vez, só as 200 linhas que mostra (\`apps/server/src/storage/excel-preview.ts\`); "worker iniciando" inclui a partida do worker (~0,5–1 s).`,
    ...(hasPg ? [] : [`- **${NO_POSTGRES}**`]),
    '',
    '| Banco | Rodada | Health (chamadas) | p50 | p99 | máx. | Prévias respondidas em | RSS antes → pico |',
    '|---|---|---|---|---|---|---|---|',
    ...results.flatMap(({ engine, rounds }) =>
      rounds.map(
        (r) =>
          `| ${name(engine)} | ${r.name} | ${r.health.length} | ${ms(percentile(r.health, 50))} | ${ms(percentile(r.health, 99))} | ${ms(Math.max(...r.health))} | ${r.previews.length ? `${r.previews.map(ms).join(', ')} (${[...new Set(r.previewStatuses)].join(', ')})` : '—'} | ${bytes(r.rssBefore)} → ${bytes(r.rssPeak)} (+${bytes(r.rssPeak - r.rssBefore)}) |`,
      ),
    ),
    '',
    'Antes: o mesmo script sobre o código anterior (commit 98cc391, que lia a planilha inteira com exceljs no laço de eventos, sem worker nem cache), nesta máquina em 2026-11-24. Nas três rodadas com prévias: PGlite com health p99 de 40.8 ms a 2.27 s e máx. de 3.22 a 5.66 s, prévias em 8.19–19.84 s, RSS +602 a +1 181 MB; PostgreSQL com health p99 de 2.53 a 5.42 s e máx. de 5.59 a 8.76 s, 5 respostas 503 (o ping do banco estourou o tempo), prévias em 8.48–35.18 s, RSS +489 a +1 076 MB.',
    '',
    ...(weaknesses.length
      ? weaknesses
      : [
          '- Sem fraqueza: nenhum health passou de 1 s nem respondeu outra coisa que 200, e o RSS subiu menos de 300 MB.',
        ]),
  ].join('\n');
  if (print) console.log(`\n${md}\n`);
  else {
    writeSection(SECTION, md);
    log('seção escrita em docs/benchmarks.md');
  }
}

await main();
