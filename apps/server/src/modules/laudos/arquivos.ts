import { hojeNoFuso } from '@laudos/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { laudos } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { excelPreviews, PreviewBeyondBudgetError } from '../../storage/excel-preview.ts';
import {
  contentDisposition,
  detectLaudoFileType,
  type LaudoFileType,
  safeDownloadName,
  typeFromHead,
} from '../../storage/file-types.ts';
import { FileNotFoundError, FileTooLargeError, newStorageKey } from '../../storage/storage.ts';
import { readZipDirectory, zipWithinBudget } from '../../storage/zip-inspect.ts';
import { getSettings } from '../settings/service.ts';
import { buscarLaudo, toLaudoApi } from './service.ts';

const params = z.object({ id: z.uuid('Laudo não encontrado.'), tipo: z.enum(['pdf', 'excel']) });
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

const wrongType = (tipo: 'pdf' | 'excel') =>
  new AppError(
    'TIPO_DE_ARQUIVO_INVALIDO',
    tipo === 'pdf'
      ? 'O arquivo enviado não é um PDF. Envie o laudo em PDF.'
      : 'O arquivo enviado não é uma planilha Excel (.xlsx ou .xls).',
    415,
  );

function columnsFor(tipo: 'pdf' | 'excel') {
  return tipo === 'pdf'
    ? {
        key: laudos.arquivoPdf,
        name: laudos.arquivoPdfNome,
        url: laudos.arquivoPdfUrl,
        keyProp: 'arquivoPdf',
        nameProp: 'arquivoPdfNome',
        urlProp: 'arquivoPdfUrl',
      }
    : {
        key: laudos.arquivoExcel,
        name: laudos.arquivoExcelNome,
        url: laudos.arquivoExcelUrl,
        keyProp: 'arquivoExcel',
        nameProp: 'arquivoExcelNome',
        urlProp: 'arquivoExcelUrl',
      };
}

function typeOfKey(key: string): LaudoFileType {
  const ext = key.split('.').pop();
  return ext === 'pdf' || ext === 'xls' ? ext : 'xlsx';
}

/** A laudo's PDF and Excel: uploaded, viewed, downloaded and removed only through these routes. */
export const arquivosRoutes: FastifyPluginAsyncZod = async (app) => {
  const hoje = () => hojeNoFuso(app.ctx.config.timeZone);

  app.post(
    '/api/laudos/:id/arquivos/:tipo',
    {
      config: { access: 'user' },
      schema: {
        tags: ['laudos'],
        summary: 'Envia (ou substitui) o PDF ou o Excel do laudo: multipart, campo "arquivo"',
        params,
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { db, storage } = app.ctx;
      const user = request.sessionUser!;
      const { id, tipo } = request.params;
      await buscarLaudo(db, user, id);
      const settings = await getSettings(db);
      if (!settings.features.fileUpload)
        throw new AppError('ENVIO_DESATIVADO', 'O envio de arquivos está desativado.', 403);
      const maxBytes = settings.limits.maxFileSizeMb * 1024 * 1024;
      if (!request.isMultipart())
        throw new AppError(
          'ARQUIVO_AUSENTE',
          'Envie o arquivo no campo "arquivo" (multipart/form-data).',
          400,
        );
      const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
      if (part?.fieldname !== 'arquivo') {
        part?.file.resume();
        throw new AppError(
          'ARQUIVO_AUSENTE',
          'Envie o arquivo no campo "arquivo" (multipart/form-data).',
          400,
        );
      }

      // Read just enough to know what the content is, then stream the rest to disk.
      const iterator = part.file[Symbol.asyncIterator]();
      const buffered: Buffer[] = [];
      let head = Buffer.alloc(0);
      while (head.length < 8) {
        const next = await iterator.next();
        if (next.done) break;
        buffered.push(next.value as Buffer);
        head = Buffer.concat([head, next.value as Buffer]);
      }
      const ext = typeFromHead(head);
      if (!ext || (tipo === 'pdf') !== (ext === 'pdf')) {
        part.file.resume();
        throw wrongType(tipo);
      }
      const key = newStorageKey(id, tipo, ext);
      async function* body() {
        yield* buffered;
        for (;;) {
          const next = await iterator.next();
          if (next.done) return;
          yield next.value as Buffer;
        }
      }
      try {
        await storage.save(key, body(), { maxBytes });
      } catch (err) {
        part.file.resume();
        if (err instanceof FileTooLargeError) {
          throw new AppError(
            'ARQUIVO_GRANDE_DEMAIS',
            `Arquivo maior que o limite de ${settings.limits.maxFileSizeMb} MB.`,
            413,
          );
        }
        throw err;
      }
      // The whole file, by content: a renamed executable or a .docx inside a zip is refused here.
      const real = await detectLaudoFileType(head, storage.localPath(key));
      if (real !== ext) {
        await storage.remove(key);
        throw wrongType(tipo);
      }
      // A spreadsheet is a zip: one that would unpack to gigabytes (a zip bomb) is not kept, so no
      // later reader (the preview, the client's Excel) has to face it.
      if (real === 'xlsx' && !(await xlsxWithinBudget(storage.localPath(key)))) {
        await storage.remove(key);
        throw new AppError(
          'PLANILHA_SUSPEITA',
          'A planilha está danificada ou compactada de forma suspeita (ela se expandiria demais) e não foi aceita.',
          400,
        );
      }

      const cols = columnsFor(tipo);
      const nome = safeDownloadName(part.filename ?? '', ext);
      let anterior: string | null = null;
      try {
        await db.transaction(async (tx) => {
          // The row lock serializes two uploads to one laudo: each replaces the other cleanly.
          const [row] = await tx
            .execute(sql`select ${cols.key} as key from ${laudos} where ${laudos.id} = ${id} for update`)
            .then((r) => (r as unknown as { rows: { key: string | null }[] }).rows);
          if (!row) throw new AppError('NAO_ENCONTRADO', 'Laudo não encontrado.', 404);
          anterior = row.key;
          await tx
            .update(laudos)
            .set({
              [cols.keyProp]: key,
              [cols.nameProp]: nome,
              [cols.urlProp]: `/api/laudos/${id}/arquivos/${tipo}`,
              atualizadoEm: new Date(),
            })
            .where(eq(laudos.id, id));
        });
      } catch (err) {
        await storage.remove(key).catch(() => {});
        throw err;
      }
      if (anterior && anterior !== key) {
        excelPreviews.forget(anterior);
        await storage
          .remove(anterior)
          .catch((err) => request.log.warn({ err, key: anterior }, 'arquivo anterior não removido'));
      }
      return { laudo: toLaudoApi(await buscarLaudo(db, user, id), hoje()) };
    },
  );

  const serve = async (
    disposition: 'inline' | 'attachment',
    { id, tipo }: { id: string; tipo: 'pdf' | 'excel' },
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const { db, storage } = app.ctx;
    const laudo = await buscarLaudo(db, request.sessionUser!, id);
    const key = tipo === 'pdf' ? laudo.arquivoPdf : laudo.arquivoExcel;
    const name = tipo === 'pdf' ? laudo.arquivoPdfNome : laudo.arquivoExcelNome;
    if (!key) throw new AppError('ARQUIVO_NAO_ENCONTRADO', 'Este laudo não tem arquivo desse tipo.', 404);
    try {
      const file = await storage.open(key);
      const type = typeOfKey(key);
      return reply
        .header('content-type', mime[type])
        .header('content-length', String(file.bytes))
        .header('content-disposition', contentDisposition(disposition, name ?? `laudo.${type}`))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    } catch (err) {
      if (err instanceof FileNotFoundError)
        throw new AppError('ARQUIVO_NAO_ENCONTRADO', 'Arquivo não encontrado.', 404);
      throw err;
    }
  };

  app.get(
    '/api/laudos/:id/arquivos/:tipo',
    {
      config: { access: 'user' },
      schema: { tags: ['laudos'], summary: 'Abre o arquivo no navegador (inline)', params },
    },
    (request, reply) => serve('inline', request.params, request, reply),
  );
  app.get(
    '/api/laudos/:id/arquivos/:tipo/download',
    {
      config: { access: 'user' },
      schema: { tags: ['laudos'], summary: 'Baixa o arquivo com o nome original', params },
    },
    (request, reply) => serve('attachment', request.params, request, reply),
  );

  app.get(
    '/api/laudos/:id/arquivos/excel/tabela',
    {
      config: { access: 'user' },
      schema: {
        tags: ['laudos'],
        summary: 'A primeira planilha do Excel como tabela (até 200 linhas)',
        params: z.object({ id: z.uuid('Laudo não encontrado.') }),
        response: {
          200: z.object({
            sheetName: z.string(),
            columns: z.number(),
            rows: z.array(z.array(z.string())),
            truncated: z.boolean(),
          }),
        },
      },
    },
    async (request) => {
      const { db, storage } = app.ctx;
      const laudo = await buscarLaudo(db, request.sessionUser!, request.params.id);
      if (!(await getSettings(db)).features.excelViewer) {
        throw new AppError(
          'VISUALIZACAO_DESATIVADA',
          'A visualização de planilhas está desativada: baixe o arquivo.',
          403,
        );
      }
      if (!laudo.arquivoExcel)
        throw new AppError('ARQUIVO_NAO_ENCONTRADO', 'Este laudo não tem planilha.', 404);
      const key = laudo.arquivoExcel;
      const preview = await excelPreviews
        .read(storage.localPath(key), { cacheKey: key, maxRows: 200 })
        .catch((err) => {
          if (err instanceof PreviewBeyondBudgetError)
            throw new AppError(
              'PLANILHA_GRANDE_DEMAIS',
              'Planilha grande demais para visualizar; baixe o arquivo.',
              422,
            );
          throw err;
        });
      if (!preview) {
        throw new AppError(
          'PLANILHA_ILEGIVEL',
          'Não foi possível mostrar esta planilha aqui (formato .xls antigo ou arquivo danificado): baixe o arquivo.',
          422,
        );
      }
      return preview;
    },
  );

  app.delete(
    '/api/laudos/:id/arquivos/:tipo',
    {
      config: { access: 'user' },
      schema: { tags: ['laudos'], summary: 'Remove o arquivo do laudo', params },
    },
    async (request) => {
      const { db, storage } = app.ctx;
      const user = request.sessionUser!;
      const { id, tipo } = request.params;
      const laudo = await buscarLaudo(db, user, id);
      const key = tipo === 'pdf' ? laudo.arquivoPdf : laudo.arquivoExcel;
      if (!key) throw new AppError('ARQUIVO_NAO_ENCONTRADO', 'Este laudo não tem arquivo desse tipo.', 404);
      const cols = columnsFor(tipo);
      await db
        .update(laudos)
        .set({ [cols.keyProp]: null, [cols.nameProp]: null, [cols.urlProp]: null, atualizadoEm: new Date() })
        .where(eq(laudos.id, id));
      excelPreviews.forget(key);
      await storage.remove(key).catch((err) => request.log.warn({ err, key }, 'arquivo não removido'));
      return { laudo: toLaudoApi(await buscarLaudo(db, user, id), hoje()) };
    },
  );
};
