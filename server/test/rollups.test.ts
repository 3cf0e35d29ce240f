// The turnover rollups: kept by the ERP feed's transaction (triggers), equal to direct sums after new,
// re-sent unchanged, re-sent changed (lines, date, customer), cancelled and deleted invoices; rebuilt
// from scratch they are the same. The answers read from the rollups of 0010 (per store with an item
// filter: dash_day_item_customer; the master stores count: dash_store_flags) equal the direct sums too.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRollups, verifyRollups } from '../src/modules/dashboards/rollups';
import { makeCustomer, makeItem, makeItemCategory } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let mie: number;
let teh: number;

const clean = async () => {
  const checks = await verifyRollups(h.database.db);
  for (const c of checks)
    expect({ table: c.table, missing: c.missing, extra: c.extra }).toEqual({
      table: c.table,
      missing: 0,
      extra: 0,
    });
  return checks;
};

const send = (documents: unknown[]) => h.call(admin, 'POST', '/integration/sales_invoice', { documents });

const doc = (no: string, date: string, customer: string, lines: [string, number, number][]) => ({
  document_no: no,
  invoice_date: date,
  customer_code: customer,
  lines: lines.map(([item_code, qty, price]) => ({ item_code, qty, price })),
});

const turnoverOn = async (day: string) => {
  const [r] = await h.database.rows<{ t: number }>(
    sql`select coalesce(sum(turnover), 0)::float as t from dash_day_branch where day = ${day}::date`,
  );
  return r.t;
};

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  const db = h.database.db;
  const { b1, b3 } = h.fixture.branches;
  await makeCustomer(db, { branch_id: b1.id, customer_code: 'RU-1' });
  await makeCustomer(db, { branch_id: b3.id, customer_code: 'RU-2' });
  const food = await makeItemCategory(db);
  const drink = await makeItemCategory(db);
  mie = (await makeItem(db, { item_category_id: food.id, item_code: 'RU-MIE' })).id;
  teh = (await makeItem(db, { item_category_id: drink.id, item_code: 'RU-TEH' })).id;
});
afterAll(async () => {
  await h?.close();
});

describe('rollups kept by the ERP feed', () => {
  it('should equal the direct sums after new, unchanged, changed, moved and cancelled invoices', async () => {
    expect(
      (
        await send([
          doc('RU/1', '2025-03-31', 'RU-1', [
            ['RU-MIE', 10, 2500],
            ['RU-TEH', 4, 5000],
          ]),
          doc('RU/2', '2025-04-01', 'RU-2', [['RU-TEH', 2, 5000]]),
        ])
      ).status,
    ).toBe(200);
    await clean();
    expect(await turnoverOn('2025-03-31')).toBe(45_000);

    // Unchanged re-send: nothing moves.
    expect((await send([doc('RU/2', '2025-04-01', 'RU-2', [['RU-TEH', 2, 5000]])])).body.data).toMatchObject({
      unchanged: 1,
    });
    await clean();

    // Changed lines, a new date (another month) and another customer's branch: old figures leave, new arrive.
    expect(
      (
        await send([
          doc('RU/1', '2025-04-02', 'RU-2', [['RU-MIE', 3, 2500]]),
          doc('RU/2', '2025-04-01', 'RU-2', [
            ['RU-TEH', 1, 5000],
            ['RU-MIE', 1, 2500],
          ]),
        ])
      ).body.data,
    ).toMatchObject({ updated: 2 });
    await clean();
    expect(await turnoverOn('2025-03-31')).toBe(0);
    expect(await turnoverOn('2025-04-02')).toBe(7_500);
    expect(await turnoverOn('2025-04-01')).toBe(7_500);
  });

  it('should answer turnover per store with an item filter equal to the lines, also after a changed re-send', async () => {
    const range = 'start_date=2025-06-10&end_date=2025-07-20';
    /** Per store, the chosen items' turnover straight from the invoice lines. */
    const direct = async (itemIds: number[]) =>
      new Map(
        (
          await h.database.rows<{ k: number; t: number }>(sql`
            select h.customer_id as k, sum(l.net_amount)::float8 as t
            from sales_invoices h join sales_invoice_lines l on l.invoice_id = h.id
            where h.status <> 'cancelled' and h.invoice_date between '2025-06-10' and '2025-07-20'
              and l.item_id = any(${`{${itemIds.join(',')}}`}::int[])
            group by 1 having sum(l.net_amount) <> 0`)
        ).map((r) => [r.k, r.t]),
      );
    const api = async (itemIds: number[]) => {
      const res = await h.call(
        admin,
        'GET',
        `/web/dashboard/omzet/customer?${range}&item_ids=${itemIds.join(',')}&limit=100`,
      );
      expect(res.status).toBe(200);
      return new Map(
        (res.body.data as { customer_id: number; turnover: number }[]).map((r) => [
          r.customer_id,
          r.turnover,
        ]),
      );
    };
    await send([
      doc('RU/10', '2025-06-09', 'RU-1', [['RU-TEH', 1, 9000]]), // the day before the range
      doc('RU/11', '2025-06-10', 'RU-1', [
        ['RU-MIE', 2, 2500],
        ['RU-TEH', 1, 5000],
      ]),
      doc('RU/12', '2025-07-20', 'RU-2', [
        ['RU-TEH', 3, 5000],
        ['RU-TEH', 1, 4000],
      ]),
      doc('RU/13', '2025-07-21', 'RU-2', [['RU-MIE', 9, 2500]]), // the day after
    ]);
    await clean();
    for (const ids of [[mie], [teh], [mie, teh]]) expect(await api(ids)).toEqual(await direct(ids));
    expect((await direct([teh])).size).toBe(2);

    // Re-sent changed: RU/11 moves to the other store and loses its tea line, RU/12 leaves the range.
    await send([
      doc('RU/11', '2025-06-11', 'RU-2', [['RU-MIE', 5, 2500]]),
      doc('RU/12', '2025-07-21', 'RU-2', [['RU-TEH', 1, 5000]]),
    ]);
    await clean();
    for (const ids of [[mie], [teh], [mie, teh]]) expect(await api(ids)).toEqual(await direct(ids));
    expect(await api([teh])).toEqual(new Map());
    const [row] = await h.database.rows<{ t: number }>(
      sql`select coalesce(sum(turnover), 0)::float8 as t from dash_day_item_customer where item_id = ${mie}
          and day between '2025-06-10' and '2025-07-20'`,
    );
    expect(row.t).toBe(12_500);
  });

  it('should drop a cancelled invoice from turnover but keep counting it, and follow a deletion', async () => {
    await send([doc('RU/3', '2025-05-05', 'RU-1', [['RU-MIE', 4, 2500]])]);
    expect(await turnoverOn('2025-05-05')).toBe(10_000);
    await h.database.rows(sql`update sales_invoices set status = 'cancelled' where document_no = 'RU/3'`);
    expect(await turnoverOn('2025-05-05')).toBe(0);
    const [d] = await h.database.rows<{ invoice_count: number; cancelled_count: number }>(
      sql`select sum(invoice_count)::int as invoice_count, sum(cancelled_count)::int as cancelled_count
          from dash_day_branch where day = '2025-05-05'`,
    );
    expect(d).toEqual({ invoice_count: 1, cancelled_count: 1 });
    await clean();
    await h.database.rows(sql`update sales_invoices set status = 'unpaid' where document_no = 'RU/3'`);
    expect(await turnoverOn('2025-05-05')).toBe(10_000);
    await h.database.rows(sql`delete from sales_invoices where document_no = 'RU/1'`);
    expect(await turnoverOn('2025-04-02')).toBe(0);
    await clean();
  });

  it('should follow stores moving branch, changing type, registering and leaving', async () => {
    const { b1, b2 } = h.fixture.branches;
    const c = await makeCustomer(h.database.db, { branch_id: b1.id, customer_code: 'RU-S1' });
    await makeCustomer(h.database.db, {
      branch_id: b1.id,
      customer_code: 'RU-S2',
      registered_at: '2025-01-31T20:00:00Z',
    });
    await clean();
    await h.database.rows(
      sql`update customers set branch_id = ${b2.id}, registered_at = '2025-02-03T01:00:00Z' where id = ${c.id}`,
    );
    await h.database.rows(sql`update customers set point_balance = point_balance where id = ${c.id}`);
    await clean();
    // 2025-01-31T20:00Z is 1 February in Jakarta.
    const [r] = await h.database.rows<{ n: number }>(
      sql`select sum(registered)::int as n from dash_store_registrations where day = '2025-02-01'`,
    );
    expect(r.n).toBe(1);
    await h.database.rows(sql`delete from customers where customer_code = 'RU-S2'`);
    await clean();
    // Flags (dash_store_flags): the master stores count follows them and equals a direct count.
    await h.database.rows(sql`update customers set active = false where id = ${c.id}`);
    await h.database.rows(
      sql`update customers set show_in_app = false, branch_id = ${b1.id} where id = ${c.id}`,
    );
    await clean();
    for (const filter of [
      '',
      '&active=false',
      '&active=true&show_in_app=true',
      '&registered=true&show_in_app=false',
    ]) {
      const res = await h.call(admin, 'GET', `/web/dashboard/report/master_store?page=1&limit=5${filter}`);
      expect(res.status).toBe(200);
      const params = new URLSearchParams(filter);
      const flag = (name: string) =>
        params.has(name) ? sql`and ${sql.raw(name)} = ${params.get(name) === 'true'}` : sql``;
      const [d] = await h.database.rows<{ n: number }>(
        sql`select count(*)::int as n from customers where true ${flag('active')} ${flag('show_in_app')}
            ${params.has('registered') ? sql`and registered_at is not null` : sql``}`,
      );
      expect(res.body.meta.total_data).toBe(d.n);
    }
    const inactive = await h.call(admin, 'GET', '/web/dashboard/report/master_store?active=false');
    expect(inactive.body.meta.total_data).toBeGreaterThanOrEqual(1);
    expect(inactive.body.data.map((r: { customer_id: number }) => r.customer_id)).toContain(c.id);
  });

  it('should let a store register, and unregister, without moving branch or type (one upsert touched a row twice)', async () => {
    const { b1 } = h.fixture.branches;
    const c = await makeCustomer(h.database.db, { branch_id: b1.id, customer_code: 'RU-REG' });
    await h.database.rows(
      sql`update customers set registered_at = '2025-03-04T03:00:00Z' where id = ${c.id}`,
    );
    await clean();
    const [r] = await h.database.rows<{ n: number }>(
      sql`select sum(registered)::int as n from dash_store_registrations where day = '2025-03-04' and branch_id = ${b1.id}`,
    );
    expect(r.n).toBe(1);
    await h.database.rows(sql`update customers set registered_at = null where id = ${c.id}`);
    await clean();
  });

  it('should rebuild to the same figures and report a tampered rollup', async () => {
    const before = await h.database.rows(
      sql`select * from dash_day_branch where turnover <> 0 order by 1, 2`,
    );
    await rebuildRollups(h.database.db);
    expect(
      await h.database.rows(sql`select * from dash_day_branch where turnover <> 0 order by 1, 2`),
    ).toEqual(before);
    await clean();
    await h.database.rows(
      sql`update dash_day_branch_item set turnover = turnover + 1 where day = '2025-05-05'`,
    );
    await h.database.rows(
      sql`update dash_day_item_customer set qty = qty + 1 where (item_id, day) = (select item_id, day from dash_day_item_customer where turnover <> 0 order by 1, 2 limit 1)`,
    );
    await h.database.rows(sql`update dash_store_flags set stores = stores + 1 where stores > 0`);
    const checks = await verifyRollups(h.database.db);
    const bad = checks.find((c) => c.table === 'dash_day_branch_item');
    expect(bad?.missing).toBe(1);
    expect(bad?.extra).toBe(1);
    expect(checks.find((c) => c.table === 'dash_day_item_customer')?.missing).toBeGreaterThanOrEqual(1);
    expect(checks.find((c) => c.table === 'dash_store_flags')?.missing).toBeGreaterThanOrEqual(1);
    await rebuildRollups(h.database.db);
    await clean();
  });
});
