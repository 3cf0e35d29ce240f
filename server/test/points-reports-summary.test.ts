// The points tracking and store points reports read the report summaries kept by a ledger trigger
// (migration 0007). These tests compare every answer with the direct computation over the ledger
// rows (points-reports-reference.ts: the reports as they were), over ranges that cut months, days
// and documents spread over several days, after re-sent invoices (also with a moved date), staff
// corrections and voids, a coupon redemption and its revert, and a renamed document number; and
// check that `points:verify` finds the summaries equal to the ledger (and notices when they are not).

import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import {
  correctEntry,
  lockEntry,
  postMovement,
  postMovements,
  reverseEntry,
  voidEntry,
} from '../src/domain/ledger';
import { applyInvoicePoints } from '../src/modules/points/points.engine';
import {
  pointsTracking,
  type ReportFilters,
  RUNNING_LOOKUP_DAYS,
  rangeParts,
  storePoints,
} from '../src/modules/points/points.reports';
import { verifyReportSummary } from '../src/modules/points/points.verify';
import { createHarness, type Harness } from './harness';
import {
  makeCategory,
  makeCustomer,
  makeInvoice,
  makeItem,
  makePromo,
  makeRule,
  setInvoiceLines,
} from './points-factories';
import { directPointsTracking, directStorePoints } from './points-reports-reference';

let h: Harness;
let admin: FastifyRequest;
let scoped: FastifyRequest;
let a: { id: number };
let b: { id: number };
let c: { id: number };

const ranges: [string | undefined, string | undefined][] = [
  [undefined, undefined],
  ['2024-01-01', '2024-12-31'],
  ['2024-02-01', '2024-02-29'],
  ['2024-01-15', '2024-03-10'],
  ['2024-02-15', '2024-02-15'],
  ['2024-03-05', undefined],
  [undefined, '2024-02-14'],
  ['2024-01-31', '2024-03-01'],
  ['2024-02-10', '2024-03-31'],
  // Long enough to be read from the running totals (rangeParts), with edges inside months that
  // hold movements: up to / from a day (the month before plus days, or the month less days after).
  ['2023-06-15', '2024-03-10'],
  ['2023-08-01', '2024-03-20'],
  ['2024-01-20', '2024-12-31'],
  ['2024-02-15', '2025-01-10'],
  ['2024-02-16', '2025-01-31'],
  ['2023-01-01', '2024-02-29'],
  ['2024-03-01', '2025-06-30'],
];

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  const f = h.fixture;
  admin = { user: { branches: 'all' } } as unknown as FastifyRequest;
  scoped = { user: { branches: [f.branches.b1.id] } } as unknown as FastifyRequest;
  a = await makeCustomer(db, { branch_id: f.branches.b1.id, customer_name: 'Toko Alpha' });
  b = await makeCustomer(db, { branch_id: f.branches.b1.id, customer_name: 'Toko Beta' });
  c = await makeCustomer(db, { branch_id: f.branches.b3.id, customer_name: 'Toko Gamma' });
  const cat = await makeCategory(db);
  const item = await makeItem(db, { item_category_id: cat.id });
  await makeRule(db, { amount_per_point: 1000 });
  await makePromo(db, { start_date: '2024-03-20', end_date: '2024-03-31', bonus_points: 3 });
  const inv = (customer: { id: number }, date: string, amount: number, no: string) =>
    makeInvoice(db, {
      customer_id: customer.id,
      invoice_date: date,
      lines: [{ item_id: item.id, net_amount: amount }],
      document_no: `SR/${no}`,
    });
  const invoices = [
    await inv(a, '2024-01-31', 10_000, 'A1'),
    await inv(a, '2024-02-01', 11_000, 'A2'),
    await inv(a, '2024-02-15', 12_000, 'A3'),
    await inv(a, '2024-03-21', 13_000, 'A4'),
    await inv(b, '2024-01-10', 20_000, 'B1'),
    await inv(b, '2024-02-28', 21_000, 'B2'),
    await inv(b, '2024-03-01', 22_000, 'B3'),
    await inv(c, '2024-02-29', 30_000, 'C1'),
    await inv(c, '2024-03-31', 31_000, 'C2'),
    await inv(c, '2024-04-01', 32_000, 'C3'),
  ];
  await db.transaction((tx) =>
    applyInvoicePoints(
      tx,
      invoices.map((i) => i.id),
    ),
  );
  const [, , a3, , b1] = invoices;
  // A3 re-sent with a moved date: its points move from 15 February to 5 March (a group over two months).
  await db.execute(sql`update sales_invoices set invoice_date = '2024-03-05' where id = ${a3.id}`);
  await db.transaction((tx) => applyInvoicePoints(tx, [a3.id]));
  // B1 re-sent with a larger amount on the same day: a correction in the same group.
  await setInvoiceLines(db, b1.id, [{ item_id: item.id, net_amount: 25_000 }]);
  await db.transaction((tx) => applyInvoicePoints(tx, [b1.id]));
  await db.transaction(async (tx) => {
    // Staff movements: a deduction, an injection referring to B1 on another day, corrections.
    await postMovements(tx, [
      {
        customerId: a.id,
        pointType: 5,
        points: -4,
        source: 'deduction',
        reason: 'Retur',
        entryDate: '2024-02-10',
      },
      {
        customerId: b.id,
        pointType: 2,
        points: 6,
        source: 'inject',
        reason: 'Bonus',
        invoiceDocumentNo: b1.document_no,
        entryDate: '2024-02-20',
      },
      { customerId: c.id, pointType: 7, points: 2, source: 'manual', reason: 'Fix', entryDate: '2024-02-29' },
      {
        customerId: c.id,
        pointType: 2,
        points: 9,
        source: 'inject',
        reason: 'Gift',
        entryDate: '2024-03-15',
      },
    ]);
    // A coupon redemption and its revert.
    const redeemed = await postMovement(tx, {
      customerId: a.id,
      pointType: 4,
      points: -5,
      source: 'redemption',
      reason: 'Coupon',
      entryDate: '2024-03-10',
    });
    const entry = await lockEntry(tx, redeemed.id);
    if (!entry) throw new Error('redemption row missing');
    await reverseEntry(tx, entry, {
      pointType: 6,
      source: 'revert',
      reason: 'Revert',
      entryDate: '2024-03-12',
    });
    // A correction (void + replacement on another date) and a void.
    const fix = await postMovement(tx, {
      customerId: b.id,
      pointType: 7,
      points: 3,
      source: 'manual',
      reason: 'Typo',
      entryDate: '2024-02-01',
    });
    const fixRow = await lockEntry(tx, fix.id);
    if (!fixRow) throw new Error('correction row missing');
    await correctEntry(
      tx,
      fixRow,
      { point_type: 7, points: 5, source: 'manual', reason: 'Typo', reference: '', entry_date: '2024-02-02' },
      null,
    );
    const gone = await postMovement(tx, {
      customerId: c.id,
      pointType: 2,
      points: 4,
      source: 'inject',
      reason: 'Wrong',
      entryDate: '2024-03-31',
    });
    const goneRow = await lockEntry(tx, gone.id);
    if (!goneRow) throw new Error('injection row missing');
    await voidEntry(tx, goneRow, null);
  });
  // A document number changed at the source: the ledger follows by its cascading foreign key.
  await db.execute(sql`update sales_invoices set document_no = 'SR/C2-renamed' where document_no = 'SR/C2'`);
});
afterAll(async () => {
  await h?.close();
});

const base = (
  range: [string | undefined, string | undefined],
  extra: Partial<ReportFilters> = {},
): ReportFilters => ({
  page: 1,
  limit: 100,
  ...(range[0] ? { start_date: range[0] } : {}),
  ...(range[1] ? { end_date: range[1] } : {}),
  ...extra,
});

async function sameTracking(req: FastifyRequest, q: ReportFilters) {
  const db = h.database.db;
  const [served, direct] = [await pointsTracking(db, req, q), await directPointsTracking(db, req, q)];
  expect({ q, ...served }).toEqual({ q, ...direct });
  return served;
}
async function sameStore(req: FastifyRequest, q: ReportFilters) {
  const db = h.database.db;
  const [served, direct] = [await storePoints(db, req, q), await directStorePoints(db, req, q)];
  expect({ q, ...served }).toEqual({ q, ...direct });
  return served;
}

describe('report summaries', () => {
  it('should read a range as running totals at its ends, or as its days when that reads less', () => {
    // Up to 10 March: February's totals plus 1-10 March; up to 14 June 2023: May's plus 1-14 June.
    expect(rangeParts('2023-06-15', '2024-03-10')).toEqual([
      { kind: 'upto', month: '2024-02-01', sign: 1 },
      { kind: 'days', from: '2024-03-01', to: '2024-03-10', sign: 1 },
      { kind: 'upto', month: '2023-05-01', sign: -1 },
      { kind: 'days', from: '2023-06-01', to: '2023-06-14', sign: -1 },
    ]);
    // Up to 20 March: March's totals less 21-31 March; up to 19 January: January's less 20-31 January.
    expect(rangeParts('2023-01-20', '2024-03-20')).toEqual([
      { kind: 'upto', month: '2024-03-01', sign: 1 },
      { kind: 'days', from: '2024-03-21', to: '2024-03-31', sign: -1 },
      { kind: 'upto', month: '2023-01-01', sign: -1 },
      { kind: 'days', from: '2023-01-20', to: '2023-01-31', sign: 1 },
    ]);
    // Whole months: one running row per end; open ends: the latest totals, or nothing before.
    expect(rangeParts('2023-03-01', '2024-02-29')).toEqual([
      { kind: 'upto', month: '2024-02-01', sign: 1 },
      { kind: 'upto', month: '2023-02-01', sign: -1 },
    ]);
    expect(rangeParts(undefined, '2024-02-29')).toEqual([{ kind: 'upto', month: '2024-02-01', sign: 1 }]);
    expect(rangeParts('2024-03-01', undefined)).toEqual([
      { kind: 'total', sign: 1 },
      { kind: 'upto', month: '2024-02-01', sign: -1 },
    ]);
    expect(rangeParts(undefined, undefined)).toEqual([{ kind: 'total', sign: 1 }]);
    // Short ranges are their days; the cut-over is where the days cost what the running rows do.
    expect(rangeParts('2024-02-15', '2024-02-15')).toEqual([
      { kind: 'days', from: '2024-02-15', to: '2024-02-15', sign: 1 },
    ]);
    expect(rangeParts('2024-01-15', '2024-03-10')).toEqual([
      { kind: 'days', from: '2024-01-15', to: '2024-03-10', sign: 1 },
    ]);
    expect(RUNNING_LOOKUP_DAYS).toBe(60);
    expect(rangeParts('2024-01-01', '2024-04-29')).toEqual([
      { kind: 'days', from: '2024-01-01', to: '2024-04-29', sign: 1 },
    ]);
    expect(rangeParts('2024-01-01', '2024-04-30')).toHaveLength(2);
    expect(rangeParts('2024-01-01', '2024-12-31')).toEqual([
      { kind: 'upto', month: '2024-12-01', sign: 1 },
      { kind: 'upto', month: '2023-12-01', sign: -1 },
    ]);
    // An empty range (end before start) reads nothing.
    expect(rangeParts('2024-03-01', '2024-02-01')).toEqual([
      { kind: 'days', from: '2024-03-01', to: '2024-02-01', sign: 1 },
    ]);
  });

  it('should hold exactly what the ledger says (points:verify), and notice when it does not', async () => {
    const db = h.database.db;
    const none = { docs_missing: 0, docs_extra: 0, running_different: 0 };
    expect(await verifyReportSummary(db)).toEqual(none);
    // The moved invoice is one group over two days; the renamed document was followed.
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from point_report_docs where multi`,
    );
    expect(n).toBeGreaterThanOrEqual(4);
    const renamed = await rows(db, sql`select doc from point_report_docs where doc like 'SR/C2%'`);
    expect(renamed).toEqual([{ doc: 'SR/C2-renamed' }]);
    // Running totals for every month from each customer's first to its latest movement.
    const running = await rows<{ customer_id: number; months: string[]; last: string }>(
      db,
      sql`select customer_id, array_agg(month::text order by month) as months,
                 max(month::text) filter (where last) as last
          from point_report_running where customer_id in (${a.id}, ${c.id}) group by 1 order by 1`,
    );
    expect(running).toEqual([
      { customer_id: a.id, months: ['2024-01-01', '2024-02-01', '2024-03-01'], last: '2024-03-01' },
      {
        customer_id: c.id,
        months: ['2024-02-01', '2024-03-01', '2024-04-01'],
        last: '2024-04-01',
      },
    ]);
    await db.execute(sql`update point_report_running set points = points + 1 where customer_id = ${a.id}`);
    await db.execute(sql`delete from point_report_docs where doc = 'SR/A1'`);
    const broken = await verifyReportSummary(db);
    expect(broken.docs_missing).toBe(1);
    // January, February, March, and April (after the latest row).
    expect(broken.running_different).toBe(4);
    await db.execute(sql`select point_report_rebuild()`);
    expect(await verifyReportSummary(db)).toEqual(none);
    // A month missing between two rows, or a second latest row, is read wrong: verify says so.
    await db.execute(
      sql`delete from point_report_running where customer_id = ${c.id} and month = '2024-03-01'`,
    );
    expect((await verifyReportSummary(db)).running_different).toBe(1);
    await db.execute(sql`select point_report_rebuild()`);
    await db.execute(
      sql`update point_report_running set last = true where customer_id = ${c.id} and month = '2024-02-01'`,
    );
    // March, April (the February row is read again after it) and May (both latest rows).
    expect((await verifyReportSummary(db)).running_different).toBe(3);
    await db.execute(sql`select point_report_rebuild()`);
    expect(await verifyReportSummary(db)).toEqual(none);
  });

  it('should answer the points tracking report exactly as the ledger rows give it', async () => {
    for (const range of ranges) {
      for (const by of ['id', 'entry_date', 'points', 'invoice_document_no', 'customer_name']) {
        for (const sort of ['asc', 'desc'] as const) await sameTracking(admin, base(range, { by, sort }));
      }
      const filters: Partial<ReportFilters>[] = [
        { point_type: 1 },
        { point_type: 7 },
        { point_type: 2 },
        { point_type: 4 },
        { branch_id: h.fixture.branches.b1.id },
        { region_group_id: h.fixture.regionGroups.jatim.id },
        { customer_id: a.id },
        { search: 'SR/A' },
        { search: 'gamma' },
      ];
      for (const filter of filters) await sameTracking(admin, base(range, filter));
      await sameTracking(scoped, base(range));
      for (const page of [1, 2, 3, 9]) {
        await sameTracking(admin, base(range, { limit: 3, page }));
        await sameTracking(admin, base(range, { limit: 2, page, by: 'points', sort: 'asc' }));
      }
    }
    const all = await sameTracking(admin, base([undefined, undefined]));
    // The moved invoice is one row, dated on its first live day, with its points net of the move.
    const a3 = all.rows.find((r) => r.invoice_document_no === 'SR/A3');
    expect(a3).toMatchObject({ entry_date: '2024-02-15', points: 12, point_types: [1, 7] });
  });

  it('should answer the store points report exactly as the ledger rows give it', async () => {
    for (const range of ranges) {
      for (const by of [
        'id',
        'customer_id',
        'customer_name',
        'customer_code',
        'net_points',
        'master_points',
        'point_balance',
      ]) {
        for (const sort of ['asc', 'desc'] as const) await sameStore(admin, base(range, { by, sort }));
      }
      const filters: Partial<ReportFilters>[] = [
        { branch_id: h.fixture.branches.b1.id },
        { region_id: h.fixture.regions.bdg.id },
        { customer_id: b.id },
        { search: 'beta' },
      ];
      for (const filter of filters) await sameStore(admin, base(range, filter));
      await sameStore(scoped, base(range));
      for (const page of [1, 2, 5]) await sameStore(admin, base(range, { limit: 1, page }));
    }
    const feb = await sameStore(admin, base(['2024-02-01', '2024-02-29'], { customer_id: b.id }));
    // B in February: B2, and B1 through its injection on 20 February (counted once).
    expect(feb.rows[0]).toMatchObject({ invoices: 2, injected_points: 6, correction_points: 5 });
  });
});
