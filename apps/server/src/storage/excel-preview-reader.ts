import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { readZipDirectory, type ZipEntry } from './zip-inspect.ts';

/**
 * The reading half of the spreadsheet preview (it runs in the preview worker, see excel-preview.ts):
 * the first sheet's first rows, streamed straight from the stored file. The ZIP's central directory
 * says where each part is, so the parts are read in the order the preview needs them, whatever
 * order the file has them in (Excel writes the sheets before the shared strings and the styles):
 * the workbook and its relations, the styles (number and date formats), then the sheet until one
 * row past the last one shown, and last the shared strings only as far as the shown cells use them.
 * Every byte unpacked counts against `maxInflatedBytes`, so a lying ZIP header changes nothing.
 */

export interface ExcelPreview {
  sheetName: string;
  /** Columns in each row of `rows` (at most maxCols). */
  columns: number;
  /** Cell text as the user would read it, row by row from row 1; empty cells are ''. */
  rows: string[][];
  /** True when the sheet has more rows or columns than the preview shows. */
  truncated: boolean;
}

export interface ReadLimits {
  maxRows: number;
  maxCols: number;
  /** Bytes this preview may unpack from the file, all parts together. */
  maxInflatedBytes: number;
}

export type ReadOutcome =
  | { kind: 'ok'; preview: ExcelPreview; inflatedBytes: number }
  /** Not an XLSX this reader understands: a legacy .xls, a corrupt or truncated file, another zip. */
  | { kind: 'ilegivel' }
  /** Showing it would unpack more than the budget allows. */
  | { kind: 'grande-demais' };

const MAX_CELL_LENGTH = 1000;

/** Never throws: every failure is one of the outcomes. */
export async function readFirstSheet(filePath: string, limits: ReadLimits): Promise<ReadOutcome> {
  const budget = new InflateBudget(limits.maxInflatedBytes);
  try {
    const preview = await read(filePath, limits, budget);
    return preview ? { kind: 'ok', preview, inflatedBytes: budget.used } : { kind: 'ilegivel' };
  } catch (err) {
    return err instanceof BeyondBudget ? { kind: 'grande-demais' } : { kind: 'ilegivel' };
  }
}

class BeyondBudget extends Error {}

class InflateBudget {
  used = 0;
  constructor(readonly max: number) {}
  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.max) throw new BeyondBudget(`mais de ${this.max} bytes descompactados`);
  }
}

/**
 * The parts of exceljs's streaming reader (`ExcelJS.stream.xlsx.WorkbookReader`, exceljs pinned at
 * 4.4.0) that parse one part each. Its public `read()` takes the ZIP in file order and unpacks every
 * sheet that comes before the shared strings to a temporary file first (all of it, for an Excel
 * file); calling the per-part parsers with streams of our own keeps the reading to what is shown.
 * excel-preview.test.ts fails if an upgrade changes them.
 */
interface WorkbookReaderParts {
  model?: { sheets?: Array<{ name?: string; rId?: string }> };
  workbookRels?: Array<{ Id?: string; Target?: string }>;
  properties?: { model?: { date1904?: boolean } };
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseRels(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ index: number; text: SharedText }>;
  _parseWorksheet(
    iterator: AsyncIterable<string>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}
type SharedText = string | { richText: ExcelJS.RichText[] } | null;

/** A shown cell: its text, or the shared string it points at (looked up after the rows). */
type ShownCell = string | { sharedString: number };

async function read(
  filePath: string,
  limits: ReadLimits,
  budget: InflateBudget,
): Promise<ExcelPreview | null> {
  const entries = await readZipDirectory(filePath);
  if (!entries) return null;
  const byName = new Map(entries.map((e) => [e.name, e]));
  const part = async (name: string) => {
    const entry = byName.get(name);
    return entry ? Readable.from(await entryText(filePath, entry, budget)) : null;
  };

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'emit', // looked up afterwards, only as far as the shown cells need
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as WorkbookReaderParts;

  const workbook = await part('xl/workbook.xml');
  const rels = await part('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return null;
  await reader._parseWorkbook(workbook);
  await reader._parseRels(rels);
  const first = reader.model?.sheets?.[0];
  const target = reader.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target;
  if (!first || !target) return null;
  const sheetPath = target.startsWith('/') ? target.slice(1) : path.posix.join('xl', target);
  const sheetEntry = byName.get(sheetPath);
  if (!sheetEntry) return null;
  const styles = await part('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);
  const date1904 = reader.properties?.model?.date1904 === true;

  const sheet = Readable.from(await entryText(filePath, sheetEntry, budget));
  const shown = new Map<number, ShownCell[]>();
  let lastRow = 0;
  let columns = 0;
  let truncated = false;
  try {
    const [event] = [...reader._parseWorksheet(sheet, '1')];
    if (!event) return null;
    for await (const row of event.value) {
      if (row.number > limits.maxRows) {
        truncated = true;
        break; // the rest of the sheet is never unpacked
      }
      if (row.cellCount > limits.maxCols) truncated = true;
      const width = Math.min(row.cellCount, limits.maxCols);
      const cells: ShownCell[] = [];
      for (let c = 1; c <= width; c++) {
        const cell = row.findCell(c);
        cells.push(cell ? shownCell(cell, date1904) : '');
      }
      shown.set(row.number, cells);
      lastRow = Math.max(lastRow, row.number);
      columns = Math.max(columns, width);
    }
  } finally {
    sheet.destroy();
  }

  const strings = await sharedStrings(reader, await part('xl/sharedStrings.xml'), shown);
  const rows: string[][] = [];
  for (let r = 1; r <= lastRow; r++) {
    const cells = shown.get(r) ?? [];
    const out: string[] = [];
    for (let c = 0; c < columns; c++) {
      const cell = cells[c] ?? '';
      out.push(typeof cell === 'string' ? cell : clip(valueText(strings.get(cell.sharedString), undefined)));
    }
    rows.push(out);
  }
  return { sheetName: first.name ?? 'Planilha1', columns, rows, truncated };
}

/** The shared strings the shown cells use: the part is read up to the highest index needed. */
async function sharedStrings(
  reader: WorkbookReaderParts,
  stream: Readable | null,
  shown: Map<number, ShownCell[]>,
): Promise<Map<number, ExcelJS.CellValue>> {
  const needed = new Set<number>();
  for (const cells of shown.values())
    for (const cell of cells) if (typeof cell !== 'string') needed.add(cell.sharedString);
  const found = new Map<number, ExcelJS.CellValue>();
  if (!stream) return found;
  try {
    if (needed.size === 0) return found;
    const last = Math.max(...needed);
    for await (const { index, text } of reader._parseSharedStrings(stream)) {
      if (needed.has(index)) found.set(index, text as ExcelJS.CellValue);
      if (index >= last) break;
    }
    return found;
  } finally {
    stream.destroy();
  }
}

/**
 * One ZIP entry's content as UTF-8 text, unpacked as it is read (never whole in memory), counted
 * against the budget. Text, not bytes, so a character split between two chunks stays whole.
 */
async function entryText(filePath: string, entry: ZipEntry, budget: InflateBudget) {
  if (entry.flags & 0x01 || (entry.method !== 0 && entry.method !== 8))
    throw new Error('entrada não suportada');
  const start = await dataStart(filePath, entry);
  return (async function* () {
    if (entry.compressedSize === 0) return;
    const raw = createReadStream(filePath, { start, end: start + entry.compressedSize - 1 });
    const source = entry.method === 8 ? pipeline(raw, createInflateRaw(), () => {}) : raw;
    const decoder = new StringDecoder('utf8');
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        budget.take(chunk.length);
        const text = decoder.write(chunk);
        if (text) yield text;
      }
      const rest = decoder.end();
      if (rest) yield rest;
    } finally {
      raw.destroy();
      source.destroy();
    }
  })();
}

/** Where an entry's data starts: after its local header, whose name and extra lengths may differ. */
async function dataStart(filePath: string, entry: ZipEntry): Promise<number> {
  const handle = await fs.open(filePath, 'r');
  try {
    const header = Buffer.alloc(30);
    const { bytesRead } = await handle.read(header, 0, 30, entry.localHeaderOffset);
    if (bytesRead < 30 || header.readUInt32LE(0) !== 0x04034b50) throw new Error('cabeçalho local inválido');
    return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
}

function shownCell(cell: ExcelJS.Cell, date1904: boolean): ShownCell {
  // The other cells of a merged range repeat the first one's value; Excel shows it once.
  if (cell.type === ExcelJS.ValueType.Merge) return '';
  const value = cell.value as ExcelJS.CellValue | { sharedString: number };
  if (value && typeof value === 'object' && 'sharedString' in value)
    return { sharedString: value.sharedString };
  return clip(valueText(value, cell.numFmt, date1904));
}

const clip = (text: string) => (text.length > MAX_CELL_LENGTH ? `${text.slice(0, MAX_CELL_LENGTH)}…` : text);

function valueText(
  value: ExcelJS.CellValue | undefined,
  numFmt: string | undefined,
  date1904 = false,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  // The streaming reader gives a formula's date result as the sheet's serial number.
  if (typeof value === 'number')
    return isDateFormat(numFmt) ? dateText(serialToDate(value, date1904)) : numberText(value, numFmt);
  if (typeof value === 'boolean') return value ? 'VERDADEIRO' : 'FALSO';
  if (value instanceof Date) return dateText(value);
  if ('error' in value) return String(value.error);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return valueText(value.text as ExcelJS.CellValue, numFmt, date1904);
  if ('formula' in value || 'sharedFormula' in value) return valueText(value.result, numFmt, date1904);
  return '';
}

/** exceljs's own test for a date format: y, m, d, h, s or b outside quotes and [tags]. */
function isDateFormat(numFmt: string | undefined): boolean {
  return !!numFmt && /[ymdhMsb]/.test(numFmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

function serialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));
}

/** pt-BR, as Excel shows it in Brazil: decimal comma, the format's decimals, grouping and %. */
function numberText(value: number, numFmt: string | undefined): string {
  // First section of the format, without quoted text, escapes and [colour]/[locale] tags.
  const format = (numFmt ?? '').split(';')[0]!.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  const percent = format.includes('%');
  const decimals = /0\.(0+)/.exec(format)?.[1]?.length;
  const formatter = new Intl.NumberFormat('pt-BR', {
    useGrouping: /[#0],[#0]/.test(format),
    minimumFractionDigits: decimals ?? 0,
    maximumFractionDigits: decimals ?? 10,
  });
  return percent ? `${formatter.format(value * 100)}%` : formatter.format(value);
}

/** dd/mm/aaaa, with HH:mm when the cell has a time; a time-only cell shows HH:mm. */
function dateText(value: Date): string {
  // exceljs turns the sheet's serial into a UTC instant; round off its floating-point noise.
  const d = new Date(Math.round(value.getTime() / 1000) * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  if (d.getTime() < Date.UTC(1900, 0, 1)) return time; // serial below 1: a time of day
  const date = `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
  const hasTime = d.getUTCHours() !== 0 || d.getUTCMinutes() !== 0 || d.getUTCSeconds() !== 0;
  return hasTime ? `${date} ${time}` : date;
}
