import ExcelJS from 'exceljs';
import { readZipDirectory, type UnzipBudget, zipWithinBudget } from './zip-inspect.ts';

export interface ExcelPreview {
  sheetName: string;
  /** Columns in each row of `rows` (at most maxCols). */
  columns: number;
  /** Cell text as the user would read it, row by row from row 1; empty cells are ''. */
  rows: string[][];
  /** True when the sheet has more rows or columns than the preview shows. */
  truncated: boolean;
}

const DEFAULT_MAX_ROWS = 200;
const DEFAULT_MAX_COLS = 30;
const MAX_CELL_LENGTH = 1000;

/** A laudo spreadsheet is small; this refuses zip bombs before exceljs unpacks anything. */
const UNZIP_BUDGET: UnzipBudget = {
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxRatio: 100,
  ratioAppliesAbove: 5 * 1024 * 1024,
};

/**
 * The first worksheet of an XLSX as text, for the in-app viewer. Null when the file is not an XLSX
 * exceljs can read (a legacy .xls, a corrupt file) or would unpack beyond UNZIP_BUDGET; a missing
 * file still throws.
 */
export async function readExcelPreview(
  filePath: string,
  options: { maxRows?: number; maxCols?: number } = {},
): Promise<ExcelPreview | null> {
  const maxRows = positiveInt(options.maxRows, DEFAULT_MAX_ROWS);
  const maxCols = positiveInt(options.maxCols, DEFAULT_MAX_COLS);

  const entries = await readZipDirectory(filePath);
  if (!entries || !(await zipWithinBudget(filePath, entries, UNZIP_BUDGET))) return null;

  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(filePath);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;

  const columns = Math.min(sheet.columnCount, maxCols);
  const rowCount = Math.min(sheet.rowCount, maxRows);
  const rows: string[][] = [];
  for (let r = 1; r <= rowCount; r++) {
    const row = sheet.findRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= columns; c++) {
      const cell = row?.findCell(c);
      cells.push(cell ? cellText(cell) : '');
    }
    rows.push(cells);
  }
  return {
    sheetName: sheet.name,
    columns,
    rows,
    truncated: sheet.rowCount > maxRows || sheet.columnCount > maxCols,
  };
}

function cellText(cell: ExcelJS.Cell): string {
  // The other cells of a merged range repeat the first one's value; Excel shows it once.
  if (cell.type === ExcelJS.ValueType.Merge) return '';
  const text = valueText(cell.value, cell.numFmt);
  return text.length > MAX_CELL_LENGTH ? `${text.slice(0, MAX_CELL_LENGTH)}…` : text;
}

function valueText(value: ExcelJS.CellValue | undefined, numFmt: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value, numFmt);
  if (typeof value === 'boolean') return value ? 'VERDADEIRO' : 'FALSO';
  if (value instanceof Date) return dateText(value);
  if ('error' in value) return String(value.error);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return valueText(value.text as ExcelJS.CellValue, numFmt);
  if ('formula' in value || 'sharedFormula' in value) return valueText(value.result, numFmt);
  return '';
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

function positiveInt(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
}
