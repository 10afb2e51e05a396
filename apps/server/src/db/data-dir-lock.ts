import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock of its own: two servers on one data directory would corrupt it. The first server
 * writes its pid to `server.lock`; another refuses to start while that process is alive.
 */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export type TDataDirLock = { release(): void };

export function acquireDataDirLock(dataDir: string): TDataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return {
        release() {
          try {
            if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // already gone: nothing to release
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is in use by another Lionrock server (pid ${holder}). ` +
            'Stop that server, or start this one with another DATA_DIR or PORT.',
        );
      }
      // The holder died without cleaning up (e.g. SIGKILL): the lock is stale.
      fs.unlinkSync(lockPath);
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
