import { Worker, type WorkerOptions } from 'node:worker_threads';
import { runningFromBundle } from '../paths.ts';
import type { ExcelPreview, ReadLimits, ReadOutcome } from './excel-preview-reader.ts';
import type { PreviewJob, WorkerMessage } from './excel-preview-worker.ts';

export type { ExcelPreview } from './excel-preview-reader.ts';

/**
 * The spreadsheet preview, off the event loop and within a budget. The reading itself
 * (excel-preview-reader.ts: the first sheet's first rows, streamed) runs in one worker thread, one
 * preview at a time, so three previews at once cost one worker's memory, not three. A preview that
 * needs more than the budget is refused with PreviewBeyondBudgetError: more unpacked bytes than
 * `inflatedBytes`, more time than `timeMs` (the worker is terminated), or more heap than `heapMb`
 * (the worker's resourceLimits; V8 stops it). A fresh worker is started for the next preview.
 */

export interface PreviewBudget {
  /** Time one preview may take in the worker, from the moment it is handed over. */
  timeMs: number;
  /** The worker's V8 old-generation heap, in MB (exceljs itself takes about 15). */
  heapMb: number;
  /** Bytes one preview may unpack from the file, all parts together. */
  inflatedBytes: number;
}

/**
 * 200 rows of a sheet take ~0.1 s and a few hundred KB unpacked; 5 s and 64 MB leave room for a
 * big shared-strings table or very wide rows and still free the worker quickly for the next one.
 */
export const PREVIEW_BUDGET: PreviewBudget = { timeMs: 5_000, heapMb: 96, inflatedBytes: 64 * 1024 * 1024 };

/** Lends a file as a local path while `work` runs (`FileStorage.withLocalFile` for one key). */
export type LocalFileSource = <T>(work: (filePath: string) => Promise<T>) => Promise<T>;

export class PreviewBeyondBudgetError extends Error {
  constructor() {
    super('Planilha grande demais para visualizar; baixe o arquivo.');
    this.name = 'PreviewBeyondBudgetError';
  }
}

const DEFAULT_MAX_ROWS = 200;
const DEFAULT_MAX_COLS = 30;
const STARTUP_TIMEOUT_MS = 30_000;
const ILEGIVEL: ReadOutcome = { kind: 'ilegivel' };
const GRANDE_DEMAIS: ReadOutcome = { kind: 'grande-demais' };

type Outcome = Exclude<ReadOutcome, { kind: 'ok' }> | { kind: 'ok'; preview: ExcelPreview };

export class ExcelPreviewer {
  /** Previews that ran in the worker (the others came from the cache). */
  workerRuns = 0;

  private worker: Worker | null = null;
  private starting: Promise<Worker> | null = null;
  private current: { id: number; worker: Worker; settle(outcome: ReadOutcome): void } | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private readonly cache: PreviewCache;
  private readonly inflight = new Map<string, Promise<Outcome>>();

  constructor(
    readonly budget: PreviewBudget = PREVIEW_BUDGET,
    private readonly options: { cacheBytes: number; idleMs: number } = {
      cacheBytes: 32 * 1024 * 1024,
      idleMs: 30_000,
    },
  ) {
    this.cache = new PreviewCache(options.cacheBytes);
  }

  /**
   * The first sheet of the XLSX at `filePath` (or that a `LocalFileSource` lends: a stored file) as text, for the in-app viewer; null when it is not an
   * XLSX this can read (a legacy .xls, a corrupt or missing file). Throws PreviewBeyondBudgetError.
   * With `cacheKey` (the stored file's key) the outcome is remembered: refusals too, so a sheet
   * beyond the budget costs the worker once, not once per click.
   */
  async read(
    filePath: string | LocalFileSource,
    options: { cacheKey?: string; maxRows?: number; maxCols?: number } = {},
  ): Promise<ExcelPreview | null> {
    const limits: ReadLimits = {
      maxRows: positiveInt(options.maxRows, DEFAULT_MAX_ROWS),
      maxCols: positiveInt(options.maxCols, DEFAULT_MAX_COLS),
      maxInflatedBytes: this.budget.inflatedBytes,
    };
    const outcome = options.cacheKey
      ? await this.cached(`${options.cacheKey}\n${limits.maxRows}x${limits.maxCols}`, filePath, limits)
      : await this.run(filePath, limits);
    if (outcome.kind === 'grande-demais') throw new PreviewBeyondBudgetError();
    return outcome.kind === 'ok' ? outcome.preview : null;
  }

  /** Drops what is remembered for a stored file (replaced or removed). */
  forget(cacheKey: string): void {
    this.cache.deletePrefix(`${cacheKey}\n`);
  }

  /** Stops the worker (a running preview ends as unreadable). */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    if (this.worker) await this.discard(this.worker);
  }

  private async cached(
    key: string,
    filePath: string | LocalFileSource,
    limits: ReadLimits,
  ): Promise<Outcome> {
    const hit = this.cache.get(key);
    if (hit) return hit;
    // Several requests for one file while it is being read share that reading.
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.run(filePath, limits).then((outcome) => {
        this.cache.set(key, outcome);
        return outcome;
      });
      this.inflight.set(key, pending);
      void pending.finally(() => this.inflight.delete(key)).catch(() => {});
    }
    return pending;
  }

  /** Queued: the worker reads one preview at a time. */
  private run(filePath: string | LocalFileSource, limits: ReadLimits): Promise<Outcome> {
    this.waiting++;
    clearTimeout(this.idleTimer);
    // A stored file's local copy (S3) is made in its turn, and lives only while the worker reads it.
    const result = this.queue.then(() =>
      typeof filePath === 'string'
        ? this.runNow(filePath, limits)
        : filePath((local) => this.runNow(local, limits)),
    );
    this.queue = result
      .catch(() => {})
      .finally(() => {
        if (--this.waiting === 0)
          this.idleTimer = setTimeout(() => this.stopIdle(), this.options.idleMs).unref();
      });
    return result;
  }

  private async runNow(filePath: string, limits: ReadLimits): Promise<Outcome> {
    const worker = await this.start();
    this.workerRuns++;
    worker.ref(); // an idle worker never keeps the process alive; a working one does
    try {
      const outcome = await new Promise<ReadOutcome>((resolve) => {
        const id = this.nextId++;
        const timer = setTimeout(() => {
          void this.discard(worker);
          settle(GRANDE_DEMAIS);
        }, this.budget.timeMs);
        const settle = (outcome: ReadOutcome) => {
          clearTimeout(timer);
          if (this.current?.id === id) this.current = null;
          resolve(outcome);
        };
        this.current = { id, worker, settle };
        worker.postMessage({ id, filePath, ...limits } satisfies PreviewJob);
      });
      return outcome.kind === 'ok' ? { kind: 'ok', preview: outcome.preview } : outcome;
    } finally {
      worker.unref();
    }
  }

  private workerOptions(): WorkerOptions {
    return {
      // Not the parent's flags: an `--import` of the parent (the bench's probe) is not for a worker.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.budget.heapMb, maxYoungGenerationSizeMb: 16 },
    };
  }

  private start(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker);
    this.starting ??= new Promise<Worker>((resolve, reject) => {
      let ready = false;
      // From the bundle (npm start), the worker is its own entry beside this code
      // (dist/excel-preview-worker.js, scripts/build-server.mjs); from the sources (tsx: dev,
      // tests), a plain .mjs shim registers tsx in the thread first, then loads the .ts.
      const worker = runningFromBundle
        ? new Worker(new URL('./excel-preview-worker.js', import.meta.url), this.workerOptions())
        : new Worker(new URL('./excel-preview-worker.mjs', import.meta.url), {
            ...this.workerOptions(),
            workerData: { entry: new URL('./excel-preview-worker.ts', import.meta.url).href },
          });
      worker.unref();
      const startup = setTimeout(() => {
        void worker.terminate();
        failed(new Error(`o worker da visualização não iniciou em ${STARTUP_TIMEOUT_MS / 1000} s`));
      }, STARTUP_TIMEOUT_MS);
      const failed = (err: Error) => {
        clearTimeout(startup);
        if (ready) return;
        this.starting = null;
        reject(err);
      };
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          clearTimeout(startup);
          ready = true;
          this.worker = worker;
          this.starting = null;
          resolve(worker);
        } else if (this.current?.worker === worker && this.current.id === message.id) {
          this.current.settle(message.outcome);
        }
      });
      worker.on('error', (err: Error & { code?: string }) => {
        // The worker is ending: the next preview must not be handed to it.
        if (this.worker === worker) this.worker = null;
        // Out of its heap (resourceLimits): the sheet is beyond the memory budget. Anything else
        // the file made the reader do ends as unreadable.
        if (this.current?.worker === worker)
          this.current.settle(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? GRANDE_DEMAIS : ILEGIVEL);
        failed(err);
      });
      worker.on('exit', () => {
        if (this.worker === worker) this.worker = null;
        if (this.current?.worker === worker) this.current.settle(ILEGIVEL);
        failed(new Error('o worker da visualização saiu antes de iniciar'));
      });
    });
    return this.starting;
  }

  private async discard(worker: Worker): Promise<void> {
    if (this.worker === worker) this.worker = null;
    await worker.terminate();
  }

  private stopIdle(): void {
    if (this.waiting === 0 && this.worker) void this.discard(this.worker);
  }
}

/**
 * Outcomes by stored file, least recently used dropped first, bounded by an estimate of their size.
 * In memory rather than on disk under DATA_DIR: a key names one upload forever (a replaced file
 * gets a new key), so an entry can never go stale, only unused, and memory needs no sweeping of
 * leftovers when several instances share a DATA_DIR; after a restart a preview costs ~0.1 s again.
 */
class PreviewCache {
  private readonly entries = new Map<string, { outcome: Outcome; size: number }>();
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Outcome | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.outcome;
  }

  set(key: string, outcome: Outcome): void {
    // UTF-16 text plus a little per cell: close enough to what the entry holds.
    const size = outcome.kind === 'ok' ? JSON.stringify(outcome.preview).length * 2 : 64;
    if (size > this.maxBytes / 4) return;
    this.delete(key);
    this.entries.set(key, { outcome, size });
    this.size += size;
    for (const [oldest] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  deletePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.size;
  }
}

function positiveInt(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The server's previewer: one worker for the process. */
export const excelPreviews = new ExcelPreviewer();
