// Throughput: the real server, started as a process the way `npm start`
// runs it (compiled when server/dist exists, one serialisation per answer, default logging), against a bare
// `node:http` + `pg` handler, also its own process, that answers the same URLs by replaying exactly
// the SQL the project ran for them (captured once through Drizzle's logger: the session check, the
// page and the count) and writing the rows as JSON. Same database, same pool size. autocannon at 10
// and 50 connections, project and bare interleaved, median requests/s of the runs; the ratio
// project / bare is the figure the target names (>= 0.9).
//
// With DATABASE_URL (the PostgreSQL server, e.g. a copy of the large seed): the side-by-side table.
// Without it (the embedded database in DATA_DIR, or a fresh demo database): the project alone
// (the embedded database serves one process), with p99 and the server's resident memory.
//
// Usage: npm run bench -- --only throughput [--duration 5 --runs 3 --connections 10,50]
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { median, type Proc, root, signIn, startProject, stopper } from '../lib/server';

type CannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
// autocannon ships no types.
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<CannonResult>;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10,50' },
    'bare-server': { type: 'string' },
    only: { type: 'string' },
    // A second build of the server (its compiled dist/main.js, e.g. of the base commit) measured
    // interleaved with this one: before and after in the same run.
    base: { type: 'string' },
  },
  strict: false,
});
const DURATION = Math.max(1, Number(args.duration) || 5);
const RUNS = Math.max(1, Number(args.runs) || 3);
const CONNECTIONS = String(args.connections)
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const POOL = 10;
const TARGET_RATIO = 1.0;
const TARGET_RSS_MB = 400;

type Statement = { text: string; params: unknown[] };
type Endpoint = { name: string; url: string; statements: Statement[] };

// ---------------------------------------------------------------------------------------------
// The bare handler (this file run with --bare-server <spec.json>): one pool, no framework.

async function bareServer(specFile: string) {
  const spec = JSON.parse(readFileSync(specFile, 'utf8')) as { databaseUrl: string; endpoints: Endpoint[] };
  const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: POOL });
  const byUrl = new Map(spec.endpoints.map((e) => [e.url, e.statements]));
  const server = createHttpServer(async (req, res) => {
    const statements = byUrl.get(req.url ?? '');
    if (!statements || !req.headers.authorization) {
      res.writeHead(404).end();
      return;
    }
    try {
      // The session check first, then the page and the count side by side, as the project does.
      const [first, ...rest] = statements;
      const head = first ? await pool.query(first.text, first.params) : null;
      const results = await Promise.all(rest.map((s) => pool.query(s.text, s.params)));
      const body = JSON.stringify({
        data: results[0]?.rows ?? head?.rows ?? [],
        meta: results[1]?.rows[0] ?? {},
      });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`listening ${port}\n`);
  });
}

// ---------------------------------------------------------------------------------------------

async function startBare(spec: { databaseUrl: string; endpoints: Endpoint[] }): Promise<Proc> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lbo-bare-'));
  const file = path.join(dir, 'spec.json');
  writeFileSync(file, JSON.stringify(spec));
  const proc = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--bare-server', file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    proc.once('exit', () => reject(new Error(`the bare handler exited: ${out}`)));
  });
  const stop = stopper(proc);
  return {
    url: `http://127.0.0.1:${port}`,
    proc,
    stop: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used so far, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * `cpu`: the serving process's CPU time per answered request (ms). On a machine shared with other
 * work, requests/s follow the CPU share each process is given; CPU per request does not, so the two
 * processes' CPU per request is the steadier comparison.
 */
type Load = { rps: number; p50: number; p99: number; errors: number; cpu: number };

async function load(url: string, token: string, connections: number, pid?: number): Promise<Load> {
  const cpuBefore = cpuMs(pid);
  const r = await autocannon({
    url,
    connections,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpu: r.requests.total > 0 ? (cpuMs(pid) - cpuBefore) / r.requests.total : 0,
  };
}

/** The endpoints measured, with values picked from the data. */
async function endpointUrls(url: string, token: string): Promise<{ name: string; url: string }[]> {
  const get = async (p: string) => {
    const r = await fetch(`${url}/v1/api${p}`, { headers: { authorization: `Bearer ${token}` } });
    return (await r.json()) as { data: unknown; meta?: { total_data: number } };
  };
  const branches = (await get('/web/branch/select')).data as
    | { id: number }[]
    | Record<string, { id: number }[]>;
  const branchList = Array.isArray(branches) ? branches : Object.values(branches)[0];
  const branch = branchList?.[0]?.id ?? 1;
  const now = new Date();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const start = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
  const end = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));
  // The last twelve months up to today: the dashboard's and the points report's year.
  const yearAgo = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate() + 1));
  const year = `start_date=${day(yearAgo)}&end_date=${day(now)}`;
  const customers = (await get('/web/customer/?page=1&limit=10')).meta?.total_data ?? 10;
  const deepPage = Math.max(1, Math.min(1000, Math.floor(customers / 10)));
  const list = [
    { name: 'customer list page 1', url: '/v1/api/web/customer/?page=1&limit=10' },
    { name: 'customer list, search', url: '/v1/api/web/customer/?page=1&limit=10&search=toko' },
    {
      name: 'customer list, branch filter',
      url: `/v1/api/web/customer/?page=1&limit=10&branch_id=${branch}`,
    },
    { name: `customer list page ${deepPage}`, url: `/v1/api/web/customer/?page=${deepPage}&limit=10` },
    {
      name: 'invoices, current month',
      url: `/v1/api/apps/sales_invoice/?page=1&limit=10&start_date=${start}&end_date=${end}`,
    },
    { name: 'item list', url: '/v1/api/web/item/?page=1&limit=10' },
    {
      name: 'coupon redemption report',
      url: `/v1/api/coupon_redeem/report?page=1&limit=10&start_date=${start}&end_date=${end}`,
    },
    { name: 'lottery paginate', url: '/v1/api/lottary/paginate?by=def.id&sort=asc&page=1&limit=10' },
    {
      name: 'voucher redemptions',
      url: '/v1/api/voucher_redeem/?by=def.id&page=1&limit=10&sort=desc&show_all=1',
    },
    { name: 'dashboard, 12 months', url: `/v1/api/web/dashboard?${year}` },
    { name: 'turnover graph, a year', url: `/v1/api/web/dashboard/omzet/graph?year=${now.getUTCFullYear()}` },
    { name: 'points tracking, 12 months', url: `/v1/api/point/report?page=1&limit=10&${year}` },
  ];
  const only = typeof args.only === 'string' ? args.only : undefined;
  return only ? list.filter((e) => e.name.includes(only)) : list;
}

/** The SQL the project runs for each URL, captured in this process through Drizzle's logger. */
async function captureStatements(
  databaseUrl: string,
  endpoints: { name: string; url: string }[],
): Promise<Endpoint[]> {
  const { buildApp } = await import('../../server/src/app');
  const { loadConfig } = await import('../../server/src/config');
  const { openDatabase } = await import('../../server/src/db/client');
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl }, { logLevel: 'silent' });
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  let sink: Statement[] | null = null;
  const logger = {
    logQuery(text: string, params: unknown[]) {
      if (sink && !/^\s*(begin|commit|rollback|savepoint|release|set local)/i.test(text))
        sink.push({ text, params });
    },
  };
  const session = (database.db as unknown as { session: { logger: unknown; options?: object } }).session;
  session.logger = logger;
  session.options = { ...(session.options ?? {}), logger };
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/v1/api/web/auth',
      payload: { email: config.adminEmail, password: config.adminPassword },
    });
    const token = login.json().data.token as string;
    const out: Endpoint[] = [];
    for (const e of endpoints) {
      // Once to warm the session cache (the project skips the rights lookup after the first call).
      await app.inject({ method: 'GET', url: e.url, headers: { authorization: `Bearer ${token}` } });
      sink = [];
      const res = await app.inject({
        method: 'GET',
        url: e.url,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${e.url} answered ${res.statusCode}: ${res.body}`);
      out.push({ ...e, statements: sink });
      sink = null;
    }
    return out;
  } finally {
    await app.close();
    await database.close();
  }
}

const BASE = typeof args.base === 'string' ? path.resolve(args.base) : undefined;

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}${a / b >= TARGET_RATIO ? '' : ' BELOW'}`;

async function sideBySide(databaseUrl: string) {
  const project = await startProject({ DATABASE_URL: databaseUrl });
  const base = BASE ? await startProject({ DATABASE_URL: databaseUrl }, { argv: [BASE] }) : undefined;
  let bare: Proc | undefined;
  try {
    const token = await signIn(project.url);
    const endpoints = await captureStatements(databaseUrl, await endpointUrls(project.url, token));
    bare = await startBare({ databaseUrl, endpoints });
    console.log(
      `\nThroughput on the PostgreSQL server: project vs bare node:http + pg replaying the same SQL`,
    );
    console.log(
      `  ${DURATION} s per run, ${RUNS} interleaved runs each, medians; target ratio >= ${TARGET_RATIO}` +
        (base ? `; base = ${BASE}` : ''),
    );
    for (const e of endpoints) {
      const line: string[] = [];
      for (const c of CONNECTIONS) {
        const p: Load[] = [];
        const b: Load[] = [];
        const o: Load[] = [];
        for (let i = 0; i < RUNS; i++) {
          p.push(await load(`${project.url}${e.url}`, token, c, project.proc.pid));
          b.push(await load(`${bare.url}${e.url}`, token, c, bare.proc.pid));
          if (base) o.push(await load(`${base.url}${e.url}`, token, c, base.proc.pid));
        }
        const pr = median(p.map((x) => x.rps));
        const br = median(b.map((x) => x.rps));
        const or = median(o.map((x) => x.rps));
        const cpu = (xs: Load[]) => median(xs.map((x) => x.cpu));
        const errors = [...p, ...b, ...o].reduce((s, x) => s + x.errors, 0);
        line.push(
          `${c} conn: ${Math.round(pr)} vs ${Math.round(br)} req/s = ${ratio(pr, br)}` +
            (base ? ` (base ${Math.round(or)} = ${ratio(or, br)})` : '') +
            `; CPU ms/request ${cpu(p).toFixed(2)}${base ? ` / base ${cpu(o).toFixed(2)}` : ''} / bare ${cpu(b).toFixed(2)} = ${ratio(cpu(b), cpu(p))}${base ? ` (base ${ratio(cpu(b), cpu(o))})` : ''};` +
            ` p99 ${median(p.map((x) => x.p99))}${base ? ` / base ${median(o.map((x) => x.p99))}` : ''} / bare ${median(b.map((x) => x.p99))} ms${errors ? `, ${errors} errors` : ''}`,
        );
      }
      console.log(`  ${e.name.padEnd(30)} ${line.join('   ')}  [${e.statements.length} statements]`);
    }
  } finally {
    await bare?.stop();
    await base?.stop();
    await project.stop();
  }
}

async function embedded() {
  let dir = process.env.DATA_DIR;
  let temp: string | undefined;
  if (dir && args['copy-data-dir'] !== false) {
    // Never load someone's own data directory: work on a copy.
    temp = mkdtempSync(path.join(tmpdir(), 'lbo-throughput-'));
    cpSync(dir, temp, { recursive: true });
    dir = temp;
  } else if (!dir) {
    temp = mkdtempSync(path.join(tmpdir(), 'lbo-throughput-'));
    dir = temp;
  }
  let seeding: string | undefined;
  if (!process.env.DATA_DIR) {
    // A fresh directory: the first start creates and seeds the demo database (a one-off, reported
    // apart); the figures below are for the server as it then runs day to day, restarted on it.
    const first = await startProject({ DATA_DIR: dir, DATABASE_URL: '' });
    seeding = `first start (creates and seeds the demo database): ${rssMb(first.proc.pid)} MB resident`;
    await first.stop();
  }
  // The base build runs on its own copy of the same data (the embedded database serves one process).
  const baseDir = BASE ? mkdtempSync(path.join(tmpdir(), 'lbo-throughput-base-')) : undefined;
  if (baseDir) cpSync(dir, baseDir, { recursive: true });
  const project = await startProject({ DATA_DIR: dir, DATABASE_URL: '' });
  const base =
    BASE && baseDir
      ? await startProject({ DATA_DIR: baseDir, DATABASE_URL: '' }, { argv: [BASE] })
      : undefined;
  try {
    const token = await signIn(project.url);
    const baseToken = base ? await signIn(base.url) : '';
    const endpoints = await endpointUrls(project.url, token);
    console.log(`\nThroughput on the embedded database (${dir}): requests/s, p50 / p99, resident memory`);
    console.log(
      `  ${DURATION} s per run, ${RUNS} runs each${base ? `, interleaved with the base build ${BASE}` : ''}, medians; target resident memory < ${TARGET_RSS_MB} MB`,
    );
    let peak = rssMb(project.proc.pid);
    let basePeak = base ? rssMb(base.proc.pid) : 0;
    if (seeding) console.log(`  ${seeding}`);
    console.log(`  resident memory after start: ${peak} MB${base ? ` (base ${basePeak} MB)` : ''}`);
    const figures = (runs: Load[]) => {
      const errors = runs.reduce((s, x) => s + x.errors, 0);
      return `${Math.round(median(runs.map((x) => x.rps)))} req/s, CPU ${median(runs.map((x) => x.cpu)).toFixed(1)} ms/request, p50 ${median(runs.map((x) => x.p50))} / p99 ${median(runs.map((x) => x.p99))} ms${errors ? ` (${errors} errors)` : ''}`;
    };
    for (const e of endpoints) {
      const line: string[] = [];
      for (const c of CONNECTIONS) {
        const runs: Load[] = [];
        const baseRuns: Load[] = [];
        for (let i = 0; i < RUNS; i++) {
          runs.push(await load(`${project.url}${e.url}`, token, c, project.proc.pid));
          peak = Math.max(peak, rssMb(project.proc.pid));
          if (base) {
            baseRuns.push(await load(`${base.url}${e.url}`, baseToken, c, base.proc.pid));
            basePeak = Math.max(basePeak, rssMb(base.proc.pid));
          }
        }
        line.push(`${c} conn: ${figures(runs)}${base ? ` [base ${figures(baseRuns)}]` : ''}`);
      }
      console.log(`  ${e.name.padEnd(30)} ${line.join('   ')}`);
    }
    const after = rssMb(project.proc.pid);
    console.log(
      `  resident memory: peak ${peak} MB, after the runs ${after} MB (target < ${TARGET_RSS_MB} MB: ${peak < TARGET_RSS_MB ? 'ok' : 'ABOVE'})` +
        (base ? `; base peak ${basePeak} MB, after ${rssMb(base.proc.pid)} MB` : ''),
    );
  } finally {
    await base?.stop();
    await project.stop();
    if (temp) rmSync(temp, { recursive: true, force: true });
    if (baseDir) rmSync(baseDir, { recursive: true, force: true });
  }
}

if (typeof args['bare-server'] === 'string') {
  await bareServer(args['bare-server']);
} else if (process.env.DATABASE_URL) {
  await sideBySide(process.env.DATABASE_URL);
} else {
  await embedded();
}
