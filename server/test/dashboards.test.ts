// The dashboard calls: figures and turnover equal the direct sums of the invoice lines (ranges with
// partial months, category / item / customer type filters), the branch user's answers cover their two
// branches only, rows are keyed as SPEC.md says, and bad input is a 400 with messages.

import { jakartaDate } from '@lbo/contract/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { role_group_roles, roles } from '../src/db/schema/staff';
import { makeCustomer, makeCustomerType, makeItem, makeItemCategory } from './factories';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let branchUser: string;
let cats: { food: number; drink: number };
let items: { mie: number; teh: number; kopi: number };
let typeId: number;

const RANGE = 'start_date=2025-01-15&end_date=2025-04-10';

/** The same figure summed straight from the invoice lines. */
async function direct(opts: {
  start: string;
  end: string;
  branches?: number[];
  categories?: number[];
  items?: number[];
  typeId?: number;
  by: 'branch_id' | 'customer_id' | 'item_id';
}): Promise<Map<number, number>> {
  const r = await h.database.rows<{ k: number; t: number }>(sql`
    select ${sql.raw(opts.by === 'item_id' ? 'l.item_id' : `h.${opts.by}`)} as k, sum(l.net_amount)::float8 as t
    from sales_invoices h join sales_invoice_lines l on l.invoice_id = h.id join items i on i.id = l.item_id
    join customers c on c.id = h.customer_id
    where h.status <> 'cancelled' and h.invoice_date between ${opts.start}::date and ${opts.end}::date
      ${opts.branches ? sql`and h.branch_id = any(${`{${opts.branches.join(',')}}`}::int[])` : sql``}
      ${opts.categories ? sql`and i.item_category_id = any(${`{${opts.categories.join(',')}}`}::int[])` : sql``}
      ${opts.items ? sql`and l.item_id = any(${`{${opts.items.join(',')}}`}::int[])` : sql``}
      ${opts.typeId ? sql`and c.customer_type_id = ${opts.typeId}` : sql``}
    group by 1`);
  return new Map(r.map((x) => [x.k, x.t]));
}
const asMap = (rows: Record<string, number>[], key: string, value = 'turnover') =>
  new Map(rows.filter((r) => r[value] !== 0).map((r) => [r[key], r[value]]));

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  const db = h.database.db;
  const [role] = await db
    .insert(roles)
    .values({ name: 'dashboard – view', area: 'dashboard', can_view: true })
    .returning();
  await db.insert(role_group_roles).values({ role_group_id: h.fixture.branchGroupId, role_id: role.id });
  branchUser = await h.login(BRANCH_USER);
  const { b1, b2, b3 } = h.fixture.branches;
  const type = await makeCustomerType(db);
  typeId = type.id;
  await makeCustomer(db, {
    branch_id: b1.id,
    customer_code: 'DB-1',
    customer_type_id: type.id,
    registered_at: '2025-02-01T03:00:00Z',
  });
  await makeCustomer(db, { branch_id: b1.id, customer_code: 'DB-2', registered_at: '2024-06-01T03:00:00Z' });
  await makeCustomer(db, { branch_id: b2.id, customer_code: 'DB-3', customer_type_id: type.id });
  await makeCustomer(db, { branch_id: b3.id, customer_code: 'DB-4' });
  const food = await makeItemCategory(db);
  const drink = await makeItemCategory(db);
  cats = { food: food.id, drink: drink.id };
  items = {
    mie: (await makeItem(db, { item_category_id: food.id, item_code: 'DB-MIE' })).id,
    teh: (await makeItem(db, { item_category_id: drink.id, item_code: 'DB-TEH' })).id,
    kopi: (await makeItem(db, { item_category_id: drink.id, item_code: 'DB-KOPI' })).id,
  };
  const documents: unknown[] = [];
  const days = [
    '2025-01-10',
    '2025-01-15',
    '2025-01-31',
    '2025-02-01',
    '2025-02-14',
    '2025-03-31',
    '2025-04-10',
    '2025-04-11',
    '2024-03-05',
  ];
  let n = 0;
  for (const day of days) {
    for (const customer of ['DB-1', 'DB-2', 'DB-3', 'DB-4']) {
      n++;
      documents.push({
        document_no: `DB/${n}`,
        invoice_date: day,
        due_date: day,
        customer_code: customer,
        lines: [
          { item_code: 'DB-MIE', qty: n, price: 2500 },
          { item_code: n % 2 ? 'DB-TEH' : 'DB-KOPI', qty: 2, price: 1000 * n },
        ],
      });
    }
  }
  const res = await h.call(admin, 'POST', '/integration/sales_invoice', { documents });
  expect(res.status).toBe(200);
  // One cancelled invoice inside the range: counted as an invoice, never as turnover.
  await h.database.rows(sql`update sales_invoices set status = 'cancelled' where document_no = 'DB/9'`);
});
afterAll(async () => {
  await h?.close();
});

describe('figures equal the direct sums', () => {
  it('should answer branch turnover over partial months equal to the invoice lines', async () => {
    const res = await h.call(admin, 'GET', `/web/dashboard/detail?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    expect(res.body.data[0]).toHaveProperty('branch_id_detail');
    expect(asMap(res.body.data, 'branch_id_detail')).toEqual(
      await direct({ start: '2025-01-15', end: '2025-04-10', by: 'branch_id' }),
    );
    const total = res.body.data.reduce((s: number, r: { invoice_count: number }) => s + r.invoice_count, 0);
    expect(total).toBe(6 * 4); // six invoice days in the range, four customers; the cancelled one counts
  });

  it('should filter turnover by categories, items and customer type', async () => {
    const base = { start: '2025-01-15', end: '2025-04-10' };
    const byCat = await h.call(
      admin,
      'GET',
      `/web/dashboard/omzet/branch?${RANGE}&item_category_ids=${cats.drink}`,
    );
    expect(asMap(byCat.body.data, 'branch_id')).toEqual(
      await direct({ ...base, categories: [cats.drink], by: 'branch_id' }),
    );
    const byItem = await h.call(
      admin,
      'GET',
      `/web/dashboard/omzet?${RANGE}&item_ids=${items.kopi},${items.mie}`,
    );
    expect(asMap(byItem.body.data, 'item_id')).toEqual(
      await direct({ ...base, items: [items.kopi, items.mie], by: 'item_id' }),
    );
    const byType = await h.call(admin, 'GET', `/web/dashboard/detail?${RANGE}&customer_level_id=${typeId}`);
    expect(asMap(byType.body.data, 'branch_id')).toEqual(await direct({ ...base, typeId, by: 'branch_id' }));
    expect(byType.body.data.reduce((s: number, r: { stores: number }) => s + r.stores, 0)).toBe(2);
  });

  it("should answer a branch's customers and their turnover (edges from the lines, months from the rollup)", async () => {
    const b1 = h.fixture.branches.b1.id;
    const res = await h.call(admin, 'GET', `/web/dashboard/select/customer?branch_id=${b1}&${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.total_data).toBe(2);
    expect(asMap(res.body.data, 'customer_id')).toEqual(
      await direct({ start: '2025-01-15', end: '2025-04-10', branches: [b1], by: 'customer_id' }),
    );
    // A full first page of stores with turnover (largest first, one row): the same store and figures as
    // the full read (sorted the other way round, its last row).
    const top = await h.call(admin, 'GET', `/web/dashboard/select/customer?branch_id=${b1}&${RANGE}&limit=1`);
    const all = await h.call(
      admin,
      'GET',
      `/web/dashboard/select/customer?branch_id=${b1}&${RANGE}&by=turnover&sort=asc&limit=10`,
    );
    expect(top.body.meta.total_data).toBe(2);
    expect(top.body.data).toEqual([all.body.data.at(-1)]);
    const second = await h.call(
      admin,
      'GET',
      `/web/dashboard/select/customer?branch_id=${b1}&${RANGE}&limit=1&page=2`,
    );
    expect(second.body.data).toEqual([all.body.data[0]]);
    const omzet = await h.call(
      admin,
      'GET',
      `/web/dashboard/omzet/customer?branch_id=${b1}&${RANGE}&item_category_ids=${cats.food}`,
    );
    expect(asMap(omzet.body.data, 'customer_id')).toEqual(
      await direct({
        start: '2025-01-15',
        end: '2025-04-10',
        branches: [b1],
        categories: [cats.food],
        by: 'customer_id',
      }),
    );
    const activated = await h.call(admin, 'GET', `/web/dashboard/report/activation?${RANGE}`);
    expect(activated.body.data.map((r: { customer_code: string }) => r.customer_code)).toEqual(['DB-1']);
    expect(activated.body.data[0]).toHaveProperty('customer_id_detail');
    const registered = await h.call(
      admin,
      'GET',
      `/web/dashboard/detail/total/registered-user?by=def.customer_name&${RANGE}`,
    );
    expect(registered.body.meta.total_data).toBe(2);
  });

  it('should answer per-store turnover with an item filter (dash_day_item_customer) equal to the lines', async () => {
    const base = { start: '2025-01-15', end: '2025-04-10', by: 'customer_id' as const };
    const cases: [string, Parameters<typeof direct>[0]][] = [
      [`item_ids=${items.kopi}`, { ...base, items: [items.kopi] }],
      [`item_ids=${items.kopi},${items.mie}`, { ...base, items: [items.kopi, items.mie] }],
      [
        `item_ids=${items.kopi},${items.mie}&item_category_ids=${cats.drink}`,
        { ...base, items: [items.kopi, items.mie], categories: [cats.drink] },
      ],
      [`item_ids=${items.teh}&customer_level_id=${typeId}`, { ...base, items: [items.teh], typeId }],
      [
        `item_ids=${items.mie}&branch_id=${h.fixture.branches.b1.id}`,
        { ...base, items: [items.mie], branches: [h.fixture.branches.b1.id] },
      ],
    ];
    for (const [filter, d] of cases) {
      const res = await h.call(admin, 'GET', `/web/dashboard/omzet/customer?${RANGE}&${filter}&limit=50`);
      expect(res.status).toBe(200);
      const expected = await direct(d);
      expect(expected.size).toBeGreaterThan(0);
      expect(asMap(res.body.data, 'customer_id')).toEqual(expected);
      expect(res.body.meta.total_data).toBe(expected.size);
    }
    // Per branch with a customer type and an item filter reads the same rollup.
    const byType = await h.call(
      admin,
      'GET',
      `/web/dashboard/omzet/branch?${RANGE}&item_ids=${items.mie}&customer_level_id=${typeId}`,
    );
    expect(asMap(byType.body.data, 'branch_id')).toEqual(
      await direct({ ...base, by: 'branch_id', items: [items.mie], typeId }),
    );
  });

  it('should count stores from the store rollups exactly as the stores themselves', async () => {
    const { b1 } = h.fixture.branches;
    await h.database.rows(sql`update customers set active = false where customer_code = 'DB-2'`);
    const count = async (where: ReturnType<typeof sql>) =>
      (
        await h.database.rows<{ n: number }>(
          sql`select count(*)::int as n from customers where branch_id = ${b1.id} and ${where}`,
        )
      )[0].n;
    const inRange = sql`registered_at >= '2025-01-14T17:00:00Z' and registered_at < '2025-04-10T17:00:00Z'`;
    const statuses: [string, ReturnType<typeof sql>][] = [
      ['', sql`true`],
      ['&status=registered', sql`registered_at is not null`],
      ['&status=not_registered', sql`registered_at is null`],
      ['&status=activated', inRange],
      ['&status=inactive', sql`not active`],
      [
        `&status=registered&customer_level_id=${typeId}`,
        sql`registered_at is not null and customer_type_id = ${typeId}`,
      ],
    ];
    for (const [filter, where] of statuses) {
      const res = await h.call(
        admin,
        'GET',
        `/web/dashboard/branch/select/report?branch_id=${b1.id}&${RANGE}${filter}`,
      );
      expect(res.status).toBe(200);
      expect({ filter, total: res.body.meta.total_data }).toEqual({ filter, total: await count(where) });
      expect(res.body.data).toHaveLength(await count(where));
    }
    const activation = await h.call(admin, 'GET', `/web/dashboard/report/activation?${RANGE}&limit=1`);
    const [act] = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from customers where ${inRange}`,
    );
    expect(activation.body.meta.total_data).toBe(act.n);
    const registered = await h.call(
      admin,
      'GET',
      `/web/dashboard/detail/total/registered-user?${RANGE}&by=registered_at&sort=desc&limit=1`,
    );
    const [reg] = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from customers where registered_at < '2025-04-10T17:00:00Z'`,
    );
    expect(registered.body.meta.total_data).toBe(reg.n);
    expect(registered.body.data).toHaveLength(1);
    const master = await h.call(admin, 'GET', '/web/dashboard/report/master_store?active=false&limit=5');
    const [inactive] = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from customers where not active`,
    );
    expect(master.body.meta.total_data).toBe(inactive.n);
    expect(master.body.data.map((r: { customer_code: string }) => r.customer_code)).toContain('DB-2');
    await h.database.rows(sql`update customers set active = true where customer_code = 'DB-2'`);
  });

  it('should track outstanding invoices and their ageing as the invoices themselves say', async () => {
    // Some paid, one partly paid: the rest stay unpaid, each due on its invoice day.
    await h.database.rows(
      sql`update sales_invoices set status = 'paid' where document_no in ('DB/5', 'DB/6')`,
    );
    await h.database.rows(
      sql`update sales_invoices set status = 'partial', paid_amount = 1000 where document_no = 'DB/7'`,
    );
    // Due dates spread over every ageing bucket (not yet due, 1-30, 31-60, 61-90 days past due).
    const dueIn = async (no: string, days: number) =>
      h.database.rows(
        sql`update sales_invoices set due_date = (now() at time zone 'Asia/Jakarta')::date + ${days}::int where document_no = ${no}`,
      );
    await dueIn('DB/10', 5);
    await dueIn('DB/11', -20);
    await dueIn('DB/12', -45);
    await dueIn('DB/13', -80);
    const res = await h.call(admin, 'GET', `/web/dashboard/tracking/invoice?${RANGE}`);
    expect(res.status).toBe(200);
    const expected = await h.database.rows<Record<string, number>>(sql`
      with o as (
        select branch_id, (net_amount - paid_amount)::float8 as amt,
          (now() at time zone 'Asia/Jakarta')::date - coalesce(due_date, invoice_date) as age
        from sales_invoices
        where status in ('unpaid', 'partial') and invoice_date between '2025-01-15' and '2025-04-10')
      select branch_id, sum(amt) as outstanding_amount, (count(*) filter (where age > 0))::int as overdue_count,
        coalesce(sum(amt) filter (where age > 0), 0) as overdue_amount,
        coalesce(sum(amt) filter (where age <= 30), 0) as ageing_0_30,
        coalesce(sum(amt) filter (where age between 31 and 60), 0) as ageing_31_60,
        coalesce(sum(amt) filter (where age between 61 and 90), 0) as ageing_61_90,
        coalesce(sum(amt) filter (where age > 90), 0) as ageing_over_90
      from o group by 1 order by 1`);
    expect(expected.length).toBeGreaterThan(0);
    const got = (res.body.data as Record<string, number>[])
      .filter((r) => r.outstanding_amount !== 0)
      .sort((a, b) => a.branch_id - b.branch_id)
      .map((r) => ({
        branch_id: r.branch_id,
        outstanding_amount: r.outstanding_amount,
        overdue_count: r.overdue_count,
        overdue_amount: r.overdue_amount,
        ageing_0_30: r.ageing_0_30,
        ageing_31_60: r.ageing_31_60,
        ageing_61_90: r.ageing_61_90,
        ageing_over_90: r.ageing_over_90,
      }));
    expect(got).toEqual(expected);
    for (const col of ['ageing_0_30', 'ageing_31_60', 'ageing_61_90', 'ageing_over_90']) {
      expect(expected.some((r) => r[col] > 0)).toBe(true);
    }
    const partial = res.body.data.reduce((s: number, r: { partial_count: number }) => s + r.partial_count, 0);
    expect(partial).toBe(1);
    await h.database.rows(
      sql`update sales_invoices set status = 'unpaid', paid_amount = 0 where document_no in ('DB/5', 'DB/6', 'DB/7')`,
    );
    await h.database.rows(
      sql`update sales_invoices set due_date = invoice_date where document_no in ('DB/10', 'DB/11', 'DB/12', 'DB/13')`,
    );
  });

  it('should draw the yearly graph with last year beside it', async () => {
    const res = await h.call(admin, 'GET', '/web/dashboard/omzet/graph?year=2025');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(12);
    const march = await direct({ start: '2025-03-01', end: '2025-03-31', by: 'branch_id' });
    expect(res.body.data[2].turnover).toBe([...march.values()].reduce((a, b) => a + b, 0));
    const lastMarch = await direct({ start: '2024-03-01', end: '2024-03-31', by: 'branch_id' });
    expect(res.body.data[2].last_year_turnover).toBe([...lastMarch.values()].reduce((a, b) => a + b, 0));
    expect(res.body.data[2].last_year_turnover).toBeGreaterThan(0);
  });
});

describe('the yearly graph compares the month in progress with the same days last year', () => {
  it('should count last year only up to the day reached this month, with and without a product filter', async () => {
    const today = jakartaDate();
    const [y, m, d] = [Number(today.slice(0, 4)), today.slice(5, 7), Number(today.slice(8, 10))];
    const lastYear = `${y - 1}-${m}`;
    const daysLastYear = new Date(Date.UTC(y - 1, Number(m), 0)).getUTCDate();
    const dates = [`${lastYear}-01`, `${y}-${m}-01`];
    // A sale later in last year's month than today's day: a whole month would count it.
    if (d < daysLastYear) dates.push(`${lastYear}-${String(d + 1).padStart(2, '0')}`);
    const documents = dates.map((day, i) => ({
      document_no: `GRAPH/${i}`,
      invoice_date: day,
      due_date: day,
      customer_code: 'DB-1',
      lines: [{ item_code: 'DB-MIE', qty: 1, price: 1000 * (i + 1) }],
    }));
    expect((await h.call(admin, 'POST', '/integration/sales_invoice', { documents })).status).toBe(200);
    const sameDays = { start: `${lastYear}-01`, end: `${lastYear}-${String(d).padStart(2, '0')}` };
    for (const filter of ['', `&item_ids=${items.mie}`]) {
      const res = await h.call(admin, 'GET', `/web/dashboard/omzet/graph?year=${y}${filter}`);
      expect(res.status).toBe(200);
      const row = res.body.data[Number(m) - 1];
      expect(row.through_day).toBe(d);
      const expected = await direct({
        ...sameDays,
        by: 'branch_id',
        items: filter ? [items.mie] : undefined,
      });
      expect({ filter, last: row.last_year_turnover }).toEqual({
        filter,
        last: [...expected.values()].reduce((a, b) => a + b, 0),
      });
      expect(
        res.body.data.filter((r: { through_day: number | null }) => r.through_day !== null),
      ).toHaveLength(1);
    }
    // A past year's months are whole.
    const past = await h.call(admin, 'GET', `/web/dashboard/omzet/graph?year=${y - 1}`);
    expect(past.body.data.every((r: { through_day: number | null }) => r.through_day === null)).toBe(true);
  });
});

describe('scope', () => {
  it('should give the branch user the sums of their two branches only', async () => {
    const { b1, b2 } = h.fixture.branches;
    const mine = await direct({
      start: '2025-01-15',
      end: '2025-04-10',
      branches: [b1.id, b2.id],
      by: 'branch_id',
    });
    const sum = [...mine.values()].reduce((a, b) => a + b, 0);
    const groups = await h.call(branchUser, 'GET', `/web/dashboard/group?${RANGE}`);
    expect(groups.status).toBe(200);
    expect(groups.body.data.map((r: { region_group_id: number }) => r.region_group_id)).toEqual([
      h.fixture.regionGroups.jabar.id,
    ]);
    expect(groups.body.data[0].turnover).toBe(sum);
    const omzet = await h.call(branchUser, 'GET', `/web/dashboard/omzet/group?${RANGE}`);
    expect(omzet.body.data.reduce((s: number, r: { turnover: number }) => s + r.turnover, 0)).toBe(sum);
    const graph = await h.call(branchUser, 'GET', '/web/dashboard/omzet/graph?year=2025');
    const all = await h.call(admin, 'GET', '/web/dashboard/omzet/graph?year=2025');
    expect(graph.body.data[0].turnover).toBeLessThan(all.body.data[0].turnover);
    const other = await h.call(
      branchUser,
      'GET',
      `/web/dashboard/select/customer?branch_id=${h.fixture.branches.b3.id}`,
    );
    expect(other.body.data).toEqual([]);
    const detail = await h.call(
      branchUser,
      'GET',
      `/web/dashboard/detail?region_id=${h.fixture.regions.sby.id}`,
    );
    expect(detail.body.data).toEqual([]);
  });

  it("should refuse another user's id and a user without the dashboard role", async () => {
    expect(
      (await h.call(branchUser, 'GET', `/web/dashboard/select/branch?user_id=${h.fixture.adminId}`)).status,
    ).toBe(403);
    const viewer = await h.login({ email: 'viewer@example.com', password: 'viewer123' });
    expect((await h.call(viewer, 'GET', '/web/dashboard')).status).toBe(403);
  });
});

describe('bad input', () => {
  it.each([
    ['/web/dashboard?start_date=2025-05-01&end_date=2025-04-01', 'end_date: must be on or after start_date'],
    ['/web/dashboard/omzet?start_date=2025-13-01', 'start_date'],
    ['/web/dashboard/omzet/graph?year=1999', 'year'],
    ['/web/dashboard/omzet/graph?year=abc', 'year'],
    ['/web/dashboard/omzet/branch?ids=1,x', 'ids'],
    [
      `/web/dashboard/omzet/branch?item_ids=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`,
      'item_ids',
    ],
    ['/web/dashboard/select/customer?by=password', 'by'],
    ['/web/dashboard/report/master_store?by=constructor', 'by'],
    ['/web/dashboard/omzet/customer?by=toString', 'by'],
    ['/web/dashboard/virtual_account?by=__proto__', 'by'],
  ])('%s -> 400 naming %s', async (url, field) => {
    const res = await h.call(admin, 'GET', url);
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe('VALIDATION_ERROR');
    expect(res.body.err_msg.join(' ')).toContain(field);
  });
});
