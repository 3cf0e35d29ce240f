// The stores' companion app (STORE-API.md section 4) against the real server, started as `npm start`
// starts it, on the PostgreSQL server (DATABASE_URL: a COPY of the large seed; the bench signs stores
// in, which registers them and writes sessions, codes and activity rows).
//
// 1. A burst of --stores (1,000) stores signing in at once: each asks for a code, the bench reads it
//    where the `log` adapter writes it (the server's own log line `otp: <phone> <code>`, read from
//    its stdout as an operator tailing the log would), signs in and reads its home. Every error is
//    counted (target 0). The limits hold as they are: each store has its own number (one code
//    each, under the 3 per number), and the stores come from as many network addresses as the
//    per-address limit needs (OTP_PER_ADDRESS stores per address, each from its own 127.x.y.z
//    source address: loopback answers on all of 127.0.0.0/8), never one address past its limit.
// 2. A store's home (`me`, `points` page 1, `inbox` page 1, `feed`) at 50 connections: the four calls
//    of one home go out at once, as the app sends them, so 50 connections carry 13 homes at a
//    time, each home for the next of the burst's stores (many tokens, not one); the home's p50
//    from its first call to its last answer (target < 20 ms).
// 3. Each store route, the project against a bare `node:http` + `pg` handler (its own process, the
//    same pool size) that answers the same URL for the same token by running the SQL the project
//    ran for it (captured once per store and route through Drizzle's logger: the session check and
//    the route's statements, one after the other as the project runs them) and writing the rows as
//    JSON; the feed, which the project serves from a per-process cache behind one stamp query,
//    answers the project's cached body after the same stamp query. autocannon, every request with
//    the next store's token, project and bare interleaved, median requests/s of the runs; the ratio
//    is the figure the target names (>= 0.9).
//
// Usage: DATABASE_URL=postgres://.../lbo_bench npm run bench -- --only store
//          [--stores 1000 --connections 50 --home-seconds 10 --duration 5 --runs 3 --route-stores 500]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { OTP_PER_ADDRESS, OTP_WINDOW_MINUTES } from '../../server/src/modules/store/store.auth';
import { median, type Proc, root, startProject, stopper } from '../lib/server';

type CannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
type CannonRequest = { method: string; path: string; headers?: Record<string, string> };
// autocannon ships no types.
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: Array<CannonRequest & { setupRequest: (r: CannonRequest) => CannonRequest }>;
}) => Promise<CannonResult>;

const { values: args } = parseArgs({
  options: {
    stores: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '50' },
    'home-seconds': { type: 'string', default: '10' },
    duration: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
    'route-stores': { type: 'string', default: '500' },
    'bare-server': { type: 'string' },
  },
  strict: false,
});
const STORES = Math.max(1, Number(args.stores) || 1000);
const CONNECTIONS = String(args.connections)
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const HOME_SECONDS = Math.max(1, Number(args['home-seconds']) || 10);
const DURATION = Math.max(1, Number(args.duration) || 5);
const RUNS = Math.max(1, Number(args.runs) || 3);
const ROUTE_STORES = Math.max(1, Number(args['route-stores']) || 500);
/** The server's pool (openDatabase's default), and the bare handler's. */
const POOL = 10;
const TARGET_HOME_P50_MS = 20;
const TARGET_RATIO = 0.9;
const CODE_WAIT_MS = 60_000;

const API = '/v1/api';
const HOME = ['/store/me', '/store/points?page=1&limit=10', '/store/inbox?page=1&limit=10', '/store/feed'];
const ROUTES: { name: string; path: string }[] = [
  { name: 'me', path: '/store/me' },
  { name: 'points page 1', path: '/store/points?page=1&limit=10' },
  { name: 'inbox page 1', path: '/store/inbox?page=1&limit=10' },
  { name: 'feed', path: '/store/feed' },
  { name: 'coupons', path: '/store/coupons' },
  { name: 'redemptions page 1', path: '/store/redemptions?page=1&limit=10' },
  { name: 'vouchers page 1', path: '/store/vouchers?page=1&limit=10' },
];

type Statement = { text: number; params: unknown[] };
/** What the bare handler answers: per `<token>|<url>`, the statements (SQL text by index), or a cached body. */
type BareSpec = {
  databaseUrl: string;
  texts: string[];
  endpoints: Record<string, { statements: Statement[]; body?: string; etag?: string }>;
};

// ---------------------------------------------------------------------------------------------
// The bare handler (this file run with --bare-server <spec.json>): one pool, no framework.

async function bareServer(specFile: string) {
  const spec = JSON.parse(readFileSync(specFile, 'utf8')) as BareSpec;
  const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: POOL });
  const server = http.createServer(async (req, res) => {
    const token = req.headers.authorization?.slice('Bearer '.length) ?? '';
    const e = spec.endpoints[`${token}|${req.url}`];
    if (!e) {
      res.writeHead(401).end();
      return;
    }
    try {
      // One after the other, as the project runs them: the session check, then the route's own.
      const results: unknown[][] = [];
      for (const s of e.statements) results.push((await pool.query(spec.texts[s.text], s.params)).rows);
      if (e.body !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', etag: e.etag ?? '' });
        res.end(e.body);
        return;
      }
      const body = JSON.stringify({ data: results.slice(1) });
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

async function startBare(spec: BareSpec): Promise<Proc> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lbo-store-bare-'));
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

// ---------------------------------------------------------------------------------------------
// A small HTTP client: keep-alive agents, optionally from a given source address.

type Answer = { status: number; body: string; ms: number };

function request(
  agent: http.Agent,
  base: URL,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const t = performance.now();
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path: `${API}${url}`,
        agent,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
          'accept-encoding': 'gzip',
          'x-app-version': 'bench-1.0.0',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - t,
          }),
        );
        res.on('error', (err) => resolve({ status: 0, body: String(err), ms: performance.now() - t }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, body: String(err), ms: performance.now() - t }));
    req.end(payload);
  });
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] : Number.NaN;
};
const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

// ---------------------------------------------------------------------------------------------
// The codes, read from the server's log.

class CodeLog {
  private readonly waiting = new Map<string, (code: string) => void>();
  private readonly seen = new Map<string, string>();

  /** One line of the server's stdout: pino's JSON, the adapter's line in `msg`. */
  line(text: string) {
    if (!text.includes('"otp: ')) return;
    let msg: unknown;
    try {
      msg = (JSON.parse(text) as { msg?: unknown }).msg;
    } catch {
      return;
    }
    const m = /^otp: (\S+) (\d{6})$/.exec(String(msg));
    if (!m) return;
    const wake = this.waiting.get(m[1]);
    if (wake) {
      this.waiting.delete(m[1]);
      wake(m[2]);
    } else this.seen.set(m[1], m[2]);
  }

  /** The next code written for `phone` (call before asking for it). */
  next(phone: string): Promise<string | null> {
    this.seen.delete(phone);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(phone);
        resolve(null);
      }, CODE_WAIT_MS);
      this.waiting.set(phone, (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }
}

// ---------------------------------------------------------------------------------------------

type Store = { id: number; phone: string };
type Signed = Store & { token: string };

/**
 * Stores that can sign in by their number alone (active, in the app, the only store on the number,
 * the number well formed), whose number has no codes counted in the current window: a re-run within
 * the window picks others.
 */
async function pickStores(pool: pg.Pool, n: number): Promise<Store[]> {
  const { rows } = await pool.query<{ id: number; phone: string }>(
    `select c.id, c.phone_number as phone from customers c
     where c.active and c.show_in_app and c.phone_number ~ '^0[0-9]{8,14}$'
       and not exists (select 1 from customers d where d.phone_number = c.phone_number and d.id <> c.id)
       and not exists (select 1 from login_failures f where f.key = 'otp-phone:' || c.phone_number
                       and f.first_failed_at > now() - make_interval(mins => $2))
     order by random() limit $1`,
    [n, OTP_WINDOW_MINUTES],
  );
  return rows;
}

/** Loopback source addresses with no code request counted in the current window, `n` of them. */
async function pickAddresses(pool: pg.Pool, n: number): Promise<string[]> {
  const { rows } = await pool.query<{ key: string }>(
    `select key from login_failures where key like 'otp-ip:127.%'
       and first_failed_at > now() - make_interval(mins => $1)`,
    [OTP_WINDOW_MINUTES],
  );
  const used = new Set(rows.map((r) => r.key.slice('otp-ip:'.length)));
  const out: string[] = [];
  const second = 10 + Math.floor(Math.random() * 200);
  for (let i = 0; out.length < n; i++) {
    const a = `127.${second + Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 2}`;
    if (!used.has(a)) out.push(a);
  }
  return out;
}

async function burst(base: URL, codes: CodeLog, stores: Store[], addresses: string[]) {
  const agents = addresses.map((localAddress) => new http.Agent({ keepAlive: true, localAddress }));
  const errors = new Map<string, number>();
  const fail = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
  const signInMs: number[] = [];
  const homeMs: number[] = [];
  const signed: Signed[] = [];
  const started = performance.now();
  await Promise.all(
    stores.map(async (store, i) => {
      const agent = agents[Math.floor(i / OTP_PER_ADDRESS)];
      const t = performance.now();
      const code = codes.next(store.phone);
      const otp = await request(agent, base, 'POST', '/store/auth/otp', {
        body: { phone_number: store.phone },
      });
      if (otp.status !== 202) return fail(`code request ${otp.status}`);
      const got = await code;
      if (!got) return fail('no code in the log');
      const auth = await request(agent, base, 'POST', '/store/auth', {
        body: { phone_number: store.phone, code: got },
      });
      if (auth.status !== 200) return fail(`sign-in ${auth.status}`);
      const token = (JSON.parse(auth.body) as { data: { token: string } }).data.token;
      signInMs.push(performance.now() - t);
      const h = performance.now();
      const home = await Promise.all(HOME.map((url) => request(agent, base, 'GET', url, { token })));
      for (const [k, a] of home.entries()) if (a.status !== 200) fail(`${HOME[k]} ${a.status}`);
      if (home.every((a) => a.status === 200)) {
        homeMs.push(performance.now() - h);
        signed.push({ ...store, token });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const a of agents) a.destroy();
  return { signed, errors, signInMs, homeMs, seconds };
}

/** `connections` sockets; each home sends its four calls at once, for the next store in turn. */
async function homeLoad(base: URL, stores: Signed[], connections: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const homes = Math.ceil(connections / HOME.length);
  let next = 0;
  const run = async (until: number, record: boolean) => {
    const homeMs: number[] = [];
    const callMs: number[][] = HOME.map(() => []);
    let errors = 0;
    await Promise.all(
      Array.from({ length: homes }, async () => {
        while (performance.now() < until) {
          const { token } = stores[next++ % stores.length];
          const t = performance.now();
          const answers = await Promise.all(HOME.map((url) => request(agent, base, 'GET', url, { token })));
          const ms = performance.now() - t;
          if (!record) continue;
          errors += answers.filter((a) => a.status !== 200).length;
          homeMs.push(ms);
          for (const [k, a] of answers.entries()) callMs[k].push(a.ms);
        }
      }),
    );
    return { homeMs, callMs, errors };
  };
  await run(performance.now() + 2000, false);
  const r = await run(performance.now() + seconds * 1000, true);
  agent.destroy();
  return { ...r, homes, perSecond: r.homeMs.length / seconds };
}

/** The statements the project runs per store and route, captured in this process through Drizzle's logger. */
async function captureStatements(
  databaseUrl: string,
  jwtSecret: string,
  stores: Signed[],
): Promise<BareSpec> {
  const { buildApp } = await import('../../server/src/app');
  const { loadConfig } = await import('../../server/src/config');
  const { openDatabase } = await import('../../server/src/db/client');
  const config = loadConfig(
    { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret },
    { logLevel: 'silent' },
  );
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  let sink: { text: string; params: unknown[] }[] | null = null;
  const logger = {
    logQuery(text: string, params: unknown[]) {
      if (sink && !/^\s*(begin|commit|rollback|savepoint|release|set local)/i.test(text))
        sink.push({ text, params });
    },
  };
  const session = (database.db as unknown as { session: { logger: unknown; options?: object } }).session;
  session.logger = logger;
  session.options = { ...(session.options ?? {}), logger };
  const texts: string[] = [];
  const index = new Map<string, number>();
  const textId = (t: string) => {
    let i = index.get(t);
    if (i === undefined) {
      i = texts.push(t) - 1;
      index.set(t, i);
    }
    return i;
  };
  const endpoints: BareSpec['endpoints'] = {};
  const get = (url: string, token: string) =>
    app.inject({ method: 'GET', url: `${API}${url}`, headers: { authorization: `Bearer ${token}` } });
  try {
    for (const s of stores) {
      // Once first: last seen is written at most once a minute, and the per-store allowance is taken
      // in batches; what follows is what a store's request runs from then on. The feed once too: it
      // fills this process's feed cache, as the server's first feed request fills its own.
      await get('/store/me', s.token);
      await get('/store/feed', s.token);
      for (const r of ROUTES) {
        sink = [];
        const res = await get(r.path, s.token);
        const captured = sink;
        sink = null;
        if (res.statusCode !== 200) throw new Error(`${r.path} answered ${res.statusCode}: ${res.body}`);
        endpoints[`${s.token}|${API}${r.path}`] = {
          statements: captured.map((c) => ({ text: textId(c.text), params: c.params })),
          ...(r.path === '/store/feed' ? { body: res.body, etag: String(res.headers.etag) } : {}),
        };
      }
    }
    return { databaseUrl, texts, endpoints };
  } finally {
    await app.close();
    await database.close();
  }
}

type Load = { rps: number; p50: number; p99: number; errors: number };

async function load(base: string, path: string, stores: Signed[], connections: number): Promise<Load> {
  let next = 0;
  const r = await autocannon({
    url: base,
    connections,
    duration: DURATION,
    headers: { 'accept-encoding': 'gzip' },
    requests: [
      {
        method: 'GET',
        path: `${API}${path}`,
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, authorization: `Bearer ${stores[next++ % stores.length].token}` },
        }),
      },
    ],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

async function main(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const [counts] = (
    await pool.query<{ stores: number; ledger: number; deliveries: number }>(
      `select (select count(*) from customers)::int as stores, (select count(*) from point_ledger)::int as ledger,
              (select count(*) from broadcast_deliveries)::int as deliveries`,
    )
  ).rows;
  const stores = await pickStores(pool, STORES);
  const addresses = await pickAddresses(pool, Math.ceil(stores.length / OTP_PER_ADDRESS));
  await pool.end();
  console.log(
    `\nStores' app on the PostgreSQL server: ${counts.stores} stores, ${counts.ledger} ledger rows, ${counts.deliveries} inbox deliveries`,
  );
  console.log(`  machine load (1-minute average) at the start: ${loadavg()[0].toFixed(1)}`);
  if (stores.length < STORES)
    console.log(`  only ${stores.length} stores can sign in now (asked for ${STORES})`);

  const codes = new CodeLog();
  // A secret of this run, so the capture below verifies the server's tokens; tokens outlive the run.
  const jwtSecret = randomBytes(32).toString('base64url');
  const project = await startProject(
    {
      DATABASE_URL: databaseUrl,
      OTP_ADAPTER: 'log',
      LOG_LEVEL: 'info',
      LOG_REQUESTS: 'false',
      JWT_SECRET: jwtSecret,
      ACCESS_TOKEN_TTL_SECONDS: '7200',
    },
    { onLine: (l) => codes.line(l) },
  );
  let bare: Proc | undefined;
  try {
    const base = new URL(project.url);

    // 1. The burst.
    const b = await burst(base, codes, stores, addresses);
    const errorCount = [...b.errors.values()].reduce((s, n) => s + n, 0);
    console.log(
      `\n1. ${stores.length} stores sign in at once (code request, code read from the server log, sign-in) and read their home,`,
    );
    console.log(
      `   from ${addresses.length} addresses (at most ${OTP_PER_ADDRESS} each, the per-address limit), one code per number`,
    );
    console.log(
      `   ${b.seconds.toFixed(1)} s in all; sign-in p50 ${f1(pct(b.signInMs, 0.5))} / p95 ${f1(pct(b.signInMs, 0.95))} ms; ` +
        `home p50 ${f1(pct(b.homeMs, 0.5))} / p95 ${f1(pct(b.homeMs, 0.95))} ms; ` +
        `errors ${errorCount} (target 0: ${errorCount === 0 ? 'ok' : 'FAILED'})` +
        (errorCount ? ` ${JSON.stringify(Object.fromEntries(b.errors))}` : ''),
    );
    if (b.signed.length === 0) throw new Error('no store signed in');

    // 2. The home under load.
    for (const c of CONNECTIONS) {
      const h = await homeLoad(base, b.signed, c, HOME_SECONDS);
      const p50 = pct(h.homeMs, 0.5);
      console.log(
        `\n2. Home (me + points p1 + inbox p1 + feed, the four at once) at ${c} connections (${h.homes} homes at a time), ${b.signed.length} stores in turn, ${HOME_SECONDS} s:`,
      );
      console.log(
        `   home p50 ${f1(p50)} / p95 ${f1(pct(h.homeMs, 0.95))} ms (target p50 < ${TARGET_HOME_P50_MS} ms: ${p50 < TARGET_HOME_P50_MS ? 'ok' : 'SLOW'}); ` +
          `${Math.round(h.perSecond)} homes/s; call p50 ${HOME.map((u, k) => `${u.split('?')[0].slice('/store/'.length)} ${f1(pct(h.callMs[k], 0.5))}`).join(', ')} ms` +
          (h.errors ? `; ${h.errors} errors` : ''),
      );
    }

    // 3. Each route against the bare handler.
    const routeStores = b.signed.slice(0, ROUTE_STORES);
    const spec = await captureStatements(databaseUrl, jwtSecret, routeStores);
    bare = await startBare(spec);
    console.log(
      `\n3. Each route, project vs bare node:http + pg running the same SQL, ${routeStores.length} stores in turn;`,
    );
    console.log(
      `   ${DURATION} s per run, ${RUNS} interleaved runs each, median requests/s; target ratio >= ${TARGET_RATIO}`,
    );
    for (const r of ROUTES) {
      const statements = spec.endpoints[`${routeStores[0].token}|${API}${r.path}`].statements.length;
      const line: string[] = [];
      for (const c of CONNECTIONS) {
        const p: Load[] = [];
        const q: Load[] = [];
        for (let i = 0; i < RUNS; i++) {
          p.push(await load(project.url, r.path, routeStores, c));
          q.push(await load(bare.url, r.path, routeStores, c));
        }
        const pr = median(p.map((x) => x.rps));
        const br = median(q.map((x) => x.rps));
        const errors = [...p, ...q].reduce((s, x) => s + x.errors, 0);
        line.push(
          `${c} conn: ${Math.round(pr)} vs ${Math.round(br)} req/s = ${(pr / br).toFixed(2)} ${pr / br >= TARGET_RATIO ? 'ok' : 'BELOW'} ` +
            `(p50 ${median(p.map((x) => x.p50))} / ${median(q.map((x) => x.p50))} ms${errors ? `, ${errors} errors` : ''})`,
        );
      }
      console.log(`   ${r.name.padEnd(20)} ${line.join('   ')}  [${statements} statements]`);
    }
    console.log(`\n   machine load (1-minute average) at the end: ${loadavg()[0].toFixed(1)}`);
  } finally {
    await bare?.stop();
    await project.stop();
  }
}

if (typeof args['bare-server'] === 'string') {
  await bareServer(args['bare-server']);
} else if (!process.env.DATABASE_URL) {
  console.log('store: needs the PostgreSQL server (DATABASE_URL, a copy of the large seed); skipped');
} else {
  await main(process.env.DATABASE_URL);
  process.exit(0);
}
