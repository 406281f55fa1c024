import fs from 'node:fs/promises';
import { validateHeaderValue } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentDisposition,
  detectLaudoFileType,
  type LaudoFileType,
  safeDownloadName,
} from './file-types.ts';
import { buildZip, elfHeader, minimalPdf, mzHeader, ole2Header, xlsxBuffer } from './test-fixtures.ts';

let dir: string;
const fixtures: Record<string, Buffer> = {};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'laudos-types-'));
  const contentTypes = (main: string) =>
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/main.xml" ContentType="${main}"/></Types>`,
    );
  Object.assign(fixtures, {
    'laudo.pdf': minimalPdf(),
    'planilha.xlsx': await xlsxBuffer((wb) => {
      wb.addWorksheet('Plan1').addRow(['Caldeira', new Date(Date.UTC(2026, 11, 1))]);
    }),
    'antiga.xls': ole2Header(),
    // Executables and a text file given a .pdf name.
    'elf.pdf': elfHeader(),
    'mz.pdf': mzHeader(),
    'texto.pdf': Buffer.from('Isto não é um PDF.\n'),
    'vazio.pdf': Buffer.alloc(0),
    'pacote.xlsx': buildZip([{ name: 'leia-me.txt', data: Buffer.from('só um zip') }]),
    'documento.xlsx': buildZip([
      {
        name: '[Content_Types].xml',
        data: contentTypes(
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        ),
      },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ]),
    'macros.xlsx': buildZip([
      {
        name: '[Content_Types].xml',
        data: contentTypes('application/vnd.ms-excel.sheet.macroEnabled.main+xml'),
      },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/vbaProject.bin', data: Buffer.alloc(64) },
    ]),
    // An XLSX whose [Content_Types].xml names no main part file-type knows: our own entry check.
    'minima.xlsx': buildZip([
      { name: '[Content_Types].xml', data: contentTypes('application/xml') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    ]),
  });
  for (const [name, data] of Object.entries(fixtures)) await fs.writeFile(path.join(dir, name), data);
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('detectLaudoFileType', () => {
  it.each<[string, LaudoFileType | null]>([
    ['laudo.pdf', 'pdf'],
    ['planilha.xlsx', 'xlsx'],
    ['minima.xlsx', 'xlsx'],
    ['antiga.xls', 'xls'],
    ['elf.pdf', null],
    ['mz.pdf', null],
    ['texto.pdf', null],
    ['vazio.pdf', null],
    ['pacote.xlsx', null],
    ['documento.xlsx', null],
    ['macros.xlsx', null],
  ])('%s is %s by its content', async (name, expected) => {
    const file = path.join(dir, name);
    const head = fixtures[name]!.subarray(0, 4100);
    expect(await detectLaudoFileType(head, file)).toBe(expected);
    expect(await detectLaudoFileType(head)).toBe(expected);
  });

  it('ignores the name: a PDF called planilha.xlsx is still a PDF', async () => {
    const file = path.join(dir, 'engano.xlsx');
    await fs.writeFile(file, minimalPdf());
    expect(await detectLaudoFileType(minimalPdf().subarray(0, 16), file)).toBe('pdf');
  });
});

describe('safeDownloadName', () => {
  it.each([
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['rel\r\natório.pdf', 'pdf', 'relatório.pdf'],
    ['C:\\Users\\x\\laudo final.pdf', 'pdf', 'laudo final.pdf'],
    ['', 'pdf', 'arquivo.pdf'],
    ['   ', 'xlsx', 'arquivo.xlsx'],
    ['../..', 'pdf', 'arquivo.pdf'],
    ['"laudo"; filename=x.pdf', 'pdf', 'laudo filename=x.pdf'],
    ['.bashrc', 'pdf', 'bashrc.pdf'],
    ['laudo\u202Efdp.exe', 'pdf', 'laudofdp.exe'],
    ['Vencimentos 2026.XLSX', 'xlsx', 'Vencimentos 2026.XLSX'],
    ['planilha', '../x', 'planilha.bin'],
  ])('%j (fallback %s) → %j', (original, ext, expected) => {
    expect(safeDownloadName(original, ext)).toBe(expected);
  });

  it('limits the name to 150 characters and keeps the extension', () => {
    const name = safeDownloadName(`${'ç'.repeat(200)}.xlsx`, 'xlsx');
    expect(Array.from(name)).toHaveLength(150);
    expect(name).toBe(`${'ç'.repeat(145)}.xlsx`);
    // Cut at a space, the stem loses its trailing blank rather than ending in ' .xlsx'.
    const spaced = safeDownloadName(`${'ação '.repeat(60)}final.xlsx`, 'xlsx');
    expect(Array.from(spaced).length).toBeLessThanOrEqual(150);
    expect(spaced).toMatch(/^ação ação.*ação\.xlsx$/);
  });

  it('never yields a path, a control character, a quote or a ";"', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.constantFrom('pdf', 'xlsx', 'xls'),
        (s, ext) => {
          const name = safeDownloadName(s, ext);
          expect(name).not.toMatch(/[/\\"';\p{Cc}\p{Bidi_Control}]/u);
          expect(name.trim()).toBe(name);
          expect(name.length).toBeGreaterThan(0);
          expect(Array.from(name).length).toBeLessThanOrEqual(150);
          expect(name.startsWith('.')).toBe(false);
        },
      ),
    );
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name for accents', () => {
    expect(contentDisposition('attachment', 'Relatório técnico – caldeira (1).pdf')).toBe(
      `attachment; filename="Relatorio tecnico _ caldeira (1).pdf"; ` +
        `filename*=UTF-8''Relat%C3%B3rio%20t%C3%A9cnico%20%E2%80%93%20caldeira%20%281%29.pdf`,
    );
    expect(contentDisposition('inline', 'Inspeção NR-13.pdf')).toBe(
      `inline; filename="Inspecao NR-13.pdf"; filename*=UTF-8''Inspe%C3%A7%C3%A3o%20NR-13.pdf`,
    );
  });

  it('is just filename= for a plain ASCII name', () => {
    expect(contentDisposition('inline', 'laudo.pdf')).toBe('inline; filename="laudo.pdf"');
  });

  it('cannot be used to inject headers or break out of the quotes', () => {
    const header = contentDisposition('attachment', 'a\r\nSet-Cookie: x=1"; b=%41.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toContain('filename="aSet-Cookie: x=1 b=_41.pdf"');
    expect(() => validateHeaderValue('content-disposition', header)).not.toThrow();
  });

  it('always produces a valid header value', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        const header = contentDisposition('attachment', safeDownloadName(s, 'pdf'));
        expect(() => validateHeaderValue('content-disposition', header)).not.toThrow();
        expect(header).toMatch(
          /^attachment; filename="[\x20-\x7e]*"(; filename\*=UTF-8''[A-Za-z0-9%!#$&+\-.^_`|~]+)?$/,
        );
      }),
    );
  });
});
