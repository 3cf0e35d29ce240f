// The real server as a separate process on an embedded DATA_DIR, for the tests that kill it, lock its
// directory or restart it (stress/embedded.test.ts, stress/crash-loop.test.ts), or, given a
// DATABASE_URL in `env`, on a PostgreSQL server (stress/two-processes.test.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type ServerProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * Starts `src/main.ts` on `dataDir` (no demo seed, quiet log, the embedded database unless `env`
 * sets DATABASE_URL). `env` is laid over these settings.
 */
export function startServer(
  dataDir: string,
  port: number,
  opts: { env?: Record<string, string> } = {},
): ServerProcess {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Resolves once `/health` answers 200; throws with the server's output if it exits or times out. */
export async function waitHealthy(port: number, proc: ServerProcess, timeoutMs = 600_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${proc.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`server not healthy in time: ${proc.output()}`);
}
