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
 * target with the same hash is not copied again, so a run cut halfway is simply run again (a
 * SIGKILL leaves at most the few objects in flight unwritten: a PUT is atomic). Keys are
 * the same on both backends: the rows need no change; switching is starting with STORAGE=s3.
 */
export async function migrateFiles(
  source: LocalFileStorage,
  target: FileStorage,
  onFile: (key: string, outcome: 'copiado' | 'já estava' | 'diferente') => void = () => {},
): Promise<MigrationReport> {
  const report: MigrationReport = { total: 0, copied: 0, alreadyThere: 0, failed: [] };
  const keys = source.keys();
  // Each file is a few round trips to the store (HEAD, PUT, GET back): several at a time, or a
  // migration of thousands of small files waits mostly on latency. A generator's `next` calls queue,
  // so every key goes to exactly one worker.
  let failure = false;
  const worker = async () => {
    for (let next = await keys.next(); !next.done && !failure; next = await keys.next()) {
      const key = next.value;
      report.total++;
      // An error (the store unreachable) stops every worker at its next file, and is thrown.
      const outcome = await migrateOne(source, target, key).catch((error: unknown) => {
        failure = true;
        throw error;
      });
      if (outcome === 'já estava') report.alreadyThere++;
      else if (outcome === 'copiado') report.copied++;
      else report.failed.push(key);
      onFile(key, outcome);
    }
  };
  // Every worker finishes its file before the first error is thrown: nothing is left in flight.
  const results = await Promise.allSettled(Array.from({ length: MIGRATION_CONCURRENCY }, worker));
  const rejected = results.find((r) => r.status === 'rejected');
  if (rejected) throw rejected.reason;
  report.failed.sort();
  return report;
}

/** Files copied at once by `migrateFiles`: enough to hide the store's latency, few sockets. */
const MIGRATION_CONCURRENCY = 8;

async function migrateOne(
  source: LocalFileStorage,
  target: FileStorage,
  key: string,
): Promise<'copiado' | 'já estava' | 'diferente'> {
  const original = await hashOf(source, key);
  if ((await target.size(key)) === original.bytes && (await hashOf(target, key)).sha256 === original.sha256)
    return 'já estava';
  const { stream } = await source.open(key);
  await target.save(key, stream, { maxBytes: original.bytes });
  return (await hashOf(target, key)).sha256 === original.sha256 ? 'copiado' : 'diferente';
}

async function hashOf(storage: FileStorage, key: string): Promise<{ sha256: string; bytes: number }> {
  const { stream, bytes } = await storage.open(key);
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return { sha256: hash.digest('hex'), bytes };
}
