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
import { lockEntry, postMovement, reverseEntry } from '../src/domain/ledger';
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
  // Polls for the condition itself; the bound (a minute) only turns a hang into this message.
  for (let i = 0; i < 3000; i++) {
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

// The population (customers with movements in the range, and the sort figure) is read as one row per
// customer at each end of a range (points.reports.ts runningPopulation; the covering indexes of
// migration 0014): the end is the customer's latest running row, or its row at the end month when it
// moved after that month; the start is its row at the start month. These customers cover each case
// (stopped before the start, started after the end month, moved after the end, emptied by voids and
// deletions, back-dated rows), checked against the ledger after every kind of write.
describe('store points population read at the ends of a range', () => {
  const ranges: [string | undefined, string | undefined][] = [
    [undefined, undefined],
    ['2031-03-01', undefined],
    ['2031-03-20', undefined],
    [undefined, '2031-08-31'],
    [undefined, '2031-09-10'],
    ['2031-02-10', '2031-09-10'],
    ['2031-02-20', '2031-09-25'],
    ['2031-03-01', '2031-08-31'],
    ['2030-12-01', '2031-11-30'],
    ['2031-01-05', '2031-12-28'],
    ['2031-04-16', '2031-10-02'],
    ['2031-06-01', '2032-03-31'],
    ['2031-09-02', '2031-09-04'],
  ];
  const sorts: Partial<ReportFilters>[] = [
    {},
    { by: 'net_points', sort: 'asc' },
    { by: 'master_points', sort: 'desc' },
    { by: 'customer_name', sort: 'asc' },
    { by: 'customer_id', sort: 'desc' },
  ];

  async function sameEverywhere(branchId: number) {
    for (const [start_date, end_date] of ranges) {
      for (const s of sorts) {
        await sameStore({ start_date, end_date, branch_id: branchId, ...s });
      }
      await sameStore({ start_date, end_date, limit: 3 });
      await sameStore({ start_date, end_date, limit: 2, page: 2, by: 'net_points', sort: 'desc' });
    }
  }

  it('should match the ledger for customers at every position against the range, through writes', async () => {
    const db = h.database.db;
    const branchId = h.fixture.branches.b2.id;
    const make = () => makeCustomer(db, { branch_id: branchId });
    const [early, steady, late, after, emptied] = [
      await make(),
      await make(),
      await make(),
      await make(),
      await make(),
    ];
    const invoiceRow = (tx: Tx, customerId: number, points: number, day: string) =>
      tx.execute(
        sql`insert into point_ledger (customer_id, point_type, points, reason, source, entry_date)
            values (${customerId}, 1, ${points}, 'raw', 'invoice', ${day}::date)`,
      );
    await db.transaction(async (tx) => {
      // Stops before most starts.
      await invoiceRow(tx, early.id, 11, '2031-01-10');
      await insertRow(tx, early.id, 3, '2031-02-15');
      // Moves every few months, through the year.
      for (const [p, day] of [
        [5, '2031-01-31'],
        [7, '2031-03-01'],
        [9, '2031-06-15'],
        [13, '2031-09-03'],
        [17, '2031-11-30'],
      ] as const) {
        await invoiceRow(tx, steady.id, p, day);
      }
      // Starts in September: no running row at an end month before it.
      await invoiceRow(tx, late.id, 21, '2031-09-03');
      await insertRow(tx, late.id, 2, '2031-09-20');
      // Moves after most ends (its latest row is after them).
      await insertRow(tx, after.id, 4, '2031-02-01');
      await invoiceRow(tx, after.id, 6, '2032-02-14');
      // Its movements in the range are voided or deleted below.
      await invoiceRow(tx, emptied.id, 8, '2031-01-02');
      await insertRow(tx, emptied.id, 5, '2031-04-20');
      await insertRow(tx, emptied.id, 6, '2031-07-07');
    });
    await sameEverywhere(branchId);

    // Back-dated rows: before every customer's first month, and inside a gap.
    await db.transaction(async (tx) => {
      await insertRow(tx, late.id, 1, '2030-12-24');
      await invoiceRow(tx, after.id, 10, '2031-05-05');
      await insertRow(tx, steady.id, 3, '2031-08-31');
    });
    // A void and a deletion: the emptied customer keeps only January's row.
    await db.execute(
      sql`update point_ledger set void = true, voided_at = now()
          where customer_id = ${emptied.id} and entry_date = '2031-04-20'`,
    );
    await db.execute(
      sql`delete from point_ledger where customer_id = ${emptied.id} and entry_date = '2031-07-07'`,
    );
    // Through the ledger service: an injection, and its reversal a month later, in the range.
    await db.transaction(async (tx) => {
      const { id } = await postMovement(tx, {
        customerId: steady.id,
        pointType: 2,
        points: 4,
        source: 'inject',
        reason: 'c',
        entryDate: '2031-05-16',
      });
      const entry = await lockEntry(tx, id);
      if (!entry) throw new Error('the injection is missing');
      await reverseEntry(tx, entry, { pointType: 7, source: 'manual', reason: 'r', entryDate: '2031-06-16' });
    });
    expect(await verifyReportSummary(db)).toEqual(clean);
    await sameEverywhere(branchId);

    // The latest rows, one per customer, are what the covering index holds.
    const latest = await h.database.rows<{ customer_id: number; month: string }>(
      sql`select customer_id, month::text from point_report_running
          where last and customer_id in (${early.id}, ${late.id}, ${after.id}, ${emptied.id}) order by customer_id`,
    );
    expect(latest).toEqual([
      { customer_id: early.id, month: '2031-02-01' },
      { customer_id: late.id, month: '2031-09-01' },
      { customer_id: after.id, month: '2032-02-01' },
      { customer_id: emptied.id, month: '2031-07-01' },
    ]);
  });

  it('should keep the covering indexes of migration 0014', async () => {
    const indexes = await h.database.rows<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'point_report_running' order by indexname`,
    );
    const def = (name: string) => indexes.find((i) => i.indexname === name)?.indexdef ?? '';
    expect(def('point_report_running_last_cover')).toMatch(
      /\(customer_id\) INCLUDE \(month, entries, master_points, points\) WHERE last/,
    );
    expect(def('point_report_running_pk')).toMatch(
      /\(month, customer_id\) INCLUDE \(entries, master_points, points\)/,
    );
    expect(indexes.map((i) => i.indexname)).not.toContain('point_report_running_last_idx');
  });
});
