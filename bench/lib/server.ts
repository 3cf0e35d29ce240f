// The real server as the benches run it: a process started the way `npm start` starts it (compiled
// when the build succeeds, one serialisation per answer, request logging off), on a free port,
// stopped by its process id. Shared by bench/areas/throughput.ts and bench/areas/store.ts.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * How `npm start` runs the server: compiled (server/build.mjs, rebuilt now so the figures are of
 * the current code); through tsx when the build fails (a colleague's code mid-edit).
 */
export function serverArgv(): string[] {
  const built = spawnSync(process.execPath, ['server/build.mjs'], { cwd: root, stdio: 'inherit' });
  const compiled = path.join(root, 'server', 'dist', 'main.js');
  if (built.status === 0 && existsSync(compiled)) return [compiled];
  console.warn('the server build failed: measuring the TypeScript sources through tsx');
  return ['--import', 'tsx', 'server/src/main.ts'];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export type Proc = { url: string; proc: ChildProcess; stop: () => Promise<void> };

export async function waitFor(proc: ChildProcess, url: string, log: () => string) {
  const deadline = Date.now() + 900_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`exited early:\n${log()}`);
    try {
      const r = await fetch(`${url}/v1/api/health`);
      if (r.status < 500) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`did not start:\n${log()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function stopper(proc: ChildProcess) {
  return async () => {
    if (proc.exitCode !== null) return;
    proc.kill('SIGTERM');
    const t = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await new Promise((r) => proc.once('exit', r));
    clearTimeout(t);
  };
}

/**
 * Starts the server with `env` over the bench's own environment. `onLine` receives each line the
 * server writes to stdout (its log, one JSON object a line), as an operator tailing the log would.
 */
export async function startProject(
  env: NodeJS.ProcessEnv,
  opts: { argv?: string[]; onLine?: (line: string) => void } = {},
): Promise<Proc> {
  const port = await freePort();
  const argv = opts.argv ?? serverArgv();
  const proc = spawn(process.execPath, argv, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', CHECK_RESPONSES: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the start-up output is kept (for the error when it fails to start): a long run's log is not.
  let out = '';
  let started = false;
  let partial = '';
  proc.stdout?.on('data', (d) => {
    if (!started) out += d;
    if (!opts.onLine) return;
    const lines = (partial + d).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) opts.onLine(line);
  });
  proc.stderr?.on('data', (d) => {
    if (!started) out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(proc, url, () => out);
  started = true;
  out = '';
  return { url, proc, stop: stopper(proc) };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Signs the demo administrator (or ADMIN_EMAIL / ADMIN_PASSWORD) in through the API; its access token. */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/v1/api/web/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: process.env.ADMIN_EMAIL ?? 'admin@example.com',
      password: process.env.ADMIN_PASSWORD ?? 'admin123',
    }),
  });
  const body = (await res.json()) as { data: { token: string } };
  if (!res.ok) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}
