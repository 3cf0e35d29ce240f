// Coupons, redemptions, vouchers and the coupon lottery, on the configured database
// (DATABASE_URL, else the embedded one in DATA_DIR). Run it on a COPY of the large database: the
// set-up step extends the data and the concurrency run writes redemptions.
//
// 1. Set-up (when the data is smaller than these, or with --setup): about 200 coupons, 1,000,000
//    coupon redemptions over the last 540 days, 500,000 lottery coupons. The extra redemptions are
//    report data only: they carry no ledger rows (redeem_ledger_id null), so balances stay equal to
//    the ledger; the lottery coupons are spread over every store like the demo seed's.
// 2. Reads: each list's p50 through the real app (app.inject: routing, auth, validation, SQL,
//    serialisation) beside the same statements replayed on the bare driver, target printed beside it:
//    lists < 30 ms, the redemption report for one month < 100 ms, /lottary/reportdata < 50 ms.
// 3. 200 concurrent redemptions (POST /coupon_redeem/) of a new coupon with stock 50 by 200 stores
//    with enough points: the counts (redeemed, out of stock), the stock left, the ledger rows written
//    and the lowest balance are printed, and checked (exactly 50, stock 0, no balance below zero).
//
// Usage: DATABASE_URL=postgres://.../lbo_large_<you> npm run bench -- --only coupons [--runs 20] [--setup]
import { parseArgs } from 'node:util';
import { jakartaDate } from '@lbo/contract/common';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig, loadDotEnv } from '../../server/src/config';
import { type Database, openDatabase } from '../../server/src/db/client';

const { values: args } = parseArgs({
  strict: false,
  options: {
    runs: { type: 'string', default: '20' },
    setup: { type: 'boolean', default: false },
    'skip-setup': { type: 'boolean', default: false },
    redemptions: { type: 'string', default: '1000000' },
    lottery: { type: 'string', default: '500000' },
  },
});
const RUNS = Number(args.runs);
const REDEMPTIONS = Number(args.redemptions);
const LOTTERY = Number(args.lottery);

type Captured = { text: string; params: unknown[] };
const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.floor((s.length - 1) / 2)] * 100) / 100 : Number.NaN;
};

function installCapture(database: Database) {
  let sink: Captured[] | null = null;
  const logger = {
    logQuery(text: string, params: unknown[]) {
      if (sink && !/^\s*(begin|commit|rollback|savepoint|release)/i.test(text)) sink.push({ text, params });
    },
  };
  // Drizzle's session is internal; the bench reaches into it on purpose (as bench/run.ts does).
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
type DriverClient = { query: Query; connect(): Promise<{ query: Query; release(): void }> };

/** Replays read statements on the bare driver, one after the other. */
async function replay(database: Database, statements: Captured[]): Promise<number> {
  const client = (database.db as unknown as { $client: DriverClient }).$client;
  if (database.kind === 'postgres') {
    const conn = await client.connect();
    try {
      const t = process.hrtime.bigint();
      for (const s of statements) await conn.query(s.text, s.params);
      return ms(t);
    } finally {
      conn.release();
    }
  }
  const t = process.hrtime.bigint();
  for (const s of statements) await client.query(s.text, s.params);
  return ms(t);
}

async function count(database: Database, table: string): Promise<number> {
  const [r] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return r.n;
}

/** Extends the data to the issue's scale (coupons, 1M redemptions, 500k lottery coupons). */
async function setUp(database: Database) {
  const t = process.hrtime.bigint();
  const have = {
    coupons: await count(database, 'coupons'),
    redemptions: await count(database, 'coupon_redemptions'),
    lottery: await count(database, 'lottery_coupons'),
  };
  const force = args.setup === true;
  if (!force && have.redemptions >= REDEMPTIONS * 0.95 && have.lottery >= LOTTERY * 0.95) {
    console.log(`Set-up: already at scale ${JSON.stringify(have)}`);
    return;
  }
  console.log(`Set-up from ${JSON.stringify(have)} ...`);
  if (have.coupons < 200) {
    await database.rows(sql`
      insert into coupons (name, description, points_required, stock, start_date, end_date, active)
      select 'Hadiah bench ' || g, 'Kupon untuk uji kecepatan ' || g, 50 + (g % 40) * 25, 1000 + g * 10,
             current_date - 540 + (g % 30), current_date + 365, g % 17 <> 0
      from generate_series(1, ${200 - have.coupons}::int) g`);
  }
  const [c] = await database.rows<{ max: number; n: number }>(
    sql`select max(id)::int as max, count(*)::int as n from customers`,
  );
  const add = Math.max(0, REDEMPTIONS - have.redemptions);
  // In slices of 250k so each statement stays moderate; statuses follow the seed's mix by age.
  for (let done = 0; done < add; done += 250_000) {
    const n = Math.min(250_000, add - done);
    await database.rows(sql`
      insert into coupon_redemptions (coupon_id, customer_id, branch_id, points, coupon_status, redeemed_at, delivered_at,
                                      reverted_at, revert_reason, note, created_at, updated_at)
      select cp.id, cu.id, cu.branch_id, cp.points_required, st.s, x.at,
             case when st.s = 'delivered' then x.at + interval '7 days' end,
             case when st.s = 'reverted' then x.at + interval '2 days' end,
             case when st.s = 'reverted' then 'Permintaan pelanggan' else '' end, '', x.at, x.at
      from generate_series(1, ${n}::int) g
      cross join (select array_agg(id order by id) as a, count(*)::int as n from coupons) cps
      cross join lateral (select now() - (hashint4(g + ${done}::int) & 2147483647) % (540 * 86400) * interval '1 second' as at) x
      join coupons cp on cp.id = cps.a[1 + (hashint4(g * 7 + ${done}::int) & 2147483647) % cps.n]
      join customers cu on cu.id = 1 + (hashint4(g * 13 + ${done}::int) & 2147483647) % ${c.max}::int
      cross join lateral (select case when g % 20 = 0 then 'reverted'
                                      when x.at < now() - interval '14 days' then 'delivered'
                                      when x.at < now() - interval '5 days' then 'processed' else 'redeemed' end as s) st`);
    console.log(`  redemptions +${done + n}`);
  }
  const addLottery = Math.max(0, LOTTERY - have.lottery);
  if (addLottery > 0) {
    const tag = Date.now().toString(36).toUpperCase();
    await database.rows(sql`
      insert into lottery_coupons (coupon_no, customer_id, branch_id, region_id, period, batch, imported_at)
      select 'BENCH-' || ${tag} || '-' || lpad(g::text, 7, '0'), cu.id, cu.branch_id, b.region_id,
             '2026-Q' || (1 + g % 4), 'BENCH-' || ${tag}, now()
      from generate_series(1, ${addLottery}::int) g
      join customers cu on cu.id = 1 + (hashint4(g * 31) & 2147483647) % ${c.max}::int
      join branches b on b.id = cu.branch_id`);
  }
  // Statistics and the visibility map, as autovacuum would leave them after a bulk load.
  for (const table of ['coupons', 'coupon_redemptions', 'lottery_coupons', 'lottery_counts']) {
    await database.rows(sql`vacuum analyze ${sql.identifier(table)}`);
  }
  console.log(
    `Set-up done in ${Math.round(ms(t) / 1000)} s: ${JSON.stringify({
      coupons: await count(database, 'coupons'),
      redemptions: await count(database, 'coupon_redemptions'),
      lottery: await count(database, 'lottery_coupons'),
    })}`,
  );
}

const line = (name: string, api: number, bare: number, target: number) =>
  console.log(
    `${name.padEnd(52)} api p50 ${String(api).padStart(8)} ms   bare sql ${String(bare).padStart(8)} ms   target < ${target} ms ${api < target ? 'ok' : 'MISSED'}`,
  );

async function main() {
  loadDotEnv();
  const config = loadConfig(process.env, { logLevel: 'silent' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 10,
  });
  await database.migrate();
  if (!args['skip-setup']) await setUp(database);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const capture = installCapture(database);
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/v1/api/web/auth',
      payload: { email: config.adminEmail, password: config.adminPassword },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
    const token = login.json().data.token as string;
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url: `/v1/api${url}`, headers: { authorization: `Bearer ${token}` }, payload });
    console.log(
      `Database: ${database.kind}; ${JSON.stringify({
        coupons: await count(database, 'coupons'),
        redemptions: await count(database, 'coupon_redemptions'),
        lottery: await count(database, 'lottery_coupons'),
        vouchers: await count(database, 'vouchers'),
        voucher_redemptions: await count(database, 'voucher_redemptions'),
      })}`,
    );

    const [branch] = await database.rows<{ id: number }>(
      sql`select branch_id as id from lottery_coupons group by 1 order by count(*) desc limit 1`,
    );
    const [region] = await database.rows<{ id: number }>(
      sql`select region_id as id from branches where id = ${branch.id}`,
    );
    const [store] = await database.rows<{ id: number }>(
      sql`select customer_id as id from coupon_redemptions group by 1 order by count(*) desc limit 1`,
    );
    const [voucher] = await database.rows<{ id: number }>(
      sql`select voucher_id as id from voucher_redemptions group by 1 order by count(*) desc limit 1`,
    );
    const monthStart = `${jakartaDate(-30).slice(0, 8)}01`;
    const monthEnd =
      jakartaDate(-30).slice(0, 8) +
      String(
        new Date(Date.UTC(Number(monthStart.slice(0, 4)), Number(monthStart.slice(5, 7)), 0)).getUTCDate(),
      ).padStart(2, '0');
    const month = `start_date=${monthStart}&end_date=${monthEnd}`;

    const scenarios: [string, string, number][] = [
      ['coupon list p1', '/coupon/?page=1&limit=10', 30],
      ['coupon select (active)', '/coupon/select?active=1&by=name&sort=asc', 30],
      ['redemption report p1 (all time)', '/coupon_redeem/report?page=1&limit=10', 30],
      ['redemption report p1: branch', `/coupon_redeem/report?page=1&limit=10&branch_id=${branch.id}`, 30],
      [
        'redemption report p1: status reverted',
        '/coupon_redeem/report?page=1&limit=10&coupon_status=reverted',
        30,
      ],
      ['redemption report p100', '/coupon_redeem/report?page=100&limit=10', 30],
      [
        `redemption report for ${monthStart.slice(0, 7)}`,
        `/coupon_redeem/report?page=1&limit=10&${month}`,
        100,
      ],
      [
        `redemption report ${monthStart.slice(0, 7)} + region`,
        `/coupon_redeem/report?page=1&limit=10&${month}&region_id=${region.id}`,
        100,
      ],
      [`redeemed report for ${monthStart.slice(0, 7)}`, `/coupon_redeem/report/redeemed?${month}`, 100],
      [
        'redemption select: one store, show_all=1',
        `/coupon_redeem/select?customer_id=${store.id}&show_all=1`,
        30,
      ],
      ['voucher list (show_all=1)', '/voucher/?by=def.id&page=1&limit=10&sort=asc&show_all=1', 30],
      ['voucher redeem list p1', '/voucher_redeem/?by=def.id&page=1&limit=10&sort=desc&show_all=1', 30],
      [
        'voucher redeem list: one voucher',
        `/voucher_redeem/?by=def.id&page=1&limit=10&sort=desc&show_all=1&voucher_id=${voucher?.id ?? 1}`,
        30,
      ],
      ['lottery paginate p1 (def.id asc)', '/lottary/paginate?by=def.id&sort=asc&page=1&limit=10', 30],
      ['lottery paginate p1000', '/lottary/paginate?by=def.id&sort=asc&page=1000&limit=10', 30],
      [
        'lottery paginate: branch',
        `/lottary/paginate?by=def.id&sort=asc&page=1&limit=10&branch_id=${branch.id}`,
        30,
      ],
      [
        'lottery paginate: region',
        `/lottary/paginate?by=def.id&sort=asc&page=1&limit=10&region_id=${region.id}`,
        30,
      ],
      [
        'lottery paginate: search a number',
        '/lottary/paginate?by=def.id&sort=asc&page=1&limit=10&search=0012345',
        30,
      ],
      ['lottery reportdata', '/lottary/reportdata', 50],
      ['lottery reportdata: region', `/lottary/reportdata?region_id=${region.id}`, 50],
    ];
    console.log(`\nReads (${RUNS} runs each after 3 warm-ups)`);
    for (const [name, url, target] of scenarios) {
      const apiT: number[] = [];
      const bareT: number[] = [];
      for (let i = 0; i < 3 + RUNS; i++) {
        const t = process.hrtime.bigint();
        const { value: res, statements } = await capture(() => call('GET', url));
        const took = ms(t);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        const bare = await replay(database, statements);
        if (i >= 3) {
          apiT.push(took);
          bareT.push(bare);
        }
      }
      line(name, median(apiT), median(bareT), target);
    }

    // 200 concurrent redemptions of a coupon with stock 50.
    const cost = 100;
    const created = await call('POST', '/coupon/', {
      name: `Bench serbu ${Date.now()}`,
      points_required: cost,
      stock: 50,
      start_date: jakartaDate(-1),
      end_date: jakartaDate(1),
    });
    if (created.statusCode !== 201) throw new Error(`coupon: ${created.body}`);
    const couponId = created.json().data.id as number;
    const stores = await database.rows<{ id: number; b: number }>(
      sql`select id, point_balance as b from customers
          where active and not exclude_all_point and point_balance >= ${cost} order by id limit 200`,
    );
    if (stores.length < 200) throw new Error(`only ${stores.length} stores have ${cost} points`);
    const t = process.hrtime.bigint();
    const results = await Promise.all(
      stores.map((s) => call('POST', '/coupon_redeem/', { coupon_id: couponId, customer_id: s.id })),
    );
    const took = ms(t);
    const ok = results.filter((r) => r.statusCode === 201).length;
    const outOfStock = results.filter((r) => r.statusCode === 409 && r.body.includes('out of stock')).length;
    const other = results.length - ok - outOfStock;
    const [after] = await database.rows<{ stock: number; rows: number; low: number }>(sql`
      select (select stock from coupons where id = ${couponId}) as stock,
             (select count(*)::int from coupon_redemptions where coupon_id = ${couponId}) as rows,
             (select min(point_balance)::int from customers where id = any(${`{${stores.map((s) => s.id).join(',')}}`}::int[])) as low`);
    console.log(
      `\n200 concurrent redemptions, coupon stock 50: ${ok} redeemed, ${outOfStock} out of stock (409), ${other} other; ` +
        `stock left ${after.stock}, redemption rows ${after.rows}, lowest balance ${after.low}; ${Math.round(took)} ms in all`,
    );
    if (ok !== 50 || after.stock !== 0 || after.rows !== 50 || after.low < 0) {
      throw new Error('concurrent redemptions: the counts are wrong');
    }
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
