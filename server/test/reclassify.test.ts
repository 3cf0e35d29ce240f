// Rollups follow reclassification: after an item moves to another category, and a store to another
// branch and customer type, through the back office's own edit calls, every dashboard and report that
// reads the rollups agrees with sums taken straight from the invoice lines and the ledger under the
// current classification (README of the dashboards: "One classification: the current one"). The
// rebuild runs after the edit's commit; the tests wait for its notes to be gone.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRollups } from '../src/modules/dashboards/rollups';
import { makeCustomer, makeCustomerType, makeItem, makeItemCategory } from './factories';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let cats: { food: { id: number; name: string }; drink: { id: number; name: string } };
let items: { mie: number; teh: number };
let types: { warung: number; grosir: number };
let stores: { s1: number; s2: number; s3: number };

const START = '2025-01-15';
const END = '2025-03-10';
const RANGE = `start_date=${START}&end_date=${END}`;
const DAYS = ['2025-01-10', '2025-01-20', '2025-02-10', '2025-02-28', '2025-03-05', '2025-03-20'];

const list = (xs: number[]) => `{${xs.join(',')}}`;

/** Turnover summed from the lines, by the item's category, the store's branch and type now. */
async function direct(opts: {
  by: 'c.branch_id' | 'c.id' | 'l.item_id';
  categories?: number[];
  typeId?: number;
  start?: string;
  end?: string;
}): Promise<Map<number, number>> {
  const r = await h.database.rows<{ k: number; t: number }>(sql`
    select ${sql.raw(opts.by)} as k, sum(l.net_amount)::float8 as t
    from sales_invoices h join sales_invoice_lines l on l.invoice_id = h.id join items i on i.id = l.item_id
    join customers c on c.id = h.customer_id
    where h.status <> 'cancelled' and h.invoice_date between ${opts.start ?? START}::date and ${opts.end ?? END}::date
      ${opts.categories ? sql`and i.item_category_id = any(${list(opts.categories)}::int[])` : sql``}
      ${opts.typeId ? sql`and c.customer_type_id = ${opts.typeId}` : sql``}
    group by 1`);
  return new Map(r.map((x) => [x.k, x.t]));
}

/** Invoices and earned points per store's branch now, summed from the invoices and the ledger. */
async function directBranchFigures(typeId?: number) {
  const inv = await h.database.rows<{ k: number; n: number; a: number }>(sql`
    select c.branch_id as k, count(*)::int as n, coalesce(sum(h.net_amount) filter (where h.status <> 'cancelled'), 0)::float8 as a
    from sales_invoices h join customers c on c.id = h.customer_id
    where h.invoice_date between ${START}::date and ${END}::date ${typeId ? sql`and c.customer_type_id = ${typeId}` : sql``}
    group by 1`);
  const pts = await h.database.rows<{ k: number; p: number }>(sql`
    select c.branch_id as k, sum(l.points)::int as p
    from point_ledger l join customers c on c.id = l.customer_id
    where not l.void and l.source in ('invoice', 'promo') and l.entry_date between ${START}::date and ${END}::date
      ${typeId ? sql`and c.customer_type_id = ${typeId}` : sql``}
    group by 1`);
  return {
    invoices: new Map(inv.map((x) => [x.k, x.n])),
    amounts: new Map(inv.map((x) => [x.k, x.a])),
    points: new Map(pts.map((x) => [x.k, x.p])),
  };
}

const asMap = (rows: Record<string, number>[], key: string, value = 'turnover') =>
  new Map(rows.filter((r) => r[value] !== 0).map((r) => [r[key], r[value]]));

/** Runs the jobs the last write enqueued, then waits until its reclassifications have been applied. */
async function settled() {
  for (let i = 0; i < 200; i++) {
    await h.app.jobs.drain();
    const [r] = await h.database.rows<{ n: number }>(sql`select count(*)::int as n from dash_reclass`);
    if (r.n === 0) return;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('the reclassifications were not applied');
}

async function clean() {
  for (const c of await verifyRollups(h.database.db))
    expect({ table: c.table, missing: c.missing, extra: c.extra, sample: c.sample }).toEqual({
      table: c.table,
      missing: 0,
      extra: 0,
      sample: [],
    });
}

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  const db = h.database.db;
  const { b1, b2 } = h.fixture.branches;
  types = { warung: (await makeCustomerType(db)).id, grosir: (await makeCustomerType(db)).id };
  stores = {
    s1: (await makeCustomer(db, { branch_id: b1.id, customer_code: 'RC-1', customer_type_id: types.warung }))
      .id,
    s2: (await makeCustomer(db, { branch_id: b1.id, customer_code: 'RC-2', customer_type_id: types.grosir }))
      .id,
    s3: (await makeCustomer(db, { branch_id: b2.id, customer_code: 'RC-3', customer_type_id: types.warung }))
      .id,
  };
  const food = await makeItemCategory(db, { name: 'RC Makanan' });
  const drink = await makeItemCategory(db, { name: 'RC Minuman' });
  cats = { food: { id: food.id, name: food.name }, drink: { id: drink.id, name: drink.name } };
  items = {
    mie: (await makeItem(db, { item_category_id: food.id, item_code: 'RC-MIE' })).id,
    teh: (await makeItem(db, { item_category_id: drink.id, item_code: 'RC-TEH' })).id,
  };
  const documents: unknown[] = [];
  let n = 0;
  for (const day of DAYS) {
    for (const customer of ['RC-1', 'RC-2', 'RC-3']) {
      n++;
      documents.push({
        document_no: `RC/${n}`,
        invoice_date: day,
        due_date: day,
        customer_code: customer,
        lines: [
          { item_code: 'RC-MIE', qty: n, price: 2500 },
          { item_code: 'RC-TEH', qty: 2, price: 1000 * n },
        ],
      });
    }
  }
  expect((await h.call(admin, 'POST', '/integration/sales_invoice', { documents })).status).toBe(200);
  // Points earned on each invoice, dated as the invoice.
  await h.database.rows(sql`
    insert into point_ledger (customer_id, point_type, points, invoice_document_no, reason, source, entry_date)
    select customer_id, 1, 10 + id, document_no, 'uji', 'invoice', invoice_date from sales_invoices
    where document_no like 'RC/%'`);
  // A target for store 1 on the food category in February (the category the tea moves to).
  await h.database.rows(sql`
    insert into target_categories (customer_code, customer_id, name, year, month, target)
    values ('RC-1', ${stores.s1}, ${food.name}, 2025, 2, 100000)`);
  await clean();
});
afterAll(async () => {
  await h?.close();
});

describe('an item moved to another category', () => {
  it('should count its past sales under the new category in every turnover call and the target report', async () => {
    const res = await h.call(admin, 'PUT', `/web/item/id/${items.teh}`, { item_category_id: cats.food.id });
    expect(res.status).toBe(200);
    await settled();

    const food = `item_category_ids=${cats.food.id}`;
    const drink = `item_category_ids=${cats.drink.id}`;
    // Per branch (whole months + edge days of the branch-item rollups), per item (every branch: dash_day_item),
    // per store (dash_day_customer_category), per branch with a customer type.
    const byBranch = await h.call(admin, 'GET', `/web/dashboard/omzet/branch?${RANGE}&${food}`);
    expect(asMap(byBranch.body.data, 'branch_id')).toEqual(
      await direct({ by: 'c.branch_id', categories: [cats.food.id] }),
    );
    const byItem = await h.call(admin, 'GET', `/web/dashboard/omzet?${RANGE}&${food}`);
    expect(asMap(byItem.body.data, 'item_id')).toEqual(
      await direct({ by: 'l.item_id', categories: [cats.food.id] }),
    );
    const byStore = await h.call(admin, 'GET', `/web/dashboard/omzet/customer?${RANGE}&${food}&limit=50`);
    expect(asMap(byStore.body.data, 'customer_id')).toEqual(
      await direct({ by: 'c.id', categories: [cats.food.id] }),
    );
    const byType = await h.call(
      admin,
      'GET',
      `/web/dashboard/omzet/branch?${RANGE}&${food}&customer_level_id=${types.warung}`,
    );
    expect(asMap(byType.body.data, 'branch_id')).toEqual(
      await direct({ by: 'c.branch_id', categories: [cats.food.id], typeId: types.warung }),
    );
    // Nothing is left under the old category.
    const old = await h.call(admin, 'GET', `/web/dashboard/omzet/branch?${RANGE}&${drink}`);
    expect(asMap(old.body.data, 'branch_id')).toEqual(new Map());
    const oldStore = await h.call(admin, 'GET', `/web/dashboard/omzet/customer?${RANGE}&${drink}`);
    expect(asMap(oldStore.body.data, 'customer_id')).toEqual(new Map());

    // The target category report counts the same February food sales as the turnover filter.
    const report = await h.call(
      admin,
      'GET',
      `/target_category/report?start_date=2025-02-01&end_date=2025-02-28&customer_code=RC-1`,
    );
    expect(report.status).toBe(200);
    const feb = await h.call(
      admin,
      'GET',
      `/web/dashboard/omzet/customer?start_date=2025-02-01&end_date=2025-02-28&${food}&ids=${stores.s1}`,
    );
    const expected = (
      await direct({ by: 'c.id', categories: [cats.food.id], start: '2025-02-01', end: '2025-02-28' })
    ).get(stores.s1);
    expect(report.body.data.map((r: { actual: number }) => r.actual)).toEqual([expected]);
    expect(feb.body.data.map((r: { turnover: number }) => r.turnover)).toEqual([expected]);
    await clean();
  });
});

describe('a store moved to another branch and customer type', () => {
  it('should show its turnover, invoices and points under its branch now, with and without the type filter', async () => {
    const { b2 } = h.fixture.branches;
    const res = await h.call(admin, 'PUT', `/web/customer/id/${stores.s2}`, {
      branch_id: b2.id,
      customer_type_id: types.warung,
    });
    expect(res.status).toBe(200);
    await settled();

    for (const typeId of [undefined, types.warung, types.grosir]) {
      const type = typeId ? `&customer_level_id=${typeId}` : '';
      const figures = await h.call(admin, 'GET', `/web/dashboard/detail?${RANGE}${type}`);
      expect(figures.status).toBe(200);
      const want = await directBranchFigures(typeId);
      expect(asMap(figures.body.data, 'branch_id_detail')).toEqual(
        await direct({ by: 'c.branch_id', typeId }),
      );
      expect(asMap(figures.body.data, 'branch_id_detail', 'invoice_count')).toEqual(want.invoices);
      expect(asMap(figures.body.data, 'branch_id_detail', 'invoice_amount')).toEqual(want.amounts);
      expect(asMap(figures.body.data, 'branch_id_detail', 'points_earned')).toEqual(want.points);
      const omzet = await h.call(admin, 'GET', `/web/dashboard/omzet/branch?${RANGE}${type}`);
      expect(asMap(omzet.body.data, 'branch_id')).toEqual(await direct({ by: 'c.branch_id', typeId }));
      const omzetFood = await h.call(
        admin,
        'GET',
        `/web/dashboard/omzet/branch?${RANGE}${type}&item_category_ids=${cats.food.id}`,
      );
      expect(asMap(omzetFood.body.data, 'branch_id')).toEqual(
        await direct({ by: 'c.branch_id', typeId, categories: [cats.food.id] }),
      );
    }
    // Points per branch do not change meaning with the type filter: every type's figures add up.
    const all = await h.call(admin, 'GET', `/web/dashboard/detail?${RANGE}`);
    const warung = await h.call(
      admin,
      'GET',
      `/web/dashboard/detail?${RANGE}&customer_level_id=${types.warung}`,
    );
    expect(asMap(all.body.data, 'branch_id_detail', 'points_earned')).toEqual(
      asMap(warung.body.data, 'branch_id_detail', 'points_earned'),
    );
    await clean();
  });
});

describe('the whole rebuild from the back office', () => {
  it('should rebuild every rollup in the background with its progress, and refuse a second run meanwhile', async () => {
    // A tampered rollup and an invoice left under a branch its store no longer belongs to.
    await h.database.rows(sql`update dash_points_day_branch set points_earned = points_earned + 7`);
    await h.database.rows(
      sql`update sales_invoices set branch_id = ${h.fixture.branches.b3.id} where document_no = 'RC/1'`,
    );
    expect((await verifyRollups(h.database.db)).some((c) => c.missing + c.extra > 0)).toBe(true);

    const started = await h.call(admin, 'POST', '/web/dashboard/rollups/rebuild');
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ steps_done: 0, finished_at: null, error: null });
    const id = started.body.data.id;
    expect(await h.app.jobs.drain({ names: ['rollups-rebuild'] })).toBe(1);
    let run = started.body.data;
    for (let i = 0; i < 400 && !run.finished_at; i++) {
      await new Promise((res) => setTimeout(res, 50));
      run = (await h.call(admin, 'GET', '/web/dashboard/rollups/rebuild')).body.data;
    }
    expect(run).toMatchObject({ id, error: null, step: '' });
    expect(run.steps_done).toBe(run.steps_total);
    await clean();
  });

  it('should refuse a run while one is under way (409) and a user who does not see every branch (403)', async () => {
    await h.database.rows(sql`insert into dash_rebuild_runs (steps_total) values (12)`);
    const busy = await h.call(admin, 'POST', '/web/dashboard/rollups/rebuild');
    expect(busy.status).toBe(409);
    expect(busy.body.err_msg).toEqual([
      'a rebuild of the dashboard figures is already running; wait for it to finish',
    ]);
    await h.database.rows(sql`update dash_rebuild_runs set finished_at = now() where finished_at is null`);
    const branchUser = await h.login(BRANCH_USER);
    const res = await h.call(branchUser, 'POST', '/web/dashboard/rollups/rebuild');
    expect(res.status).toBe(403);
  });
});
