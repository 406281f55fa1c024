import { z } from 'zod';
import type { BackgroundJob } from './job.ts';

export interface ExecutarImportacaoPort {
  /** modules/importacao: runs the import's batches from its cursor to the end. */
  processarImportacao(importacaoId: string): Promise<void>;
  /** modules/importacao: the import gave up (its last retry failed); what was written stays. */
  marcarFalha(importacaoId: string, mensagem: string): Promise<void>;
}

/**
 * A spreadsheet import of laudos (decision 047): sent by POST /api/importacoes/:id/executar in the
 * transaction that marks it `importando`. Each batch commits its laudos with the cursor, so a retry
 * after a crash resumes where the last batch ended.
 */
export const executarImportacaoJob: BackgroundJob<{ importacaoId: string }, ExecutarImportacaoPort> = {
  name: 'importacao-executar',
  payload: z.object({ importacaoId: z.uuid() }),
  queue: () => ({
    options: { retryLimit: 3, retryDelay: 30, expireInSeconds: 3600, deleteAfterSeconds: 7 * 24 * 3600 },
  }),
  worker: () => ({ batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }),
  handle: async (port, { importacaoId }, attempt) => {
    try {
      await port.processarImportacao(importacaoId);
    } catch (err) {
      if ((attempt.retryCount ?? 0) >= (attempt.retryLimit ?? 0))
        await port.marcarFalha(
          importacaoId,
          'A importação parou por um erro inesperado. Os laudos já gravados ficaram; envie a planilha de novo para importar o restante.',
        );
      throw err;
    }
  },
};
