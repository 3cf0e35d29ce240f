// Targets and uploads, on the configured database (DATABASE_URL, else the embedded one in
// DATA_DIR; seed it large and run it on a COPY for the real figures: the import writes):
//   - GET /customer/target/year for one customer with targets and invoices       target < 10 ms
//   - GET /target_category_volume/report for one region and one quarter (100 rows) target < 200 ms
//   - GET /upload/select/group, first page of the biggest folder (12 stores)       target < 50 ms
//   - POST /customer/target/add_bulk with 100,000 month rows (new, then again)     target < 20 s
// Each read is a median over --runs in-process requests (app.inject: routing, auth, validation, SQL,
// serialisation) beside the same SQL replayed on the bare driver.
//
// `--extend` first tops the data up to the issue's scale (idempotent; NEVER on lbo_large itself):
// a target for every month of the current year for every customer, and uploads up to 200,000.
//
// Usage: npm run bench -- --only targets [--runs 30] [--extend]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadConfig, loadDotEnv } from '../../server/src/config';
import { type Database, openDatabase, rows } from '../../server/src/db/client';
import { ensureSuperAdmin } from '../../server/src/modules/staff/bootstrap';

const { values: args } = parseArgs({
  strict: false,
  options: {
    runs: { type: 'string', default: '30' },
    extend: { type: 'boolean', default: false },
    'import-rows': { type: 'string', default: '100000' },
  },
});
const RUNS = Number(args.runs);
const IMPORT_ROWS = Number(args['import-rows']);

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

/** Replays statements on the bare driver, one after the other. */
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

async function signIn(app: FastifyInstance, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/v1/api/web/auth', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${res.body}`);
  const token = res.json().data.token as string;
  return (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/v1/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

const line = (name: string, api: number | string, bare: number | string, target: string, note = '') =>
  console.log(
    `${name.padEnd(46)} api ${String(api).padStart(9)} ms   bare sql ${String(bare).padStart(9)} ms   target ${target}${note ? `   ${note}` : ''}`,
  );

/** Tops the data up to the issue's scale (idempotent). */
async function extend(database: Database) {
  const name = (await rows<{ db: string }>(database.db, sql`select current_database() as db`))[0]?.db;
  if (name === 'lbo_large') throw new Error('--extend refuses to write to lbo_large: run it on a copy');
  const t = process.hrtime.bigint();
  await database.db.execute(sql`
    insert into customer_targets (customer_id, year, month, target_amount)
    select c.id, extract(year from current_date)::int, m, 1000000 + (c.id % 40) * 50000
    from customers c cross join generate_series(1, 12) m
    on conflict (customer_id, year, month) do nothing`);
  const [{ n }] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from uploads`);
  const missing = 200_000 - n;
  if (missing > 0) {
    // Into the folders open to every branch, spread over stores and the last 120 days.
    await database.db.execute(sql`
      insert into uploads (upload_folder_id, customer_id, branch_id, file_url, file_name, mime, size, uploaded_at, note)
      select f.id, c.id, c.branch_id, 'bench/uploads/' || g || '.jpg', 'IMG_BENCH_' || g || '.jpg', 'image/jpeg', 200000,
             now() - (g % (120 * 24)) * interval '1 hour', ''
      from generate_series(1, ${missing}) g
      join lateral (select id from upload_folders where branch_id is null and customer_code is null
                    order by id offset (g % 3) limit 1) f on true
      join customers c on c.id = 1 + (g * 7919) % (select max(id) from customers)`);
  }
  await database.db.execute(sql`analyze customer_targets`);
  await database.db.execute(sql`analyze uploads`);
  console.log(
    `extended: targets for every customer this year, uploads ${Math.max(n, 200_000)} (${Math.round(ms(t))} ms)`,
  );
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
  await ensureSuperAdmin(database.db, config.adminEmail, config.adminPassword);
  if (args.extend) await extend(database);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const capture = installCapture(database);
  const call = await signIn(app, config.adminEmail, config.adminPassword);
  const counts = (
    await rows<{ customers: number; targets: number; volumes: number; uploads: number; invoices: number }>(
      database.db,
      sql`select (select count(*)::int from customers) as customers, (select count(*)::int from customer_targets) as targets,
                 (select count(*)::int from target_category_volumes) as volumes, (select count(*)::int from uploads) as uploads,
                 (select count(*)::int from sales_invoices) as invoices`,
    )
  )[0];
  console.log(
    `data: ${counts.customers} customers, ${counts.invoices} invoices, ${counts.targets} monthly targets, ${counts.volumes} category volumes, ${counts.uploads} uploads (${database.kind})`,
  );

  async function measure(name: string, url: string, target: string) {
    for (let i = 0; i < 3; i++) {
      const warm = await call('GET', url);
      if (warm.statusCode !== 200) throw new Error(`${url}: ${warm.statusCode} ${warm.body.slice(0, 300)}`);
    }
    const api: number[] = [];
    let statements: Captured[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = process.hrtime.bigint();
      const { statements: s } = await capture(() => call('GET', url));
      api.push(ms(t));
      statements = s;
    }
    // Auth's own statements (session lookup) are part of every request; the bare column replays all.
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) bare.push(await replay(database, statements));
    line(name, median(api), median(bare), target, `(${statements.length} statements)`);
  }

  // 1. One customer's year: a customer with targets and invoices this year.
  const [pick] = await rows<{ customer_id: number; year: number }>(
    database.db,
    sql`select t.customer_id, t.year from customer_targets t
        where t.year = extract(year from current_date)::int
          and exists (select 1 from sales_invoices i where i.customer_id = t.customer_id
                      and i.invoice_date >= date_trunc('year', current_date))
        order by t.customer_id limit 1`,
  );
  if (pick) {
    await measure(
      'GET /customer/target/year (one customer)',
      `/customer/target/year?customer_id=${pick.customer_id}&year=${pick.year}`,
      '< 10 ms',
    );
  } else console.log('no customer with targets and invoices this year: year view skipped');

  // 2. The category report for the region with most volume targets, in the latest quarter with targets.
  const [rq] = await rows<{ region_id: number; qs: string }>(
    database.db,
    sql`select b.region_id, max(t.period_start)::text as qs
        from target_category_volumes t join customers c on c.id = t.customer_id join branches b on b.id = c.branch_id
        where t.period_start <= current_date
        group by b.region_id order by count(*) desc limit 1`,
  );
  if (rq) {
    const qe = (
      await rows<{ d: string }>(
        database.db,
        sql`select (${rq.qs}::date + interval '3 months' - interval '1 day')::date::text as d`,
      )
    )[0].d;
    const total = await call(
      'GET',
      `/target_category_volume/report?region_id=${rq.region_id}&start_date=${rq.qs}&end_date=${qe}&limit=1`,
    );
    await measure(
      `GET /target_category_volume/report (region, quarter; ${total.json().meta.total_data} rows)`,
      `/target_category_volume/report?region_id=${rq.region_id}&start_date=${rq.qs}&end_date=${qe}&limit=100`,
      '< 200 ms',
    );
  }

  // 3. The group view of the biggest folder.
  const [folder] = await rows<{ id: number; n: number; stores: number }>(
    database.db,
    sql`select upload_folder_id as id, count(*)::int as n, count(distinct customer_id)::int as stores
        from uploads group by 1 order by 2 desc limit 1`,
  );
  if (folder) {
    await measure(
      `GET /upload/select/group (${folder.n} photos, ${folder.stores} stores)`,
      `/upload/select/group?upload_folder_id=${folder.id}&page=1&limit=12`,
      '< 50 ms',
    );
    await measure('GET /upload/report (all branches, all dates)', '/upload/report', '-');
  }

  // 4. Importing 100,000 month rows (a year far ahead, removed afterwards): new, then sent again.
  const customers = await rows<{ customer_code: string }>(
    database.db,
    sql`select customer_code from customers order by id limit ${Math.ceil(IMPORT_ROWS / 12)}`,
  );
  const importRows: { customer_code: string; year: number; month: number; amount: number }[] = [];
  for (const c of customers) {
    for (let m = 1; m <= 12 && importRows.length < IMPORT_ROWS; m++) {
      importRows.push({
        customer_code: c.customer_code,
        year: 2099,
        month: m,
        amount: 1_000_000 + m * 10_000,
      });
    }
  }
  await database.db.execute(sql`delete from customer_targets where year = 2099`);
  try {
    for (const label of ['new', 'again (unchanged)']) {
      const t = process.hrtime.bigint();
      const res = await call('POST', '/customer/target/add_bulk', { rows: importRows });
      const took = Math.round(ms(t));
      if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const d = res.json().data;
      line(
        `POST /customer/target/add_bulk ${importRows.length} rows, ${label}`,
        took,
        '-',
        '< 20000 ms',
        `(inserted ${d.inserted}, updated ${d.updated}, unchanged ${d.unchanged})`,
      );
    }
  } finally {
    await database.db.execute(sql`delete from customer_targets where year = 2099`);
  }
  await app.close();
  await database.close();
}

await main();
