import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pgliteTemplateFile } from './pglite-template-key.mjs';

/**
 * The packaged empty data directory a new PGlite database starts from (decision 017): an empty,
 * migrated data directory dumped by `build-pglite-template.ts` into
 * `apps/server/.pglite-template/empty-<key>.tar`, the key a hash of the migrations and the PGlite
 * and pg-boss versions. A first start copies it into the new data directory instead of running
 * initdb (3 s under WebAssembly, and the initdb instance's memory stays in the process).
 */

/** The template for these migrations, or undefined when it has not been built. */
export function findPgliteTemplate(migrationsFolder: string, templateDir?: string): string | undefined {
  const file = pgliteTemplateFile(migrationsFolder, templateDir);
  return existsSync(file) ? file : undefined;
}

/**
 * Present while a template is being written into a data directory: a start cut short leaves it, and
 * the next start writes the template again instead of handing PGlite half a data directory.
 */
const INCOMPLETE = '.laudos-template-incompleto';

/** A data directory PGlite has not initialised yet: absent, empty, or a template write cut short. */
export function isNewDataDir(dataDir: string): boolean {
  if (!existsSync(dataDir)) return true;
  const entries = readdirSync(dataDir);
  return entries.length === 0 || entries.includes(INCOMPLETE);
}

/**
 * Writes the template's files into `dataDir` with Node's own file calls, then PGlite opens it as
 * it would reopen any data directory. Measured against PGlite's `loadDataDir` (which writes the
 * same files through its WebAssembly file system), this machine, PGlite 0.5.16, 3 runs each while
 * other work ran (PGlite, migrations check and pg-boss, no HTTP server): about the same time
 * (extraction 0.2–0.4 s plus `PGlite.create` 0.5–1.2 s; `loadDataDir` 0.7–1.4 s), but 264–271 MB
 * RSS after a collection instead of 410–430 MB — as low as a reopen (250–265 MB). initdb: 2.8 s
 * and 720–750 MB.
 *
 * In place (the folder may be a mount point, which cannot be renamed over), with a marker first
 * and `PG_VERSION` — what PGlite takes as "a database is here" — last.
 */
export function extractPgliteTemplate(templateFile: string, dataDir: string): void {
  if (!isNewDataDir(dataDir)) throw new Error(`${dataDir} já tem um banco: o modelo não é copiado sobre ele`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Only a write cut short leaves anything here.
  for (const entry of readdirSync(dataDir))
    rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  const marker = path.join(dataDir, INCOMPLETE);
  writeFileSync(marker, '');
  untar(readTar(templateFile), path.resolve(dataDir));
  rmSync(marker);
}

function readTar(file: string): Buffer {
  const data = readFileSync(file);
  return data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data;
}

/** Reads the ustar archives PGlite's `dumpDataDir` writes: folders and regular files only. */
function untar(tar: Buffer, dest: string): void {
  const text = (offset: number, length: number) => {
    let end = offset;
    while (end < offset + length && tar[end] !== 0) end++;
    return tar.toString('latin1', offset, end);
  };
  let pgVersion: Buffer | undefined;
  let offset = 0;
  while (offset + 512 <= tar.length && tar[offset] !== 0) {
    if (text(offset + 257, 5) !== 'ustar') throw new Error('modelo do banco embutido corrompido (tar)');
    const name = text(offset, 100);
    const prefix = text(offset + 345, 131);
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = text(offset + 156, 1) || '0';
    const file = path.join(dest, prefix ? `${prefix}/${name}` : name);
    if (path.relative(dest, file).startsWith('..')) throw new Error(`caminho inválido no modelo: ${name}`);
    offset += 512;
    if (type === '5') mkdirSync(file, { recursive: true, mode: 0o700 });
    else if (type === '0') {
      const data = tar.subarray(offset, offset + size);
      if (path.relative(dest, file) === 'PG_VERSION') pgVersion = data;
      else {
        mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
        writeFileSync(file, data, { mode: 0o600 });
      }
    }
    offset += Math.ceil(size / 512) * 512;
  }
  if (!pgVersion) throw new Error('modelo do banco embutido sem PG_VERSION');
  writeFileSync(path.join(dest, 'PG_VERSION'), pgVersion, { mode: 0o600 });
}
