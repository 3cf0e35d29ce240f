// `npm run bench`: the customer/invoice/ERP benchmark, on whatever database is configured
// (DATABASE_URL, else the embedded PGlite in DATA_DIR) and whatever it was seeded with
// (`npm run seed -- --scale large` for the real figures, the demo seed for a smoke run).
//
// Each scenario is a request answered in-process by the real app (`app.inject`: routing, auth, validation,
// SQL, serialisation). The SQL statements a request ran are captured once through Drizzle's logger and
// then replayed on the bare driver (pg pool / PGlite), one after the other, so the API's own overhead is
// the difference between the two columns. Writes are replayed in a transaction that is rolled back.
//
// Usage (from the repository root): npm run bench [-- --runs 30 --import-runs 3]
// Results: printed, and written as JSON to bench/results/<timestamp>.json (git-ignored).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { loadConfig, loadDotEnv } from '../server/src/config';
import { type Database, openDatabase } from '../server/src/db/client';

type Captured = { text: string; params: unknown[] };
type Stats = { runs: number; median_ms: number; p95_ms: number; min_ms: number; max_ms: number };
type Result = {
  scenario: string;
  request: string;
  target_ms: number | null;
  target_stat: 'median' | 'max';
  api: Stats;
  sql: Stats & { statements: number };
  note?: string;
};

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    'import-runs': { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
  },
});
const RUNS = Number(args.runs);
const IMPORT_RUNS = Number(args['import-runs']);
const WARMUP = Number(args.warmup);

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  const r = (v: number) => Math.round(v * 100) / 100;
  return {
    runs: s.length,
    median_ms: r(at(0.5)),
    p95_ms: r(at(0.95)),
    min_ms: r(s[0]),
    max_ms: r(s[s.length - 1]),
  };
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** Routes every statement Drizzle runs (pool, transactions included) through `sink` while capturing. */
function installCapture(database: Database) {
  let sink: Captured[] | null = null;
  const logger = {
    logQuery(text: string, params: unknown[]) {
      if (sink && !/^\s*(begin|commit|rollback|savepoint|release)/i.test(text)) sink.push({ text, params });
    },
  };
  // Drizzle's session is internal; the bench reaches into it on purpose.
  const session = (database.db as unknown as { session: { logger: unknown; options?: object } }).session;
  session.logger = logger;
  session.options = { ...(session.options ?? {}), logger };
  return async <T>(work: () => Promise<T>): Promise<{ value: T; statements: Captured[] }> => {
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
/** The driver behind Drizzle: a pg.Pool or a PGlite instance (each uses the methods of its kind). */
type DriverClient = {
  query: Query;
  connect(): Promise<{ query: Query; release(): void }>;
  transaction(work: (tx: { query: Query; rollback(): Promise<void> }) => Promise<void>): Promise<void>;
};

/** Replays statements on the bare driver; `rollback` wraps them in a transaction that is undone. */
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
  } else {
    for (const s of statements) await client.query(s.text, s.params);
  }
  return ms(t);
}

async function main() {
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
  const results: Result[] = [];

  try {
    const login = await app.inject({
      method: 'POST',
      url: '/v1/api/web/auth',
      payload: { email: config.adminEmail, password: config.adminPassword },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in as ${config.adminEmail} failed: ${login.body}`);
    const token = login.json().data.token as string;
    const get = (url: string) =>
      app.inject({ method: 'GET', url: `/v1/api${url}`, headers: { authorization: `Bearer ${token}` } });

    const [counts] = await database.rows<Record<string, number>>(sql`
      select (select count(*) from customers)::int as customers, (select count(*) from sales_invoices)::int as invoices,
             (select count(*) from sales_invoice_lines)::int as invoice_lines, (select count(*) from items)::int as items`);
    console.log(`Database: ${database.kind}; ${JSON.stringify(counts)}`);
    if (!counts.customers || !counts.items)
      throw new Error('the database holds no customers or items: seed it first');

    // Parameters taken from the data itself.
    const [branch] = await database.rows<{ id: number; n: number }>(
      sql`select branch_id as id, count(*)::int as n from customers group by 1 order by 2 desc limit 1`,
    );
    const types = await database.rows<{ id: number }>(
      sql`select customer_type_id as id from customers where customer_type_id is not null group by 1 order by count(*) desc limit 2`,
    );
    const type = types[0];
    // A moderately common word of the customer names (the 5th most frequent in a sample).
    const words = await database.rows<{ w: string; n: number }>(sql`
      select w, count(*)::int as n
      from (select regexp_split_to_table(lower(customer_name), '[^a-z]+') as w from customers order by id limit 20000) t
      where length(w) >= 4 group by 1 order by 2 desc, 1 limit 5`);
    const term = words[Math.min(4, words.length - 1)]?.w ?? 'toko';
    const [month] = await database.rows<{ start: string; end: string }>(sql`
      select to_char(date_trunc('month', max(invoice_date)), 'YYYY-MM-DD') as start,
             to_char(date_trunc('month', max(invoice_date)) + interval '1 month - 1 day', 'YYYY-MM-DD') as end
      from sales_invoices`);
    const detailIds = (
      await database.rows<{ id: number }>(
        sql`select customer_id as id from sales_invoices group by 1 order by count(*) desc, 1 limit 20`,
      )
    ).map((r) => r.id);
    const lastPage = Math.min(1000, Math.max(1, Math.floor(counts.customers / 10)));

    type Scenario = { name: string; target: number | null; urls: string[]; note?: string };
    const scenarios: Scenario[] = [
      {
        name: 'customer list p1: branch + search',
        target: 30,
        urls: [`/web/customer/?page=1&limit=10&branch_id=${branch.id}&search=${term}`],
      },
      {
        name: 'customer list p1: customer type + search',
        target: 30,
        urls: [`/web/customer/?page=1&limit=10&customer_type_id=${type?.id ?? 1}&search=${term}`],
      },
      {
        name: 'customer list p1: active + search',
        target: 30,
        urls: [`/web/customer/?page=1&limit=10&active=1&search=${term}`],
      },
      // The most common words under each of the two most common types: a type and a word that share
      // no row (every "toko" of one type) can read every row of the table without the tag index.
      ...words.slice(0, 2).flatMap(({ w }) =>
        types.map((t) => ({
          name: `customer list p1: customer type ${t.id} + '${w}'`,
          target: 30,
          urls: [`/web/customer/?page=1&limit=10&customer_type_id=${t.id}&search=${w}`],
        })),
      ),
      ...words.slice(0, 2).map(({ w }) => ({
        name: `customer list p1: active + '${w}'`,
        target: 30,
        urls: [`/web/customer/?page=1&limit=10&active=1&search=${w}`],
      })),
      {
        name: 'customer list p1: max-point view + search',
        target: 30,
        urls: [`/web/customer/?page=1&limit=10&monthly_max_point=1&search=${term}`],
      },
      {
        name: `customer list page ${lastPage}`,
        target: 100,
        urls: [`/web/customer/?page=${lastPage}&limit=10`],
      },
      {
        name: `customer list page ${lastPage}: active`,
        target: 100,
        urls: [`/web/customer/?page=${lastPage}&limit=10&active=1`],
      },
      { name: 'customer detail', target: 50, urls: detailIds.map((id) => `/web/customer/id/${id}`) },
      {
        name: `invoice list for ${month.start.slice(0, 7)}`,
        target: 50,
        urls: [`/apps/sales_invoice/?page=1&limit=10&start_date=${month.start}&end_date=${month.end}`],
      },
    ];

    for (const sc of scenarios) {
      const api: number[] = [];
      const direct: number[] = [];
      let statements = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const url = sc.urls[i % sc.urls.length];
        const t = process.hrtime.bigint();
        const { value: res, statements: captured } = await capture(() => get(url));
        const took = ms(t);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        const sqlTime = await replay(database, captured, false);
        if (i >= WARMUP) {
          api.push(took);
          direct.push(sqlTime);
          statements = captured.length;
        }
      }
      results.push({
        scenario: sc.name,
        request: `GET ${sc.urls[0]}${sc.urls.length > 1 ? ` (+${sc.urls.length - 1} other ids)` : ''}`,
        target_ms: sc.target,
        target_stat: 'median',
        api: stats(api),
        sql: { ...stats(direct), statements },
      });
      report(results[results.length - 1]);
    }

    // The ERP import: 5,000 new invoices with 15,000 lines per call, then removed again.
    const customerCodes = (
      await database.rows<{ c: string }>(
        sql`select customer_code as c from customers order by random() limit 5000`,
      )
    ).map((r) => r.c);
    const itemCodes = (
      await database.rows<{ c: string }>(sql`select item_code as c from items where active limit 500`)
    ).map((r) => r.c);
    const stamp = Date.now().toString(36).toUpperCase();
    const batch = (run: number) => ({
      documents: Array.from({ length: 5000 }, (_, i) => ({
        document_no: `BENCH/${stamp}/${run}/${i}`,
        invoice_date: month.end,
        customer_code: customerCodes[i % customerCodes.length],
        lines: [0, 1, 2].map((k) => ({
          item_code: itemCodes[(i * 3 + k) % itemCodes.length],
          qty: 1 + ((i + k) % 12),
          price: 2500 + ((i * 7 + k * 13) % 40) * 500,
          discount: k === 2 ? 100 : 0,
        })),
      })),
    });
    // Removes the benchmark's own invoices and the points they earned (synthetic data only: the one place
    // ledger rows are deleted), restoring the cached balances in the same transaction.
    const cleanup = () =>
      database.db.transaction(async (tx) => {
        const like = `BENCH/${stamp}/%`;
        await tx.execute(sql`
          with removed as (
            delete from point_ledger where invoice_document_no like ${like} returning customer_id, points, void
          )
          update customers c set point_balance = c.point_balance - s.pts
          from (select customer_id, sum(points) filter (where not void) as pts from removed group by customer_id) s
          where c.id = s.customer_id and s.pts is not null`);
        await tx.execute(sql`delete from sales_invoices where document_no like ${like}`);
      });
    const importApi: number[] = [];
    const importSql: number[] = [];
    const resendApi: number[] = [];
    let importStatements = 0;
    try {
      for (let run = 0; run < IMPORT_RUNS; run++) {
        const payload = JSON.stringify(batch(run));
        const call = () =>
          app.inject({
            method: 'POST',
            url: '/v1/api/integration/sales_invoice',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload,
          });
        const t = process.hrtime.bigint();
        const { value: res, statements } = await capture(call);
        importApi.push(ms(t));
        if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 500)}`);
        const counted = res.json().data;
        if (counted.inserted !== 5000) throw new Error(`import inserted ${JSON.stringify(counted)}`);
        // The same call again: every document unchanged.
        const t2 = process.hrtime.bigint();
        const again = await call();
        resendApi.push(ms(t2));
        if (again.json().data.unchanged !== 5000) throw new Error(`re-send: ${again.body.slice(0, 300)}`);
        await cleanup();
        importSql.push(await replay(database, statements, true));
        importStatements = statements.length;
      }
    } finally {
      await cleanup();
    }
    results.push({
      scenario: 'ERP import: 5,000 invoices, 15,000 lines, points earned',
      request: 'POST /integration/sales_invoice (new document numbers each run)',
      // The import including the points it earns, in under 5 s.
      target_ms: 5000,
      target_stat: 'max',
      api: stats(importApi),
      sql: { ...stats(importSql), statements: importStatements },
      note: 'points are earned in the import transaction; sql = the same statements replayed in a transaction that is rolled back',
    });
    report(results[results.length - 1]);
    results.push({
      scenario: 'ERP re-send of the same 5,000 (unchanged)',
      request: 'POST /integration/sales_invoice (same payload again)',
      target_ms: null,
      target_stat: 'median',
      api: stats(resendApi),
      sql: { ...stats([0]), runs: 0, statements: 0 },
      note: 'not replayed',
    });
    report(results[results.length - 1]);

    const file = path.resolve(
      import.meta.dirname,
      'results',
      `${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          at: new Date().toISOString(),
          database: database.kind,
          node: process.version,
          counts,
          parameters: { branch_id: branch.id, customer_type_id: type?.id ?? null, search: term, month },
          runs: RUNS,
          import_runs: IMPORT_RUNS,
          results,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
  } finally {
    await app.close();
    await database.close();
  }
}

function report(r: Result) {
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (v: number) => v.toFixed(1).padStart(8);
  const target = r.target_ms === null ? '' : ` (target ${r.target_stat} < ${r.target_ms} ms)`;
  const ok =
    r.target_ms === null
      ? ''
      : (r.target_stat === 'max' ? r.api.max_ms : r.api.median_ms) < r.target_ms
        ? ' ok'
        : ' SLOW';
  console.log(
    `${pad(r.scenario, 48)} api median ${num(r.api.median_ms)} p95 ${num(r.api.p95_ms)} | sql median ${num(
      r.sql.median_ms,
    )} p95 ${num(r.sql.p95_ms)} ms${target}${ok}`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    // Driver errors carry the (huge) parameters of the failed statement: print the messages only.
    const messages: string[] = [];
    for (let e = err; e && messages.length < 4; e = (e as { cause?: unknown }).cause) {
      messages.push(String((e as Error).message ?? e).slice(0, 600));
    }
    console.error(`Benchmark failed: ${messages.join('\n  caused by: ')}`);
    process.exit(1);
  },
);
