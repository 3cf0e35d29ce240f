// Exclusive lock on DATA_DIR: the embedded database must be opened by one process only
// (a second opener silently loses acknowledged writes). A dead owner's lock is taken over.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

type LockInfo = { pid: number; startedAt: number; command: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Process start time as the kernel knows it, so a recycled PID is not mistaken for the owner. */
function processStartTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[19]);
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string, command = process.argv.slice(1).join(' ')): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'lbo.lock');
  const me: LockInfo = { pid: process.pid, startedAt: processStartTicks(process.pid) ?? 0, command };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: LockInfo | null = null;
      try {
        owner = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
      } catch {
        owner = null;
      }
      const ownerAlive =
        owner !== null &&
        owner.pid !== process.pid &&
        isAlive(owner.pid) &&
        (owner.startedAt === 0 || processStartTicks(owner.pid) === owner.startedAt);
      if (ownerAlive && owner) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another process (pid ${owner.pid}: ${owner.command}). ` +
            'Stop it first, or run this command against the running server / a PostgreSQL server (DATABASE_URL).',
        );
      }
      rmSync(file, { force: true }); // stale lock from a dead process: take it over
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${dataDir}`);
}
