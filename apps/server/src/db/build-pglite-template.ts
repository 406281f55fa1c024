import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createJobs } from '../jobs/boss.ts';
import { migrateDatabase, migrationsFolder, openDatabase } from './client.ts';
import { pgliteTemplateDir, pgliteTemplateFile } from './pglite-template-key.mjs';

/**
 * Builds the PGlite template for the current migrations (see pglite-template.ts) unless it exists,
 * and returns its path. `scripts/ensure-pglite-template.mjs` runs this file as its own process
 * before `npm start`, so initdb's WebAssembly memory leaves with that process; the test setup calls
 * it in-process. Another template (older migrations) in the folder is removed.
 */
export async function ensurePgliteTemplate(
  options: { migrationsFolder?: string; templateDir?: string } = {},
): Promise<string> {
  const folder = options.migrationsFolder ?? migrationsFolder;
  const dir = options.templateDir ?? pgliteTemplateDir(folder);
  const file = pgliteTemplateFile(folder, dir);
  const existing = readdirSafe(dir);
  if (existing.includes(path.basename(file))) return file;

  // In memory: nothing to clean up on disk, and the dump is the same as from a folder.
  const handle = await openDatabase({ engine: 'pglite', dataDir: 'memory://' });
  let tar: Buffer;
  try {
    await migrateDatabase(handle);
    // pg-boss's schema too (its version is in the key): a first start then skips its migrations.
    const jobs = createJobs(handle, { workers: false, logError: () => {} });
    await jobs.start();
    await jobs.stop();
    // `dumpDataDir` copies the files of a running server; a checkpoint first puts everything in
    // the data files, so a start from the template has almost no WAL to replay
    // (PGlite.create 0.59–1.06 s instead of 0.79–1.63 s, same machine and runs as above).
    await handle.pglite.exec('CHECKPOINT');
    // Uncompressed (42 MB instead of 4.9 MB with gzip): see decision 017 for the measurement.
    const dump = await handle.pglite.dumpDataDir('none');
    tar = Buffer.from(await dump.arrayBuffer());
  } finally {
    await handle.close();
  }
  mkdirSync(dir, { recursive: true });
  // Written under a temporary name and renamed: a reader never sees half a template, and two
  // builders at once (two test runs) each write a whole one.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, tar);
  renameSync(partial, file);
  for (const other of existing) {
    // Whole templates only: a `.partial` may be another builder's file being written.
    if (other.startsWith('empty-') && other.endsWith('.tar') && other !== path.basename(file))
      rmSync(path.join(dir, other), { force: true });
  }
  return file;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

// `node --import tsx apps/server/src/db/build-pglite-template.ts`: what the start script runs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = await ensurePgliteTemplate();
  process.stdout.write(`${path.relative(process.cwd(), file)}\n`);
}
