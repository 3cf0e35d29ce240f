// Points benchmark, over real HTTP against a seeded database:
//   balance lookup, customer balance report page, points tracking report for a month, store points
//   for a month, the earning engine on 5,000 new invoices (in a transaction that is rolled back), and
//   200 concurrent deductions against one customer (they race over the connection pool).
// Run from server/ against a database seeded with `npm run seed -- --scale large`:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lbo_bench npx tsx ../bench/points.ts [--json out.json]
// The concurrency scenario writes (a bench customer, an injection and its deductions); the ledger stays
// consistent (`npm run points:verify`). The expiry run writes too: on a seed whose lots never expire
// (the large seed) the bench first gives every lot a 12-month expiry (the date FEFO already drew them
// by, so the lots stay as a conversion with 12 months would make them), then runs it; a second bench
// on the same copy finds nothing due (make a fresh copy: createdb -T <seed copy> <name>).
// --skip-expiry leaves the run out; --lots-only runs only the debit comparison and the run.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { loadConfig, loadDotEnv } from '../server/src/config';
import { openDatabase, rows } from '../server/src/db/client';
import { postMovement } from '../server/src/domain/ledger';
import { applyInvoicePoints } from '../server/src/modules/points/points.engine';
import { runExpiry } from '../server/src/modules/points/points.lots';

type Stat = {
  scenario: string;
  runs: number;
  median_ms: number;
  p95_ms: number;
  max_ms: number;
  target?: string;
};

const { values: args } = parseArgs({
  options: {
    json: { type: 'string' },
    runs: { type: 'string', default: '50' },
    'skip-expiry': { type: 'boolean', default: false },
    'lots-only': { type: 'boolean', default: false },
  },
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

  if (args['lots-only']) {
    const debit = await debitScenario(database);
    const expiry = await expiryScenario(database, call);
    await app.close();
    await database.close();
    console.log('\nPoints benchmark (lots only)');
    printDebit(debit);
    if (expiry) printExpiry(expiry);
    if (args.json)
      writeFileSync(args.json, JSON.stringify({ database: database.kind, counts, debit, expiry }, null, 2));
    return;
  }

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

  const debit = await debitScenario(database);
  const expiry = args['skip-expiry'] ? null : await expiryScenario(database, call);

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
  printDebit(debit);
  if (expiry) printExpiry(expiry);
  const result = { database: database.kind, counts, month, stats, engine, concurrency, debit, expiry };
  if (args.json) writeFileSync(args.json, JSON.stringify(result, null, 2));
  if (ok !== concurrency.expected_successes || point_balance !== 1000 - ok * 7 || point_balance < 0) {
    console.error('Concurrency check FAILED');
    process.exit(1);
  }
}

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
type Database = Awaited<ReturnType<typeof openDatabase>>;
type ExpiryFigures = {
  aged_lots_ms: number | null;
  due: { stores: number; lots: number; points: number };
  run: { ms: number; customers: number; points: number; lots: number };
  repeat: { ms: number; customers: number };
  redemptions_before: Stat;
  redemptions_during: Stat & { p99_ms: number; refused: number };
  load_average: number;
};

/**
 * The expiry run over every store due, with deductions of 1 point by stores of the run (spread over
 * the id range, so every part of the run meets some) going on beside it on 4 connections; their
 * latency before the run and during it (p50/p99/max), and the run's own time. Then the repeat.
 */
async function expiryScenario(database: Database, call: Call): Promise<ExpiryFigures | null> {
  let agedMs: number | null = null;
  const [due0] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from point_lots where remaining > 0 and expires_on < current_date`,
  );
  if (due0.n === 0) {
    const [never] = await database.rows<{ months: number | null; undated: number }>(
      sql`select (select expire_after_months from point_settings where id = 1) as months,
                 (select count(*)::int from point_lots where expires_on is null and remaining > 0) as undated`,
    );
    if (never.months !== null || never.undated === 0) {
      console.log('  expiry run: nothing due on this database (a fresh copy of the seed has it); skipped');
      return null;
    }
    console.log("  expiry run: giving the seed's lots a 12-month expiry first (setup, not measured)...");
    const t = performance.now();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update point_settings set expire_after_months = 12 where id = 1`);
      await tx.execute(
        sql`update point_lots set expires_on = point_lots_expiry_of(earned_on, 12) where expires_on is null`,
      );
    });
    await database.db.execute(sql`analyze point_lots`);
    agedMs = Math.round(performance.now() - t);
  }
  const [due] = await database.rows<{ stores: number; lots: number; points: number }>(
    sql`select count(distinct customer_id)::int as stores, count(*)::int as lots, coalesce(sum(remaining), 0)::int as points
        from point_lots where remaining > 0 and expires_on < current_date`,
  );
  // Stores of the run that can spend (valid lots left), every 50th id: a spread over the id range,
  // picked at random, so the deductions meet every part of the run.
  const spenders = (
    await database.rows<{ id: number }>(
      sql`select distinct e.customer_id as id from point_lots e
          where e.remaining > 0 and e.expires_on < current_date and e.customer_id % 50 = 0
            and exists (select 1 from point_lots v where v.customer_id = e.customer_id and v.remaining > 5
                        and (v.expires_on is null or v.expires_on >= current_date))`,
    )
  ).map((r) => r.id);
  if (spenders.length === 0) throw new Error('no store of the run can spend');
  const redeem = async () => {
    const id = spenders[Math.floor(Math.random() * spenders.length)];
    const t = performance.now();
    const res = await call('POST', '/point/', {
      customer_id: id,
      point_type: 5,
      points: 1,
      reason: 'bench expiry',
    });
    return { ms: performance.now() - t, status: res.status };
  };
  const before: number[] = [];
  for (let i = 0; i < 60; i++) before.push((await redeem()).ms);
  const during: number[] = [];
  let refused = 0;
  let running = true;
  const workers = Array.from({ length: 4 }, async () => {
    while (running) {
      const r = await redeem();
      if (r.status === 201) during.push(r.ms);
      else refused++;
    }
  });
  const t = performance.now();
  const run = await runExpiry(database.db);
  const runMs = performance.now() - t;
  running = false;
  await Promise.all(workers);
  const t2 = performance.now();
  const repeat = await runExpiry(database.db);
  const repeatMs = performance.now() - t2;
  const s = [...during].sort((a, b) => a - b);
  const p99 = s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(0.99 * s.length))] * 100) / 100 : 0;
  return {
    aged_lots_ms: agedMs,
    due,
    run: { ms: Math.round(runMs), customers: run.customers, points: run.points, lots: run.lots },
    repeat: { ms: Math.round(repeatMs), customers: repeat.customers },
    redemptions_before: summarize('deduction of 1 point, before the run', before),
    redemptions_during: {
      ...summarize('deduction of 1 point, during the run', during),
      p99_ms: p99,
      refused,
    },
    load_average: Math.round(loadavg()[0] * 10) / 10,
  };
}

/**
 * A debit with lots against the same debit without (the lots' triggers standing aside), one by
 * one, interleaved, each in a transaction rolled back: what the lots add to a redemption.
 */
async function debitScenario(database: Database) {
  const ROLLBACK_DEBIT = new Error('rollback');
  const debitOnce = async (customerId: number, lots: boolean) => {
    let ms = 0;
    await database.db
      .transaction(async (tx) => {
        if (!lots) await tx.execute(sql`set local lbo.point_lots = 'off'`);
        const t = performance.now();
        await postMovement(tx, {
          customerId,
          pointType: 5,
          points: -1,
          source: 'deduction',
          reason: 'bench',
        });
        ms = performance.now() - t;
        throw ROLLBACK_DEBIT;
      })
      .catch((err) => {
        if (err !== ROLLBACK_DEBIT) throw err;
      });
    return ms;
  };
  const spenders = (
    await database.rows<{ id: number }>(
      sql`select distinct l.customer_id as id from point_lots l
          where l.remaining > 0 and (l.expires_on is null or l.expires_on >= current_date)
            and l.customer_id in (select id from customers order by random() limit ${RUNS * 4})
          limit ${RUNS}`,
    )
  ).map((r) => r.id);
  const withLots: number[] = [];
  const withoutLots: number[] = [];
  for (const id of spenders.slice(0, 3)) await debitOnce(id, true); // warm-up
  for (const id of spenders) {
    withLots.push(await debitOnce(id, true));
    withoutLots.push(await debitOnce(id, false));
  }
  const debit = {
    with_lots: summarize('debit of 1 point, with lots (FEFO draw)', withLots),
    without_lots: summarize('debit of 1 point, lots standing aside', withoutLots),
    ratio: 0,
  };
  debit.ratio = Math.round((debit.with_lots.median_ms / debit.without_lots.median_ms) * 100) / 100;
  return debit;
}

function printDebit(debit: Awaited<ReturnType<typeof debitScenario>>) {
  console.log(
    `  debit of 1 point (ledger service, rolled back), median: with lots ${debit.with_lots.median_ms} ms, without ${debit.without_lots.median_ms} ms = ${debit.ratio}x (p95 ${debit.with_lots.p95_ms} / ${debit.without_lots.p95_ms} ms, ${debit.with_lots.runs} each, target <= 1.2x)`,
  );
}

function printExpiry(e: ExpiryFigures) {
  console.log(
    `  expiry run: ${e.run.customers.toLocaleString('en')} stores, ${e.run.lots.toLocaleString('en')} lots, ${e.run.points.toLocaleString('en')} points in ${(e.run.ms / 1000).toFixed(1)} s (target < 30 s; due before: ${e.due.stores} stores, ${e.due.lots} lots); repeat: ${e.repeat.customers} stores in ${e.repeat.ms} ms`,
  );
  const d = e.redemptions_during;
  const b = e.redemptions_before;
  console.log(
    `  deductions by stores of the run: before it p50 ${b.median_ms} / max ${b.max_ms} ms; during it p50 ${d.median_ms} / p99 ${d.p99_ms} / max ${d.max_ms} ms (${d.runs} on 4 connections, ${d.refused} refused; target: waits < 100 ms)`,
  );
  console.log(`  machine load (1-minute average) after the run: ${e.load_average}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
