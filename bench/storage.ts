/*
 * Section 9: the laudo files on disk and in S3 (decision 038), in one run on the same database:
 * the upload and download rows of section 6 (a 48 KB PDF sent, a 256 KB PDF read) with 10 at a
 * time, a 20 MB download through the server, and — on S3 — the same 20 MB read straight from the
 * bucket, as a presigned link would have the browser do (the measurement behind 038's choice to
 * stream through the server). The S3 peer is the tests' Swift (apps/server/test/helpers/swift.ts).
 *
 *   node --import tsx bench/storage.ts [--quick]
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startSwift } from '../apps/server/test/helpers/swift.ts';
import { criarLaudos, enviarPdf, pdf, prepararCarteira, Session, tiposDeLaudo } from './support/api.ts';
import { launchServer } from './support/launch.ts';
import { createBenchDatabase } from './support/pg.ts';
import { machine, writeSection } from './support/report.ts';
import { BENCH_ADMIN } from './support/server.ts';
import { bytes, command, int, log, ms, now, percentile, pool, postgresBase, quick } from './support/stats.ts';

const SECTION = 'storage';
const UPLOAD_BYTES = 48 * 1024;
const DOWNLOAD_BYTES = 256 * 1024;
const BIG_BYTES = 20 * 1024 * 1024;
const UPLOADS = quick ? 60 : 300;
const DOWNLOADS = quick ? 150 : 1000;
const BIG_TIMES = quick ? 3 : 7;
const CONCURRENCY = 10;

interface Row {
  name: string;
  what: string;
  count: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  cpuPerRequest: number;
}

interface Big {
  via: string;
  times: number[];
}

async function timed(
  count: number,
  server: { cpuMs(): number },
  fn: (i: number) => Promise<boolean>,
): Promise<Omit<Row, 'name' | 'what'>> {
  const latencies: number[] = [];
  let errors = 0;
  const cpu0 = server.cpuMs();
  const t0 = performance.now();
  await pool(
    Array.from({ length: count }, (_, i) => i),
    CONCURRENCY,
    async (i) => {
      const s = performance.now();
      const ok = await fn(i).catch(() => false);
      latencies.push(performance.now() - s);
      if (!ok) errors++;
    },
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    count,
    errors,
    perSecond: count / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuPerRequest: (server.cpuMs() - cpu0) / count,
  };
}

async function readAll(res: Response): Promise<number> {
  let n = 0;
  for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) n += c.byteLength;
  return n;
}

async function measure(
  backend: 'disco' | 's3',
  storageEnv: Record<string, string>,
  s3?: { client: S3Client; bucket: string },
): Promise<{ rows: Row[]; big: Big[] }> {
  const database = postgresBase() ? await createBenchDatabase() : null;
  const server = await launchServer({
    env: {
      EMAIL_RATE_PER_SECOND: '50',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...storageEnv,
    },
  });
  try {
    const admin = await Session.signIn(server.baseURL, BENCH_ADMIN.email, BENCH_ADMIN.password);
    log(`${backend}: preparando laudos e PDFs`);
    const { cliente, laudoComPdf } = await prepararCarteira(admin, {
      laudos: 5,
      pdfBytes: DOWNLOAD_BYTES,
      prefixo: `arm${backend.replace(/\W/g, '')}`,
    });
    const tipos = await tiposDeLaudo(admin);
    const alvos = await criarLaudos(
      admin,
      Array.from({ length: 20 }, (_, i) => ({
        nome: `Vaso ${i}`,
        codigo: `ARM-${backend.toUpperCase()}-${i}`,
        cliente: cliente.empresa,
        tipo: tipos[i % tipos.length]!,
        emailCliente: null,
        dataVencimento: null,
      })),
    );
    const arquivo = pdf(UPLOAD_BYTES);
    const blob = new Blob([new Uint8Array(arquivo)], { type: 'application/pdf' });
    log(`${backend}: ${UPLOADS} envios de ${bytes(UPLOAD_BYTES)}`);
    const envio = await timed(UPLOADS, server, async (i) => {
      const form = new FormData();
      form.append('arquivo', blob, 'laudo.pdf');
      const res = await admin.call('POST', `/api/laudos/${alvos[i % alvos.length]}/arquivos/pdf`, form);
      await res.arrayBuffer();
      return res.ok;
    });
    log(`${backend}: ${DOWNLOADS} downloads de ${bytes(DOWNLOAD_BYTES)}`);
    const url = `/api/laudos/${laudoComPdf}/arquivos/pdf/download`;
    const leitura = await timed(DOWNLOADS, server, async () => {
      const res = await cliente.session.call('GET', url);
      return res.ok && (await readAll(res)) === Number(res.headers.get('content-length'));
    });

    log(`${backend}: ${BIG_TIMES} downloads de ${bytes(BIG_BYTES)}`);
    const grande = pdf(BIG_BYTES);
    const grandeId = alvos[0]!;
    await enviarPdf(admin, grandeId, grande, 'grande.pdf');
    const sha = createHash('sha256').update(grande).digest('hex');
    const big: Big[] = [{ via: 'pelo servidor', times: [] }];
    for (let i = 0; i < BIG_TIMES; i++) {
      const s = performance.now();
      const res = await admin.call('GET', `/api/laudos/${grandeId}/arquivos/pdf/download`);
      const hash = createHash('sha256');
      for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) hash.update(c);
      if (!res.ok || hash.digest('hex') !== sha) throw new Error(`download de ${bytes(BIG_BYTES)} diferente`);
      big[0]!.times.push(performance.now() - s);
    }
    if (s3) {
      // The key the server gave the file: the bucket's only object under that laudo with that size.
      const page = await s3.client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${grandeId}/` }),
      );
      const key = page.Contents?.find((o) => o.Size === grande.byteLength)?.Key;
      if (!key) throw new Error('o PDF grande não está no bucket');
      const direto: Big = { via: 'direto do bucket (GET assinado, como um link pré-assinado)', times: [] };
      for (let i = 0; i < BIG_TIMES; i++) {
        const s = performance.now();
        const got = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        const hash = createHash('sha256');
        for await (const c of got.Body as AsyncIterable<Uint8Array>) hash.update(c);
        if (hash.digest('hex') !== sha) throw new Error('leitura direta do bucket diferente');
        direto.times.push(performance.now() - s);
      }
      big.push(direto);
    }
    return {
      rows: [
        {
          name: 'Enviar PDF',
          what: `\`POST …/arquivos/pdf\` (multipart, ${bytes(UPLOAD_BYTES)})`,
          ...envio,
        },
        {
          name: 'Download do PDF',
          what: `\`GET …/arquivos/pdf/download\` (${bytes(DOWNLOAD_BYTES)})`,
          ...leitura,
        },
      ],
      big,
    };
  } finally {
    await server.stop();
    await database?.drop();
  }
}

async function main() {
  const cargas: number[] = [os.loadavg()[0]!];
  const disco = await measure('disco', {});
  cargas.push(os.loadavg()[0]!);
  log('iniciando o Swift (S3)');
  const swift = await startSwift();
  let s3: Awaited<ReturnType<typeof measure>>;
  const client = new S3Client({
    region: swift.region,
    endpoint: swift.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: swift.accessKeyId, secretAccessKey: swift.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    const bucket = 'laudos-bench';
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    s3 = await measure(
      's3',
      {
        STORAGE: 's3',
        S3_BUCKET: bucket,
        S3_ENDPOINT: swift.endpoint,
        S3_REGION: swift.region,
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ACCESS_KEY_ID: swift.accessKeyId,
        AWS_SECRET_ACCESS_KEY: swift.secretAccessKey,
      },
      { client, bucket },
    );
  } finally {
    client.destroy();
    await swift.stop();
  }
  cargas.push(os.loadavg()[0]!);
  const razao = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : '—');
  const table = [
    '| Tipo | O que é | Armazenamento | Pedidos | Erros | por segundo | p50 | p99 | CPU do servidor por pedido | p50 ÷ disco |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...disco.rows.flatMap((d, i) => {
      const s = s3.rows[i]!;
      return [
        `| ${d.name} | ${d.what} | disco | ${int(d.count)} | ${d.errors} | ${d.perSecond.toFixed(0)} | ${ms(d.p50)} | ${ms(d.p99)} | ${ms(d.cpuPerRequest)} | 1.00× |`,
        `| ${s.name} | ${s.what} | S3 (Swift) | ${int(s.count)} | ${s.errors} | ${s.perSecond.toFixed(0)} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.cpuPerRequest)} | ${razao(s.p50, d.p50)} |`,
      ];
    }),
  ];
  const bigRows = [
    ...disco.big.map((b) => ({ ...b, onde: 'disco' })),
    ...s3.big.map((b) => ({ ...b, onde: 'S3 (Swift)' })),
  ];
  const base = percentile(disco.big[0]!.times, 50);
  const bigTable = [
    `| ${bytes(BIG_BYTES)} | Armazenamento | Vezes | Mediana | Mínimo | Máximo | MB/s (mediana) | ÷ disco pelo servidor |`,
    '|---|---|---|---|---|---|---|---|',
    ...bigRows.map((b) => {
      const med = percentile(b.times, 50);
      return `| ${b.via} | ${b.onde} | ${b.times.length} | ${ms(med)} | ${ms(Math.min(...b.times))} | ${ms(Math.max(...b.times))} | ${(BIG_BYTES / 1024 / 1024 / (med / 1000)).toFixed(0)} | ${razao(med, base)} |`;
    }),
  ];
  const erros = [...disco.rows, ...s3.rows].filter((r) => r.errors > 0);
  const md = [
    '## 9. Arquivos no disco e no S3 (decisão 038)',
    '',
    `- Máquina: ${machine()}`,
    `- Data: ${now()}`,
    `- Comando: ${command('storage')}`,
    `- Como: o mesmo servidor (${postgresBase() ? 'PostgreSQL' : 'PGlite: PostgreSQL indisponível'}, um processo) duas vezes, com \`STORAGE=disk\` e com \`STORAGE=s3\` num Swift 2.30 com \`s3api\` nesta máquina (o dos testes, \`apps/server/test/helpers/swift.ts\`: um processo por servidor, sem rede entre eles). As linhas de envio e download são as da seção 6, com ${CONCURRENCY} pedidos de cada vez (não 200 usuários): ${int(UPLOADS)} envios de um PDF de ${bytes(UPLOAD_BYTES)} (cada um substitui o PDF de um de 20 laudos, e o anterior é apagado) e ${int(DOWNLOADS)} downloads de um PDF de ${bytes(DOWNLOAD_BYTES)} pelo cliente. Depois, ${BIG_TIMES} downloads de um PDF de ${bytes(BIG_BYTES)}, um de cada vez, pelo servidor e — no S3 — direto do bucket por este processo (um GET assinado, o que um link pré-assinado faria o navegador fazer), conferindo o SHA-256 de cada um.`,
    `- Carga da máquina (média de 1 min do \`uptime\`) no início, entre as duas medições e no fim: ${cargas.map((c) => c.toFixed(1)).join(', ')} — em 2 núcleos, acima de 2 a máquina estava ocupada também com outros processos; compare as razões desta execução, não os valores absolutos.`,
    '- *por segundo*: pedidos concluídos ÷ tempo da medição; *p50*/*p99*: latência do envio ao fim da resposta; *CPU do servidor por pedido*: CPU (usuário + sistema) do processo do servidor na medição ÷ pedidos (o do Swift e o do banco ficam fora).',
    '',
    ...table,
    '',
    ...bigTable,
    '',
    ...(erros.length
      ? erros.map((r) => `- **Fraqueza**: ${r.errors} erro(s) em ${r.name}.`)
      : ['- Nenhum erro.']),
  ].join('\n');
  writeSection(SECTION, md);
  log('seção escrita em docs/benchmarks.md');
}

await main();
