// Route tests for point rules, maximum points per customer and promo points: CRUD, filters and the
// special rules (a rule without an amount, end before start, overlapping periods: 400, nothing written).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PNG_1X1 } from './factories';
import { createHarness, type Harness } from './harness';
import { makeCategory, makeCustomer, makeCustomerType, makeItem } from './points-factories';

let h: Harness;
let admin: string;
let catA: { id: number; name: string };
let catB: { id: number };
let item: { id: number; item_name: string };
let typeId: number;
let cust: { id: number; customer_code: string };

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  const db = h.database.db;
  catA = await makeCategory(db, { name: 'Minuman' });
  catB = await makeCategory(db, { name: 'Makanan Ringan' });
  item = await makeItem(db, { item_category_id: catA.id, item_name: 'Teh Botol 350ml' });
  typeId = (await makeCustomerType(db, { name: 'Grosir' })).id;
  cust = await makeCustomer(db, {
    branch_id: h.fixture.branches.b1.id,
    customer_name: 'Toko Makmur',
    monthly_max_point: 500,
  });
});
afterAll(async () => {
  await h?.close();
});

const count = async (table: string) =>
  (await h.database.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0].n;

describe('/point_rules/', () => {
  let ruleId: number;

  it('should create, read, list, update and delete a rule', async () => {
    const res = await h.call(admin, 'POST', '/point_rules/', {
      name: 'Minuman 5rb',
      item_category_id: catA.id,
      customer_type_id: typeId,
      amount_per_point: 5000,
      start_date: '2024-01-01',
      end_date: '2024-12-31',
    });
    expect(res.status).toBe(201);
    ruleId = res.body.data.id;
    expect(res.body.data).toMatchObject({
      name: 'Minuman 5rb',
      target: 'category',
      item_category_id: catA.id,
      item_category_name: 'Minuman',
      item_id: null,
      customer_type_name: 'Grosir',
      amount_per_point: 5000,
      active: true,
      note: '',
    });
    const itemRule = await h.call(admin, 'POST', '/point_rules/', {
      name: 'Teh Botol',
      item_id: item.id,
      amount_per_point: 2500.5,
      start_date: '2024-06-01',
      end_date: '2024-06-30',
    });
    expect(itemRule.body.data).toMatchObject({
      target: 'item',
      item_name: 'Teh Botol 350ml',
      amount_per_point: 2500.5,
    });
    const list = await h.call(admin, 'GET', '/point_rules/?by=def.id&sort=desc');
    expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([itemRule.body.data.id, ruleId]);
    const valid = await h.call(admin, 'GET', '/point_rules/select?valid_on=2024-03-01');
    expect(valid.body.data.map((r: { id: number }) => r.id)).toEqual([ruleId]);
    const search = await h.call(admin, 'GET', '/point_rules/?search=teh%20botol');
    expect(search.body.meta.total_data).toBe(1);
    const got = await h.call(admin, 'GET', `/point_rules/id/${ruleId}`);
    expect(got.body.data.id).toBe(ruleId);
    const upd = await h.call(admin, 'PUT', `/point_rules/${ruleId}`, {
      amount_per_point: 4000,
      active: false,
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ amount_per_point: 4000, active: false, name: 'Minuman 5rb' });
    const del = await h.call(admin, 'DELETE', `/point_rules/${itemRule.body.data.id}`);
    expect(del.body).toEqual({ data: { id: itemRule.body.data.id } });
    expect((await h.call(admin, 'GET', `/point_rules/id/${itemRule.body.data.id}`)).status).toBe(404);
  });

  it('should answer 400 for a rule without an amount, a bad amount, end before start or two targets', async () => {
    const before = await count('point_rules');
    const base = { name: 'X', start_date: '2024-01-01', end_date: '2024-12-31' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [base, /^amount_per_point: is required/],
      [{ ...base, amount_per_point: 0 }, /^amount_per_point: must be at least 1 rupiah per point/],
      [{ ...base, amount_per_point: 0.01 }, /^amount_per_point: must be at least 1 rupiah per point/],
      [{ ...base, amount_per_point: -100 }, /^amount_per_point: must be at least 1 rupiah per point/],
      [{ ...base, amount_per_point: 10.123 }, /^amount_per_point: must have at most 2 decimals/],
      [
        { ...base, amount_per_point: 1000, end_date: '2023-12-31' },
        /^end_date: must be on or after start_date/,
      ],
      [
        { ...base, amount_per_point: 1000, item_id: item.id, item_category_id: catA.id },
        /^item_id: give either item_id or item_category_id/,
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await h.call(admin, 'POST', '/point_rules/', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.err_msg.some((m: string) => msg.test(m))).toBe(true);
    }
    const badUpdate = await h.call(admin, 'PUT', `/point_rules/${ruleId}`, { end_date: '2023-01-01' });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.err_msg).toEqual(['end_date: must be on or after start_date']);
    const twoTargets = await h.call(admin, 'PUT', `/point_rules/${ruleId}`, { item_id: item.id });
    expect(twoTargets.status).toBe(400);
    const unknownItem = await h.call(admin, 'POST', '/point_rules/', {
      ...base,
      amount_per_point: 1,
      item_id: 987654,
    });
    expect(unknownItem.status).toBe(400);
    expect(await count('point_rules')).toBe(before);
  });
});

describe('/point_max_customer/', () => {
  it('should create, list with show_all and search, update and delete answering the id', async () => {
    const past = await h.call(admin, 'POST', '/point_max_customer/', {
      customer_id: cust.id,
      max_point: 100,
      start_date: '2020-01-01',
      end_date: '2020-01-31',
    });
    expect(past.status).toBe(201);
    const future = await h.call(admin, 'POST', '/point_max_customer/', {
      customer_id: cust.id,
      max_point: 200,
      start_date: '2099-01-01',
      end_date: '2099-01-31',
      note: 'Special deal',
    });
    expect(future.status).toBe(201);
    expect(future.body.data).toMatchObject({
      customer_id: cust.id,
      customer_code: cust.customer_code,
      customer_name: 'Toko Makmur',
      max_point: 200,
      customer_monthly_max_point: 500,
      active: true,
    });
    const current = await h.call(admin, 'GET', '/point_max_customer/?by=def.id&sort=desc');
    expect(current.body.data.map((r: { id: number }) => r.id)).toEqual([future.body.data.id]);
    const all = await h.call(admin, 'GET', '/point_max_customer/?show_all=1&by=def.id&sort=desc');
    expect(all.body.data.map((r: { id: number }) => r.id)).toEqual([future.body.data.id, past.body.data.id]);
    const search = await h.call(
      admin,
      'GET',
      `/point_max_customer/select?show_all=1&search=${cust.customer_code}`,
    );
    expect(search.body.data.length).toBe(2);
    const none = await h.call(admin, 'GET', '/point_max_customer/?show_all=1&search=zzz');
    expect(none.body.data).toEqual([]);
    const upd = await h.call(admin, 'PUT', `/point_max_customer/${future.body.data.id}`, { max_point: 250 });
    expect(upd.body.data.max_point).toBe(250);
    const del = await h.call(admin, 'DELETE', `/point_max_customer/${past.body.data.id}`);
    expect(del.body).toEqual({ data: { id: past.body.data.id } });
  });

  it('should refuse overlapping periods, negative or fractional maximums and end before start', async () => {
    const before = await count('point_max_customers');
    const overlap = await h.call(admin, 'POST', '/point_max_customer/', {
      customer_id: cust.id,
      max_point: 10,
      start_date: '2099-01-15',
      end_date: '2099-02-15',
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.err_msg[0]).toMatch(
      /^start_date: the period overlaps entry \d+ \(2099-01-01 to 2099-01-31\)/,
    );
    for (const max_point of [-1, 1.5]) {
      const res = await h.call(admin, 'POST', '/point_max_customer/', {
        customer_id: cust.id,
        max_point,
        start_date: '2098-01-01',
        end_date: '2098-01-31',
      });
      expect(res.status).toBe(400);
      expect(res.body.err_msg[0]).toMatch(/^max_point: /);
    }
    const backwards = await h.call(admin, 'POST', '/point_max_customer/', {
      customer_id: cust.id,
      max_point: 1,
      start_date: '2098-02-01',
      end_date: '2098-01-31',
    });
    expect(backwards.status).toBe(400);
    const unknown = await h.call(admin, 'POST', '/point_max_customer/', {
      customer_id: 987654,
      max_point: 1,
      start_date: '2098-01-01',
      end_date: '2098-01-31',
    });
    expect(unknown.status).toBe(404);
    expect(await count('point_max_customers')).toBe(before);
  });
});

describe('/point_promo/', () => {
  let promoId: number;

  it('should create, list, select by dates, get, update and delete promos', async () => {
    const stored = (folder: string) =>
      h.app.uploads.save({ buffer: PNG_1X1, mime: 'image/png', ext: 'png', field: 'photo' }, folder);
    const first = (await stored('point_promo')).url;
    const second = (await stored('point_promo')).url;
    const res = await h.call(admin, 'POST', '/point_promo/', {
      name: 'Double Minuman',
      start_date: '2024-04-01',
      end_date: '2024-04-30',
      multiplier: 2,
      bonus_points: 5,
      item_category_id: catA.id,
      photo: first,
    });
    expect(res.status).toBe(201);
    promoId = res.body.data.id;
    expect(res.body.data).toMatchObject({
      multiplier: 2,
      bonus_points: 5,
      item_category_name: 'Minuman',
      photo: first,
      active: true,
    });
    const snacks = await h.call(admin, 'POST', '/point_promo/', {
      name: 'Snack bonus',
      start_date: '2024-04-15',
      end_date: '2024-05-15',
      bonus_points: 10,
      item_category_id: catB.id,
    });
    expect(snacks.status).toBe(201);
    const list = await h.call(admin, 'GET', '/point_promo/?page=1&limit=10&by=def.id&sort=desc');
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([snacks.body.data.id, promoId]);
    const may = await h.call(admin, 'GET', '/point_promo/select?start_date=2024-05-01&end_date=2024-05-31');
    expect(may.body.data.map((p: { id: number }) => p.id)).toEqual([snacks.body.data.id]);
    const got = await h.call(admin, 'GET', `/point_promo/id/${promoId}`);
    expect(got.body.data.name).toBe('Double Minuman');
    const upd = await h.call(admin, 'PUT', `/point_promo/${promoId}`, {
      multiplier: 3,
      photo: second,
    });
    expect(upd.body.data).toMatchObject({ multiplier: 3, photo: second, bonus_points: 5 });
    const del = await h.call(admin, 'DELETE', `/point_promo/${snacks.body.data.id}`);
    expect(del.body).toEqual({ data: { id: snacks.body.data.id } });
  });

  it('should refuse overlapping promo periods on the same items, and promos that add nothing', async () => {
    const before = await count('point_promos');
    const sameCat = await h.call(admin, 'POST', '/point_promo/', {
      name: 'Clash',
      start_date: '2024-04-30',
      end_date: '2024-05-10',
      multiplier: 1.5,
      item_category_id: catA.id,
    });
    expect(sameCat.status).toBe(400);
    expect(sameCat.body.err_msg[0]).toMatch(
      /overlaps promo \d+ 'Double Minuman' \(2024-04-01 to 2024-04-30\)/,
    );
    const allItems = await h.call(admin, 'POST', '/point_promo/', {
      name: 'Everything',
      start_date: '2024-04-10',
      end_date: '2024-04-12',
      multiplier: 1.5,
    });
    expect(allItems.status).toBe(400);
    const nothing = await h.call(admin, 'POST', '/point_promo/', {
      name: 'Nothing',
      start_date: '2025-01-01',
      end_date: '2025-01-31',
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.err_msg[0]).toMatch(/^multiplier: give a multiplier above 1 or bonus_points above 0/);
    const backwards = await h.call(admin, 'POST', '/point_promo/', {
      name: 'Backwards',
      start_date: '2025-02-01',
      end_date: '2025-01-01',
      bonus_points: 1,
    });
    expect(backwards.status).toBe(400);
    const badMultiplier = await h.call(admin, 'POST', '/point_promo/', {
      name: 'Half',
      start_date: '2025-01-01',
      end_date: '2025-01-31',
      multiplier: 0.5,
    });
    expect(badMultiplier.status).toBe(400);
    expect(await count('point_promos')).toBe(before);
    // An inactive promo does not clash; activating it does.
    const inactive = await h.call(admin, 'POST', '/point_promo/', {
      name: 'Draft',
      start_date: '2024-04-05',
      end_date: '2024-04-06',
      multiplier: 2,
      active: false,
    });
    expect(inactive.status).toBe(201);
    const activate = await h.call(admin, 'PUT', `/point_promo/${inactive.body.data.id}`, { active: true });
    expect(activate.status).toBe(400);
    const moveAway = await h.call(admin, 'PUT', `/point_promo/${inactive.body.data.id}`, {
      active: true,
      start_date: '2024-06-01',
      end_date: '2024-06-02',
    });
    expect(moveAway.status).toBe(200);
    const noBoost = await h.call(admin, 'PUT', `/point_promo/${promoId}`, { multiplier: 1, bonus_points: 0 });
    expect(noBoost.status).toBe(400);
  });
});

describe('POST /point_promo/photo', () => {
  it('should store an image judged by its content and answer its url for the promo', async () => {
    const up = multipart([{ name: 'photo', value: PNG_1X1, filename: 'promo.png', type: 'image/png' }]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/api/point_promo/photo',
      headers: { ...up.headers, authorization: `Bearer ${admin}` },
      payload: up.payload,
    });
    expect(res.statusCode).toBe(201);
    const { url } = res.json().data;
    expect(url).toMatch(/^\/uploads\/point_promo\/[0-9a-f-]{36}\.png$/);
    const promo = await h.call(admin, 'POST', '/point_promo/', {
      name: 'With photo',
      start_date: '2030-01-01',
      end_date: '2030-01-31',
      bonus_points: 1,
      photo: url,
    });
    expect(promo.body.data.photo).toBe(url);
    const fake = multipart([{ name: 'photo', value: 'not an image', filename: 'x.png', type: 'image/png' }]);
    const bad = await h.app.inject({
      method: 'POST',
      url: '/v1/api/point_promo/photo',
      headers: { ...fake.headers, authorization: `Bearer ${admin}` },
      payload: fake.payload,
    });
    expect(bad.statusCode).toBe(415);
  });
});
