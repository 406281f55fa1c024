import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh folder in the system's temp dir (`laudos-<nome>-XXXXXX`), removed by the test's cleanups. */
export function pastaTemporaria(nome: string, cleanups: (() => unknown)[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), `laudos-${nome}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
