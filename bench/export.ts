/*
 * Section 8: the full export as a ZIP (issue 18, `data_export`; decision 022). 5,000 laudos with a
 * 40 KiB PDF each (~200 MB of files; four random PDFs uploaded under many names, so the seed is
 * cheap) are created through the API; then the admin downloads `GET /api/exportacao/completa` while
 * the server's RSS is read from /proc/<pid>/status every 100 ms. Figures: time to the first byte
 * (the archive is planned first: the laudos read in batches, each file's size, the two
 * spreadsheets), throughput, peak RSS growth, and whether the declared Content-Length is the bytes
 * that came. The bar: RSS grows < 100 MB (exits 1 otherwise). PGlite always; PostgreSQL when
 * BENCH_DATABASE_URL/TEST_DATABASE_URL is set.
 *
 *   node --import tsx bench/export.ts [--quick] [--print]   (--quick: 500 laudos, ~20 MB)
 */
import { performance } from 'node:perf_hooks';
import { pdf, Session } from './support/api.ts';
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
  pool,
  postgresBase,
  quick,
  sleep,
} from './support/stats.ts';

const SECTION = 'export';
const LAUDOS = quick ? 500 : 5000;
const PDF_BYTES = 40 * 1024;
const BAR = 100 * 1024 * 1024;
const print = process.argv.includes('--print');

interface Result {
  engine: 'pglite' | 'postgres';
  seedMs: number;
  declared: number;
  received: number;
  firstByteMs: number;
  totalMs: number;
  rssBefore: number;
  rssPeak: number;
  status: number;
}

async function seed(admin: Session): Promise<void> {
  const pdfs = Array.from({ length: 4 }, () => pdf(PDF_BYTES));
  const indices = Array.from({ length: LAUDOS }, (_, i) => i);
  await pool(indices, 6, async (i) => {
    const { laudo } = await admin.json<{ laudo: { id: string } }>('POST', '/api/laudos', {
      nome: `Vaso de pressão ${i}`,
      codigo: `EXP-${String(i).padStart(5, '0')}`,
      cliente: 'ACME',
      tipo: 'NR-13',
      dataVencimento: null,
    });
    const form = new FormData();
    form.append(
      'arquivo',
      new Blob([new Uint8Array(pdfs[i % pdfs.length]!)], { type: 'application/pdf' }),
      `relatório ${i}.pdf`,
    );
    await admin.json('POST', `/api/laudos/${laudo.id}/arquivos/pdf`, form);
    if ((i + 1) % 1000 === 0) log(`  ${i + 1} laudos com PDF`);
  });
}

async function download(server: LaunchedServer, admin: Session) {
  const rssBefore = (await server.memory()).rss;
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, (await server.memory()).rss);
      await sleep(100);
    }
  })();
  const t0 = performance.now();
  const res = await admin.call('GET', '/api/exportacao/completa');
  const firstByteMs = performance.now() - t0;
  const declared = Number(res.headers.get('content-length'));
  let received = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) received += chunk.byteLength;
  const totalMs = performance.now() - t0;
  sampling = false;
  await sampler;
  return { status: res.status, declared, received, firstByteMs, totalMs, rssBefore, rssPeak };
}

async function measure(engine: 'pglite' | 'postgres'): Promise<Result> {
  const database = engine === 'postgres' ? await createBenchDatabase() : null;
  let server: LaunchedServer | undefined;
  try {
    server = await launchServer({
      env: { JOBS: 'off', ...(database ? { DATABASE_URL: database.url } : {}) },
    });
    const admin = await Session.signIn(server.baseURL, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const s0 = performance.now();
    await seed(admin);
    const seedMs = performance.now() - s0;
    log(`${engine}: ${LAUDOS} laudos com PDF em ${ms(seedMs)}`);
    await sleep(2000);
    const r = await download(server, admin);
    log(
      `${engine}: ${r.status}, ${bytes(r.received)} de ${bytes(r.declared)} declarados; primeiro byte ${ms(r.firstByteMs)}, total ${ms(r.totalMs)}; RSS ${bytes(r.rssBefore)} → pico ${bytes(r.rssPeak)} (+${bytes(r.rssPeak - r.rssBefore)})`,
    );
    return { engine, seedMs, ...r };
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
  const results: Result[] = [];
  for (const engine of engines) results.push(await measure(engine));

  const name = (e: string) => (e === 'postgres' ? 'PostgreSQL' : 'PGlite');
  const passa = (r: Result) => r.status === 200 && r.received === r.declared && r.rssPeak - r.rssBefore < BAR;
  const vazao = (r: Result) => `${bytes(r.received / ((r.totalMs - r.firstByteMs) / 1000))}/s`;
  const md = [
    '## 8. Exportação completa em ZIP (issue 18, `data_export`)',
    '',
    `- Máquina: ${machine()}`,
    `- Data: ${now()}`,
    `- Comando: ${command('export')}`,
    `- Como: ${LAUDOS} laudos criados pelo admin, cada um com um PDF de ${bytes(PDF_BYTES)} (${bytes(LAUDOS * PDF_BYTES)} de arquivos; quatro PDFs aleatórios enviados com nomes diferentes). O admin baixa \`GET /api/exportacao/completa\` (todos os laudos) e lê a resposta até o fim; o RSS do servidor é lido de \`/proc/<pid>/status\` a cada 100 ms. "Primeiro byte" inclui o planejamento do ZIP (laudos lidos em lotes de 500, o tamanho de cada arquivo, o CSV e o XLSX montados em memória); "vazão" conta do primeiro ao último byte.`,
    '- Meta: o RSS cresce menos de 100 MB durante o download (o arquivo nunca fica inteiro em memória nem em disco).',
    ...(hasPg ? [] : [`- **${NO_POSTGRES}**`]),
    '',
    '| Banco | Resposta | Bytes recebidos / declarados | Primeiro byte | Total | Vazão | RSS antes → pico | Meta (< 100 MB) |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${name(r.engine)} | ${r.status} | ${bytes(r.received)} / ${bytes(r.declared)}${r.received === r.declared ? '' : ' **diferentes**'} | ${ms(r.firstByteMs)} | ${ms(r.totalMs)} | ${vazao(r)} | ${bytes(r.rssBefore)} → ${bytes(r.rssPeak)} (+${bytes(r.rssPeak - r.rssBefore)}) | ${passa(r) ? 'passa' : '**falha**'} |`,
    ),
    '',
    ...results
      .filter((r) => r.firstByteMs >= 3000)
      .map(
        (r) =>
          `- **Fraqueza** (${name(r.engine)}): o primeiro byte demora ${ms(r.firstByteMs)}: o ZIP é planejado inteiro antes (os laudos em lotes, o tamanho de cada arquivo, um \`stat\` por arquivo, e as duas planilhas); a barra de progresso só aparece depois.`,
      ),
  ].join('\n');
  for (const r of results)
    console.log(
      `${name(r.engine)}: RSS cresce < 100 MB: ${passa(r) ? 'PASSA' : 'FALHA'} (+${bytes(r.rssPeak - r.rssBefore)}; ${r.received === r.declared ? 'Content-Length exato' : 'Content-Length diferente do recebido'})`,
    );
  if (print) console.log(`\n${md}\n`);
  else {
    writeSection(SECTION, md);
    log('seção escrita em docs/benchmarks.md');
  }
  if (!results.every(passa)) process.exitCode = 1;
}

await main();
