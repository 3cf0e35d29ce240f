// Points benchmark, over real HTTP against a seeded database:
//   balance lookup, customer balance report page, points tracking report for a month, store points
//   for a month, the earning engine on 5,000 new invoices (in a transaction that is rolled back), and
//   200 concurrent deductions against one customer (they race over the connection pool).
// Run from server/ against a database seeded with `npm run seed -- --scale large`:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lbo_bench npx tsx ../bench/points.ts [--json out.json]
// The concurrency scenario writes (a bench customer, an injection and its deductions); the ledger stays
// consistent (`npm run points:verify`).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { loadConfig, loadDotEnv } from '../server/src/config';
import { openDatabase, rows } from '../server/src/db/client';
import { applyInvoicePoints } from '../server/src/modules/points/points.engine';

type Stat = {
  scenario: string;
  runs: number;
  median_ms: number;
  p95_ms: number;
  max_ms: number;
  target?: string;
};

const { values: args } = parseArgs({
  options: { json: { type: 'string' }, runs: { type: 'string', default: '50' } },
});
const RUNS = Number(args.runs);

function summarize(scenario: string, times: number[], target?: string): Stat {
  const s = [...times].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    scenario,
    runs: s.length,
    median_ms: r(at(0.5)),
    p95_ms: r(at(0.95)),
    max_ms: r(s[s.length - 1]),
    target,
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const v = await fn();
  return [performance.now() - t, v];
}

async function main() {
  loadDotEnv();
  const config = { ...loadConfig(), logLevel: 'silent' as const };
  if (!config.databaseUrl) {
    console.warn(
      'DATABASE_URL is not set: measuring the embedded database in DATA_DIR (the targets are for a PostgreSQL server).',
    );
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 20,
  });
  await database.migrate();
  const [counts] = await database.rows<{ customers: number; invoices: number; ledger: number }>(
    sql`select (select count(*) from customers)::int as customers, (select count(*) from sales_invoices)::int as invoices,
               (select count(*) from point_ledger)::int as ledger`,
  );
  if (counts.customers === 0) {
    console.error('The database is empty: seed it first (npm run seed -- --scale large).');
    process.exit(1);
  }
  console.log(
    `Database (${database.kind}): ${counts.customers.toLocaleString('en')} customers, ${counts.invoices.toLocaleString('en')} invoices, ${counts.ledger.toLocaleString('en')} ledger rows`,
  );

  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/v1/api/web/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: config.adminEmail, password: config.adminPassword }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${await login.text()}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/v1/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as any;
    return { status: res.status, body: json };
  };
  const measure = async (scenario: string, paths: string[], target?: string) => {
    for (const p of paths.slice(0, 3)) await call('GET', p); // warm-up
    const times: number[] = [];
    for (const p of paths) {
      const [ms, res] = await timed(() => call('GET', p));
      if (res.status !== 200)
        throw new Error(`${p}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      times.push(ms);
    }
    return summarize(scenario, times, target);
  };

  const stats: Stat[] = [];
  const ids = (
    await database.rows<{ id: number }>(sql`select id from customers order by random() limit ${RUNS}`)
  ).map((r) => r.id);
  stats.push(
    await measure(
      'balance lookup GET /point/balance/customer_id/{id}',
      ids.map((id) => `/point/balance/customer_id/${id}`),
      '< 5 ms',
    ),
  );
  const pages = Math.max(1, Math.floor(counts.customers / 10));
  const pick = () => 1 + Math.floor(Math.random() * Math.min(pages, 1000));
  stats.push(
    await measure(
      'customer balance report page (default sort, random page)',
      Array.from({ length: RUNS }, () => `/point/report/customer_balance?page=${pick()}&limit=10`),
      '< 100 ms',
    ),
  );
  const [{ region_id }] = await database.rows<{ region_id: number }>(
    sql`select id as region_id from regions limit 1`,
  );
  stats.push(
    await measure(
      'customer balance report page (region filter, by point_balance desc)',
      Array.from(
        { length: RUNS },
        () =>
          `/point/report/customer_balance?region_id=${region_id}&by=point_balance&sort=desc&page=${pick()}`,
      ),
      '< 100 ms',
    ),
  );
  // The last complete month of ledger entries.
  const [month] = await database.rows<{ start: string; end: string; rows: number }>(
    sql`with m as (select (date_trunc('month', max(entry_date)) - interval '1 month')::date as s from point_ledger where not void)
        select m.s::text as start, (m.s + interval '1 month' - interval '1 day')::date::text as "end",
               (select count(*) from point_ledger l where l.entry_date between m.s and (m.s + interval '1 month' - interval '1 day')::date)::int as rows
        from m`,
  );
  console.log(
    `Month for the reports: ${month.start} to ${month.end} (${month.rows.toLocaleString('en')} ledger rows)`,
  );
  const range = `start_date=${month.start}&end_date=${month.end}`;
  stats.push(
    await measure(
      'points tracking report, a month, first page (by=def.id desc)',
      Array.from({ length: Math.min(RUNS, 20) }, () => `/point/report?${range}&by=def.id&sort=desc`),
      '< 200 ms',
    ),
  );
  stats.push(
    await measure(
      'points tracking report, a month, type 1, page 50',
      Array.from({ length: Math.min(RUNS, 20) }, () => `/point/report?${range}&point_type=1&page=50`),
      '< 200 ms',
    ),
  );
  stats.push(
    await measure(
      'store points report, a month, first page',
      Array.from({ length: Math.min(RUNS, 20) }, () => `/point/report/store?${range}`),
    ),
  );

  // The earning engine on 5,000 fresh invoices copied from existing ones; rolled back afterwards.
  const engine: { insert_ms: number; engine_ms: number; credited: number; adjusted: number } = {
    insert_ms: 0,
    engine_ms: 0,
    credited: 0,
    adjusted: 0,
  };
  const ROLLBACK = new Error('rollback');
  await database.db
    .transaction(async (tx) => {
      const [insMs, inserted] = await timed(() =>
        rows<{ id: number }>(
          tx,
          sql`with src as (select * from sales_invoices where status <> 'cancelled' order by random() limit 5000),
              ins as (
                insert into sales_invoices (document_no, invoice_date, customer_id, branch_id, salesman_id, gross_amount,
                  discount_amount, net_amount, status, payment_method)
                select 'BENCH/' || src.id, src.invoice_date, src.customer_id, src.branch_id, src.salesman_id,
                  src.gross_amount, src.discount_amount, src.net_amount, src.status, src.payment_method
                from src returning id, document_no
              ),
              lines as (
                insert into sales_invoice_lines (invoice_id, line_no, item_id, qty, uom, price, discount, net_amount)
                select ins.id, l.line_no, l.item_id, l.qty, l.uom, l.price, l.discount, l.net_amount
                from ins join sales_invoice_lines l on l.invoice_id = substr(ins.document_no, 7)::int
                returning invoice_id
              )
              select ins.id from ins`,
        ),
      );
      engine.insert_ms = insMs;
      const [ms, result] = await timed(() =>
        applyInvoicePoints(
          tx,
          inserted.map((r) => r.id),
        ),
      );
      engine.engine_ms = ms;
      engine.credited = result.credited;
      engine.adjusted = result.adjusted;
      const [again] = await timed(() =>
        applyInvoicePoints(
          tx,
          inserted.map((r) => r.id),
        ),
      );
      console.log(
        `  engine re-run on the same 5,000 unchanged invoices: ${Math.round(again)} ms (writes nothing)`,
      );
      throw ROLLBACK;
    })
    .catch((err) => {
      if (err !== ROLLBACK) throw err;
    });

  // 200 concurrent deductions of 7 against one fresh customer holding 1,000 points.
  const [b] = await database.rows<{ id: number }>(sql`select id from branches order by id limit 1`);
  const code = `BENCH-PTS-${Date.now().toString(36)}`;
  const [bench] = await database.rows<{ id: number }>(
    sql`insert into customers (customer_code, customer_name, branch_id) values (${code}, 'Bench points store', ${b.id}) returning id`,
  );
  const inj = await call('POST', '/point/inject/', {
    customer_ids: [bench.id],
    points: 1000,
    reason: 'bench',
  });
  if (inj.status !== 201) throw new Error(`inject: ${JSON.stringify(inj.body)}`);
  const [concMs, results] = await timed(() =>
    Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call('POST', '/point/', { customer_id: bench.id, point_type: 5, points: 7, reason: `bench ${i}` }),
      ),
    ),
  );
  const ok = results.filter((r) => r.status === 201).length;
  const refused = results.filter((r) => r.status === 409).length;
  const [{ point_balance }] = await database.rows<{ point_balance: number }>(
    sql`select point_balance from customers where id = ${bench.id}`,
  );
  const concurrency = {
    requests: 200,
    initial: 1000,
    amount: 7,
    succeeded: ok,
    refused_409: refused,
    expected_successes: Math.floor(1000 / 7),
    final_balance: point_balance,
    wall_ms: Math.round(concMs),
  };

  await app.close();
  await database.close();

  console.log('\nPoints benchmark');
  for (const s of stats) {
    console.log(
      `  ${s.scenario.padEnd(70)} median ${String(s.median_ms).padStart(8)} ms  p95 ${String(s.p95_ms).padStart(8)} ms  (${s.runs} runs${s.target ? `, target ${s.target}` : ''})`,
    );
  }
  console.log(
    `  earning engine, 5,000 invoices: ${Math.round(engine.engine_ms)} ms (credited ${engine.credited}; copying the invoices took ${Math.round(engine.insert_ms)} ms)`,
  );
  console.log(
    `  200 concurrent deductions of 7 from 1,000: ${ok} succeeded (expected ${concurrency.expected_successes}), ${refused} refused with 409, final balance ${point_balance} (${concurrency.wall_ms} ms)`,
  );
  const result = { database: database.kind, counts, month, stats, engine, concurrency };
  if (args.json) writeFileSync(args.json, JSON.stringify(result, null, 2));
  if (ok !== concurrency.expected_successes || point_balance !== 1000 - ok * 7 || point_balance < 0) {
    console.error('Concurrency check FAILED');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
