// `npm run seed [-- --scale demo|large]`: migrates the configured database (DATABASE_URL, else the
// embedded one in DATA_DIR) and fills it with demo or benchmark data. It refuses a database that
// already holds business data (drop it, or delete DATA_DIR, to start over), and refuses while the
// server holds DATA_DIR (the embedded database allows one process only).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, loadDotEnv } from '../../config';
import { type Database, openDatabase } from '../client';
import { DataDirLockedError } from '../lock';
import { BRANCH_USER } from './base';
import { hasBusinessData, seedDemo } from './demo';
import { seedLarge } from './large';

const USAGE = 'Usage: npm run seed [-- --scale demo|large]';

async function main(): Promise<number> {
  let scale: string;
  try {
    const { values } = parseArgs({
      options: { scale: { type: 'string', default: 'demo' }, help: { type: 'boolean' } },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    scale = values.scale ?? 'demo';
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  if (scale !== 'demo' && scale !== 'large') {
    console.error(`Unknown scale '${scale}'.\n${USAGE}`);
    return 1;
  }

  loadDotEnv();
  const config = loadConfig();
  const target = config.databaseUrl
    ? 'the PostgreSQL server (DATABASE_URL)'
    : `the embedded database in ${config.dataDir}`;
  const database: Database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (await hasBusinessData(database)) {
      console.log(
        `Not seeding: ${target} already has data. Seed an empty database (drop it, or remove DATA_DIR).`,
      );
      return 0;
    }
    console.log(`Seeding ${scale} data into ${target}...`);
    const started = Date.now();
    const log = (msg: string) => console.log(`  ${msg}`);
    const opts = { adminEmail: config.adminEmail, adminPassword: config.adminPassword };
    if (scale === 'large') {
      await seedLarge(database, log, opts);
      // Bulk-loaded tables have no visibility map until vacuumed, so index-only scans (counts from
      // rollups and summaries) would visit the heap; a copy made with CREATE DATABASE ... TEMPLATE
      // also starts without statistics, and autovacuum may not come by before a benchmark.
      const vacuumed = Date.now();
      await database.rows(sql`vacuum (analyze)`);
      log(`vacuum and analyze (${((Date.now() - vacuumed) / 1000).toFixed(1)} s)`);
    } else await seedDemo(database, log, opts);
    const [counts] = await database.rows<Record<string, number>>(sql`
      select (select count(*) from customers) as customers, (select count(*) from sales_invoices) as invoices,
        (select count(*) from sales_invoice_lines) as invoice_lines, (select count(*) from point_ledger) as ledger_rows`);
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Object.entries(counts)
        .map(([k, v]) => `${Number(v).toLocaleString('en')} ${k.replace('_', ' ')}`)
        .join(', ')}.`,
    );
    console.log('Logins:');
    console.log(`  super admin: ${config.adminEmail} / ${config.adminPassword}`);
    console.log(`  branch user: ${BRANCH_USER.email} / ${BRANCH_USER.password} (two branches, no deletes)`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
    else console.error('Seeding failed:', err);
    process.exit(1);
  },
);
