// Exclusive lock on DATA_DIR: the embedded database must be opened by one process only (a second
// opener silently loses acknowledged writes).
//
// On Linux the lock is a Unix socket bound in the abstract namespace under a name made from the
// directory's device and inode. bind() is atomic (of any number of processes started at the same
// instant exactly one gets it) and the kernel releases the name when its owner exits or is killed,
// so there is never a stale lock to take over and no takeover to race: a SIGKILLed owner does not
// block the next start. (A lock *file* cannot do this: telling a stale file from one being written,
// and removing a stale one without removing a newer owner's, both race.) The file `lbo.lock` beside
// it only describes the owner for the refusal message; it decides nothing.
// Elsewhere (macOS, Windows: development only) an exclusively created lock file with the owner's PID
// is used, with a dead owner's file taken over: good enough for one developer, not atomic under races.
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {}

type LockInfo = { pid: number; startedAt: number; command: string };

const INFO_FILE = 'lbo.lock';

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

function readInfo(file: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

function lockedError(dataDir: string, owner: LockInfo | null): DataDirLockedError {
  const who = owner ? `pid ${owner.pid}: ${owner.command}` : 'its owner is starting';
  return new DataDirLockedError(
    `The embedded database in ${dataDir} is in use by another process (${who}). ` +
      'Stop it first, or run this command against the running server / a PostgreSQL server (DATABASE_URL).',
  );
}

/** Writes the owner description atomically (a reader sees the old or the new file, never half of one). */
function writeInfo(file: string, me: LockInfo): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(me));
  renameSync(tmp, file);
}

/** Takes the lock or throws DataDirLockedError naming the owner; resolves to a release function. */
export async function acquireDataDirLock(
  dataDir: string,
  command = process.argv.slice(1).join(' '),
): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const me: LockInfo = { pid: process.pid, startedAt: processStartTicks(process.pid) ?? 0, command };
  const infoFile = path.join(dataDir, INFO_FILE);
  if (process.platform !== 'linux') return acquireFileLock(dataDir, infoFile, me);

  const { dev, ino } = statSync(dataDir);
  const server = createServer((socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(`\0loyalty-back-office:data-dir:${dev}:${ino}`, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw lockedError(dataDir, readInfo(infoFile));
    throw err;
  }
  // The bound socket must not keep the process alive; it is released when the process ends anyway.
  server.unref();
  writeInfo(infoFile, me);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (readInfo(infoFile)?.pid === process.pid) rmSync(infoFile, { force: true });
    server.close();
  };
}

function acquireFileLock(dataDir: string, file: string, me: LockInfo): () => void {
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
      const owner = readInfo(file);
      const ownerAlive =
        owner !== null &&
        owner.pid !== process.pid &&
        isAlive(owner.pid) &&
        (owner.startedAt === 0 || processStartTicks(owner.pid) === owner.startedAt);
      if (ownerAlive) throw lockedError(dataDir, owner);
      rmSync(file, { force: true }); // stale lock from a dead process: take it over
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${dataDir}`);
}
