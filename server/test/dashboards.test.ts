// The dashboard calls: figures and turnover equal the direct sums of the invoice lines (ranges with
// partial months, category / item / customer type filters), the branch user's answers cover their two
// branches only, rows are keyed as SPEC.md says, and bad input is a 400 with messages.
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
    ['/web/dashboard?start_date=2025-05-01&end_date=2025-04-01', 'start_date'],
    ['/web/dashboard/omzet?start_date=2025-13-01', 'start_date'],
    ['/web/dashboard/omzet/graph?year=1999', 'year'],
    ['/web/dashboard/omzet/graph?year=abc', 'year'],
    ['/web/dashboard/omzet/branch?ids=1,x', 'ids'],
    [
      `/web/dashboard/omzet/branch?item_ids=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`,
      'item_ids',
    ],
    ['/web/dashboard/select/customer?by=password', 'by'],
  ])('%s -> 400 naming %s', async (url, field) => {
    const res = await h.call(admin, 'GET', url);
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe('VALIDATION_ERROR');
    expect(res.body.err_msg.join(' ')).toContain(field);
  });
});
