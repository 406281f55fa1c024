import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, unzipEntries, xlsxBuffer } from '../../src/storage/test-fixtures.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../helpers/db.ts';
import { freePort, type ServerProcess, startServerProcess } from '../helpers/process.ts';

/*
 * Security checklist, item 8: a big spreadsheet cannot stall the server. A real server process (so
 * its event loop and its memory are real) gets a 100k-row × 10-number XLSX (~5.7 MB, ~39 MB of XML)
 * as a laudo's Excel, then three previews of it run at once while `/api/health` is called one call
 * after another: every health call answers within 1 s, the process's RSS grows by less than 300 MB,
 * each preview shows the sheet's first 200 rows, and a repeated preview comes from the cache (the
 * stored file is overwritten with garbage first: a preview that read it again could not show it).
 * A sheet the upload accepts but that would unpack beyond the preview's budget gets the pt-BR 422.
 */

const ADMIN = { email: 'admin@previa.laudos.test', password: 'senha-do-admin-previa' };
const ROWS = 100_000;
const COLS = 10;
const value = (r: number, c: number) => Math.round((r * 1.37 + c / 7) * 100) / 100;
const MB = 1024 * 1024;

let server: ServerProcess;
let database: TestDatabase | undefined;
let dataDir = '';
let sheetFile = '';
let baseURL = '';
let cookie = '';

/** The sheet, written row by row with exceljs's streaming writer (the test never holds it whole). */
async function writeBigSheet(file: string): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const ws = wb.addWorksheet('Medições');
  for (let r = 1; r <= ROWS; r++) ws.addRow(Array.from({ length: COLS }, (_, c) => value(r, c))).commit();
  ws.commit();
  await wb.commit();
}

function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`sem VmRSS para o processo ${pid}`);
  return Number(kb) * 1024;
}

async function call(method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { origin: baseURL, cookie };
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return fetch(`${baseURL}${url}`, { method, headers, body: payload });
}

/**
 * A workbook whose sheet has ~65 MB of XML before its one row (a comment of random text, then
 * spaces): packed 155:1, so the upload's zip-bomb guard (200:1) keeps it, but showing it would
 * unpack more than the preview's 64 MB.
 */
async function paddedSheet(): Promise<Buffer> {
  const entries = unzipEntries(await xlsxBuffer((wb) => wb.addWorksheet('Plan1').addRow(['Caldeira'])));
  return buildZip(
    entries.map((e) => {
      if (e.name !== 'xl/worksheets/sheet1.xml') return e;
      const xml = e.data.toString('utf8');
      const at = xml.indexOf('<sheetData');
      const comment = `<!-- ${randomBytes(360 * 1024).toString('base64')} -->`;
      const data = Buffer.concat([
        Buffer.from(xml.slice(0, at) + comment),
        Buffer.alloc(65 * MB, 0x20),
        Buffer.from(xml.slice(at)),
      ]);
      return { ...e, data };
    }),
  );
}

async function upload(laudoId: string, content: Buffer) {
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(content)]), 'medicoes.xlsx');
  const up = await call('POST', `/api/laudos/${laudoId}/arquivos/excel`, form);
  expect(up.status, await up.clone().text()).toBe(200);
}

async function criarLaudo(n: number): Promise<string> {
  const res = await call('POST', '/api/laudos', {
    nome: `Vaso de pressão ${n}`,
    codigo: `PREV-${n}`,
    cliente: 'ACME',
    tipo: 'NR-13',
    dataVencimento: null,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { laudo } = (await res.json()) as { laudo: { id: string } };
  return laudo.id;
}

async function criarLaudoComPlanilha(n: number): Promise<string> {
  const id = await criarLaudo(n);
  await upload(id, readFileSync(sheetFile));
  return id;
}

const preview = (id: string) => call('GET', `/api/laudos/${id}/arquivos/excel/tabela`);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-previa-'));
  sheetFile = path.join(dataDir, 'medicoes.xlsx');
  const port = await freePort();
  baseURL = `http://localhost:${port}`;
  const env: Record<string, string> = {
    AUTH_SECRET: 'previa-de-planilha-'.repeat(3),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: path.join(dataDir, 'data'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JOBS: 'off',
  };
  if (testEngine === 'postgres') {
    database = await createTestDatabase();
    await database.handle.close();
    env.DATABASE_URL = database.connectionString!;
  }
  server = startServerProcess(env);
  await Promise.all([writeBigSheet(sheetFile), server.waitFor(/Laudos está no ar/, 90_000)]);

  // An admin from ADMIN_PASSWORD signs in directly (only a printed, random password is temporary).
  const signIn = await call('POST', '/api/auth/sign-in/email', ADMIN);
  expect(signIn.status, await signIn.clone().text()).toBe(200);
  cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await database?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`security 8: a big spreadsheet's preview does not stall the server (${testEngine})`, () => {
  it('three previews at once: health within 1 s each, RSS +<300 MB, the first 200 rows, then the cache', async () => {
    expect(readFileSync(sheetFile).length).toBeGreaterThan(4 * MB);
    const ids = [
      await criarLaudoComPlanilha(1),
      await criarLaudoComPlanilha(2),
      await criarLaudoComPlanilha(3),
    ];
    const pid = server.child.pid!;

    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      if (server.child.exitCode === null) peak = Math.max(peak, rssOf(pid));
    }, 50);

    let settled = false;
    const started = performance.now();
    const previews = Promise.all(
      ids.map(async (id) => {
        const res = await preview(id);
        const body = (await res.json()) as { rows: string[][] };
        return { status: res.status, body, ms: performance.now() - started };
      }),
    ).finally(() => {
      settled = true;
    });

    const health: number[] = [];
    const statuses = new Set<number>();
    try {
      while (!settled || health.length < 50) {
        const t0 = performance.now();
        const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        health.push(performance.now() - t0);
        statuses.add(res.status);
      }
    } finally {
      clearInterval(sampler);
    }
    const results = await previews;
    peak = Math.max(peak, rssOf(pid));

    const slowest = Math.max(...health);
    console.log(
      `security 8 (${testEngine}): ${health.length} health calls, slowest ${slowest.toFixed(0)} ms; ` +
        `previews ${results.map((r) => `${r.ms.toFixed(0)} ms`).join(', ')}; ` +
        `RSS ${(baseline / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB`,
    );
    expect([...statuses]).toEqual([200]);
    expect(health.length).toBeGreaterThanOrEqual(50);
    expect(slowest).toBeLessThan(1000);
    expect(peak - baseline).toBeLessThan(300 * MB);

    // The budget reads the first 200 rows of this sheet and stops: the table, marked as cut.
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ sheetName: 'Medições', columns: COLS, truncated: true });
      expect(r.body.rows).toHaveLength(200);
    }
    const shown = results[0]!.body;
    const ptBR = new Intl.NumberFormat('pt-BR', { useGrouping: false, maximumFractionDigits: 10 });
    expect(shown.rows[0]).toEqual(Array.from({ length: COLS }, (_, c) => ptBR.format(value(1, c))));
    expect(shown.rows[199]).toEqual(Array.from({ length: COLS }, (_, c) => ptBR.format(value(200, c))));

    // Served from the cache: the stored file is now garbage, yet the same table comes back.
    const folder = path.join(dataDir, 'data', 'storage', 'laudos', ids[0]!);
    const [stored] = readdirSync(folder).filter((f) => f.endsWith('.xlsx'));
    writeFileSync(path.join(folder, stored!), 'não é mais uma planilha');
    const again = await preview(ids[0]!);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(shown);
  }, 180_000);

  it('a sheet the upload keeps but the preview would unpack beyond its budget: 422 in Portuguese', async () => {
    const id = await criarLaudo(4);
    await upload(id, await paddedSheet());
    const res = await preview(id);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: 'PLANILHA_GRANDE_DEMAIS',
        message: 'Planilha grande demais para visualizar; baixe o arquivo.',
      },
    });
    expect((await fetch(`${baseURL}/api/health`)).status).toBe(200);
  }, 60_000);
});
