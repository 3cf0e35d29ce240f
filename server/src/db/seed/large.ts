// Benchmark data: the demo plan at 100k customers, 1M invoices (about 3M lines), 200k orders and
// about 1.5M ledger rows, committed batch by batch with progress. Meant for a PostgreSQL server
// (DATABASE_URL); on the embedded database it works but takes far longer.
import type { Database } from '../client';
import { runSeed, type SeedOptions } from './demo';
import type { SeedScale } from './plan';

export const LARGE_SCALE: SeedScale = {
  customers: 100_000,
  invoices: 1_000_000,
  invoiceBatch: 100_000,
  orders: 200_000,
  orderBatch: 100_000,
  ledgerBatch: 20_000,
  lotteryCoupons: 100_000,
  activitiesPerInstalledCustomer: 5,
  visitsPerCustomer: 4,
  targetYears: 1,
};

export async function seedLarge(
  database: Database,
  log: (msg: string) => void,
  opts: SeedOptions = {},
): Promise<void> {
  await runSeed(database, LARGE_SCALE, log, 'batched', opts);
}
