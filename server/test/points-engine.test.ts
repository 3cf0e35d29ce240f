// The earning engine against hand-computed figures: rules per category and item, precedence,
// promo multiplier and bonus, the monthly maximum reached mid-invoice, excluded customers, and
// re-sent invoices (changed: a correcting movement; unchanged: nothing).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyInvoicePoints } from '../src/modules/points/points.engine';
import { verifyBalances } from '../src/modules/points/points.verify';
import { createHarness, type Harness } from './harness';
import {
  makeCategory,
  makeCustomer,
  makeCustomerType,
  makeInvoice,
  makeItem,
  makeMax,
  makePromo,
  makeRule,
  setInvoiceLines,
} from './points-factories';

let h: Harness;
let branchId: number;
let retail: { id: number };
let grosir: { id: number };
let a1: { id: number };
let a2: { id: number };
let b1: { id: number };
let snacksId: number;

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  branchId = h.fixture.branches.b1.id;
  retail = await makeCustomerType(db, { name: 'Retail' });
  grosir = await makeCustomerType(db, { name: 'Grosir' });
  const beverages = await makeCategory(db, { name: 'Beverages' });
  const snacks = await makeCategory(db, { name: 'Snacks' });
  snacksId = snacks.id;
  a1 = await makeItem(db, { item_category_id: beverages.id });
  a2 = await makeItem(db, { item_category_id: beverages.id });
  b1 = await makeItem(db, { item_category_id: snacks.id });
  // 2024 rules: every item 10,000 per point; Beverages 5,000; item a2 2,000; Beverages for Grosir 1,000.
  await makeRule(db, { name: 'All items', amount_per_point: 10_000 });
  await makeRule(db, { name: 'Beverages', amount_per_point: 5_000, item_category_id: beverages.id });
  await makeRule(db, { name: 'Item a2', amount_per_point: 2_000, item_id: a2.id });
  await makeRule(db, {
    name: 'Beverages Grosir',
    amount_per_point: 1_000,
    item_category_id: beverages.id,
    customer_type_id: grosir.id,
  });
  // Inactive and out-of-date rules never apply.
  await makeRule(db, { name: 'Off', amount_per_point: 1, active: false });
  await makeRule(db, { name: 'Old', amount_per_point: 1, start_date: '2023-01-01', end_date: '2023-12-31' });
  // April: Beverages x2 + 5 bonus points per invoice. May: every item x1.5.
  await makePromo(db, {
    start_date: '2024-04-01',
    end_date: '2024-04-30',
    multiplier: 2,
    bonus_points: 5,
    item_category_id: beverages.id,
  });
  await makePromo(db, { start_date: '2024-05-01', end_date: '2024-05-31', multiplier: 1.5 });
});
afterAll(async () => {
  await h?.close();
});

const apply = (ids: number[]) => h.database.db.transaction((tx) => applyInvoicePoints(tx, ids));
const ledger = (doc: string) =>
  h.database.rows<{ point_type: number; points: number; source: string; entry_date: string }>(
    sql`select point_type, points, source, entry_date::text from point_ledger where invoice_document_no = ${doc} and not void order by id`,
  );
const balance = async (customerId: number) =>
  (
    await h.database.rows<{ b: number }>(
      sql`select point_balance as b from customers where id = ${customerId}`,
    )
  )[0].b;
const customer = (extra: Record<string, unknown> = {}) =>
  makeCustomer(h.database.db, { branch_id: branchId, customer_type_id: retail.id, ...extra });

describe('applyInvoicePoints', () => {
  it('should apply a rule per category, rounding down once per invoice', async () => {
    const c = await customer();
    // a1 under Beverages: 21,000 / 5,000 + 24,000 / 5,000 = 9; b1 under all items: 39,000 / 10,000 = 3.9;
    // floor(12.9) = 12.
    const inv = await makeInvoice(h.database.db, {
      customer_id: c.id,
      invoice_date: '2024-03-05',
      lines: [
        { item_id: a1.id, net_amount: 21_000 },
        { item_id: a1.id, net_amount: 24_000 },
        { item_id: b1.id, net_amount: 39_000 },
      ],
    });
    expect(await apply([inv.id])).toEqual({ credited: 1, adjusted: 0 });
    expect(await ledger(inv.document_no)).toEqual([
      { point_type: 1, points: 12, source: 'invoice', entry_date: '2024-03-05' },
    ]);
    expect(await balance(c.id)).toBe(12);
  });

  it('should prefer an item rule over a category rule and a customer-type rule over a general one', async () => {
    const c = await customer({ customer_type_id: grosir.id });
    // a2: item rule 2,000 -> 9,000 / 2,000 = 4.5 (beats the Grosir category rule);
    // a1: Beverages-for-Grosir 1,000 -> 30; b1: all items -> 15,000 / 10,000 = 1.5; floor(36) = 36.
    const inv = await makeInvoice(h.database.db, {
      customer_id: c.id,
      invoice_date: '2024-03-06',
      lines: [
        { item_id: a2.id, net_amount: 9_000 },
        { item_id: a1.id, net_amount: 30_000 },
        { item_id: b1.id, net_amount: 15_000 },
      ],
    });
    await apply([inv.id]);
    expect((await ledger(inv.document_no)).map((r) => r.points)).toEqual([36]);
  });

  it('should earn nothing outside every rule period', async () => {
    const c = await customer();
    const inv = await makeInvoice(h.database.db, {
      customer_id: c.id,
      invoice_date: '2025-01-10',
      lines: [{ item_id: a1.id, net_amount: 1_000_000 }],
    });
    expect(await apply([inv.id])).toEqual({ credited: 0, adjusted: 0 });
    expect(await ledger(inv.document_no)).toEqual([]);
  });

  it('should add promo points: multiplier on the covered lines plus the bonus once, as a type 3 row', async () => {
    const c = await customer();
    // April promo covers Beverages: base a1 = 10, b1 = 4 -> 14; promo = floor(10 x (2 - 1)) + 5 = 15.
    const inv = await makeInvoice(h.database.db, {
      customer_id: c.id,
      invoice_date: '2024-04-10',
      lines: [
        { item_id: a1.id, net_amount: 50_000 },
        { item_id: b1.id, net_amount: 40_000 },
      ],
    });
    await apply([inv.id]);
    expect(await ledger(inv.document_no)).toEqual([
      { point_type: 1, points: 14, source: 'invoice', entry_date: '2024-04-10' },
      { point_type: 3, points: 15, source: 'promo', entry_date: '2024-04-10' },
    ]);
    // May promo covers every item at x1.5: base 14 -> promo floor(14 x 0.5) = 7.
    const may = await makeInvoice(h.database.db, {
      customer_id: c.id,
      invoice_date: '2024-05-02',
      lines: [
        { item_id: a1.id, net_amount: 50_000 },
        { item_id: b1.id, net_amount: 40_000 },
      ],
    });
    await apply([may.id]);
    expect((await ledger(may.document_no)).map((r) => [r.point_type, r.points])).toEqual([
      [1, 14],
      [3, 7],
    ]);
    expect(await balance(c.id)).toBe(14 + 15 + 14 + 7);
  });

  it('should cap at the monthly maximum, reached in the middle of an invoice', async () => {
    const c = await customer({ monthly_max_point: 20 });
    const mk = (date: string) =>
      makeInvoice(h.database.db, {
        customer_id: c.id,
        invoice_date: date,
        lines: [{ item_id: a1.id, net_amount: 60_000 }], // 12 points each
      });
    const [x, y, z] = [await mk('2024-06-03'), await mk('2024-06-10'), await mk('2024-06-20')];
    // One batch, counted in date order: 12, then 8 of 12 (cap 20 reached mid-invoice), then nothing.
    expect(await apply([z.id, y.id, x.id])).toEqual({ credited: 2, adjusted: 0 });
    expect((await ledger(x.document_no)).map((r) => r.points)).toEqual([12]);
    expect((await ledger(y.document_no)).map((r) => r.points)).toEqual([8]);
    expect(await ledger(z.document_no)).toEqual([]);
    // Sending the capped invoice again changes nothing: its own points are not counted twice.
    expect(await apply([y.id])).toEqual({ credited: 0, adjusted: 0 });
    expect(await balance(c.id)).toBe(20);
    // A new month starts afresh; a point_max_customers entry overrides the standing maximum (30 in July).
    await makeMax(h.database.db, {
      customer_id: c.id,
      max_point: 30,
      start_date: '2024-07-01',
      end_date: '2024-07-31',
    });
    const j1 = await mk('2024-07-01');
    await apply([j1.id]);
    const j2 = await mk('2024-07-02');
    const j3 = await mk('2024-07-03');
    await apply([j2.id, j3.id]);
    expect([
      ...(await ledger(j1.document_no)),
      ...(await ledger(j2.document_no)),
      ...(await ledger(j3.document_no)),
    ]).toEqual([
      { point_type: 1, points: 12, source: 'invoice', entry_date: '2024-07-01' },
      { point_type: 1, points: 12, source: 'invoice', entry_date: '2024-07-02' },
      { point_type: 1, points: 6, source: 'invoice', entry_date: '2024-07-03' },
    ]);
    expect(await balance(c.id)).toBe(50);
  });

  it('should keep master points before promo points when the cap cuts an invoice', async () => {
    const c = await customer({ monthly_max_point: 18 });
    // April: base 10, promo 10 + 5 = 15, total 25, capped to 18 -> master 10, promo 8.
    const inv = await makeInvoice(h.database.db, {
      customer_id: c.id,
      invoice_date: '2024-04-15',
      lines: [{ item_id: a1.id, net_amount: 50_000 }],
    });
    await apply([inv.id]);
    expect((await ledger(inv.document_no)).map((r) => [r.point_type, r.points])).toEqual([
      [1, 10],
      [3, 8],
    ]);
  });

  it('should skip customers excluded from all points', async () => {
    const c = await customer({ exclude_all_point: true });
    const inv = await makeInvoice(h.database.db, {
      customer_id: c.id,
      invoice_date: '2024-03-07',
      lines: [{ item_id: a1.id, net_amount: 500_000 }],
    });
    expect(await apply([inv.id])).toEqual({ credited: 0, adjusted: 0 });
    expect(await ledger(inv.document_no)).toEqual([]);
    expect(await balance(c.id)).toBe(0);
  });

  it('should write a correcting movement for a re-sent changed invoice and nothing for an unchanged one', async () => {
    const c = await customer();
    const inv = await makeInvoice(h.database.db, {
      customer_id: c.id,
      invoice_date: '2024-03-08',
      lines: [
        { item_id: a1.id, net_amount: 52_000 }, // 10.4
        { item_id: b1.id, net_amount: 39_000 }, // 3.9
      ],
    });
    await apply([inv.id]);
    expect(await balance(c.id)).toBe(14);
    // Unchanged: nothing.
    expect(await apply([inv.id])).toEqual({ credited: 0, adjusted: 0 });
    expect((await ledger(inv.document_no)).length).toBe(1);
    // a1 now 72,000 -> floor(14.4 + 3.9) = 18: a +4 correction.
    await setInvoiceLines(h.database.db, inv.id, [
      { item_id: a1.id, net_amount: 72_000 },
      { item_id: b1.id, net_amount: 39_000 },
    ]);
    expect(await apply([inv.id])).toEqual({ credited: 0, adjusted: 1 });
    // Down to b1 only -> 3: a -15 correction.
    await setInvoiceLines(h.database.db, inv.id, [{ item_id: b1.id, net_amount: 39_000 }]);
    await apply([inv.id]);
    expect((await ledger(inv.document_no)).map((r) => [r.point_type, r.points, r.source])).toEqual([
      [1, 14, 'invoice'],
      [7, 4, 'invoice'],
      [7, -15, 'invoice'],
    ]);
    expect(await balance(c.id)).toBe(3);
    // Cancelled: every point of the invoice goes back.
    await h.database.db.execute(sql`update sales_invoices set status = 'cancelled' where id = ${inv.id}`);
    await apply([inv.id]);
    expect(await balance(c.id)).toBe(0);
    expect(await apply([inv.id])).toEqual({ credited: 0, adjusted: 0 });
  });

  it('should correct promo points separately and follow an invoice moved to another customer', async () => {
    const c1 = await customer();
    const c2 = await customer();
    const inv = await makeInvoice(h.database.db, {
      customer_id: c1.id,
      invoice_date: '2024-04-20',
      lines: [{ item_id: a1.id, net_amount: 50_000 }], // 10 + promo 15
    });
    await apply([inv.id]);
    expect(await balance(c1.id)).toBe(25);
    await h.database.db.execute(sql`update sales_invoices set customer_id = ${c2.id} where id = ${inv.id}`);
    expect(await apply([inv.id])).toEqual({ credited: 0, adjusted: 1 });
    expect(await balance(c1.id)).toBe(0);
    expect(await balance(c2.id)).toBe(25);
  });

  it('should refuse with 409 a correction that would take the balance below zero', async () => {
    const c = await customer();
    const inv = await makeInvoice(h.database.db, {
      customer_id: c.id,
      invoice_date: '2024-03-09',
      lines: [{ item_id: a1.id, net_amount: 100_000 }], // 20
    });
    await apply([inv.id]);
    // The customer spends 15 of them.
    await h.database.db.execute(
      sql`with u as (update customers set point_balance = point_balance - 15 where id = ${c.id} returning id)
          insert into point_ledger (customer_id, point_type, points, reason, source) values (${c.id}, 5, -15, 'spent', 'deduction')`,
    );
    await setInvoiceLines(h.database.db, inv.id, [{ item_id: a1.id, net_amount: 10_000 }]); // 2 -> -18
    await expect(apply([inv.id])).rejects.toMatchObject({ status: 409 });
    expect(await balance(c.id)).toBe(5);
    expect((await ledger(inv.document_no)).map((r) => r.points)).toEqual([20]);
  });

  it('should leave every balance equal to its ledger', async () => {
    const result = await verifyBalances(h.database.db);
    expect(result.differences).toEqual([]);
    expect(result.customers).toBeGreaterThan(5);
  });

  it('should handle a large batch in one call', async () => {
    const c = await customer();
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const inv = await makeInvoice(h.database.db, {
        customer_id: c.id,
        invoice_date: '2024-08-01',
        lines: [
          { item_id: a1.id, net_amount: 10_000 },
          { item_id: b1.id, net_amount: 10_000 },
        ],
      });
      ids.push(inv.id);
    }
    expect(await apply(ids)).toEqual({ credited: 50, adjusted: 0 });
    expect(await balance(c.id)).toBe(50 * 3);
    expect(snacksId).toBeGreaterThan(0);
  });
});
