// `npm run bench:recovery`: how long the embedded database takes to start again after a SIGKILL in the
// middle of heavy writes, and whether every acknowledged write survived.
//
// 1. A demo-seeded DATA_DIR is made once and kept in bench/.cache/demo-data (the first run seeds it);
//    every round starts from a fresh copy of it.
// 2. The real server starts on the copy; W writers post ERP invoice batches (with their points) for
//    S seconds, and the server is killed with SIGKILL while they are still writing.
// 3. The server is started again, as `npm start` runs it (the compiled build, bench/lib/server.ts):
//    the time from spawn to a healthy answer is the restart time, printed with the CPU time the
//    process used until then (on a busy machine the wall time is mostly waiting for a core) and the
//    load average; the database's own recovery lines are printed beside it.
// 4. Stopped cleanly, the directory is opened directly: every invoice whose import was acknowledged
//    must be there, and every cached point balance must equal its ledger (points:verify).
//
// Usage (from the repository root): npm run bench:recovery [-- --seconds 60 --writers 4 --batch 100 --rounds 1]
// With `--base <path to another build's server/dist/main.js>` the rounds alternate between that build
// and this one (before and after in one run), and the medians of each are printed.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { verifyBalances } from '../server/src/modules/points/points.verify';
import { median, serverArgv } from './lib/server';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    writers: { type: 'string', default: '4' },
    batch: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '1' },
    base: { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const WRITERS = Number(args.writers);
const BATCH = Number(args.batch);
const ROUNDS = Number(args.rounds);

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE = path.join(ROOT, 'bench', '.cache', 'demo-data');
const THIS_BUILD = serverArgv();
const BUILDS: { name: string; argv: string[] }[] = [
  { name: 'this build', argv: THIS_BUILD },
  ...(args.base ? [{ name: 'base', argv: [path.resolve(args.base)] }] : []),
];

/** CPU time (user + system) a process has used so far, in ms. */
function cpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

type Proc = { child: ChildProcess; log: () => string; exited: Promise<number | null> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function startServer(dataDir: string, port: number, seed: boolean, argv = THIS_BUILD): Proc {
  let log = '';
  const child = spawn(process.execPath, argv, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SEED_DEMO: seed ? 'auto' : 'never',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, log: () => log, exited };
}

async function waitHealthy(port: number, proc: Proc, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`the server exited:\n${proc.log()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${proc.log()}`);
}

async function api(port: number, token: string | null, method: string, url: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}/v1/api${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function seededCopy(): Promise<string> {
  if (!existsSync(path.join(CACHE, 'pgdata'))) {
    console.log(`Seeding the demo data once into ${CACHE} ...`);
    mkdirSync(CACHE, { recursive: true });
    const port = await freePort();
    const proc = startServer(CACHE, port, true);
    await waitHealthy(port, proc, 3_600_000);
    proc.child.kill('SIGTERM');
    await proc.exited;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'lbo-recovery-'));
  cpSync(CACHE, dir, { recursive: true });
  rmSync(path.join(dir, 'lbo.lock'), { force: true });
  return dir;
}

async function round(n: number) {
  const build = BUILDS[(n - 1) % BUILDS.length];
  const dataDir = await seededCopy();
  const port = await freePort();
  const first = startServer(dataDir, port, false, build.argv);
  await waitHealthy(port, first, 120_000);
  const login = await api(port, null, 'POST', '/web/auth', {
    email: 'admin@example.com',
    password: 'admin123',
  });
  const token = login.body.data.token as string;
  const customers = (await api(port, token, 'GET', '/web/customer/?limit=100')).body.data.list_customer as {
    customer_code: string;
  }[];
  const items = (await api(port, token, 'GET', '/web/item/?limit=50')).body.data.list_item as {
    item_code: string;
  }[];

  const acknowledged: string[] = [];
  let killed = false;
  const writer = async (w: number) => {
    for (let b = 0; !killed; b++) {
      const docs = Array.from({ length: BATCH }, (_, i) => ({
        document_no: `CRASH/${n}/${w}/${b}/${i}`,
        invoice_date: '2026-11-02',
        customer_code: customers[(w * 31 + b * 7 + i) % customers.length].customer_code,
        lines: [0, 1, 2].map((j) => ({
          item_code: items[(i + j * 13 + b) % items.length].item_code,
          qty: 1 + ((i + j) % 5),
          price: 10_000 + 1_000 * j,
        })),
      }));
      try {
        const res = await api(port, token, 'POST', '/integration/sales_invoice', { documents: docs });
        if (res.status === 200) acknowledged.push(...docs.map((d) => d.document_no));
      } catch {
        return; // the server is gone
      }
    }
  };
  const writing = Array.from({ length: WRITERS }, (_, w) => writer(w));
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  killed = true;
  first.child.kill('SIGKILL');
  await first.exited;
  await Promise.all(writing);

  const started = Date.now();
  const load = loadavg()[0];
  const second = startServer(dataDir, port, false, build.argv);
  await waitHealthy(port, second, 300_000);
  const restartMs = Date.now() - started;
  const restartCpuMs = cpuMs(second.child.pid);
  second.child.kill('SIGTERM');
  await second.exited;
  const recoveryLines = second
    .log()
    .split('\n')
    .filter((l) => /redo|recover|Started in/i.test(l))
    .slice(0, 8);

  const database = await openDatabase({ dataDir });
  const [{ found }] = await database.rows<{ found: number }>(
    sql`select count(*)::int as found from sales_invoices
        where document_no in (select json_array_elements_text(${JSON.stringify(acknowledged)}::json))`,
  );
  const verify = await verifyBalances(database.db);
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    round: n,
    build: build.name,
    load_average: Math.round(load * 10) / 10,
    restart_cpu_ms: restartCpuMs,
    seconds_of_writes: SECONDS,
    writers: WRITERS,
    acknowledged_invoices: acknowledged.length,
    acknowledged_found: found,
    balance_differences: verify.differences.length,
    restart_ms: restartMs,
    recovery_log: recoveryLines,
  };
}

const results = [];
for (let n = 1; n <= ROUNDS; n++) {
  const r = await round(n);
  results.push(r);
  console.log(
    `round ${n}: ${r.acknowledged_invoices} invoices acknowledged in ${SECONDS} s by ${WRITERS} writers, ` +
      `${r.acknowledged_found} found after SIGKILL; balance differences: ${r.balance_differences}; ` +
      `restart to healthy (${r.build}): ${r.restart_ms} ms, ${r.restart_cpu_ms} ms of CPU, load average ${r.load_average}`,
  );
  for (const l of r.recovery_log) console.log(`    ${l}`);
}
for (const b of BUILDS) {
  const mine = results.filter((r) => r.build === b.name);
  if (!mine.length) continue;
  console.log(
    `${b.name}: restart to healthy median ${median(mine.map((r) => r.restart_ms))} ms (max ${Math.max(...mine.map((r) => r.restart_ms))}), ` +
      `CPU median ${median(mine.map((r) => r.restart_cpu_ms))} ms, ${mine.length} rounds; target < 3000 ms`,
  );
}
const outDir = path.join(ROOT, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  path.join(outDir, `recovery-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
  JSON.stringify(results, null, 2),
);
const lost = results.some(
  (r) => r.acknowledged_found !== r.acknowledged_invoices || r.balance_differences > 0,
);
process.exit(lost ? 1 : 0);
