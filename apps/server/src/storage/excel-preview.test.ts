import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExcelPreviewer, PreviewBeyondBudgetError } from './excel-preview.ts';
import { readFirstSheet } from './excel-preview-reader.ts';
import { buildZip, ole2Header, unzipEntries, xlsxBuffer } from './test-fixtures.ts';
import { readZipDirectory } from './zip-inspect.ts';

const MB = 1024 * 1024;
const GRANDE_DEMAIS = 'Planilha grande demais para visualizar; baixe o arquivo.';
let dir: string;
/** 20 000 rows of [n, a text of its own, 'x'], shared strings at the end as exceljs writes them. */
let longa: string;
const previews = new ExcelPreviewer();

async function write(name: string, data: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, data);
  return file;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'laudos-preview-'));
  longa = path.join(dir, 'longa-20k.xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: longa, useSharedStrings: true });
  const sheet = wb.addWorksheet('Medições');
  for (let i = 1; i <= 20_000; i++) sheet.addRow([i, `item ${i} — medição`, 'x']).commit();
  sheet.commit();
  await wb.commit();
});

afterAll(async () => {
  await previews.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** A small real workbook whose first sheet's XML is replaced by `sheetXml`. */
async function withSheetXml(sheetXml: Buffer, options: { declaredSize?: number } = {}) {
  const entries = unzipEntries(
    await xlsxBuffer((wb) => {
      wb.addWorksheet('Plan1').addRow(['Caldeira']);
    }),
  );
  return buildZip(
    entries.map((e) => (e.name === 'xl/worksheets/sheet1.xml' ? { ...e, data: sheetXml, ...options } : e)),
  );
}

describe('the preview (through its worker)', () => {
  it('shows the first sheet as the user reads it', async () => {
    const file = await write(
      'vencimentos.xlsx',
      await xlsxBuffer((wb) => {
        const sheet = wb.addWorksheet('Vencimentos');
        sheet.addRow(['Equipamento', 'Vencimento', 'Pressão', 'Aprovado', 'Dobro', 'Obs', 'Taxa', 'Custo']);
        const row = sheet.addRow([
          'Caldeira B-01',
          new Date(Date.UTC(2026, 11, 1)),
          12.5,
          true,
          { formula: 'C2*2', result: 25 },
          { richText: [{ text: 'Ver ' }, { text: 'NR-13', font: { bold: true } }] },
          0.125,
          1234.5,
        ]);
        row.getCell(2).numFmt = 'dd/mm/yyyy';
        row.getCell(7).numFmt = '0.0%';
        row.getCell(8).numFmt = '#,##0.00';
        sheet.addRow([
          'Vaso V-02',
          new Date(Date.UTC(2027, 0, 15, 9, 30)),
          { formula: 'B3', result: new Date(Date.UTC(2027, 0, 15)) },
        ]);
        sheet.getCell('B3').numFmt = 'dd/mm/yyyy hh:mm';
        sheet.getCell('C3').numFmt = 'dd/mm/yyyy';
        wb.addWorksheet('Outra').addRow(['não aparece']);
      }),
    );

    const preview = await previews.read(file);
    expect(preview).toEqual({
      sheetName: 'Vencimentos',
      columns: 8,
      truncated: false,
      rows: [
        ['Equipamento', 'Vencimento', 'Pressão', 'Aprovado', 'Dobro', 'Obs', 'Taxa', 'Custo'],
        ['Caldeira B-01', '01/12/2026', '12,5', 'VERDADEIRO', '25', 'Ver NR-13', '12,5%', '1.234,50'],
        ['Vaso V-02', '15/01/2027 09:30', '15/01/2027', '', '', '', '', ''],
      ],
    });
  });

  it('shows a merged range once', async () => {
    const file = await write(
      'mesclado.xlsx',
      await xlsxBuffer((wb) => {
        const sheet = wb.addWorksheet('Plan1');
        sheet.getCell('A1').value = 'Título';
        sheet.mergeCells('A1:C1');
        sheet.addRow(['a', 'b', 'c']);
      }),
    );
    expect((await previews.read(file))?.rows).toEqual([
      ['Título', '', ''],
      ['a', 'b', 'c'],
    ]);
  });

  it('stops at maxRows and maxCols and says so', async () => {
    const file = await write(
      'longa.xlsx',
      await xlsxBuffer((wb) => {
        const sheet = wb.addWorksheet('Plan1');
        for (let i = 1; i <= 10; i++) sheet.addRow([i, `linha ${i}`, 'x', 'y']);
      }),
    );

    const rowsCut = await previews.read(file, { maxRows: 3 });
    expect(rowsCut?.rows).toEqual([
      ['1', 'linha 1', 'x', 'y'],
      ['2', 'linha 2', 'x', 'y'],
      ['3', 'linha 3', 'x', 'y'],
    ]);
    expect(rowsCut?.truncated).toBe(true);

    const colsCut = await previews.read(file, { maxCols: 2 });
    expect(colsCut).toMatchObject({ columns: 2, truncated: true });
    expect(colsCut?.rows).toHaveLength(10);
    expect(colsCut?.rows[9]).toEqual(['10', 'linha 10']);

    expect((await previews.read(file))?.truncated).toBe(false);
    expect((await previews.read(file, { maxRows: 10, maxCols: 4 }))?.truncated).toBe(false);
  });

  it('is null for what it cannot read: a legacy .xls, text, another zip, a cut or corrupt file, no file', async () => {
    expect(await previews.read(await write('antiga.xls', ole2Header()))).toBeNull();
    expect(await previews.read(await write('texto.xlsx', Buffer.from('a;b;c\n1;2;3\n')))).toBeNull();
    const zip = buildZip([{ name: 'leia-me.txt', data: Buffer.from('só um zip') }]);
    expect(await previews.read(await write('pacote.xlsx', zip))).toBeNull();

    const real = await fs.readFile(longa);
    expect(await previews.read(await write('cortada.xlsx', real.subarray(0, real.length >> 1)))).toBeNull();
    // Valid ZIP structure, but the sheet's packed bytes are noise: inflating it fails.
    const noise = buildZip(
      unzipEntries(await xlsxBuffer((wb) => wb.addWorksheet('Plan1').addRow(['a']))).map((e) =>
        e.name === 'xl/worksheets/sheet1.xml' ? { ...e, data: Buffer.alloc(4000, 0xa5), store: true } : e,
      ),
    );
    expect(await previews.read(await write('ruido.xlsx', noise))).toBeNull();
    expect(await previews.read(path.join(dir, 'sumiu.xlsx'))).toBeNull();
    // The worker survives all of that.
    expect((await previews.read(longa, { maxRows: 1 }))?.rows).toEqual([['1', 'item 1 — medição', 'x']]);
  });

  it('reads the parts in the order it needs them, whatever order the file has them in', async () => {
    const entries = unzipEntries(
      await xlsxBuffer((wb) => {
        const sheet = wb.addWorksheet('Ordem');
        sheet.addRow(['primeira', 'segunda']);
        sheet.addRow([new Date(Date.UTC(2026, 11, 1)), 'primeira']);
        sheet.getCell('A2').numFmt = 'dd/mm/yyyy';
      }),
    );
    for (const order of [entries, [...entries].reverse()]) {
      expect(await previews.read(await write('ordem.xlsx', buildZip(order)))).toEqual({
        sheetName: 'Ordem',
        columns: 2,
        truncated: false,
        rows: [
          ['primeira', 'segunda'],
          ['01/12/2026', 'primeira'],
        ],
      });
    }
  });

  it('keeps accented text whole where it crosses the chunks it is unpacked in', async () => {
    const text = (i: number) => `Pressão máxima de operação nº ${i} — ação corretiva`;
    const file = await write(
      'acentos.xlsx',
      await xlsxBuffer((wb) => {
        const sheet = wb.addWorksheet('Plan1');
        for (let i = 1; i <= 2000; i++) sheet.addRow([text(i)]);
      }),
    );
    const preview = await previews.read(file, { maxRows: 2000 });
    expect(preview?.rows.map((r) => r[0])).toEqual(Array.from({ length: 2000 }, (_, i) => text(i + 1)));
  });
});

describe('only the shown rows are read', () => {
  it('200 rows of a 20 000-row sheet unpack a small part of the file', async () => {
    const unpacked = (await readZipDirectory(longa))!.reduce((sum, e) => sum + e.uncompressedSize, 0);
    const limits = { maxCols: 30, maxInflatedBytes: 64 * MB };
    const shown = await readFirstSheet(longa, { ...limits, maxRows: 200 });
    const all = await readFirstSheet(longa, { ...limits, maxRows: 1_000_000 });
    if (shown.kind !== 'ok' || all.kind !== 'ok') throw new Error('planilha não lida');
    expect(shown.preview.rows).toHaveLength(200);
    expect(shown.preview.rows[199]).toEqual(['200', 'item 200 — medição', 'x']);
    expect(shown.preview.truncated).toBe(true);
    expect(all.preview.rows).toHaveLength(20_000);
    expect(all.preview.truncated).toBe(false);
    // The whole sheet and every shared string for all of it; a few chunks of each for 200 rows.
    expect(all.inflatedBytes).toBeGreaterThan(unpacked * 0.9);
    expect(shown.inflatedBytes).toBeLessThan(unpacked / 20);
  });
});

describe('the budget', () => {
  it('more to unpack than the budget: refused in Portuguese, while the shown rows alone fit', async () => {
    const small = new ExcelPreviewer({ timeMs: 60_000, heapMb: 96, inflatedBytes: 256 * 1024 });
    try {
      await expect(small.read(longa, { maxRows: 1_000_000 })).rejects.toThrow(PreviewBeyondBudgetError);
      await expect(small.read(longa, { maxRows: 1_000_000 })).rejects.toThrow(GRANDE_DEMAIS);
      expect((await small.read(longa))?.rows).toHaveLength(200);
    } finally {
      await small.close();
    }
  });

  it('more time than the budget: the worker is stopped, and the next preview gets a new one', async () => {
    // Reading all 20 000 rows takes over a second; one row, a few milliseconds.
    const quick = new ExcelPreviewer({ timeMs: 250, heapMb: 96, inflatedBytes: 1024 * MB });
    try {
      await expect(quick.read(longa, { maxRows: 1_000_000 })).rejects.toThrow(GRANDE_DEMAIS);
      const tiny = await write(
        'uma-linha.xlsx',
        await xlsxBuffer((wb) => wb.addWorksheet('P').addRow(['ok'])),
      );
      expect((await quick.read(tiny))?.rows).toEqual([['ok']]);
      expect(quick.workerRuns).toBe(2);
    } finally {
      await quick.close();
    }
  });

  it('more memory than the budget: V8 stops the worker, and the answer is the same refusal', async () => {
    // One cell of 60 MB of text (67 KB packed): the parser holds it whole before cutting it to 1000.
    const xml = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${'a'.repeat(60 * MB)}</t></is></c></row></sheetData></worksheet>`;
    const file = await write('celula-enorme.xlsx', await withSheetXml(Buffer.from(xml)));
    const lean = new ExcelPreviewer({ timeMs: 60_000, heapMb: 32, inflatedBytes: 1024 * MB });
    try {
      await expect(lean.read(file)).rejects.toThrow(GRANDE_DEMAIS);
      expect((await lean.read(longa, { maxRows: 1 }))?.rows).toEqual([['1', 'item 1 — medição', 'x']]);
    } finally {
      await lean.close();
    }
  });

  describe('zip bombs', () => {
    it('a bomb in a part the preview does not need costs nothing', async () => {
      const workbook = unzipEntries(
        await xlsxBuffer((wb) => {
          wb.addWorksheet('Plan1').addRow(['Caldeira']);
        }),
      );
      const bomb = buildZip([
        ...workbook,
        { name: 'customXml/item1.xml', data: Buffer.alloc(200 * MB, 0x20) },
      ]);
      expect(bomb.length).toBeLessThan(MB);
      expect((await previews.read(await write('bomba-ao-lado.xlsx', bomb)))?.rows).toEqual([['Caldeira']]);
    });

    it('a sheet that unpacks beyond the budget is refused, whatever its header declares', async () => {
      const xml = Buffer.concat([
        Buffer.from('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'),
        Buffer.alloc(80 * MB, 0x20),
        Buffer.from('<sheetData/></worksheet>'),
      ]);
      for (const declaredSize of [undefined, 1000]) {
        const bomb = await withSheetXml(xml, declaredSize ? { declaredSize } : {});
        expect(bomb.length).toBeLessThan(MB);
        await expect(previews.read(await write('bomba.xlsx', bomb))).rejects.toThrow(GRANDE_DEMAIS);
      }
    });
  });
});

describe('the cache, per stored file', () => {
  it('a second preview of a key does not use the worker; a forgotten key is read again', async () => {
    const cached = new ExcelPreviewer();
    try {
      const key = 'laudo-1/excel-aaaa.xlsx';
      const [a, b] = await Promise.all([
        cached.read(longa, { cacheKey: key }),
        cached.read(longa, { cacheKey: key }),
      ]);
      expect(cached.workerRuns).toBe(1);
      expect(b).toBe(a);
      expect(await cached.read(longa, { cacheKey: key })).toBe(a);
      expect(cached.workerRuns).toBe(1);

      // Refusals are remembered too: a sheet beyond the budget costs the worker once.
      const ilegivel = await write('ilegivel.xlsx', Buffer.from('não é planilha'));
      expect(await cached.read(ilegivel, { cacheKey: 'laudo-1/excel-bbbb.xlsx' })).toBeNull();
      expect(await cached.read(ilegivel, { cacheKey: 'laudo-1/excel-bbbb.xlsx' })).toBeNull();
      expect(cached.workerRuns).toBe(2);

      cached.forget(key);
      expect(await cached.read(longa, { cacheKey: key })).toEqual(a);
      expect(cached.workerRuns).toBe(3);
    } finally {
      await cached.close();
    }
  });
});
