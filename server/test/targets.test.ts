// Route tests for customer targets (import, quarter / semester / year with achievement), target
// category volume and the older target category (import, select, distinct, id, report): figures
// checked against invoice sums computed by hand, import idempotency and row errors, branch scope.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { item_uom_lines } from '../src/db/schema/products';
import { role_group_roles, roles } from '../src/db/schema/staff';
import { makeCustomer, makeInvoice, makeItem, makeItemCategory } from './factories';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let branchUser: string;
let bdg: { id: number; customer_code: string; branch_id: number }; // branch b1 (the branch user's)
let sby: { id: number; customer_code: string; branch_id: number }; // branch b3 (outside it)
let other: { id: number; customer_code: string; branch_id: number }; // b1, no targets
const Y = 2031;
let catName: string;
let otherCatName: string;

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  for (const area of ['target', 'upload'] as const) {
    const [role] = await db
      .insert(roles)
      .values({
        name: `${area} – all`,
        area,
        can_view: true,
        can_create: true,
        can_update: true,
        can_delete: true,
      })
      .returning();
    await db.insert(role_group_roles).values({ role_group_id: h.fixture.branchGroupId, role_id: role.id });
  }
  admin = await h.login();
  branchUser = await h.login(BRANCH_USER);
  bdg = await makeCustomer(db, { branch_id: h.fixture.branches.b1.id, customer_name: 'Toko Target Bandung' });
  sby = await makeCustomer(db, {
    branch_id: h.fixture.branches.b3.id,
    customer_name: 'Toko Target Surabaya',
  });
  other = await makeCustomer(db, { branch_id: h.fixture.branches.b1.id, customer_name: 'Toko Tanpa Target' });

  // Invoices of bdg: January 1,000,000 + 500,000 (+ a cancelled 9,999,999), February 750,000,
  // April 300,000, July 1,200,000; and one of sby in January.
  const cat = await makeItemCategory(db, { name: `Minyak Goreng ${Y}` });
  const otherCat = await makeItemCategory(db, { name: `Mie Instan ${Y}` });
  catName = cat.name;
  otherCatName = otherCat.name;
  const oil = await makeItem(db, { item_category_id: cat.id, uom: 'PCS' });
  // One carton (DUS) holds 12 bottles.
  await db.insert(item_uom_lines).values({ item_id: oil.id, uom: 'DUS', conversion_qty: 12, price: 12_000 });
  const noodle = await makeItem(db, { item_category_id: otherCat.id, uom: 'PCS' });
  const inv = (
    c: typeof bdg,
    date: string,
    lines: { item_id: number; qty: number; price: number; uom?: string }[],
    status?: string,
  ) => makeInvoice(db, { customer: c, invoice_date: date, lines, ...(status ? { status } : {}) });
  await inv(bdg, `${Y}-01-03`, [{ item_id: oil.id, qty: 2, price: 500_000, uom: 'DUS' }]); // 24 PCS, 1,000,000
  await inv(bdg, `${Y}-01-31`, [
    { item_id: oil.id, qty: 5, price: 60_000 }, // 5 PCS, 300,000
    { item_id: noodle.id, qty: 10, price: 20_000 }, // other category, 200,000
  ]);
  await inv(bdg, `${Y}-01-15`, [{ item_id: oil.id, qty: 100, price: 99_999.99 }], 'cancelled');
  await inv(bdg, `${Y}-02-01`, [{ item_id: noodle.id, qty: 15, price: 50_000 }]); // 750,000
  await inv(bdg, `${Y}-04-30`, [{ item_id: oil.id, qty: 1, price: 300_000, uom: 'DUS' }]); // 12 PCS, 300,000
  await inv(bdg, `${Y}-07-01`, [{ item_id: oil.id, qty: 12, price: 100_000 }]); // 12 PCS, 1,200,000
  await inv(bdg, `${Y - 1}-12-31`, [{ item_id: oil.id, qty: 99, price: 1_000 }]); // previous year
  await inv(sby, `${Y}-01-10`, [{ item_id: oil.id, qty: 1, price: 400_000 }]);
});
afterAll(async () => {
  await h?.close();
});

const countTargets = async () =>
  (await rows<{ n: number }>(h.database.db, sql`select count(*)::int as n from customer_targets`))[0].n;

describe('POST /customer/target/add_bulk', () => {
  it('should import twelve-month rows and month rows, then change nothing when sent again', async () => {
    const body = {
      rows: [
        { customer_code: bdg.customer_code, year: Y, jan: 2_000_000, feb: 1_000_000, mar: 0, jul: 1_000_000 },
        { customer_code: bdg.customer_code, year: Y, month: 4, amount: 600_000 },
        { customer_code: sby.customer_code, year: Y, month: 1, amount: 800_000 },
      ],
    };
    const first = await h.call(admin, 'POST', '/customer/target/add_bulk', body);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ inserted: 6, updated: 0, unchanged: 0 });
    const again = await h.call(admin, 'POST', '/customer/target/add_bulk', body);
    expect(again.body.data).toMatchObject({ inserted: 0, updated: 0, unchanged: 6 });
    // A re-import replaces the month it names and leaves the others.
    const replace = await h.call(admin, 'POST', '/customer/target/add_bulk', {
      rows: [{ customer_code: bdg.customer_code, year: Y, month: 7, amount: 1_500_000 }],
    });
    expect(replace.body.data).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
  });

  it('should refuse the whole file naming every bad row, and write nothing', async () => {
    const before = await countTargets();
    const res = await h.call(admin, 'POST', '/customer/target/add_bulk', {
      rows: [
        { customer_code: other.customer_code, year: Y, month: 1, amount: 100 }, // good
        { customer_code: 'NOPE-404', year: Y, month: 1, amount: 100 },
        { customer_code: other.customer_code, year: Y, month: 13, amount: 100 },
        { customer_code: other.customer_code, year: Y, month: 2, amount: -5 },
        { customer_code: other.customer_code, year: Y, month: 1, amount: 200 }, // duplicate of row 1
        { customer_code: other.customer_code, year: Y, jan: 5 }, // January again, as a month column
        { customer_code: other.customer_code, year: Y },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe('VALIDATION_ERROR');
    const msgs: string[] = res.body.err_msg;
    expect(msgs).toContain("row 2: customer_code 'NOPE-404' not found");
    expect(msgs.some((m) => m.startsWith('row 3: month: must be a month 1..12'))).toBe(true);
    expect(msgs.some((m) => m.startsWith('row 4: amount: must be 0 or more'))).toBe(true);
    expect(msgs.some((m) => m.startsWith('row 5: duplicate of row 1'))).toBe(true);
    expect(msgs.some((m) => m.startsWith('row 6: duplicate of row 1'))).toBe(true);
    expect(msgs.some((m) => m.startsWith('row 7: has no target'))).toBe(true);
    expect(msgs.some((m) => m.startsWith('row 1'))).toBe(false);
    expect(await countTargets()).toBe(before);
  });

  it("should refuse rows of another branch's customers with 403, each named", async () => {
    const res = await h.call(branchUser, 'POST', '/customer/target/add_bulk', {
      rows: [
        { customer_code: bdg.customer_code, year: Y + 1, month: 1, amount: 1 },
        { customer_code: sby.customer_code, year: Y + 1, month: 1, amount: 1 },
      ],
    });
    expect(res.status).toBe(403);
    expect(res.body.err_msg).toEqual([
      `row 2: customer ${sby.customer_code} is outside your assigned branches`,
    ]);
  });

  it('should run a dry run without writing', async () => {
    const before = await countTargets();
    const res = await h.call(admin, 'POST', '/customer/target/add_bulk', {
      rows: [{ customer_code: other.customer_code, year: Y, month: 5, amount: 10 }],
      dry_run: true,
    });
    expect(res.body.data).toMatchObject({ inserted: 1, dry_run: true });
    expect(await countTargets()).toBe(before);
  });
});

describe('GET /customer/target/quarter|semester|year', () => {
  it('should give each month target, invoiced net amount and percentage, and the quarter sums', async () => {
    const res = await h.call(
      admin,
      'GET',
      `/customer/target/quarter?customer_id=${bdg.id}&quarter=1&year=${Y}`,
    );
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ customer_id: bdg.id, year: Y, quarter: 1, semester: null });
    expect(d.months.map((m: { month: number }) => m.month)).toEqual([1, 2, 3]);
    // January: 1,000,000 + 300,000 + 200,000 (the cancelled invoice is not counted).
    expect(d.months[0]).toMatchObject({
      target_amount: 2_000_000,
      actual_amount: 1_500_000,
      invoice_count: 2,
      achievement_pct: 75,
    });
    expect(d.months[1]).toMatchObject({
      target_amount: 1_000_000,
      actual_amount: 750_000,
      achievement_pct: 75,
    });
    // A target of 0: no percentage.
    expect(d.months[2]).toMatchObject({ target_amount: 0, actual_amount: 0, achievement_pct: null });
    expect(d).toMatchObject({
      target_amount: 3_000_000,
      actual_amount: 2_250_000,
      invoice_count: 3,
      achievement_pct: 75,
    });
  });

  it('should sum a semester and a year, months without a target counting 0', async () => {
    const s2 = (
      await h.call(admin, 'GET', `/customer/target/semester?customer_id=${bdg.id}&semester=2&year=${Y}`)
    ).body.data;
    expect(s2.months).toHaveLength(6);
    expect(s2.months[0]).toMatchObject({
      month: 7,
      target_amount: 1_500_000,
      actual_amount: 1_200_000,
      achievement_pct: 80,
    });
    expect(s2.months[1]).toMatchObject({ month: 8, id: null, target_amount: null, actual_amount: 0 });
    expect(s2).toMatchObject({
      semester: 2,
      target_amount: 1_500_000,
      actual_amount: 1_200_000,
      achievement_pct: 80,
    });

    const year = (await h.call(admin, 'GET', `/customer/target/year?customer_id=${bdg.id}&year=${Y}`)).body
      .data;
    expect(year.months).toHaveLength(12);
    expect(year).toMatchObject({
      target_amount: 2_000_000 + 1_000_000 + 600_000 + 1_500_000,
      actual_amount: 1_500_000 + 750_000 + 300_000 + 1_200_000,
      invoice_count: 5,
    });
    expect(year.achievement_pct).toBeCloseTo((3_750_000 * 100) / 5_100_000, 2);
    expect(year.months[3]).toMatchObject({
      month: 4,
      target_amount: 600_000,
      actual_amount: 300_000,
      achievement_pct: 50,
    });
  });

  it('should answer what the customer detail shows for the same year', async () => {
    const year = (await h.call(admin, 'GET', `/customer/target/year?customer_id=${bdg.id}&year=${Y}`)).body
      .data;
    const detail = (await h.call(admin, 'GET', `/web/customer/id/${bdg.id}?year=${Y}`)).body.data;
    for (const a of detail.customer_achievement) {
      const m = year.months.find((x: { month: number }) => x.month === a.month);
      expect(m.actual_amount).toBe(a.actual_amount);
      expect(m.target_amount).toBe(a.target_amount);
      expect(m.achievement_pct).toBe(a.achievement_pct);
    }
  });

  it('should sort the year by target, nulls last, and refuse an unknown sort', async () => {
    const res = await h.call(
      admin,
      'GET',
      `/customer/target/year?customer_id=${bdg.id}&year=${Y}&by=def.target_amount&sort=desc`,
    );
    expect(res.body.data.months.slice(0, 5).map((m: { month: number }) => m.month)).toEqual([1, 7, 2, 4, 3]);
    expect(res.body.data.months[11].target_amount).toBeNull();
    const bad = await h.call(admin, 'GET', `/customer/target/year?customer_id=${bdg.id}&by=drop_table`);
    expect(bad.status).toBe(400);
  });

  it('should answer 400 for a quarter outside 1..4, a semester other than 1 or 2, a missing customer', async () => {
    for (const url of [
      `/customer/target/quarter?customer_id=${bdg.id}&quarter=5&year=${Y}`,
      `/customer/target/quarter?customer_id=${bdg.id}&quarter=0&year=${Y}`,
      `/customer/target/quarter?customer_id=${bdg.id}&year=${Y}`,
      `/customer/target/semester?customer_id=${bdg.id}&semester=3&year=${Y}`,
      `/customer/target/semester?customer_id=${bdg.id}&semester=1.5&year=${Y}`,
      `/customer/target/year?year=${Y}`,
      `/customer/target/year?customer_id=${bdg.id}&year=1999`,
    ]) {
      const res = await h.call(admin, 'GET', url);
      expect(res.status, url).toBe(400);
      expect(res.body.err_code).toBe('VALIDATION_ERROR');
    }
  });

  it('should scope to the caller: 403 for another branch, 404 for an unknown customer', async () => {
    expect(
      (await h.call(branchUser, 'GET', `/customer/target/year?customer_id=${sby.id}&year=${Y}`)).status,
    ).toBe(403);
    expect(
      (await h.call(branchUser, 'GET', `/customer/target/year?customer_id=${bdg.id}&year=${Y}`)).status,
    ).toBe(200);
    expect((await h.call(admin, 'GET', `/customer/target/year?customer_id=99999999&year=${Y}`)).status).toBe(
      404,
    );
    expect((await h.call(null, 'GET', `/customer/target/year?customer_id=${bdg.id}`)).status).toBe(401);
  });
});

describe('target category volume', () => {
  it('should import volumes, refusing unknown categories and customers, idempotent', async () => {
    const bad = await h.call(admin, 'POST', '/target_category_volume/', {
      rows: [
        {
          customer_code: bdg.customer_code,
          name: 'Tidak Ada',
          start_date: `${Y}-01-01`,
          end_date: `${Y}-03-31`,
          target_volume: 10,
        },
        {
          customer_code: 'NOPE',
          name: catName,
          start_date: `${Y}-01-01`,
          end_date: `${Y}-03-31`,
          target_volume: 10,
        },
        {
          customer_code: bdg.customer_code,
          name: catName,
          start_date: `${Y}-03-01`,
          end_date: `${Y}-01-31`,
          target_volume: 10,
        },
        {
          customer_code: bdg.customer_code,
          name: catName,
          start_date: `${Y}-01-01`,
          end_date: `${Y}-03-31`,
          target_volume: -1,
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.err_msg).toEqual(
      expect.arrayContaining([
        "row 1: name: name 'Tidak Ada' is not an item category",
        "row 2: customer_code 'NOPE' not found",
        'row 3: end_date: must be on or after start_date',
        'row 4: target_volume: must be 0 or more',
      ]),
    );
    const body = {
      rows: [
        // The name matches ignoring case.
        {
          customer_code: bdg.customer_code,
          name: catName.toUpperCase(),
          start_date: `${Y}-01-01`,
          end_date: `${Y}-03-31`,
          target_volume: 58,
          uom: 'PCS',
        },
        {
          customer_code: bdg.customer_code,
          name: otherCatName,
          start_date: `${Y}-01-01`,
          end_date: `${Y}-03-31`,
          target_volume: 0,
        },
        {
          customer_code: bdg.customer_code,
          name: catName,
          start_date: `${Y}-04-01`,
          end_date: `${Y}-06-30`,
          target_volume: 48,
        },
        {
          customer_code: sby.customer_code,
          name: catName,
          start_date: `${Y}-01-01`,
          end_date: `${Y}-03-31`,
          target_volume: 2,
        },
      ],
    };
    const ok = await h.call(admin, 'POST', '/target_category_volume/', body);
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ inserted: 4, updated: 0, unchanged: 0 });
    expect((await h.call(admin, 'POST', '/target_category_volume/', body)).body.data).toMatchObject({
      unchanged: 4,
    });
  });

  it('should report target vs invoiced quantity in base units, with the percentage', async () => {
    const res = await h.call(
      admin,
      'GET',
      `/target_category_volume/report?customer_code=${bdg.customer_code}&start_date=${Y}-01-01&end_date=${Y}-03-31`,
    );
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ total_data: 2 });
    const past = await h.call(
      admin,
      'GET',
      `/target_category_volume/report?customer_code=${bdg.customer_code}&start_date=${Y}-01-01&end_date=${Y}-03-31&page=9&limit=1`,
    );
    expect(past.body).toMatchObject({ data: [], meta: { page: 9, total_data: 2, total_page: 2 } });
    const paged = await h.call(
      admin,
      'GET',
      `/target_category_volume/report?customer_code=${bdg.customer_code}&start_date=${Y}-01-01&end_date=${Y}-03-31&page=2&limit=1&by=name&sort=desc`,
    );
    expect(paged.body.meta).toMatchObject({ total_data: 2, total_page: 2 });
    expect(paged.body.data.map((r: { name: string }) => r.name)).toEqual([[catName, otherCatName].sort()[0]]);
    const oil = res.body.data.find((r: { name: string }) => r.name === catName);
    // 2 DUS x 12 + 5 PCS = 29 bottles in January (the cancelled invoice excluded).
    expect(oil).toMatchObject({
      target: 58,
      actual: 29,
      percentage: 50,
      period_start: `${Y}-01-01`,
      uom: 'PCS',
    });
    const noodle = res.body.data.find((r: { name: string }) => r.name === otherCatName);
    expect(noodle).toMatchObject({ target: 0, actual: 25, percentage: null });
    // Q2: one carton in April = 12 of 48.
    const q2 = await h.call(
      admin,
      'GET',
      `/target_category_volume/report?customer_code=${bdg.customer_code}&start_date=${Y}-04-01&end_date=${Y}-06-30`,
    );
    expect(q2.body.data).toHaveLength(1);
    expect(q2.body.data[0]).toMatchObject({ target: 48, actual: 12, percentage: 25 });
  });

  it('should filter the report by region, branch and names, and scope it', async () => {
    const { regions, regionGroups, branches } = h.fixture;
    const q = `start_date=${Y}-01-01&end_date=${Y}-03-31`;
    const sbyOnly = await h.call(
      admin,
      'GET',
      `/target_category_volume/report?${q}&region_id=${regions.sby.id}`,
    );
    expect(sbyOnly.body.data.map((r: { customer_code: string }) => r.customer_code)).toEqual([
      sby.customer_code,
    ]);
    const jabar = await h.call(
      admin,
      'GET',
      `/target_category_volume/report?${q}&region_group_id=${regionGroups.jabar.id}&names=${encodeURIComponent(otherCatName)}`,
    );
    expect(jabar.body.data).toHaveLength(1);
    expect(jabar.body.data[0].name).toBe(otherCatName);
    const b3 = await h.call(admin, 'GET', `/target_category_volume/report?${q}&branch_id=${branches.b3.id}`);
    expect(b3.body.data).toHaveLength(1);
    expect(b3.body.data[0]).toMatchObject({ actual: 1, target: 2, percentage: 50 });
    const scoped = await h.call(branchUser, 'GET', `/target_category_volume/report?${q}`);
    expect(scoped.body.data.every((r: { branch_id: number }) => r.branch_id !== branches.b3.id)).toBe(true);
    const none = await h.call(admin, 'GET', `/target_category_volume/report?${q}&customer_code=NOPE`);
    expect(none.body).toMatchObject({ data: [], meta: { total_data: 0 } });
    const badDates = await h.call(
      admin,
      'GET',
      `/target_category_volume/report?start_date=${Y}-03-01&end_date=${Y}-01-01`,
    );
    expect(badDates.status).toBe(400);
  });

  it('should follow a customer that moves to another branch', async () => {
    const { branches } = h.fixture;
    const q = `start_date=${Y}-01-01&end_date=${Y}-03-31`;
    const inB3 = await h.call(
      admin,
      'GET',
      `/target_category_volume/report?${q}&branch_id=${branches.b3.id}`,
    );
    expect(inB3.body.data).toHaveLength(1);
    const moved = inB3.body.data[0] as { customer_id: number; id: number };
    const before = await h.call(
      admin,
      'GET',
      `/target_category_volume/report?${q}&branch_id=${branches.b2.id}`,
    );
    try {
      await h.database.rows(
        sql`update customers set branch_id = ${branches.b2.id} where id = ${moved.customer_id}`,
      );
      const b3 = await h.call(
        admin,
        'GET',
        `/target_category_volume/report?${q}&branch_id=${branches.b3.id}`,
      );
      expect(b3.body.data).toHaveLength(0);
      const b2 = await h.call(
        admin,
        'GET',
        `/target_category_volume/report?${q}&branch_id=${branches.b2.id}`,
      );
      expect(b2.body.meta.total_data).toBe(before.body.meta.total_data + 1);
      expect(b2.body.data.find((r: { id: number }) => r.id === moved.id)).toMatchObject({
        branch_id: branches.b2.id,
      });
    } finally {
      await h.database.rows(
        sql`update customers set branch_id = ${branches.b3.id} where id = ${moved.customer_id}`,
      );
    }
    const back = await h.call(
      admin,
      'GET',
      `/target_category_volume/report?${q}&branch_id=${branches.b3.id}`,
    );
    expect(back.body.data).toHaveLength(1);
  });

  it('should list by select, select/distinct and id/{customer_id}', async () => {
    const sel = await h.call(
      admin,
      'GET',
      `/target_category_volume/select?by=def.id&customer_code=${bdg.customer_code}&sort=desc`,
    );
    expect(sel.status).toBe(200);
    expect(sel.body.data).toHaveLength(3);
    expect(sel.body.data[0].id).toBeGreaterThan(sel.body.data[2].id);
    const byName = await h.call(
      admin,
      'GET',
      `/target_category_volume/select?name=${encodeURIComponent(catName)}`,
    );
    expect(byName.body.data.every((r: { name: string }) => r.name === catName)).toBe(true);
    const distinct = await h.call(
      admin,
      'GET',
      '/target_category_volume/select/distinct?by=customer_code&sort=desc',
    );
    const mine = distinct.body.data.filter((r: { customer_code: string }) =>
      [bdg.customer_code, sby.customer_code].includes(r.customer_code),
    );
    expect(mine).toHaveLength(2);
    expect(mine.find((r: { customer_id: number }) => r.customer_id === bdg.id)).toMatchObject({
      target_count: 3,
      names: [otherCatName, catName].sort(),
    });
    // Every field SPEC names for the entity sorts the distinct list, `name` among them.
    for (const area of ['target_category_volume', 'target_category']) {
      for (const by of ['def.id', 'def.customer_code', 'def.name']) {
        const sorted = await h.call(admin, 'GET', `/${area}/select/distinct?by=${by}&sort=asc`);
        expect(sorted.status, `${area} by ${by}`).toBe(200);
      }
    }
    const byFirstName = await h.call(
      admin,
      'GET',
      '/target_category_volume/select/distinct?by=name&sort=asc',
    );
    const firsts = byFirstName.body.data.map((r: { names: string[] }) => r.names[0]);
    expect(firsts).toEqual([...firsts].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const byId = await h.call(admin, 'GET', `/target_category_volume/id/${bdg.id}`);
    expect(byId.body.data).toHaveLength(3);
    expect((await h.call(admin, 'GET', `/target_category_volume/id/${other.id}`)).body).toEqual({ data: [] });
    expect((await h.call(admin, 'GET', '/target_category_volume/id/99999999')).status).toBe(404);
    expect((await h.call(branchUser, 'GET', `/target_category_volume/id/${sby.id}`)).status).toBe(403);
    const scopedDistinct = await h.call(branchUser, 'GET', '/target_category_volume/select/distinct');
    expect(scopedDistinct.body.data.some((r: { customer_id: number }) => r.customer_id === sby.id)).toBe(
      false,
    );
  });
});

describe('target category (the older monthly rupiah area)', () => {
  it('should import monthly amounts and report the invoiced net amount of the category', async () => {
    const imp = await h.call(admin, 'POST', '/target_category/', {
      rows: [
        { customer_code: bdg.customer_code, name: catName, year: Y, month: 1, target: 2_600_000 },
        { customer_code: bdg.customer_code, name: catName, year: Y, month: 2, target: 100_000 },
        { customer_code: bdg.customer_code, name: catName, year: Y, month: 13, target: 1 },
      ],
    });
    expect(imp.status).toBe(400);
    expect(imp.body.err_msg).toEqual(['row 3: month: must be a month 1..12']);
    const ok = await h.call(admin, 'POST', '/target_category/', {
      rows: [
        { customer_code: bdg.customer_code, name: catName, year: Y, month: 1, target: 2_600_000 },
        { customer_code: bdg.customer_code, name: catName, year: Y, month: 2, target: 100_000 },
      ],
    });
    expect(ok.body.data).toMatchObject({ inserted: 2 });
    const rep = await h.call(
      admin,
      'GET',
      `/target_category/report?customer_code=${bdg.customer_code}&start_date=${Y}-01-01&end_date=${Y}-02-28&by=period_start`,
    );
    expect(rep.body.data).toHaveLength(2);
    // January: oil lines 1,000,000 + 300,000; February: no oil.
    expect(rep.body.data[0]).toMatchObject({
      period_start: `${Y}-01-01`,
      period_end: `${Y}-01-31`,
      target: 2_600_000,
      actual: 1_300_000,
      percentage: 50,
      uom: 'IDR',
    });
    expect(rep.body.data[1]).toMatchObject({ period_start: `${Y}-02-01`, actual: 0, percentage: 0 });
    const sel = await h.call(admin, 'GET', `/target_category/id/${bdg.id}`);
    expect(sel.body.data.map((r: { month: number }) => r.month).sort()).toEqual([1, 2]);
    expect(
      (await h.call(admin, 'GET', `/target_category/select/distinct?customer_code=${bdg.customer_code}`)).body
        .data,
    ).toHaveLength(1);
  });
});
