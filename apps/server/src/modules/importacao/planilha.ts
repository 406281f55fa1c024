import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { erro } from '../../http/errors.ts';
import { readZipDirectory, zipWithinBudget } from '../../storage/zip-inspect.ts';

/**
 * Reading the uploaded spreadsheet (decision 047): CSV (`;` or `,`, UTF-8 with or without BOM,
 * Windows-1252 when the bytes are not UTF-8 — what Excel in pt-BR saves as "CSV") or XLSX (the
 * first sheet). The result is text only: the headings and, for each data row, its spreadsheet row
 * number and its cells (an Excel date becomes `AAAA-MM-DD`). Blank rows are left out.
 */

export const MAX_LINHAS_DA_IMPORTACAO = 10_000;

export interface LinhaDaPlanilha {
  /** The spreadsheet's row number (the header is row 1). */
  linha: number;
  valores: string[];
}

export interface PlanilhaLida {
  colunas: string[];
  linhas: LinhaDaPlanilha[];
}

/** An uploaded XLSX may unpack to far less than the laudos' files: its cells are text. */
const ORCAMENTO_XLSX = {
  maxUncompressedBytes: 256 * 1024 * 1024,
  maxRatio: 200,
  ratioAppliesAbove: 32 * 1024 * 1024,
};

/** An XLSX is a zip: its first bytes say so. */
export const ehZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;
const ehOle2 = (b: Buffer) =>
  b.length >= 8 && b.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'));

/** Reads the file as CSV or XLSX by its bytes (the name only breaks a tie); refuses anything else. */
export async function lerPlanilha(nomeArquivo: string, bytes: Buffer): Promise<PlanilhaLida> {
  if (bytes.length === 0) throw erro('planilhaVazia');
  let lida: PlanilhaLida;
  if (ehZip(bytes)) lida = await lerXlsx(bytes);
  else if (ehOle2(bytes) || /\.(xls|xlsm|ods|pdf|docx?)$/i.test(nomeArquivo) || pareceBinario(bytes))
    throw erro('naoEhPlanilhaDeImportacao');
  else lida = lerCsv(bytes);
  if (lida.colunas.every((c) => !c.trim())) throw erro('planilhaVazia');
  if (lida.linhas.length === 0) throw erro('planilhaSemLinhas');
  if (lida.linhas.length > MAX_LINHAS_DA_IMPORTACAO) throw erro('planilhaComLinhasDemais');
  return { colunas: nomesDasColunas(lida.colunas), linhas: lida.linhas };
}

/** A text file has no NUL bytes in its first kilobytes (a PDF, an image, a zip of another kind do). */
function pareceBinario(bytes: Buffer): boolean {
  return bytes.subarray(0, 8192).includes(0);
}

/** Blank headings get "Coluna N", repeated ones " (2)", " (3)": each heading names one column. */
function nomesDasColunas(brutos: string[]): string[] {
  const vistos = new Map<string, number>();
  return brutos.map((bruto, i) => {
    const base = bruto.trim() || `Coluna ${i + 1}`;
    const n = (vistos.get(base.toLowerCase()) ?? 0) + 1;
    vistos.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

// ── CSV ────────────────────────────────────────────────────────────────────────────────────────

/** UTF-8 when the bytes are valid UTF-8 (BOM dropped), else Windows-1252 (Excel pt-BR's "CSV"). */
export function decodificarTexto(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return decodificar1252(bytes);
  }
}

/**
 * Windows-1252 by hand: Node's TextDecoder('windows-1252') decodes as ISO-8859-1, which turns
 * 0x80–0x9F (€, “ ”, –, … in a firm's observations) into control characters.
 */
const CP1252_80_9F =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodificar1252(bytes: Buffer): string {
  let texto = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const pedaco = bytes.subarray(i, i + 8192);
    texto += String.fromCharCode(
      ...Array.from(pedaco, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_80_9F.charCodeAt(b - 0x80) : b)),
    );
  }
  return texto;
}

/** `;` or `,`: whichever the first line has more of outside quotes (`;` on a tie, Excel pt-BR's). */
function separadorDe(texto: string): ';' | ',' {
  let pv = 0;
  let v = 0;
  let aspas = false;
  for (const c of texto) {
    if (c === '"') aspas = !aspas;
    else if (!aspas && (c === '\n' || c === '\r')) break;
    else if (!aspas && c === ';') pv++;
    else if (!aspas && c === ',') v++;
  }
  return v > pv ? ',' : ';';
}

/** RFC 4180 records: quoted fields may hold the separator, line breaks and `""` for a quote. */
export function registrosCsv(texto: string, sep: string): string[][] {
  const registros: string[][] = [];
  let campo = '';
  let registro: string[] = [];
  let aspas = false;
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i]!;
    if (aspas) {
      if (c === '"') {
        if (texto[i + 1] === '"') {
          campo += '"';
          i++;
        } else aspas = false;
      } else campo += c;
    } else if (c === '"') aspas = true;
    else if (c === sep) {
      registro.push(campo);
      campo = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && texto[i + 1] === '\n') i++;
      registro.push(campo);
      registros.push(registro);
      registro = [];
      campo = '';
    } else campo += c;
  }
  if (campo !== '' || registro.length > 0) {
    registro.push(campo);
    registros.push(registro);
  }
  return registros;
}

function lerCsv(bytes: Buffer): PlanilhaLida {
  const texto = decodificarTexto(bytes);
  const registros = registrosCsv(texto, separadorDe(texto));
  const [cabecalho, ...resto] = registros;
  if (!cabecalho) throw erro('planilhaVazia');
  const linhas: LinhaDaPlanilha[] = [];
  resto.forEach((valores, i) => {
    if (valores.some((v) => v.trim())) linhas.push({ linha: i + 2, valores: valores.map((v) => v.trim()) });
  });
  return { colunas: cabecalho, linhas };
}

// ── XLSX ───────────────────────────────────────────────────────────────────────────────────────

/**
 * The zip is checked before ExcelJS unpacks it (a zip bomb is refused). The check reads a file,
 * so the bytes are written to a private temporary folder and removed at once: the upload is never
 * kept.
 */
async function dentroDoOrcamento(bytes: Buffer): Promise<boolean> {
  const pasta = await mkdtemp(path.join(tmpdir(), 'laudos-importacao-'));
  try {
    const arquivo = path.join(pasta, 'planilha.xlsx');
    await writeFile(arquivo, bytes, { mode: 0o600 });
    const entradas = await readZipDirectory(arquivo);
    return entradas !== null && (await zipWithinBudget(arquivo, entradas, ORCAMENTO_XLSX));
  } finally {
    await rm(pasta, { recursive: true, force: true });
  }
}

/** A cell as text: dates as AAAA-MM-DD, formulas by their result, rich text joined. */
export function textoDaCelula(valor: ExcelJS.CellValue): string {
  if (valor === null || valor === undefined) return '';
  if (valor instanceof Date) return Number.isNaN(valor.getTime()) ? '' : valor.toISOString().slice(0, 10);
  if (typeof valor === 'number' || typeof valor === 'boolean') return String(valor);
  if (typeof valor === 'string') return valor.trim();
  if (typeof valor === 'object') {
    if ('richText' in valor)
      return valor.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in valor) return textoDaCelula((valor.result ?? null) as ExcelJS.CellValue);
    if ('text' in valor) return textoDaCelula(valor.text as ExcelJS.CellValue);
    if ('error' in valor) return '';
  }
  return String(valor).trim();
}

async function lerXlsx(bytes: Buffer): Promise<PlanilhaLida> {
  if (!(await dentroDoOrcamento(bytes))) throw erro('planilhaSuspeita');
  const livro = new ExcelJS.Workbook();
  try {
    await livro.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw erro('naoEhPlanilhaDeImportacao');
  }
  const folha = livro.worksheets[0];
  if (!folha || folha.actualRowCount === 0) throw erro('planilhaVazia');
  let colunas: string[] | null = null;
  let largura = 0;
  const linhas: LinhaDaPlanilha[] = [];
  let excesso = false;
  folha.eachRow({ includeEmpty: false }, (row, numero) => {
    if (excesso) return;
    const valores: string[] = [];
    const n = colunas ? largura : row.cellCount;
    for (let c = 1; c <= n; c++) valores.push(textoDaCelula(row.getCell(c).value));
    if (!colunas) {
      if (!valores.some((v) => v)) return;
      // The heading row: up to its last non-blank heading.
      while (valores.length > 0 && !valores.at(-1)) valores.pop();
      colunas = valores;
      largura = valores.length;
      return;
    }
    if (!valores.some((v) => v)) return;
    linhas.push({ linha: numero, valores });
    if (linhas.length > MAX_LINHAS_DA_IMPORTACAO) excesso = true;
  });
  if (!colunas) throw erro('planilhaVazia');
  return { colunas, linhas };
}
