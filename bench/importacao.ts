/*
 * Section 10: the spreadsheet import of laudos (issue 22, decision 047). An XLSX of 1,000, 5,000
 * and 10,000 rows (made in memory, every row valid) goes through the real code in this process:
 * the upload route (parse and keep the rows), the preview route (validate every row), the execute
 * route, then the job's own function (`processarImportacao`, batches of 500 rows, each one
 * transaction with its laudos, audit entries and cursor) as the pg-boss worker would run it.
 * Figures: each step's time and the import time per 1,000 rows. PGlite always; PostgreSQL when
 * BENCH_DATABASE_URL/TEST_DATABASE_URL is set.
 *
 *   node --import tsx bench/importacao.ts [--quick] [--print]   (--quick: 1,000 and 5,000 rows)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { calendarDayIn } from '@laudos/domain';
import ExcelJS from 'exceljs';
import { loadConfig } from '../apps/server/src/config.ts';
import { processarImportacao } from '../apps/server/src/modules/importacao/service.ts';
import { createServer, type Server } from '../apps/server/src/server.ts';
import { createBenchDatabase } from './support/pg.ts';
import { machine, writeSection } from './support/report.ts';
import { int, log, ms, NO_POSTGRES, now, postgresBase, quick } from './support/stats.ts';

const SECTION = 'importacao';
const SIZES = quick ? [1000, 5000] : [1000, 5000, 10_000];
const ORIGIN = 'http://localhost:3000';
const ADMIN = { email: 'admin@bench.laudos.test', password: 'senha-admin-bench' };
const print = process.argv.includes('--print');

interface Figures {
  engine: 'pglite' | 'postgres';
  rows: number;
  bytes: number;
  uploadMs: number;
  previewMs: number;
  importMs: number;
}

async function planilha(rows: number, prefixo: string): Promise<Buffer> {
  const livro = new ExcelJS.Workbook();
  const folha = livro.addWorksheet('Laudos');
  folha.addRow(['Código', 'Nome', 'Tipo', 'Data de vencimento', 'E-mail do cliente', 'Observações']);
  for (let i = 0; i < rows; i++)
    folha.addRow([
      `${prefixo}-${i}`,
      `Vaso de pressão ${i}`,
      i % 2 ? 'NR-13' : 'NR-12',
      new Date(Date.UTC(2027, i % 12, (i % 28) + 1)),
      `cliente${i % 50}@acme.com.br`,
      i % 5 ? '' : 'Inspeção externa e interna',
    ]);
  return Buffer.from(await livro.xlsx.writeBuffer());
}

function multipart(nome: string, arquivo: Buffer, empresaId: string) {
  const b = `----bench${Math.random().toString(16).slice(2)}`;
  return {
    contentType: `multipart/form-data; boundary=${b}`,
    payload: Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="empresaId"\r\n\r\n${empresaId}\r\n`),
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="arquivo"; filename="${nome}"\r\n\r\n`),
      arquivo,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
  };
}

async function pedir(server: Server, cookie: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await server.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as {
    importacao: { id: string; mapeamento: Record<string, string>; previa?: { novos: number } };
  };
}

async function measure(engine: 'pglite' | 'postgres'): Promise<Figures[]> {
  const database = engine === 'postgres' ? await createBenchDatabase() : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-bench-importacao-'));
  let server: Server | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      LOG_LEVEL: 'silent',
      JOBS: 'off',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    server = await createServer(config, { logger: false });
    const entrada = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: ADMIN,
    });
    const cookie = ([] as string[])
      .concat(entrada.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const empresa = await server.app.inject({
      method: 'POST',
      url: '/api/admin/empresas',
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
      payload: { razaoSocial: 'ACME Caldeiras Ltda.', nomeFantasia: 'ACME' },
    });
    const empresaId = (empresa.json() as { empresa: { id: string } }).empresa.id;
    const figures: Figures[] = [];
    for (const rows of SIZES) {
      const arquivo = await planilha(rows, `B${rows}`);
      const corpo = multipart(`bench-${rows}.xlsx`, arquivo, empresaId);
      const t0 = performance.now();
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/importacoes',
        headers: { origin: ORIGIN, cookie, 'content-type': corpo.contentType },
        payload: corpo.payload,
      });
      if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
      const { importacao } = res.json() as Awaited<ReturnType<typeof pedir>>;
      const t1 = performance.now();
      const vista = await pedir(server, cookie, 'POST', `/api/importacoes/${importacao.id}/previa`, {
        mapeamento: importacao.mapeamento,
        existentes: 'pular',
      });
      if (vista.importacao.previa?.novos !== rows)
        throw new Error(`prévia: ${JSON.stringify(vista.importacao.previa)}`);
      const t2 = performance.now();
      await pedir(server, cookie, 'POST', `/api/importacoes/${importacao.id}/executar`, {
        existentes: 'pular',
        enviarEmails: false,
      });
      await processarImportacao(
        {
          db: server.database.db,
          email: server.email,
          publicUrl: ORIGIN,
          hoje: () => calendarDayIn(config.timeZone),
        },
        importacao.id,
      );
      const t3 = performance.now();
      const fim = await pedir(server, cookie, 'GET', `/api/importacoes/${importacao.id}`);
      const resultado = (fim.importacao as { resultado?: { importados: number } }).resultado;
      if (resultado?.importados !== rows) throw new Error(`importação: ${JSON.stringify(resultado)}`);
      const f = {
        engine,
        rows,
        bytes: arquivo.length,
        uploadMs: t1 - t0,
        previewMs: t2 - t1,
        importMs: t3 - t2,
      };
      log(
        `${engine}: ${int(rows)} linhas — envio ${ms(f.uploadMs)}, prévia ${ms(f.previewMs)}, importação ${ms(f.importMs)} (${ms((f.importMs / rows) * 1000)} por 1 000)`,
      );
      figures.push(f);
    }
    return figures;
  } finally {
    await server?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const hasPg = Boolean(postgresBase());
  if (!hasPg) log(NO_POSTGRES);
  const engines: Array<'pglite' | 'postgres'> = hasPg ? ['pglite', 'postgres'] : ['pglite'];
  const results: Figures[] = [];
  for (const engine of engines) results.push(...(await measure(engine)));
  const name = (e: string) => (e === 'postgres' ? 'PostgreSQL' : 'PGlite');
  const porMil = (valor: number, rows: number) => ms((valor / rows) * 1000);
  const md = [
    '## 10. Importação de laudos por planilha (issue 22)',
    '',
    `- Máquina: ${machine()}`,
    `- Data: ${now()}`,
    `- Comando: \`npm run importacao -w @laudos/bench${quick ? ' -- --quick' : ''}\` (também pelo \`npm run bench -- --only=importacao\`)`,
    '- Como: um XLSX feito em memória (todas as linhas válidas, para uma empresa escolhida pelo admin) passa pelo código real neste processo: `POST /api/importacoes` (lê a planilha e guarda as linhas), `POST /api/importacoes/:id/previa` (valida cada linha e procura os códigos no banco), `POST /api/importacoes/:id/executar` e a função do job (`processarImportacao`: lotes de 500 linhas, cada um uma transação com os laudos, as entradas de auditoria e o cursor), como o worker do pg-boss a roda. Sem e-mails. "Importação" vai do executar ao fim do último lote.',
    ...(hasPg ? [] : [`- **${NO_POSTGRES}**`]),
    '',
    '| Banco | Linhas | XLSX | Envio | Prévia | Importação | Importação por 1 000 linhas | Total por 1 000 linhas |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${name(r.engine)} | ${int(r.rows)} | ${(r.bytes / 1024).toFixed(0)} KiB | ${ms(r.uploadMs)} | ${ms(r.previewMs)} | ${ms(r.importMs)} | ${porMil(r.importMs, r.rows)} | ${porMil(r.uploadMs + r.previewMs + r.importMs, r.rows)} |`,
    ),
  ].join('\n');
  if (print) console.log(`\n${md}\n`);
  else {
    writeSection(SECTION, md);
    log('seção escrita em docs/benchmarks.md');
  }
}

await main();
