import { createHash } from 'node:crypto';
import type { FileStorage, LocalFileStorage } from './storage.ts';

export interface MigrationReport {
  /** Files on disk (staged uploads and temp files are not files yet: left out). */
  total: number;
  copied: number;
  /** Already in the target with the same SHA-256 (a re-run after an interruption). */
  alreadyThere: number;
  /** Copied, but the target's bytes did not hash the same: left for a re-run. */
  failed: string[];
}

/**
 * `storage:migrate --to s3` (decision 038): copies every file from the disk into `target` under the
 * same key, and reads each back to compare its SHA-256 with the original. A file already in the
 * target with the same hash is not copied again, so a run cut halfway is simply run again. Keys are
 * the same on both backends: the rows need no change; switching is starting with STORAGE=s3.
 */
export async function migrateFiles(
  source: LocalFileStorage,
  target: FileStorage,
  onFile: (key: string, outcome: 'copiado' | 'já estava' | 'diferente') => void = () => {},
): Promise<MigrationReport> {
  const report: MigrationReport = { total: 0, copied: 0, alreadyThere: 0, failed: [] };
  for await (const key of source.keys()) {
    report.total++;
    const original = await hashOf(source, key);
    if (
      (await target.size(key)) === original.bytes &&
      (await hashOf(target, key)).sha256 === original.sha256
    ) {
      report.alreadyThere++;
      onFile(key, 'já estava');
      continue;
    }
    const { stream } = await source.open(key);
    await target.save(key, stream, { maxBytes: original.bytes });
    if ((await hashOf(target, key)).sha256 !== original.sha256) {
      report.failed.push(key);
      onFile(key, 'diferente');
      continue;
    }
    report.copied++;
    onFile(key, 'copiado');
  }
  return report;
}

async function hashOf(storage: FileStorage, key: string): Promise<{ sha256: string; bytes: number }> {
  const { stream, bytes } = await storage.open(key);
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return { sha256: hash.digest('hex'), bytes };
}
