import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertValidStorageKey,
  type ByteRange,
  FileNotFoundError,
  type FileStorage,
  type OpenedFile,
  RangeNotSatisfiableError,
  STAGING_PREFIX,
  type StoredFile,
  sweepTempFiles,
  withinLimit,
} from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** Where a file is copied when it must be read whole from disk (the XLSX checks, the preview). */
  tempDir: string;
  /** Tests pass the peer's keys; production leaves them to the AWS default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Parts of a multipart upload: S3's minimum is 5 MiB; two in flight bound the memory to ~16 MiB. */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * Laudo files in an S3 bucket (or an S3-compatible store: Swift's s3api in the tests), decision 038.
 * The same contract as `LocalFileStorage`: a save streams (multipart above 8 MiB) and is refused at
 * the byte past the limit, leaving no object and no open multipart upload; a PUT replaces a key
 * atomically; a missing key is FileNotFoundError.
 */
export class S3FileStorage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly tempDir: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.tempDir = path.resolve(options.tempDir);
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // With the default (WHEN_SUPPORTED) a streamed PUT goes out aws-chunked, which Swift (and
      // other S3-compatible stores) refuse with 501.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Throws when the bucket is missing or the credentials cannot reach it. */
  async checkBucket(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Frees the client's sockets (the server's close). */
  close(): void {
    this.client.destroy();
  }

  async save(
    key: string,
    source: NodeJS.ReadableStream | AsyncIterable<Buffer>,
    options: { maxBytes: number },
  ): Promise<StoredFile> {
    const chunks = withinLimit(source, options.maxBytes);
    assertValidStorageKey(key);
    let bytes = 0;
    async function* counted() {
      for await (const buffer of chunks) {
        bytes += buffer.byteLength;
        yield buffer;
      }
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: Readable.from(counted()) },
      partSize: PART_SIZE,
      queueSize: 2,
      // On any failure lib-storage aborts the multipart upload: no parts are left to pay for.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      destroySource(source);
      await upload.abort().catch(() => {});
      throw error;
    }
    return { key, bytes };
  }

  async open(key: string, options: { range?: ByteRange } = {}): Promise<OpenedFile> {
    assertValidStorageKey(key);
    const { range } = options;
    let size: number | undefined;
    if (range) {
      // The total size decides the range (and answers 416 with it); a HEAD is cheap next to the GET.
      size = (await this.size(key)) ?? undefined;
      if (size === undefined) throw new FileNotFoundError(key);
      if (range.start >= size || (range.end !== undefined && range.end < range.start)) {
        throw new RangeNotSatisfiableError(size);
      }
    }
    try {
      const end = range && size !== undefined ? Math.min(range.end ?? size - 1, size - 1) : undefined;
      const got = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${end}` } : {}),
        }),
      );
      const stream = got.Body as Readable;
      const bytes = size ?? Number(got.ContentLength ?? 0);
      return range && end !== undefined
        ? { stream, bytes, range: { start: range.start, end } }
        : { stream, bytes };
    } catch (error) {
      if (isNotFound(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertValidStorageKey(key);
    // S3's DELETE of a missing key succeeds; Swift's s3api answers 204 too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch((error) => {
      if (!isNotFound(error)) throw error;
    });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    assertValidStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return Number(head.ContentLength ?? 0);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** S3 has no rename: a server-side copy, then the delete (the copy never leaves the store). */
  async move(from: string, to: string): Promise<void> {
    assertValidStorageKey(from);
    assertValidStorageKey(to);
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new FileNotFoundError(from);
      throw error;
    }
    await this.remove(from);
  }

  /** Every committed key, in the bucket's (sorted) order; staged uploads are not files yet (backup). */
  async *keys(): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && !object.Key.startsWith(`${STAGING_PREFIX}/`)) yield object.Key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** No object at all, staged ones included (a restore writes only into an empty bucket). */
  async isEmpty(): Promise<boolean> {
    const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 1 }));
    return (page.KeyCount ?? page.Contents?.length ?? 0) === 0;
  }

  async withLocalFile<T>(key: string, work: (filePath: string) => Promise<T>): Promise<T> {
    const { stream } = await this.open(key);
    await fs.mkdir(this.tempDir, { recursive: true });
    const file = path.join(this.tempDir, `.s3-${randomUUID()}.tmp`);
    try {
      await pipeline(stream, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      return await work(file);
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  async sweep(olderThan: Date): Promise<number> {
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${STAGING_PREFIX}/`,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && object.LastModified < olderThan) {
          await this.remove(object.Key);
          removed++;
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    // A process killed mid-upload (SIGKILL) could not abort its multipart upload: its parts stay,
    // unseen by a listing but stored (and billed), until aborted here.
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: `${STAGING_PREFIX}/`,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (upload.Key && upload.UploadId && upload.Initiated && upload.Initiated < olderThan) {
          await this.client
            .send(
              new AbortMultipartUploadCommand({
                Bucket: this.bucket,
                Key: upload.Key,
                UploadId: upload.UploadId,
              }),
            )
            .catch((error) => {
              if (!isNotFound(error)) throw error;
            });
          removed++;
        }
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed + (await sweepTempFiles(this.tempDir, olderThan));
  }
}

function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

function destroySource(source: NodeJS.ReadableStream | AsyncIterable<Buffer>): void {
  const stream = source as { destroy?: () => void; destroyed?: boolean };
  if (typeof stream.destroy === 'function' && !stream.destroyed) stream.destroy();
}
