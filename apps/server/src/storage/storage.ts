import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  key: string;
  bytes: number;
}

/** Inclusive byte offsets, as in an HTTP `Range: bytes=start-end` (no end: to the last byte). */
export interface ByteRange {
  start: number;
  end?: number | undefined;
}

export interface OpenedFile {
  stream: NodeJS.ReadableStream;
  /** The whole file's size (also when only a range is read). */
  bytes: number;
  /** The range the stream holds, its end clamped to the file; absent for the whole file. */
  range?: { start: number; end: number };
}

/**
 * Where uploads land before the database names them: promoted (`move`) to their real key in the
 * step that commits the row, swept after a day when that step never came (a crash, a SIGKILL).
 */
export const STAGING_PREFIX = 'staging';

export function stagingKey(key: string): string {
  assertValidStorageKey(key);
  return `${STAGING_PREFIX}/${key}`;
}

/**
 * Where laudo files live (the spec's bucket "laudos"): `LocalFileStorage` on disk (the default) or
 * `S3FileStorage` (s3.ts) in a bucket, chosen by `STORAGE` (decision 038).
 */
export interface FileStorage {
  /**
   * Streams `source` into `key`, refusing more than maxBytes (FileTooLargeError) and leaving nothing
   * behind on any failure; the new content replaces an old one atomically (write to a temp file in
   * the same folder, fsync, rename).
   */
  save(
    key: string,
    source: NodeJS.ReadableStream | AsyncIterable<Buffer>,
    options: { maxBytes: number },
  ): Promise<StoredFile>;
  /** Throws FileNotFoundError, and RangeNotSatisfiableError for a range starting past the end. */
  open(key: string, options?: { range?: ByteRange }): Promise<OpenedFile>;
  /** A missing file is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The file's size in bytes, or null when it is missing. */
  size(key: string): Promise<number | null>;
  /** Renames `from` to `to` (replacing it); FileNotFoundError when `from` is missing. */
  move(from: string, to: string): Promise<void>;
  /**
   * Runs `work` on the file as a path on local disk (the XLSX checks and the preview read a zip's
   * directory at its end): the file itself on disk, a temp copy removed afterwards on S3.
   */
  withLocalFile<T>(key: string, work: (filePath: string) => Promise<T>): Promise<T>;
  /** Removes staged uploads and local temp files older than `olderThan`; how many went. */
  sweep(olderThan: Date): Promise<number>;
  /** Frees what the backend holds (an S3 client's sockets); the server's close. */
  close(): void;
}

/** Moves a staged upload to its real key (`move(stagingKey(key), key)`). */
export function promote(storage: FileStorage, key: string): Promise<void> {
  return storage.move(stagingKey(key), key);
}

/**
 * Removes an upload whose row was never committed, wherever it is (staged, or already promoted
 * when the commit itself failed). Best effort: what stays staged, the sweep removes.
 */
export async function discard(storage: FileStorage, key: string): Promise<void> {
  await Promise.all([storage.remove(stagingKey(key)), storage.remove(key)]).catch(() => {});
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Arquivo maior que o limite de ${formatLimit(maxBytes)}.`);
    this.name = 'FileTooLargeError';
  }
}

export class FileNotFoundError extends Error {
  constructor(readonly key: string) {
    super('Arquivo não encontrado.');
    this.name = 'FileNotFoundError';
  }
}

export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super('Intervalo pedido fora do arquivo.');
    this.name = 'RangeNotSatisfiableError';
  }
}

/** A key that could escape the storage root or collide with a temp file: a bug in the caller. */
export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Chave de armazenamento inválida: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** `${laudoId}/${kind}-${uuid}.${ext}`: names are always generated, never taken from the upload. */
export function newStorageKey(laudoId: string, kind: 'pdf' | 'excel', ext: 'pdf' | 'xlsx' | 'xls'): string {
  if (!/^[a-zA-Z0-9-]{1,64}$/.test(laudoId)) throw new InvalidStorageKeyError(laudoId);
  return `${laudoId}/${kind}-${randomUUID()}.${ext}`;
}

/**
 * `blog/${postId}/capa-${uuid}.webp`: a blog cover, beside the laudo files (whose keys start with a
 * uuid, so the `blog/` folder cannot collide). A new key per upload, so a cover URL can be cached.
 */
export function newBlogCoverKey(postId: string): string {
  if (!/^[a-zA-Z0-9-]{1,64}$/.test(postId)) throw new InvalidStorageKeyError(postId);
  return `blog/${postId}/capa-${randomUUID()}.webp`;
}

/**
 * `suporte/${chamadoId}/anexo-${uuid}.${ext}`: a support request's attachment (decision 027), in
 * its own folder like the blog covers. Names are always generated, never taken from the upload.
 */
export function newSuporteAnexoKey(chamadoId: string, ext: 'pdf' | 'png' | 'jpeg' | 'webp'): string {
  if (!/^[a-zA-Z0-9-]{1,64}$/.test(chamadoId)) throw new InvalidStorageKeyError(chamadoId);
  return `suporte/${chamadoId}/anexo-${randomUUID()}.${ext}`;
}

/** `empresas/${empresaId}/logo-${uuid}.png`: a company's logo; a new key per upload (cacheable URL). */
export function newCompanyLogoKey(empresaId: string): string {
  if (!/^[a-zA-Z0-9-]{1,64}$/.test(empresaId)) throw new InvalidStorageKeyError(empresaId);
  return `empresas/${empresaId}/logo-${randomUUID()}.png`;
}

const KEY_CHARS = /^[a-zA-Z0-9\-/.]+$/;
const MAX_KEY_LENGTH = 512;

/**
 * Only [a-zA-Z0-9-/.], no leading '/', no empty, '.' or '..' segment, and no segment starting with
 * '.' (temp files are dot-files, so a key can never name one).
 */
export function assertValidStorageKey(key: string): void {
  const ok =
    typeof key === 'string' &&
    key.length <= MAX_KEY_LENGTH &&
    KEY_CHARS.test(key) &&
    key.split('/').every((segment) => segment !== '' && !segment.startsWith('.'));
  if (!ok) throw new InvalidStorageKeyError(key);
}

/**
 * The chunks of an upload as Buffers, refused with FileTooLargeError at the byte past `maxBytes`
 * (checked first: a negative or fractional limit is a bug). Throwing leaves the source's loop,
 * which destroys a stream source, so the upload stops there. Both backends save through it.
 */
export function withinLimit(
  source: NodeJS.ReadableStream | AsyncIterable<Buffer>,
  maxBytes: number,
): AsyncGenerator<Buffer> {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
    throw new RangeError(`maxBytes must be a non-negative integer, got ${maxBytes}`);
  }
  return (async function* () {
    let bytes = 0;
    for await (const chunk of source as AsyncIterable<Buffer | string | Uint8Array>) {
      const buffer = typeof chunk === 'string' || !Buffer.isBuffer(chunk) ? Buffer.from(chunk) : chunk;
      bytes += buffer.byteLength;
      if (bytes > maxBytes) throw new FileTooLargeError(maxBytes);
      yield buffer;
    }
  })();
}

export class LocalFileStorage implements FileStorage {
  readonly rootDir: string;

  /** rootDir e.g. DATA_DIR/storage/laudos. */
  constructor(rootDir: string) {
    this.rootDir = path.resolve(rootDir);
  }

  async save(
    key: string,
    source: NodeJS.ReadableStream | AsyncIterable<Buffer>,
    options: { maxBytes: number },
  ): Promise<StoredFile> {
    const chunks = withinLimit(source, options.maxBytes);
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    const temp = path.join(dir, `.${path.basename(target)}.${randomUUID()}.tmp`);

    let handle: fs.FileHandle | undefined;
    let renamed = false;
    try {
      handle = await openTempFile(dir, temp);
      let bytes = 0;
      for await (const buffer of chunks) {
        bytes += buffer.byteLength;
        await writeAll(handle, buffer);
      }
      await handle.sync();
      await handle.close();
      handle = undefined;
      await fs.rename(temp, target);
      renamed = true;
      await syncDirectory(dir);
      return { key, bytes };
    } finally {
      if (!renamed) {
        // A stream nobody reads any more would hold its upload open (for await already destroys
        // it when the loop itself failed).
        destroySource(source);
        await handle?.close().catch(() => {});
        await fs.rm(temp, { force: true }).catch(() => {});
        await this.pruneEmptyFolders(dir);
      }
    }
  }

  async open(key: string, options: { range?: ByteRange } = {}): Promise<OpenedFile> {
    const file = this.pathOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, constants.O_RDONLY);
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) throw new FileNotFoundError(key);
      throw error;
    }
    try {
      // Size and content come from the same open file, even if a save replaces the key meanwhile.
      const stat = await handle.stat();
      if (!stat.isFile()) throw new FileNotFoundError(key);
      const { range } = options;
      if (range) {
        if (range.start >= stat.size || (range.end !== undefined && range.end < range.start)) {
          throw new RangeNotSatisfiableError(stat.size);
        }
        const end = Math.min(range.end ?? stat.size - 1, stat.size - 1);
        return {
          stream: handle.createReadStream({ start: range.start, end, highWaterMark: 256 * 1024 }),
          bytes: stat.size,
          range: { start: range.start, end },
        };
      }
      // 256 KiB reads instead of 64: a laudo's PDF goes out in a few reads, each waiting its turn
      // on a busy event loop (on PGlite the database shares it), not in dozens.
      return { stream: handle.createReadStream({ highWaterMark: 256 * 1024 }), bytes: stat.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await fs.unlink(file);
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return;
      throw error;
    }
    await this.pruneEmptyFolders(path.dirname(file));
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return false;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const stat = await fs.stat(this.pathOf(key));
      return stat.isFile() ? stat.size : null;
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return null;
      throw error;
    }
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    for (let attempt = 1; ; attempt++) {
      try {
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.rename(source, target);
        break;
      } catch (error) {
        if (!isCode(error, 'ENOENT', 'ENOTDIR')) throw error;
        if (!(await this.exists(from))) throw new FileNotFoundError(from);
        // A concurrent save or move pruned the target's folder (or a parent the recursive mkdir
        // had just made) meanwhile: make it again.
        if (attempt >= 10) throw error;
      }
    }
    await syncDirectory(path.dirname(target));
    await this.pruneEmptyFolders(path.dirname(source));
  }

  close(): void {}

  /** Every stored key, sorted; staged uploads and temp files are not files yet (storage:migrate). */
  async *keys(): AsyncGenerator<string> {
    const files = await filesUnder(this.rootDir);
    const keys = files
      .map((file) => path.relative(this.rootDir, file).split(path.sep).join('/'))
      .filter(
        (key) => !key.startsWith(`${STAGING_PREFIX}/`) && key.split('/').every((s) => !s.startsWith('.')),
      )
      .sort();
    yield* keys;
  }

  /** The file itself: nothing to copy on disk. */
  async withLocalFile<T>(key: string, work: (filePath: string) => Promise<T>): Promise<T> {
    if (!(await this.exists(key))) throw new FileNotFoundError(key);
    return work(this.pathOf(key));
  }

  async sweep(olderThan: Date): Promise<number> {
    const staging = path.join(this.rootDir, STAGING_PREFIX);
    let removed = 0;
    for (const file of await filesUnder(staging)) {
      if ((await mtimeOf(file)) < olderThan.getTime()) {
        await fs.rm(file, { force: true });
        await this.pruneEmptyFolders(path.dirname(file));
        removed++;
      }
    }
    return removed + (await sweepTempFiles(this.rootDir, olderThan));
  }

  private pathOf(key: string): string {
    assertValidStorageKey(key);
    const resolved = path.resolve(this.rootDir, key);
    // Belt and braces: the key rules already forbid this.
    if (!resolved.startsWith(this.rootDir + path.sep)) throw new InvalidStorageKeyError(key);
    return resolved;
  }

  /** Removes now-empty folders up to (not including) the root, so a failed save leaves no trace. */
  private async pruneEmptyFolders(dir: string): Promise<void> {
    let current = dir;
    while (current.startsWith(this.rootDir + path.sep)) {
      try {
        await fs.rmdir(current);
      } catch {
        return; // not empty (or already gone): stop there
      }
      current = path.dirname(current);
    }
  }
}

/**
 * Removes the temp files (dot-files ending in .tmp) under `dir` older than `olderThan`: what a save
 * or a local copy killed mid-way (SIGKILL) left behind. A live one is minutes old at most.
 */
export async function sweepTempFiles(dir: string, olderThan: Date): Promise<number> {
  let removed = 0;
  for (const file of await filesUnder(dir)) {
    const name = path.basename(file);
    if (name.startsWith('.') && name.endsWith('.tmp') && (await mtimeOf(file)) < olderThan.getTime()) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  let items: import('node:fs').Dirent[];
  try {
    items = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isCode(error, 'ENOENT', 'ENOTDIR')) return found;
    throw error;
  }
  for (const item of items) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) found.push(...(await filesUnder(full)));
    else if (item.isFile()) found.push(full);
  }
  return found;
}

async function mtimeOf(file: string): Promise<number> {
  try {
    return (await fs.stat(file)).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY; // gone meanwhile: nothing to remove
  }
}

/**
 * Creates the temp file, re-creating its folder if a concurrent save or move pruned it meanwhile.
 * A recursive `mkdir` itself fails with ENOENT when another request removes a parent it has just
 * made (a promoted upload pruning `staging/<laudo>` and `staging`): that is retried too.
 */
async function openTempFile(dir: string, temp: string): Promise<fs.FileHandle> {
  for (let attempt = 1; ; attempt++) {
    try {
      await fs.mkdir(dir, { recursive: true });
      return await fs.open(temp, 'wx', 0o600);
    } catch (error) {
      if (!isCode(error, 'ENOENT') || attempt >= 10) throw error;
    }
  }
}

function destroySource(source: NodeJS.ReadableStream | AsyncIterable<Buffer>): void {
  const stream = source as { destroy?: () => void; destroyed?: boolean };
  if (typeof stream.destroy === 'function' && !stream.destroyed) stream.destroy();
}

async function writeAll(handle: fs.FileHandle, buffer: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < buffer.byteLength) {
    const { bytesWritten } = await handle.write(buffer, offset, buffer.byteLength - offset);
    offset += bytesWritten;
  }
}

/** Makes the rename itself durable. Not every platform lets a folder be fsynced; that is not fatal. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, constants.O_RDONLY);
    await handle.sync();
  } catch {
    // best effort
  } finally {
    await handle?.close().catch(() => {});
  }
}

function isCode(error: unknown, ...codes: string[]): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    codes.includes(String((error as { code: unknown }).code))
  );
}

function formatLimit(bytes: number): string {
  const number = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(n);
  if (bytes >= 1024 * 1024) return `${number(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${number(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
