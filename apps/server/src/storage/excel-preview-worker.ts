import { parentPort } from 'node:worker_threads';
import { type ReadLimits, type ReadOutcome, readFirstSheet } from './excel-preview-reader.ts';

/** Runs in the preview worker thread (started by excel-preview.ts): one job at a time, in order. */

export interface PreviewJob extends ReadLimits {
  id: number;
  filePath: string;
}

export type WorkerMessage = { type: 'ready' } | { type: 'done'; id: number; outcome: ReadOutcome };

const port = parentPort;
if (!port) throw new Error('excel-preview-worker.ts runs only as a worker thread');

port.on('message', async (job: PreviewJob) => {
  const outcome = await readFirstSheet(job.filePath, job);
  port.postMessage({ type: 'done', id: job.id, outcome } satisfies WorkerMessage);
});
// exceljs is loaded (by the import above) before the first job's time starts.
port.postMessage({ type: 'ready' } satisfies WorkerMessage);
