import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExcelPreview } from './excel-preview.ts';
import { buildZip, ole2Header, unzipEntries, xlsxBuffer } from './test-fixtures.ts';

const MB = 1024 * 1024;
let dir: string;

async function write(name: string, data: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, data);
  return file;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'laudos-preview-'));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('readExcelPreview', () => {
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

    const preview = await readExcelPreview(file);
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
    expect((await readExcelPreview(file))?.rows).toEqual([
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

    const rowsCut = await readExcelPreview(file, { maxRows: 3 });
    expect(rowsCut?.rows).toEqual([
      ['1', 'linha 1', 'x', 'y'],
      ['2', 'linha 2', 'x', 'y'],
      ['3', 'linha 3', 'x', 'y'],
    ]);
    expect(rowsCut?.truncated).toBe(true);

    const colsCut = await readExcelPreview(file, { maxCols: 2 });
    expect(colsCut).toMatchObject({ columns: 2, truncated: true });
    expect(colsCut?.rows).toHaveLength(10);
    expect(colsCut?.rows[9]).toEqual(['10', 'linha 10']);

    expect((await readExcelPreview(file))?.truncated).toBe(false);
    expect((await readExcelPreview(file, { maxRows: 10, maxCols: 4 }))?.truncated).toBe(false);
  });

  it('is null for a legacy .xls, a text file and a zip that is not a workbook', async () => {
    expect(await readExcelPreview(await write('antiga.xls', ole2Header()))).toBeNull();
    expect(await readExcelPreview(await write('texto.xlsx', Buffer.from('a;b;c\n1;2;3\n')))).toBeNull();
    const zip = buildZip([{ name: 'leia-me.txt', data: Buffer.from('só um zip') }]);
    expect(await readExcelPreview(await write('pacote.xlsx', zip))).toBeNull();
  });

  it('still throws for a file that does not exist', async () => {
    await expect(readExcelPreview(path.join(dir, 'sumiu.xlsx'))).rejects.toThrow(/ENOENT/);
  });

  describe('zip bombs are refused before exceljs unpacks them', () => {
    const xlsxLike = (sheet: Partial<Parameters<typeof buildZip>[0][number]>) =>
      buildZip([
        { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
        { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(0), ...sheet },
      ]);

    it('a real workbook carrying 60 MB of zeros', async () => {
      // The same workbook with a small extra entry still reads, so only the guard refuses the big one.
      const workbook = unzipEntries(
        await xlsxBuffer((wb) => {
          wb.addWorksheet('Plan1').addRow(['Caldeira']);
        }),
      );
      const withExtra = (size: number) =>
        buildZip([...workbook, { name: 'customXml/item1.xml', data: Buffer.alloc(size, 0x20) }]);
      expect((await readExcelPreview(await write('pequena.xlsx', withExtra(1000))))?.rows).toEqual([
        ['Caldeira'],
      ]);

      const bomb = withExtra(60 * MB);
      expect(bomb.length).toBeLessThan(MB);
      expect(await readExcelPreview(await write('bomba-real.xlsx', bomb))).toBeNull();
    });

    it('one entry of 60 MB of zeros', async () => {
      const bomb = buildZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * MB) }]);
      expect(bomb.length).toBeLessThan(MB);
      expect(await readExcelPreview(await write('bomba.xlsx', bomb))).toBeNull();
    });

    it('20 MB that packs a thousand times smaller', async () => {
      const bomb = xlsxLike({ data: Buffer.alloc(20 * MB) });
      expect(await readExcelPreview(await write('razao.xlsx', bomb))).toBeNull();
    });

    it('an entry that claims to be small but unpacks to 60 MB', async () => {
      const bomb = xlsxLike({ data: Buffer.alloc(60 * MB), declaredSize: 1000 });
      expect(await readExcelPreview(await write('mentira.xlsx', bomb))).toBeNull();
    });
  });
});
