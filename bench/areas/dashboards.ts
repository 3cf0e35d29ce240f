// Dashboards and turnover, on whatever database is configured (the large seed on the
// PostgreSQL server for the real figures: DATABASE_URL=postgres://.../lbo_large_<copy>).
//
// Each call is answered in-process by the real app (app.inject: routing, auth, validation, SQL over the
// rollups, serialisation) for a one-year range ending at the newest invoice (so both ends are partial
// months), with and without category / item filters. Beside each figure: the same answer computed
// directly from the invoice lines (one SQL statement on the bare driver), its time, the speed-up, and
// whether the two answers agree (total turnover of the rows). Then the ERP import of 5,000 invoices
// (15,000 lines) with its points and rollups in one transaction, removed again afterwards.
//
// Usage: npm run bench -- --only dashboards [--runs 20] [--direct-runs 3] [--import-runs 2] [--import-only]
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig, loadDotEnv } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';

const { values: args } = parseArgs({
  strict: false,
  options: {
    runs: { type: 'string', default: '20' },
    'direct-runs': { type: 'string', default: '3' },
    'import-runs': { type: 'string', default: '2' },
    warmup: { type: 'string', default: '2' },
    'import-only': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const DIRECT_RUNS = Number(args['direct-runs']);
const IMPORT_RUNS = Number(args['import-runs']);
const WARMUP = Number(args.warmup);
const TARGET = 50;

const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor((s.length - 1) / 2)] * 10) / 10;
};
const round2 = (v: number) => Math.round(v * 100) / 100;

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
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/v1/api/web/auth',
      payload: { email: config.adminEmail, password: config.adminPassword },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
    const token = login.json().data.token as string;
    const get = (url: string) =>
      app.inject({ method: 'GET', url: `/v1/api${url}`, headers: { authorization: `Bearer ${token}` } });

    const [info] = await database.rows<{
      invoices: number;
      lines: number;
      customers: number;
      last: string;
    }>(sql`
      select (select count(*) from sales_invoices)::int as invoices, (select count(*) from sales_invoice_lines)::int as lines,
             (select count(*) from customers)::int as customers, (select max(invoice_date)::text from sales_invoices) as last`);
    if (!info.invoices)
      throw new Error('no invoices: seed the database first (npm run seed -- --scale large)');
    const end = info.last;
    const start = new Date(Date.parse(`${end}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
    const year = Number(end.slice(0, 4));
    console.log(
      `Database: ${database.kind}; ${info.customers} customers, ${info.invoices} invoices, ${info.lines} lines; range ${start}..${end}`,
    );
    const [pick] = await database.rows<{
      branch: number;
      region: number;
      group: number;
      cat: number;
      items: string;
    }>(sql`
      select (select branch_id from customers group by 1 order by count(*) desc limit 1) as branch,
             (select region_id from branches group by 1 order by count(*) desc limit 1) as region,
             (select r.region_group_id from regions r group by 1 order by count(*) desc limit 1) as group,
             (select item_category_id from items where item_category_id is not null group by 1 order by count(*) desc limit 1) as cat,
             (select string_agg(id::text, ',') from (select id from items order by id limit 5) x) as items`);
    const R = `start_date=${start}&end_date=${end}`;
    const CAT = `item_category_ids=${pick.cat}`;
    const ITEMS = `item_ids=${pick.items}`;
    const itemList = pick.items.split(',').map(Number);

    // The same answers straight from the lines: key -> turnover.
    const lines = (filter: SQL, key: SQL, extra: SQL = sql``) => sql`
      select ${key} as k, sum(l.net_amount)::float8 as t
      from sales_invoices h join sales_invoice_lines l on l.invoice_id = h.id join items i on i.id = l.item_id
      join branches b on b.id = h.branch_id join regions r on r.id = b.region_id ${extra}
      where h.status <> 'cancelled' and h.invoice_date between ${start}::date and ${end}::date and ${filter}
      group by 1`;
    const all = sql`true`;
    const byCat = sql`i.item_category_id = ${pick.cat}`;
    const byItems = sql`l.item_id = any(${`{${pick.items}}`}::int[])`;
    const inBranch = sql`h.branch_id = ${pick.branch}`;

    type Scenario = { name: string; url: string; direct?: SQL; total?: (data: any[]) => number };
    const turnoverOf = (rows: { turnover: number }[]) => rows.reduce((s, r) => s + r.turnover, 0);
    const scenarios: Scenario[] = [
      { name: 'dashboard by region', url: `/web/dashboard?${R}`, direct: lines(all, sql`b.region_id`) },
      {
        name: 'dashboard region groups',
        url: `/web/dashboard/group?${R}`,
        direct: lines(all, sql`r.region_group_id`),
      },
      {
        name: "dashboard one group's regions",
        url: `/web/dashboard/group?group_id=${pick.group}&${R}`,
        direct: lines(sql`r.region_group_id = ${pick.group}`, sql`b.region_id`),
      },
      {
        name: "dashboard detail (a region's branches)",
        url: `/web/dashboard/detail?region_id=${pick.region}&${R}`,
        direct: lines(sql`b.region_id = ${pick.region}`, sql`h.branch_id`),
      },
      {
        name: 'dashboard select/branch',
        url: `/web/dashboard/select/branch?${R}`,
        direct: lines(all, sql`h.branch_id`),
      },
      {
        name: 'dashboard select/customer (largest branch)',
        url: `/web/dashboard/select/customer?branch_id=${pick.branch}&${R}&limit=10`,
      },
      {
        name: 'branch/select/report status=activated',
        url: `/web/dashboard/branch/select/report?branch_id=${pick.branch}&${R}&status=activated`,
      },
      {
        name: 'registered-user (largest branch)',
        url: `/web/dashboard/detail/total/registered-user?by=def.customer_name&branch_id=${pick.branch}&${R}`,
      },
      { name: 'activation report', url: `/web/dashboard/report/activation?${R}` },
      { name: 'master stores report p1', url: '/web/dashboard/report/master_store?page=1&limit=10' },
      { name: 'omzet per item', url: `/web/dashboard/omzet?${R}`, direct: lines(all, sql`l.item_id`) },
      {
        name: 'omzet per item + category',
        url: `/web/dashboard/omzet?${R}&${CAT}`,
        direct: lines(byCat, sql`l.item_id`),
      },
      {
        name: 'omzet group',
        url: `/web/dashboard/omzet/group?${R}`,
        direct: lines(all, sql`r.region_group_id`),
      },
      {
        name: 'omzet group + category',
        url: `/web/dashboard/omzet/group?${R}&${CAT}`,
        direct: lines(byCat, sql`r.region_group_id`),
      },
      {
        name: 'omzet group + items',
        url: `/web/dashboard/omzet/group?${R}&${ITEMS}`,
        direct: lines(byItems, sql`r.region_group_id`),
      },
      { name: 'omzet region', url: `/web/dashboard/omzet/region?${R}`, direct: lines(all, sql`b.region_id`) },
      {
        name: 'omzet region + category',
        url: `/web/dashboard/omzet/region?${R}&${CAT}`,
        direct: lines(byCat, sql`b.region_id`),
      },
      {
        name: 'omzet area',
        url: `/web/dashboard/omzet/area?${R}`,
        direct: lines(all, sql`b.region_area_id`),
      },
      {
        name: 'omzet area + items',
        url: `/web/dashboard/omzet/area?${R}&${ITEMS}`,
        direct: lines(byItems, sql`b.region_area_id`),
      },
      { name: 'omzet branch', url: `/web/dashboard/omzet/branch?${R}`, direct: lines(all, sql`h.branch_id`) },
      {
        name: 'omzet branch + category',
        url: `/web/dashboard/omzet/branch?${R}&${CAT}`,
        direct: lines(byCat, sql`h.branch_id`),
      },
      {
        name: 'omzet branch + items',
        url: `/web/dashboard/omzet/branch?${R}&${ITEMS}`,
        direct: lines(byItems, sql`h.branch_id`),
      },
      {
        name: 'omzet customer (largest branch)',
        url: `/web/dashboard/omzet/customer?branch_id=${pick.branch}&${R}`,
        direct: lines(inBranch, sql`h.customer_id`),
        total: (d) => d.length,
      },
      {
        name: 'omzet customer (largest branch) + category',
        url: `/web/dashboard/omzet/customer?branch_id=${pick.branch}&${R}&${CAT}`,
        direct: lines(sql`${inBranch} and ${byCat}`, sql`h.customer_id`),
        total: (d) => d.length,
      },
      {
        name: 'omzet customer (largest branch) + items',
        url: `/web/dashboard/omzet/customer?branch_id=${pick.branch}&${R}&${ITEMS}`,
        direct: lines(sql`${inBranch} and ${byItems}`, sql`h.customer_id`),
        total: (d) => d.length,
      },
      {
        name: `omzet graph ${year}`,
        url: `/web/dashboard/omzet/graph?year=${year}`,
        direct: sql`select extract(year from h.invoice_date)::int * 100 + extract(month from h.invoice_date)::int as k,
            sum(l.net_amount)::float8 as t
          from sales_invoices h join sales_invoice_lines l on l.invoice_id = h.id
          where h.status <> 'cancelled' and h.invoice_date >= ${`${year - 1}-01-01`}::date and h.invoice_date < ${`${year + 1}-01-01`}::date
          group by 1`,
        total: (d) =>
          d.reduce(
            (s: number, r: { turnover: number; last_year_turnover: number }) =>
              s + r.turnover + r.last_year_turnover,
            0,
          ),
      },
      {
        name: `omzet graph ${year} + category`,
        url: `/web/dashboard/omzet/graph?year=${year}&${CAT}`,
        direct: sql`select extract(year from h.invoice_date)::int * 100 + extract(month from h.invoice_date)::int as k,
            sum(l.net_amount)::float8 as t
          from sales_invoices h join sales_invoice_lines l on l.invoice_id = h.id join items i on i.id = l.item_id
          where h.status <> 'cancelled' and h.invoice_date >= ${`${year - 1}-01-01`}::date and h.invoice_date < ${`${year + 1}-01-01`}::date
            and i.item_category_id = ${pick.cat}
          group by 1`,
        total: (d) =>
          d.reduce(
            (s: number, r: { turnover: number; last_year_turnover: number }) =>
              s + r.turnover + r.last_year_turnover,
            0,
          ),
      },
      { name: 'invoice tracking', url: `/web/dashboard/tracking/invoice?${R}` },
      { name: 'virtual account payments', url: `/web/dashboard/virtual_account?${R}` },
    ];
    void itemList;

    console.log(
      `\n${'call'.padEnd(46)} ${'api p50'.padStart(9)} ${'target'.padStart(7)}   ${'direct p50'.padStart(11)} ${'speed-up'.padStart(9)}  same answer`,
    );
    let failures = 0;
    for (const sc of args['import-only'] ? [] : scenarios) {
      const times: number[] = [];
      let body: { data: any[] } | null = null;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t = process.hrtime.bigint();
        const res = await get(sc.url);
        const took = ms(t);
        if (res.statusCode !== 200) throw new Error(`${sc.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i >= WARMUP) times.push(took);
        body = res.json();
      }
      const p50 = median(times);
      if (p50 >= TARGET) failures++;
      let directCol = '';
      let speed = '';
      let same = '';
      if (sc.direct) {
        const dt: number[] = [];
        let rows: { k: number; t: number }[] = [];
        for (let i = 0; i < DIRECT_RUNS; i++) {
          const t = process.hrtime.bigint();
          rows = await database.rows<{ k: number; t: number }>(sc.direct);
          dt.push(ms(t));
        }
        const d50 = median(dt);
        directCol = `${d50.toFixed(1)} ms`;
        speed = `${(d50 / p50).toFixed(0)}x`;
        const apiTotal = round2((sc.total ?? turnoverOf)(body?.data ?? []));
        const directTotal =
          sc.total && sc.name.startsWith('omzet customer')
            ? rows.length
            : round2(rows.reduce((s, r) => s + r.t, 0));
        if (sc.name.startsWith('omzet customer')) {
          // Paged: compare the page's customers with the direct sums of the same customers.
          const byKey = new Map(rows.map((r) => [r.k, round2(r.t)]));
          const ok = (body?.data ?? []).every(
            (r: { customer_id: number; turnover: number }) => byKey.get(r.customer_id) === round2(r.turnover),
          );
          same = ok ? 'yes (page rows)' : 'NO';
        } else same = Math.abs(apiTotal - directTotal) < 0.01 ? 'yes' : `NO (${apiTotal} vs ${directTotal})`;
      }
      console.log(
        `${sc.name.padEnd(46)} ${`${p50.toFixed(1)} ms`.padStart(9)} ${`< ${TARGET}`.padStart(7)} ${p50 < TARGET ? 'ok  ' : 'SLOW'} ${directCol.padStart(11)} ${speed.padStart(9)}  ${same}`,
      );
    }

    // The ERP import: 5,000 new invoices with 15,000 lines, points and rollups in its transaction.
    const customerCodes = (
      await database.rows<{ c: string }>(
        sql`select customer_code as c from customers order by random() limit 5000`,
      )
    ).map((r) => r.c);
    const itemCodes = (
      await database.rows<{ c: string }>(sql`select item_code as c from items where active limit 500`)
    ).map((r) => r.c);
    const stamp = Date.now().toString(36).toUpperCase();
    const like = `DASHBENCH/${stamp}/%`;
    const cleanup = () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`
          with removed as (delete from point_ledger where invoice_document_no like ${like} returning customer_id, points, void)
          update customers c set point_balance = c.point_balance - s.pts
          from (select customer_id, sum(points) filter (where not void) as pts from removed group by customer_id) s
          where c.id = s.customer_id and s.pts is not null`);
        await tx.execute(sql`delete from sales_invoices where document_no like ${like}`);
      });
    const importTimes: number[] = [];
    try {
      for (let run = 0; run < IMPORT_RUNS; run++) {
        const payload = JSON.stringify({
          documents: Array.from({ length: 5000 }, (_, i) => ({
            document_no: `DASHBENCH/${stamp}/${run}/${i}`,
            invoice_date: end,
            customer_code: customerCodes[i % customerCodes.length],
            lines: [0, 1, 2].map((k) => ({
              item_code: itemCodes[(i * 3 + k) % itemCodes.length],
              qty: 1 + ((i + k) % 12),
              price: 2500 + ((i * 7 + k * 13) % 40) * 500,
            })),
          })),
        });
        const [before] = await database.rows<{ t: number }>(
          sql`select coalesce(sum(turnover), 0)::float8 as t from dash_day_branch where day = ${end}::date`,
        );
        const t = process.hrtime.bigint();
        const res = await app.inject({
          method: 'POST',
          url: '/v1/api/integration/sales_invoice',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload,
        });
        importTimes.push(ms(t));
        if (res.statusCode !== 200 || res.json().data.inserted !== 5000) {
          throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
        }
        const [after] = await database.rows<{ t: number; direct: number }>(sql`
          select (select coalesce(sum(turnover), 0)::float8 from dash_day_branch where day = ${end}::date) as t,
                 (select sum(l.net_amount)::float8 from sales_invoice_lines l join sales_invoices h on h.id = l.invoice_id
                  where h.document_no like ${like}) as direct`);
        const delta = round2(after.t - before.t);
        console.log(
          `ERP import 5,000 invoices + points + rollups   ${`${importTimes.at(-1)!.toFixed(0)} ms`.padStart(9)} ${'< 5000'.padStart(7)} ${importTimes.at(-1)! < 5000 ? 'ok  ' : 'SLOW'}  rollup grew by ${delta}, lines sum ${round2(after.direct)}: ${delta === round2(after.direct) ? 'same' : 'DIFFERENT'}`,
        );
        const tc = process.hrtime.bigint();
        await cleanup();
        console.log(`  (cleanup: 5,000 invoices deleted, rollups following, in ${ms(tc).toFixed(0)} ms)`);
      }
    } finally {
      await cleanup();
    }
    const worst = Math.max(...importTimes);
    if (worst >= 5000) failures++;
    console.log(
      `\n${failures === 0 ? 'All dashboard figures within target.' : `${failures} figure(s) over target.`}`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
