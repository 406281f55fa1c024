import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { S3FileStorage } from '../../src/storage/s3.ts';

/**
 * A fresh bucket in the run's Swift (global-setup.ts) and an `S3FileStorage` on it, with what the
 * tests look at: every object, every multipart upload still open, and the environment that points a
 * test server at the same bucket (STORAGE=s3).
 */
export interface TestBucket {
  storage: S3FileStorage;
  bucket: string;
  tempDir: string;
  env: Record<string, string>;
  /** Every key in the bucket, staged ones included, sorted. */
  keys(): Promise<string[]>;
  /** Multipart uploads begun and neither completed nor aborted. */
  openUploads(): Promise<number>;
  /** Removes every object and local temp file (between tests sharing the bucket). */
  empty(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createTestBucket(): Promise<TestBucket> {
  const swift = inject('swift');
  const bucket = `laudos-${randomUUID()}`;
  const tempDir = await fs.mkdtemp(path.join(tmpdir(), 'laudos-s3-tmp-'));
  const storage = new S3FileStorage({
    bucket,
    region: swift.region,
    endpoint: swift.endpoint,
    forcePathStyle: true,
    tempDir,
    credentials: { accessKeyId: swift.accessKeyId, secretAccessKey: swift.secretAccessKey },
  });
  const client = storage.client;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const keys = async () => {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) found.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort();
  };
  return {
    storage,
    bucket,
    tempDir,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: swift.endpoint,
      S3_REGION: swift.region,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: swift.accessKeyId,
      AWS_SECRET_ACCESS_KEY: swift.secretAccessKey,
    },
    keys,
    async openUploads() {
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      return page.Uploads?.length ?? 0;
    },
    async empty() {
      for (const key of await keys())
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      await fs.rm(tempDir, { recursive: true, force: true });
      await fs.mkdir(tempDir, { recursive: true });
    },
    async destroy() {
      for (const key of await keys())
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      await client.send(new DeleteBucketCommand({ Bucket: bucket })).catch(() => {});
      storage.close();
      await fs.rm(tempDir, { recursive: true, force: true });
    },
  };
}
