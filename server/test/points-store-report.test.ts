// The running totals behind the store points report (point_report_running, migration 0012) under
// concurrent ledger writes for one customer. The ledger triggers rewrite a customer's running rows
// from a snapshot, so two writers for one customer must apply their differences one after the
// other: the trigger locks the customer first. Here a writer that does not go through the ledger
// service (raw SQL: seeds, repairs, a cascaded document number), hence holds no customer lock of its
// own, extends the customer's rows to a later month while a second one, back-dated, waits on it. On
// the PostgreSQL server (TEST_DATABASE_URL) the second one really waits; PGlite runs them in turn.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client';
import { postMovement } from '../src/domain/ledger';
import { type ReportFilters, storePoints } from '../src/modules/points/points.reports';
import { verifyReportSummary } from '../src/modules/points/points.verify';
import { createHarness, type Harness } from './harness';
import { makeCustomer } from './points-factories';
import { directStorePoints } from './points-reports-reference';

let h: Harness;
const admin = { user: { branches: 'all' } } as unknown as FastifyRequest;
const clean = { docs_missing: 0, docs_extra: 0, running_different: 0 };

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const insertRow = (tx: Tx, customerId: number, points: number, day: string) =>
  tx.execute(
    sql`insert into point_ledger (customer_id, point_type, points, reason, source, entry_date)
        values (${customerId}, 2, ${points}, 'raw', 'inject', ${day}::date)`,
  );

/** Waits until some session of this database waits on a lock (PostgreSQL server only). */
async function someoneWaits() {
  for (let i = 0; i < 500; i++) {
    const [{ n }] = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the second writer never waited on the first');
}

/**
 * Runs `first` and, while its transaction is still open, `second`; on the PostgreSQL server the
 * first commits only once the second waits on it.
 */
async function overlapping(first: (tx: Tx) => Promise<unknown>, second: (tx: Tx) => Promise<unknown>) {
  const db = h.database.db;
  if (h.database.kind === 'pglite') {
    await db.transaction(first);
    await db.transaction(second);
    return;
  }
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let started = () => {};
  const firstIn = new Promise<void>((r) => {
    started = r;
  });
  const one = db.transaction(async (tx) => {
    await first(tx);
    started();
    await gate;
  });
  await firstIn;
  const two = db.transaction(second);
  try {
    await someoneWaits();
  } finally {
    release();
  }
  await Promise.all([one, two]);
}

async function sameStore(q: Partial<ReportFilters>) {
  const full: ReportFilters = { page: 1, limit: 50, ...q };
  const db = h.database.db;
  expect(await storePoints(db, admin, full)).toEqual(await directStorePoints(db, admin, full));
}

describe('store points running totals under concurrent ledger writes', () => {
  it('should apply two overlapping raw ledger writes for one customer one after the other', async () => {
    const db = h.database.db;
    const c = await makeCustomer(db, { branch_id: h.fixture.branches.b1.id });
    await db.transaction(async (tx) => {
      await insertRow(tx, c.id, 10, '2030-02-10');
      await insertRow(tx, c.id, 20, '2030-03-10');
    });
    // The first extends the customer to May (a filler April row, March no longer the latest); the
    // second, back-dated to January, moves every month from January on.
    await overlapping(
      (tx) => insertRow(tx, c.id, 5, '2030-05-20'),
      (tx) => insertRow(tx, c.id, 7, '2030-01-05'),
    );
    const running = await h.database.rows<{ month: string; last: boolean; points: number; entries: number }>(
      sql`select month::text, last, points, entries from point_report_running where customer_id = ${c.id} order by month`,
    );
    expect(running).toEqual([
      { month: '2030-01-01', last: false, points: 7, entries: 1 },
      { month: '2030-02-01', last: false, points: 17, entries: 2 },
      { month: '2030-03-01', last: false, points: 37, entries: 3 },
      { month: '2030-04-01', last: false, points: 37, entries: 3 },
      { month: '2030-05-01', last: true, points: 42, entries: 4 },
    ]);
    expect(await verifyReportSummary(db)).toEqual(clean);
    for (const [start_date, end_date] of [
      ['2029-01-01', '2030-12-31'],
      ['2029-06-15', '2030-03-09'],
      ['2030-02-11', undefined],
    ]) {
      await sameStore({ start_date, end_date, customer_id: c.id });
    }
  });

  it('should apply the other order too (the back-dated write first), and a void beside a new row', async () => {
    const db = h.database.db;
    const c = await makeCustomer(db, { branch_id: h.fixture.branches.b1.id });
    await db.transaction((tx) => insertRow(tx, c.id, 10, '2030-03-10'));
    await overlapping(
      (tx) => insertRow(tx, c.id, 3, '2029-11-30'),
      (tx) =>
        tx.execute(
          sql`update point_ledger set void = true, voided_at = now()
              where customer_id = ${c.id} and entry_date = '2030-03-10'`,
        ),
    );
    await overlapping(
      (tx) => insertRow(tx, c.id, 4, '2030-06-01'),
      (tx) => insertRow(tx, c.id, 6, '2030-06-02'),
    );
    const running = await h.database.rows<{ month: string; last: boolean; points: number }>(
      sql`select month::text, last, points from point_report_running where customer_id = ${c.id} order by month`,
    );
    expect(running.map((r) => r.points)).toEqual([3, 3, 3, 3, 3, 3, 3, 13]);
    expect(running.filter((r) => r.last).map((r) => r.month)).toEqual(['2030-06-01']);
    expect(await verifyReportSummary(db)).toEqual(clean);
    await sameStore({ start_date: '2029-01-01', end_date: '2030-12-31', customer_id: c.id });
  });

  it('should keep the running totals exact for concurrent movements through the ledger service', async () => {
    const db = h.database.db;
    const c = await makeCustomer(db, { branch_id: h.fixture.branches.b1.id });
    const move = (points: number, day: string) =>
      db.transaction((tx) =>
        postMovement(tx, {
          customerId: c.id,
          pointType: 2,
          points,
          source: 'inject',
          reason: 'c',
          entryDate: day,
        }),
      );
    await Promise.all([
      move(1, '2030-01-15'),
      move(2, '2030-04-15'),
      move(4, '2029-12-15'),
      move(8, '2030-04-16'),
      move(16, '2030-02-01'),
    ]);
    const [{ points }] = await h.database.rows<{ points: number }>(
      sql`select points from point_report_running where customer_id = ${c.id} and last`,
    );
    expect(points).toBe(31);
    expect(await verifyReportSummary(db)).toEqual(clean);
    await sameStore({ start_date: '2029-12-16', end_date: '2030-04-15', customer_id: c.id });
  });
});
