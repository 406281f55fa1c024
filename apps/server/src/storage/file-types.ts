import path from 'node:path';
import { readZipDirectory, zipEntryNamesFromHead } from './zip-inspect.ts';

export type LaudoFileType = 'pdf' | 'xlsx' | 'xls';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * What an uploaded file really is, from its content only (never its name or Content-Type):
 * `head` is its first bytes (4 KiB is plenty); `filePath`, when the upload is already on disk,
 * lets a ZIP be read past the head. Anything but a PDF, an XLSX or an OLE2 file (legacy .xls) is
 * null — including .docx, .xlsm (macros), plain zips and renamed executables.
 */
/**
 * What the first bytes announce (PDF, OLE2 → xls, ZIP → xlsx candidate), enough to name the file
 * before it is stored; `detectLaudoFileType` confirms it on the whole file.
 */
export function typeFromHead(head: Buffer): LaudoFileType | null {
  if (startsWith(head, PDF_MAGIC)) return 'pdf';
  if (startsWith(head, OLE2_MAGIC)) return 'xls';
  if (startsWith(head, ZIP_MAGIC)) return 'xlsx';
  return null;
}

export async function detectLaudoFileType(head: Buffer, filePath?: string): Promise<LaudoFileType | null> {
  if (startsWith(head, PDF_MAGIC)) return 'pdf';
  // Any OLE2 compound file is taken as .xls: telling it from an old .doc would mean parsing its
  // directory, and the file is only ever stored and downloaded, never opened on the server.
  if (startsWith(head, OLE2_MAGIC)) return 'xls';
  if (!startsWith(head, ZIP_MAGIC)) return null;

  let detected: string | undefined;
  try {
    // Loaded on the first upload, not at start (issue 15).
    const { fileTypeFromBuffer, fileTypeFromFile } = await import('file-type');
    detected = (filePath ? await fileTypeFromFile(filePath) : await fileTypeFromBuffer(head))?.ext;
  } catch {
    detected = undefined; // a malformed zip: let our own check decide
  }
  if (detected === 'xlsx') return 'xlsx';
  // file-type answers 'zip' when [Content_Types].xml sits beyond what it read or names no main
  // part it knows; fall back to the entry list. Any other answer (docx, xlsm, jar…) is final.
  if (detected !== undefined && detected !== 'zip') return null;
  const names = filePath
    ? (await readZipDirectory(filePath))?.map((e) => e.name)
    : zipEntryNamesFromHead(head);
  return names && looksLikeXlsx(names) ? 'xlsx' : null;
}

function looksLikeXlsx(names: string[]): boolean {
  const set = new Set(names);
  return set.has('[Content_Types].xml') && set.has('xl/workbook.xml') && !set.has('xl/vbaProject.bin');
}

function startsWith(buffer: Buffer, magic: Buffer): boolean {
  return buffer.length >= magic.length && buffer.subarray(0, magic.length).equals(magic);
}

const MAX_NAME_LENGTH = 150;
// C0/C1 controls (CR/LF included), bidi overrides that can disguise an extension
// ("laudo\u202Efdp.exe"), quotes, ';' and the path separators.
const UNSAFE_CHARS = /[\p{Cc}\p{Bidi_Control}"'`;\\/]/gu;

/**
 * The name a download is offered under, from the name the file was uploaded with: no folders
 * (either slash), no control characters, quotes or ';', at most 150 characters keeping the
 * extension; `arquivo.<ext>` when nothing is left, and `.<ext>` added when it has none.
 */
export function safeDownloadName(original: string, fallbackExt: string): string {
  const ext = /^[a-z0-9]{1,10}$/i.test(fallbackExt) ? fallbackExt.toLowerCase() : 'bin';
  const base = (original ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = base
    .replace(UNSAFE_CHARS, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '') // no hidden files
    .replace(/[.\s]+$/, ''); // Windows drops trailing dots and spaces
  if (name === '') return `arquivo.${ext}`;
  if (path.extname(name) === '') name = `${name}.${ext}`;
  return truncateKeepingExtension(name, MAX_NAME_LENGTH);
}

function truncateKeepingExtension(name: string, max: number): string {
  const chars = Array.from(name); // code points, so an emoji or accent is never split
  if (chars.length <= max) return name;
  const extension = path.extname(name);
  const keep = Array.from(extension).length <= 11 ? Array.from(extension) : [];
  const stem = chars
    .slice(0, max - keep.length)
    .join('')
    .trimEnd();
  return stem + keep.join('');
}

/**
 * A Content-Disposition header that every browser reads: an ASCII `filename` fallback (accents
 * dropped) plus RFC 5987 `filename*` with the real UTF-8 name.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const clean = name.replace(UNSAFE_CHARS, '').trim() || 'arquivo';
  const ascii = clean
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|%/g, '_');
  const header = `${kind}; filename="${ascii}"`;
  if (ascii === clean) return header;
  return `${header}; filename*=UTF-8''${encodeRfc5987(clean)}`;
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
