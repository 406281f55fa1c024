import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, ole2Header, xlsxBuffer } from './test-fixtures.ts';
import { readZipDirectory, type UnzipBudget, zipEntryNamesFromHead, zipWithinBudget } from './zip-inspect.ts';

const MB = 1024 * 1024;
const budget: UnzipBudget = { maxUncompressedBytes: 50 * MB, maxRatio: 100, ratioAppliesAbove: 5 * MB };
let dir: string;

async function write(name: string, data: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, data);
  return file;
}

/** Whether the file passes the guard (false for anything that is not a readable ZIP). */
async function passes(file: string): Promise<boolean> {
  const entries = await readZipDirectory(file);
  return entries !== null && (await zipWithinBudget(file, entries, budget));
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'laudos-zip-'));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('readZipDirectory', () => {
  it('lists the entries of a workbook written by exceljs', async () => {
    const file = await write('p.xlsx', await xlsxBuffer((wb) => wb.addWorksheet('Plan1').addRow([1])));
    const names = (await readZipDirectory(file))?.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml']));
    expect(await passes(file)).toBe(true);
  });

  it('is null for what is not a plain ZIP', async () => {
    expect(await readZipDirectory(await write('a.xls', ole2Header()))).toBeNull();
    expect(await readZipDirectory(await write('vazio', Buffer.alloc(0)))).toBeNull();
    const zip = buildZip([{ name: 'a.txt', data: Buffer.from('abc') }]);
    expect(await readZipDirectory(await write('cortado.zip', zip.subarray(0, zip.length - 30)))).toBeNull();
  });
});

describe('zipWithinBudget', () => {
  it('accepts ordinary content', async () => {
    const text = Buffer.from('linha de planilha com texto variado 0123456789\n'.repeat(20_000)); // ~1 MB
    expect(await passes(await write('ok.zip', buildZip([{ name: 'a.xml', data: text }])))).toBe(true);
    expect(
      await passes(await write('guardado.zip', buildZip([{ name: 'a', data: text, store: true }]))),
    ).toBe(true);
  });

  it('refuses more than the budget unpacked, declared honestly', async () => {
    const bomb = buildZip([
      { name: 'a.xml', data: Buffer.alloc(30 * MB, 0x41) },
      { name: 'b.xml', data: Buffer.alloc(30 * MB, 0x42) },
    ]);
    expect(await passes(await write('grande.zip', bomb))).toBe(false);
  });

  it('refuses a high compression ratio above the threshold, not below it', async () => {
    expect(
      await passes(await write('razao.zip', buildZip([{ name: 'a', data: Buffer.alloc(6 * MB) }]))),
    ).toBe(false);
    expect(
      await passes(await write('pequeno.zip', buildZip([{ name: 'a', data: Buffer.alloc(4 * MB) }]))),
    ).toBe(true);
  });

  it('refuses an entry that unpacks to more than it declares', async () => {
    const liar = buildZip([{ name: 'a.xml', data: Buffer.alloc(60 * MB), declaredSize: 1000 }]);
    const file = await write('mentira.zip', liar);
    const entries = await readZipDirectory(file);
    expect(entries?.[0]?.uncompressedSize).toBe(1000);
    expect(await zipWithinBudget(file, entries!, budget)).toBe(false);
  });

  it('refuses encrypted entries and unknown methods', async () => {
    const file = await write('cifrado.zip', buildZip([{ name: 'a', data: Buffer.from('x') }]));
    const [entry] = (await readZipDirectory(file))!;
    expect(await zipWithinBudget(file, [{ ...entry!, flags: entry!.flags | 1 }], budget)).toBe(false);
    expect(await zipWithinBudget(file, [{ ...entry!, method: 12 }], budget)).toBe(false);
  });
});

describe('zipEntryNamesFromHead', () => {
  it('reads the names in the first bytes', () => {
    const zip = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    ]);
    expect(zipEntryNamesFromHead(zip)).toEqual(['[Content_Types].xml', 'xl/workbook.xml']);
    expect(zipEntryNamesFromHead(zip.subarray(0, 60))).toEqual(['[Content_Types].xml']);
    expect(zipEntryNamesFromHead(Buffer.from('%PDF-1.4'))).toEqual([]);
  });
});
