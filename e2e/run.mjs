// End-to-end run: a fresh DATA_DIR, the real server (embedded PostgreSQL, demo data) on a free
// port, the specs in e2e/specs with node's test runner, then the server is stopped.
// `npm run test:e2e` builds the web app first.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'test-output');
mkdirSync(out, { recursive: true });

for (const app of ['web', 'store-app']) {
  if (!existsSync(join(root, app, 'dist', 'index.html'))) {
    console.error(`${app}/dist is missing: run \`npm run build\` first (npm run test:e2e does).`);
    process.exit(1);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const port = Number(process.env.E2E_PORT) || (await freePort());
const dataDir = mkdtempSync(join(tmpdir(), 'lbo-e2e-'));
const baseUrl = `http://127.0.0.1:${port}`;
const log = createWriteStream(join(out, 'e2e-server.log'));
console.log(
  `e2e: starting the server on ${baseUrl} (DATA_DIR ${dataDir}); log in test-output/e2e-server.log`,
);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CHECK_RESPONSES: 'true' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.pipe(log);
server.stderr.pipe(log);
let serverExited = false;
server.on('exit', (code, signal) => {
  serverExited = true;
  if (!stopping) console.error(`e2e: the server exited early (code ${code}, signal ${signal})`);
});
let stopping = false;

async function stopServer() {
  if (serverExited) return;
  stopping = true;
  server.kill('SIGTERM');
  const t = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await new Promise((r) => server.once('exit', r));
  clearTimeout(t);
}

async function waitHealthy(timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (serverExited) return false;
    try {
      const res = await fetch(`${baseUrl}/v1/api/health`);
      if (res.ok) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

let code = 1;
try {
  const started = Date.now();
  if (!(await waitHealthy(Number(process.env.E2E_START_TIMEOUT_MS) || 180_000))) {
    console.error('e2e: the server did not become healthy; see test-output/e2e-server.log');
  } else {
    console.log(`e2e: server healthy after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const specDir = join(root, 'e2e', 'specs');
    const only = process.argv.slice(2);
    const specs = readdirSync(specDir)
      .filter((f) => f.endsWith('.spec.ts'))
      .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
      .sort()
      .map((f) => join('e2e', 'specs', f));
    const runner = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...specs], {
      cwd: root,
      env: { ...process.env, BASE_URL: baseUrl },
      stdio: 'inherit',
    });
    code = await new Promise((r) => runner.on('exit', (c) => r(c ?? 1)));
  }
} finally {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
