import path from 'node:path';
import type { Config } from '../config.ts';
import { type FileStorage, LocalFileStorage } from './storage.ts';

export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/**
 * The storage `STORAGE` chooses (decision 038). An S3 bucket is checked at start (HEAD), so a wrong
 * name, endpoint or key stops the server with a clear message instead of failing the first upload.
 * The AWS SDK is loaded only for S3 (a disk install never pays for it at start).
 */
export async function createStorage(config: Config): Promise<FileStorage> {
  if (config.storage.backend === 'disk') {
    return new LocalFileStorage(path.join(config.dataDir, 'storage', 'laudos'));
  }
  const { bucket, region, endpoint, forcePathStyle, credentials } = config.storage;
  const { S3FileStorage } = await import('./s3.ts');
  const storage = new S3FileStorage({
    bucket,
    region,
    endpoint,
    forcePathStyle,
    tempDir: path.join(config.dataDir, 'tmp'),
    ...(credentials ? { credentials: { ...credentials } } : {}),
  });
  try {
    await storage.checkBucket();
  } catch (error) {
    storage.client.destroy();
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const why =
      status === 404
        ? 'o bucket não existe'
        : status === 403 || status === 401
          ? 'acesso negado (confira as credenciais AWS)'
          : `sem resposta (${error instanceof Error ? error.message : String(error)})`;
    throw new StorageUnavailableError(`Armazenamento S3: bucket "${bucket}" inacessível: ${why}.`, {
      cause: error,
    });
  }
  return storage;
}
