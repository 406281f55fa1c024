import type { Readable } from 'node:stream';
import type { AppSettings } from '@laudos/domain';
import { eq, sql } from 'drizzle-orm';
import { atorDoUsuario, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { laudos } from '../../db/schema.ts';
import { corpoDoErro, erro } from '../../http/errors.ts';
import { lerCabeca } from '../../storage/cabeca.ts';
import { excelPreviews, PreviewBeyondBudgetError } from '../../storage/excel-preview.ts';
import {
  contentDisposition,
  detectLaudoFileType,
  type LaudoFileType,
  safeDownloadName,
  typeFromHead,
} from '../../storage/file-types.ts';
import {
  type ByteRange,
  discard,
  FileNotFoundError,
  type FileStorage,
  FileTooLargeError,
  newStorageKey,
  promote,
  RangeNotSatisfiableError,
  stagingKey,
} from '../../storage/storage.ts';
import { readZipDirectory, zipWithinBudget } from '../../storage/zip-inspect.ts';
import { type Avisos, buscarLaudo, lerLaudo } from './service.ts';

/*
 * A laudo's PDF and Excel: uploaded, viewed, downloaded and removed only through these functions
 * (the routes are arquivos-routes.ts). Every one first reads the laudo through the user's scope.
 */

export type TipoDeArquivo = 'pdf' | 'excel';
type Alvo = { id: string; tipo: TipoDeArquivo };

const mime: Record<LaudoFileType, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};
/** Far above any real workbook of the size limit (XML packs about 10:1), far below a zip bomb. */
const XLSX_UPLOAD_BUDGET = {
  maxUncompressedBytes: 512 * 1024 * 1024,
  maxRatio: 200,
  ratioAppliesAbove: 64 * 1024 * 1024,
};

async function xlsxWithinBudget(filePath: string): Promise<boolean> {
  const entries = await readZipDirectory(filePath);
  return entries !== null && (await zipWithinBudget(filePath, entries, XLSX_UPLOAD_BUDGET));
}

const wrongType = (tipo: TipoDeArquivo) => erro(tipo === 'pdf' ? 'naoEhPdf' : 'naoEhPlanilha');

function columnsFor(tipo: TipoDeArquivo) {
  return tipo === 'pdf'
    ? { keyProp: 'arquivoPdf', nameProp: 'arquivoPdfNome', urlProp: 'arquivoPdfUrl', key: laudos.arquivoPdf }
    : {
        keyProp: 'arquivoExcel',
        nameProp: 'arquivoExcelNome',
        urlProp: 'arquivoExcelUrl',
        key: laudos.arquivoExcel,
      };
}

function typeOfKey(key: string): LaudoFileType {
  const ext = key.split('.').pop();
  return ext === 'pdf' || ext === 'xls' ? ext : 'xlsx';
}

/** What the file routes need from the app. */
export interface Arquivos {
  db: Db;
  storage: FileStorage;
  /** The settings store's current settings (ctx.settings.get()). */
  settings: AppSettings;
  /** Today in the firm's time zone. */
  hoje: string;
  log: Avisos;
}

/** The uploaded part of a multipart request (@fastify/multipart's file). */
export interface ArquivoRecebido {
  fieldname: string;
  filename?: string | undefined;
  file: Readable;
}

/**
 * One uploaded file of a laudo, checked and staged under a new key (`stagingKey(key)`): the content
 * (not the name) against the type, the size limit of the settings and, for a spreadsheet, that it
 * is no zip bomb. Nothing is left in the storage when it is refused. The caller promotes it
 * (`promote`) in the transaction that names it, and `discard`s it when that fails; a crash in
 * between leaves only a staged file, which the sweep removes (decision 038). Also the renewal's.
 */
export async function guardarArquivo(
  { storage, settings }: Pick<Arquivos, 'storage' | 'settings'>,
  laudoId: string,
  tipo: TipoDeArquivo,
  part: ArquivoRecebido,
): Promise<{ key: string; nome: string }> {
  const maxBytes = settings.limits.maxFileSizeMb * 1024 * 1024;
  // Read just enough to know what the content is, then stream the rest to disk.
  const { cabeca: head, corpo } = await lerCabeca(part.file, 8);
  const ext = typeFromHead(head);
  if (!ext || (tipo === 'pdf') !== (ext === 'pdf')) {
    part.file.resume();
    throw wrongType(tipo);
  }
  const key = newStorageKey(laudoId, tipo, ext);
  const staged = stagingKey(key);
  try {
    await storage.save(staged, corpo(), { maxBytes });
  } catch (err) {
    part.file.resume();
    if (err instanceof FileTooLargeError) throw erro('arquivoGrandeDemais', settings.limits.maxFileSizeMb);
    throw err;
  }
  // A PDF or an OLE2 file is told by its first bytes. A zip's directory is at its end, so an XLSX
  // is read whole from disk (on S3, from a temp copy: decision 038): a renamed executable or a
  // .docx inside a zip is refused, and so is a spreadsheet that would unpack to gigabytes (a zip
  // bomb), so no later reader (the preview, the client's Excel) has to face it.
  const problema =
    ext === 'xlsx'
      ? await storage.withLocalFile(staged, async (file) => {
          if ((await detectLaudoFileType(head, file)) !== 'xlsx') return wrongType(tipo);
          return (await xlsxWithinBudget(file)) ? null : erro('planilhaSuspeita');
        })
      : (await detectLaudoFileType(head)) === ext
        ? null
        : wrongType(tipo);
  if (problema) {
    await storage.remove(staged);
    throw problema;
  }
  return { key, nome: safeDownloadName(part.filename ?? '', ext) };
}

/**
 * POST /api/laudos/:id/arquivos/:tipo: checks and stores the file (`guardarArquivo`), then
 * replaces the previous one. `receber` reads the request's file with the limit it is given
 * (undefined when the request is not multipart).
 */
export async function enviarArquivo(
  { db, storage, settings, hoje, log }: Arquivos,
  user: SessionUser,
  { id, tipo }: Alvo,
  receber: (maxBytes: number) => Promise<ArquivoRecebido | undefined>,
) {
  await lerLaudo(db, user, id);
  if (!settings.features.fileUpload) throw erro('envioDesativado');
  const part = await receber(settings.limits.maxFileSizeMb * 1024 * 1024);
  if (part?.fieldname !== 'arquivo') {
    part?.file.resume();
    throw erro('arquivoAusente');
  }
  const { key, nome } = await guardarArquivo({ storage, settings }, id, tipo, part);

  const cols = columnsFor(tipo);
  let anterior: string | null = null;
  try {
    await db.transaction(async (tx) => {
      // The row lock serializes two uploads to one laudo: each replaces the other cleanly.
      const [row] = await tx
        .execute(
          sql`select ${cols.key} as key, ${laudos.empresaId} as empresa_id from ${laudos} where ${laudos.id} = ${id} for update`,
        )
        .then((r) => (r as unknown as { rows: { key: string | null; empresa_id: string | null }[] }).rows);
      if (!row) throw erro('laudoNaoEncontrado');
      anterior = row.key;
      await registrarAuditoria(tx, atorDoUsuario(user), {
        entidade: 'arquivo',
        entidadeId: id,
        acao: row.key ? 'substituiu_arquivo' : 'enviou_arquivo',
        empresaId: row.empresa_id,
        depois: { tipo, nome },
      });
      await tx
        .update(laudos)
        .set({
          [cols.keyProp]: key,
          [cols.nameProp]: nome,
          [cols.urlProp]: `/api/laudos/${id}/arquivos/${tipo}`,
          atualizadoEm: new Date(),
        })
        .where(eq(laudos.id, id));
      // Last in the transaction: the row names the file only once it is at its real key.
      await promote(storage, key);
    });
  } catch (err) {
    await discard(storage, key);
    throw err;
  }
  if (anterior && anterior !== key) {
    const old: string = anterior;
    excelPreviews.forget(old);
    await storage.remove(old).catch((err) => log.warn({ err, key: old }, 'arquivo anterior não removido'));
  }
  return buscarLaudo(db, user, id, hoje);
}

/**
 * GET /api/laudos/:id/arquivos/:tipo[/download]: the stored file with the headers to send it
 * (`inline` to view in the browser, `attachment` to download under its original name); a `Range`
 * header gets just those bytes (206).
 */
export async function baixarArquivo(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  { id, tipo }: Alvo,
  disposition: 'inline' | 'attachment',
  rangeHeader?: string,
) {
  const laudo = await lerLaudo(db, user, id);
  const key = tipo === 'pdf' ? laudo.arquivoPdf : laudo.arquivoExcel;
  const name = tipo === 'pdf' ? laudo.arquivoPdfNome : laudo.arquivoExcelNome;
  return abrirArquivoGuardado(storage, key, name, disposition, rangeHeader);
}

/**
 * One `bytes=start-end` or `bytes=start-` range; anything else (several ranges, a suffix range, a
 * malformed header) is ignored and the whole file goes out, as RFC 9110 allows.
 */
export function lerIntervalo(header: string | undefined): ByteRange | undefined {
  const match = header ? /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  return { start, end };
}

/**
 * A stored laudo file with the status and headers to send it: the current version's
 * (`baixarArquivo`) and an earlier version's (versoes.ts) go out the same way, streamed from the
 * storage (disk or S3: decision 038). The caller has checked the user's scope.
 */
export async function abrirArquivoGuardado(
  storage: FileStorage,
  key: string | null,
  name: string | null,
  disposition: 'inline' | 'attachment',
  rangeHeader?: string,
): Promise<{ status: 200 | 206 | 416; body: unknown; headers: Record<string, string> }> {
  if (!key) throw erro('laudoSemEsseArquivo');
  const range = lerIntervalo(rangeHeader);
  try {
    const file = await storage.open(key, range ? { range } : {});
    const type = typeOfKey(key);
    const headers: Record<string, string> = {
      'content-type': mime[type],
      'content-length': String(file.bytes),
      'content-disposition': contentDisposition(disposition, name ?? `laudo.${type}`),
      'cache-control': 'private, no-store',
      'accept-ranges': 'bytes',
    };
    if (!file.range) return { status: 200, body: file.stream, headers };
    const { start, end } = file.range;
    headers['content-length'] = String(end - start + 1);
    headers['content-range'] = `bytes ${start}-${end}/${file.bytes}`;
    return { status: 206, body: file.stream, headers };
  } catch (err) {
    if (err instanceof FileNotFoundError) throw erro('arquivoNaoEncontrado');
    if (err instanceof RangeNotSatisfiableError) {
      return {
        status: 416,
        body: corpoDoErro('intervaloForaDoArquivo'),
        headers: { 'content-range': `bytes */${err.size}`, 'cache-control': 'private, no-store' },
      };
    }
    throw err;
  }
}

/** GET /api/laudos/:id/arquivos/excel/tabela: the first sheet as a table (up to 200 rows). */
export async function visualizarPlanilha(
  db: Db,
  storage: FileStorage,
  settings: AppSettings,
  user: SessionUser,
  id: string,
) {
  const laudo = await lerLaudo(db, user, id);
  if (!settings.features.excelViewer) throw erro('visualizacaoDesativada');
  if (!laudo.arquivoExcel) throw erro('laudoSemPlanilha');
  const key = laudo.arquivoExcel;
  const preview = await excelPreviews
    .read((work) => storage.withLocalFile(key, work), { cacheKey: key, maxRows: 200 })
    .catch((err) => {
      if (err instanceof PreviewBeyondBudgetError) throw erro('planilhaGrandeDemais');
      if (err instanceof FileNotFoundError) return null;
      throw err;
    });
  if (!preview) throw erro('planilhaIlegivel');
  return preview;
}

/** DELETE /api/laudos/:id/arquivos/:tipo: clears the column, then removes the file (a failure is logged). */
export async function removerArquivo(
  { db, storage, hoje, log }: Omit<Arquivos, 'settings'>,
  user: SessionUser,
  { id, tipo }: Alvo,
) {
  const laudo = await lerLaudo(db, user, id);
  const key = tipo === 'pdf' ? laudo.arquivoPdf : laudo.arquivoExcel;
  if (!key) throw erro('laudoSemEsseArquivo');
  const cols = columnsFor(tipo);
  await db.transaction(async (tx) => {
    await tx
      .update(laudos)
      .set({ [cols.keyProp]: null, [cols.nameProp]: null, [cols.urlProp]: null, atualizadoEm: new Date() })
      .where(eq(laudos.id, id));
    await registrarAuditoria(tx, atorDoUsuario(user), {
      entidade: 'arquivo',
      entidadeId: id,
      acao: 'removeu_arquivo',
      empresaId: laudo.empresaId,
      antes: { tipo, nome: tipo === 'pdf' ? laudo.arquivoPdfNome : laudo.arquivoExcelNome },
    });
  });
  excelPreviews.forget(key);
  await storage.remove(key).catch((err) => log.warn({ err, key }, 'arquivo não removido'));
  return buscarLaudo(db, user, id, hoje);
}
