import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * An exclusive lock on a PGlite data directory. Two processes opening the same PGlite directory
 * silently lose each other's writes, so the second one must refuse to start.
 *
 * The lock is a file created with O_EXCL holding the owner's pid. A lock whose pid no longer runs
 * (the owner crashed or was killed) is stale and is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `O diretório de dados já está em uso pelo processo ${pid} (${lockFile}). ` +
        'Apenas um servidor pode usar o banco embutido por vez: pare o outro processo, ' +
        'use outro DATA_DIR ou configure DATABASE_URL (PostgreSQL) para vários servidores.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files this process holds: a second open of the same directory in-process is refused too. */
const heldByThisProcess = new Set<string>();

export function acquireDataDirLock(dir: string): DataDirLock {
  const file = path.resolve(dir, 'server.lock');
  if (heldByThisProcess.has(file)) throw new DataDirLockedError(file, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      heldByThisProcess.add(file);
      return {
        file,
        release() {
          if (released) return;
          released = true;
          heldByThisProcess.delete(file);
          try {
            if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let pid = Number.NaN;
      try {
        pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      } catch {
        // Removed between our open and our read: try again.
        continue;
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(file, pid);
      }
      // Stale: its owner is gone.
      try {
        unlinkSync(file);
      } catch {
        // Another process took it over first; the next attempt tells.
      }
    }
  }
  throw new Error(`Não foi possível obter o bloqueio do diretório de dados (${file}).`);
}
