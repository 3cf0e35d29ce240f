// Promotions and content: the list calls' medians and the broadcast execute at scale.
//
// 1. On the configured database (DATABASE_URL, else the embedded one in DATA_DIR; seed it large for
//    the real figures, and run it on a copy: the execute writes deliveries, deleted again afterwards):
//    - list p50s of promos, news, popups, videos, broadcasts and deliveries, each beside the same SQL
//      replayed on the bare driver;
//    - `POST /broadcast/execute/{id}` to every active store (the large seed: 100,000), target < 2 s on
//      the PostgreSQL server, beside its INSERT ... SELECT replayed bare (in a rolled-back transaction).
// 2. On an embedded database in a fresh data directory (files, like DATA_DIR; removed afterwards)
//    seeded with `--embedded-stores` stores (default 100,000): the same execute, and meanwhile a
//    cheap request every `--probe-ms` (default 10) ms: GET /health (one query) and a signed-in list
//    (session check, list, count). Printed: the longest time the event loop was held (a 5 ms ticker),
//    the probes' p50/p99/max latency beside their idle figures (target: no request blocked for more
//    than 100 ms at a time), the delivery's slices and total time.
//
// Usage: npm run bench -- --only content [--runs 20] [--exec-runs 3] [--embedded-stores 100000]
//        [--probe-ms 10] [--skip-configured] [--skip-embedded]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadConfig, loadDotEnv } from '../../server/src/config';
import { type Database, openDatabase } from '../../server/src/db/client';
import { sliceLog } from '../../server/src/modules/broadcasts/broadcasts.delivery';
import { ensureSuperAdmin } from '../../server/src/modules/staff/bootstrap';

const { values: args } = parseArgs({
  strict: false,
  options: {
    runs: { type: 'string', default: '20' },
    'exec-runs': { type: 'string', default: '3' },
    'embedded-stores': { type: 'string', default: '100000' },
    'probe-ms': { type: 'string', default: '10' },
    'skip-embedded': { type: 'boolean', default: false },
    'skip-configured': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const EXEC_RUNS = Number(args['exec-runs']);
const EMBEDDED_STORES = Number(args['embedded-stores']);
const PROBE_MS = Number(args['probe-ms']);

type Captured = { text: string; params: unknown[] };
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.floor((s.length - 1) / 2)] * 100) / 100 : Number.NaN;
};
const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;

function installCapture(database: Database) {
  let sink: Captured[] | null = null;
  const logger = {
    logQuery(text: string, params: unknown[]) {
      if (sink && !/^\s*(begin|commit|rollback|savepoint|release)/i.test(text)) sink.push({ text, params });
    },
  };
  const session = (database.db as unknown as { session: { logger: unknown; options?: object } }).session;
  session.logger = logger;
  session.options = { ...(session.options ?? {}), logger };
  return async <T>(work: () => Promise<T>) => {
    const statements: Captured[] = [];
    sink = statements;
    try {
      return { value: await work(), statements };
    } finally {
      sink = null;
    }
  };
}

type Query = (text: string, params?: unknown[]) => Promise<unknown>;
type DriverClient = {
  query: Query;
  connect(): Promise<{ query: Query; release(): void }>;
  transaction(work: (tx: { query: Query; rollback(): Promise<void> }) => Promise<void>): Promise<void>;
};

/** Replays statements on the bare driver (in a rolled-back transaction with `rollback`). */
async function replay(database: Database, statements: Captured[], rollback: boolean): Promise<number> {
  const client = (database.db as unknown as { $client: DriverClient }).$client;
  if (database.kind === 'postgres') {
    const conn = await client.connect();
    try {
      const t = process.hrtime.bigint();
      if (rollback) await conn.query('begin');
      for (const s of statements) await conn.query(s.text, s.params);
      if (rollback) await conn.query('rollback');
      return ms(t);
    } finally {
      conn.release();
    }
  }
  const t = process.hrtime.bigint();
  if (rollback) {
    await client.transaction(async (tx) => {
      for (const s of statements) await tx.query(s.text, s.params);
      await tx.rollback();
    });
  } else for (const s of statements) await client.query(s.text, s.params);
  return ms(t);
}

async function signIn(app: FastifyInstance, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/v1/api/web/auth', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${res.body}`);
  const token = res.json().data.token as string;
  return (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/v1/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

type Call = Awaited<ReturnType<typeof signIn>>;

/**
 * Creates a broadcast to every active store and executes it (confirm count echoed): the answer says
 * it is queued. With `deliver`, then runs its delivery job here and checks every store got one.
 */
async function executeAll(app: FastifyInstance, call: Call, label: string, deliver = true) {
  const created = await call('POST', '/broadcast/add', {
    title: `Bench ${label}`,
    message: 'bench',
    audience: 'all',
  });
  if (created.statusCode !== 201) throw new Error(`add: ${created.body}`);
  const id = created.json().data.id as number;
  const preview = await call('GET', `/broadcast/execute/${id}/preview`);
  const count = preview.json().data.count as number;
  const t = process.hrtime.bigint();
  const res = await call('POST', `/broadcast/execute/${id}?confirm_count=${count}`);
  const took = ms(t);
  if (res.statusCode !== 200) throw new Error(`execute: ${res.body}`);
  if (res.json().data.status !== 'queued') throw new Error(`execute answered ${res.body}`);
  let delivery = 0;
  if (deliver) {
    const d = process.hrtime.bigint();
    await app.jobs.drain({ names: ['broadcast-delivery'] });
    delivery = ms(d);
    const detail = (await call('GET', `/broadcast/id/${id}`)).json().data;
    if (detail.status !== 'sent' || detail.delivered_count !== count) {
      throw new Error(`delivered ${detail.delivered_count} of ${count} (${detail.status})`);
    }
  }
  return { id, count, took, delivery };
}

const row = (name: string, api: number, bare: number | string, target: string) =>
  console.log(
    `${name.padEnd(44)} api ${String(api).padStart(9)} ms   bare sql ${String(bare).padStart(9)} ms   target ${target}`,
  );

async function configured() {
  loadDotEnv();
  const config = loadConfig(process.env, { logLevel: 'silent' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 10,
  });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const capture = installCapture(database);
  try {
    const call = await signIn(app, config.adminEmail, config.adminPassword);
    const [c] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from customers where active`,
    );
    console.log(`Database: ${database.kind}; ${c.n} active stores`);
    const [sent] = await database.rows<{ id: number }>(
      sql`select broadcast_id as id from broadcast_deliveries group by 1 order by count(*) desc limit 1`,
    );
    const lists: [string, string][] = [
      ['promo list (by priority)', '/web/promo/select?by=pc.priority&sort=asc&page=1&limit=10'],
      [
        'news list (active, range)',
        '/apps/news/select?by=def.priority&sort=asc&active=1&start_date=2025-01-01&end_date=2027-12-31',
      ],
      ['popup list (id desc)', '/web/popup/select?by=def.id&sort=desc'],
      ['video list (active, by title)', '/apps/VideoPromote?by=def.title&active=1&page=1&limit=10'],
      ['broadcast list (b.id desc)', '/broadcast/?by=b.id&sort=desc'],
      ['broadcast search', '/web/broadcast/?search=promo'],
      ...(sent
        ? ([['deliveries of the largest broadcast', `/broadcast/delivery/?broadcast_id=${sent.id}`]] as [
            string,
            string,
          ][])
        : []),
    ];
    console.log('\nList p50s (target 50 ms each)');
    for (const [name, url] of lists) {
      for (let i = 0; i < 3; i++) await call('GET', url);
      const apiT: number[] = [];
      const bareT: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = process.hrtime.bigint();
        const { value: res, statements } = await capture(() => call('GET', url));
        apiT.push(ms(t));
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        bareT.push(await replay(database, statements, false));
      }
      row(name, median(apiT), median(bareT), '< 50 ms');
    }

    console.log(
      `\nBroadcast execute to every active store, answer + delivery job (${EXEC_RUNS} runs; target < 2000 ms on the PostgreSQL server)`,
    );
    const apiT: number[] = [];
    const bareT: number[] = [];
    let count = 0;
    for (let i = 0; i < EXEC_RUNS; i++) {
      const { value: r, statements } = await capture(() => executeAll(app, call, `run ${i}`));
      apiT.push(r.took + r.delivery);
      count = r.count;
      const insert = statements.filter((s) => /insert into broadcast_deliveries/i.test(s.text));
      // Replayed on an empty inbox (else ON CONFLICT would skip every row), then undone.
      await database.rows(sql`delete from broadcast_deliveries where broadcast_id = ${r.id}`);
      bareT.push(await replay(database, insert, true));
      await call('DELETE', `/broadcast/delete/${r.id}`);
    }
    row(`execute (${count} stores)`, median(apiT), median(bareT), '< 2000 ms');
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * Fires `url` every `everyMs` until stopped; the latency of each answer (ms), counted from when the
 * request was due (the previous tick + everyMs): a tick delayed by a held event loop counts as waiting.
 */
function prober(call: Call, url: string, everyMs: number, publicCall?: FastifyInstance) {
  const latencies: number[] = [];
  const pending: Promise<unknown>[] = [];
  let due = performance.now() + everyMs;
  const timer = setInterval(() => {
    const t = Math.min(due, performance.now());
    due = performance.now() + everyMs;
    const p = (
      publicCall ? publicCall.inject({ method: 'GET', url: `/v1/api${url}` }) : call('GET', url)
    ).then((res) => {
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      latencies.push(performance.now() - t);
    });
    pending.push(p);
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    return latencies;
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))]) : Number.NaN;
};

async function embedded() {
  // A file-backed data directory like a real install (DATA_DIR), removed afterwards.
  const dir = mkdtempSync(path.join(tmpdir(), 'lbo-bench-content-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await embeddedRuns(database, dir);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function embeddedRuns(database: Database, dir: string) {
  await database.migrate();
  const db = database.db;
  await ensureSuperAdmin(db, 'bench@example.com', 'bench-password');
  const seeded = process.hrtime.bigint();
  await database.rows(sql`insert into region_groups (code, name) values ('RG', 'Bench')`);
  await database.rows(
    sql`insert into regions (code, name, region_group_id) select 'R', 'Bench', id from region_groups`,
  );
  await database.rows(
    sql`insert into branches (code, name, region_id, city) select 'B' || g, 'Cabang ' || g, r.id, 'Kota' from regions r, generate_series(1, 20) g`,
  );
  await database.rows(
    sql`insert into customers (customer_code, customer_name, phone_number, branch_id)
        select 'C' || lpad(g::text, 7, '0'), 'Toko ' || g, '08' || lpad(g::text, 10, '0'),
               (select min(id) from branches) + g % 20
        from generate_series(1, ${EMBEDDED_STORES}) g`,
  );
  await database.rows(sql`analyze`);
  const config = loadConfig(
    {},
    { logLevel: 'silent', dataDir: dir, jwtSecret: 'bench-secret-bench-secret-bench-0123' },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const call = await signIn(app, 'bench@example.com', 'bench-password');
    console.log(
      `\nEmbedded database (PGlite in a data directory), ${EMBEDDED_STORES} stores (seeded in ${Math.round(ms(seeded) / 1000)} s): execute to all,`,
    );
    console.log(
      `while GET /health (one query) and GET /web/popup/select (signed in: session, list, count) are fired every ${PROBE_MS} ms`,
    );
    // The probes' latency when nothing else runs.
    const idleHealth = prober(call, '/health', PROBE_MS, app);
    const idleList = prober(call, '/web/popup/select', PROBE_MS);
    await new Promise((r) => setTimeout(r, 1000));
    const [h0, l0] = [await idleHealth(), await idleList()];
    console.log(
      `${'idle (1 s)'.padEnd(44)} health p50 ${pct(h0, 0.5)} ms, max ${pct(h0, 1)} ms; list p50 ${pct(l0, 0.5)} ms, max ${pct(l0, 1)} ms`,
    );
    for (let i = 0; i < Math.max(1, Math.min(EXEC_RUNS, 2)); i++) {
      // The longest gap of a 5 ms ticker: how long the event loop (and so every request) was held.
      let last = performance.now();
      let worst = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        worst = Math.max(worst, now - last - 5);
        last = now;
      }, 5);
      const health = prober(call, '/health', PROBE_MS, app);
      const list = prober(call, '/web/popup/select', PROBE_MS);
      const r = await executeAll(app, call, `embedded ${i}`, false);
      // The delivery job runs beside the probes, as a worker runs it: wait until the broadcast says sent.
      const began = performance.now();
      const delivery = app.jobs.drain({ names: ['broadcast-delivery'] });
      for (;;) {
        const [b] = await database.rows<{ status: string }>(
          sql`select status from broadcasts where id = ${r.id}`,
        );
        if (b.status === 'sent') break;
        if (performance.now() - began > 600_000) throw new Error('the delivery did not finish in 10 min');
        await new Promise((res) => setTimeout(res, 20));
      }
      await delivery;
      const total = r.took + (performance.now() - began);
      clearInterval(ticker);
      const [hs, ls] = [await health(), await list()];
      const [{ n }] = await database.rows<{ n: number }>(
        sql`select count(*)::int as n from broadcast_deliveries where broadcast_id = ${r.id}`,
      );
      if (n !== r.count) throw new Error(`embedded: ${n} deliveries for ${r.count} stores`);
      const longestSlice = Math.max(...sliceLog.map((s) => s.ms));
      row(
        `execute (${r.count} stores), run ${i + 1}`,
        Math.round(r.took),
        '-',
        '(answer; no target on PGlite)',
      );
      console.log(
        `${''.padEnd(44)} delivered ${n} in ${Math.round(total)} ms, ${sliceLog.length} slices, longest ${Math.round(longestSlice)} ms`,
      );
      console.log(
        `${''.padEnd(44)} event loop held at most ${Math.round(worst)} ms; target < 100 ms: ${worst < 100 ? 'met' : 'NOT met'}`,
      );
      console.log(
        `${''.padEnd(44)} GET /health: ${hs.length} answered, p50 ${pct(hs, 0.5)} ms, p99 ${pct(hs, 0.99)} ms, max ${pct(hs, 1)} ms (target < 100 ms: ${pct(hs, 1) < 100 ? 'met' : 'NOT met'})`,
      );
      console.log(
        `${''.padEnd(44)} GET /web/popup/select: ${ls.length} answered, p50 ${pct(ls, 0.5)} ms, p99 ${pct(ls, 0.99)} ms, max ${pct(ls, 1)} ms`,
      );
      await call('DELETE', `/broadcast/delete/${r.id}`);
    }
  } finally {
    await app.close();
  }
}

if (!args['skip-configured']) await configured();
if (!args['skip-embedded']) await embedded();
