// Report figures: the points tracking report and the store points report over
// 1, 12 and 24 months, and the invoice list over one and twelve months, answered in-process by the
// real app (app.inject: routing, auth, SQL, serialisation), one request at a time, medians. Targets:
// under 100 ms for 12 months, and figures that do not grow with the range.
//
// Usage: npm run bench -- --only reports [--runs 9] ; on DATABASE_URL (the large seed's copy) or the
// embedded database in DATA_DIR.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig, loadDotEnv } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '9' } }, strict: false });
const RUNS = Math.max(1, Number(args.runs) || 9);
const TARGET_MS = 100;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const day = (d: Date) => d.toISOString().slice(0, 10);

async function main() {
  loadDotEnv();
  const config = loadConfig(process.env, { logLevel: 'silent' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 4,
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
    const [{ last }] = await database.rows<{ last: string | null }>(
      sql`select max(entry_date)::text as last from point_ledger`,
    );
    const end = last ? new Date(`${last}T00:00:00Z`) : new Date();
    const from = (months: number) => {
      const d = new Date(end);
      d.setUTCMonth(d.getUTCMonth() - months);
      d.setUTCDate(d.getUTCDate() + 1);
      return day(d);
    };
    const cases: { name: string; url: string; target?: number }[] = [];
    for (const months of [1, 12, 24]) {
      const range = `start_date=${from(months)}&end_date=${day(end)}`;
      cases.push({
        name: `points tracking, ${months} month${months > 1 ? 's' : ''}`,
        url: `/point/report?page=1&limit=10&${range}`,
        target: months === 12 ? TARGET_MS : undefined,
      });
      cases.push({
        name: `store points, ${months} month${months > 1 ? 's' : ''}`,
        url: `/point/report/store?page=1&limit=10&${range}`,
        target: months === 12 ? TARGET_MS : undefined,
      });
    }
    for (const months of [1, 12]) {
      cases.push({
        name: `invoice list, ${months} month${months > 1 ? 's' : ''}`,
        url: `/apps/sales_invoice/?page=1&limit=10&start_date=${from(months)}&end_date=${day(end)}`,
      });
    }
    console.log(`\nReports (in-process, one request at a time, median of ${RUNS}; data up to ${day(end)})`);
    for (const c of cases) {
      const first = await get(c.url);
      if (first.statusCode !== 200) throw new Error(`${c.url} answered ${first.statusCode}: ${first.body}`);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = process.hrtime.bigint();
        await get(c.url);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      const m = median(times);
      const total = first.json().meta?.total_data;
      const verdict = c.target ? `  (target < ${c.target} ms: ${m < c.target ? 'ok' : 'ABOVE'})` : '';
      console.log(`  ${c.name.padEnd(28)} ${m.toFixed(1).padStart(8)} ms   ${total} rows${verdict}`);
    }
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
