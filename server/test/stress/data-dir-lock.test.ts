// The DATA_DIR lock is mutual exclusion: of many processes started at the same instant exactly one
// gets it, on a fresh directory and on one whose owner was just killed (SIGKILL), trial after trial.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const WORKERS = 6;
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const onServer = !!process.env.TEST_DATABASE_URL;

type Reply = { pid: number; ok?: boolean; message?: string; released?: boolean; ready?: boolean };

function spawnWorker(): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, '..', 'support', 'lock-worker.ts'), [], {
    cwd: SERVER_DIR,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('error', reject);
  });
}

function ask(child: ChildProcess, msg: object): Promise<Reply> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as Reply));
    child.send(msg);
  });
}

/** Every worker tries the lock at the same instant; the replies. */
async function race(workers: ChildProcess[], dir: string): Promise<Reply[]> {
  const at = Date.now() + 150;
  return Promise.all(workers.map((w) => ask(w, { cmd: 'acquire', dir, at })));
}

let workers: ChildProcess[] = [];
const dirs: string[] = [];
const newDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'lbo-lock-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  if (onServer) return;
  workers = await Promise.all(Array.from({ length: WORKERS }, spawnWorker));
});
afterAll(() => {
  for (const w of workers) w.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(onServer)('DATA_DIR lock', () => {
  it('should let exactly one of many processes started at once take a fresh directory', async () => {
    for (let trial = 0; trial < 25; trial++) {
      const dir = newDir();
      const replies = await race(workers, dir);
      const winners = replies.filter((r) => r.ok);
      expect({ trial, winners: winners.length }).toEqual({ trial, winners: 1 });
      for (const loser of replies.filter((r) => !r.ok)) {
        expect(loser.message).toMatch(/in use by another process/);
      }
      await Promise.all(workers.map((w) => ask(w, { cmd: 'release' })));
    }
  });

  it('should let exactly one take over from a killed owner, at once, whatever its lock file says', async () => {
    for (let trial = 0; trial < 30; trial++) {
      const dir = newDir();
      if (trial % 6 === 0) {
        // A real owner takes the lock and is killed with it held.
        const [owner] = await race([workers[0]], dir);
        expect(owner.ok).toBe(true);
        workers[0].kill('SIGKILL');
        workers[0] = await spawnWorker();
      } else {
        // What a killed owner leaves behind: its description, naming a dead process.
        writeFileSync(
          path.join(dir, 'lbo.lock'),
          JSON.stringify({ pid: 999999, startedAt: 1, command: 'dead' }),
        );
      }
      const replies = await race(workers, dir);
      expect({ trial, winners: replies.filter((r) => r.ok).length }).toEqual({ trial, winners: 1 });
      await Promise.all(workers.map((w) => ask(w, { cmd: 'release' })));
    }
  });
});
