// Coupons and coupon redemptions through the real routes: CRUD with a photo, redeeming (exact ledger
// rows and balances), the 409s that say what is short, the lifecycle, revert (exact compensating row,
// stock back, twice refused, audited), the reports and branch scope.
import { jakartaDate } from '@lbo/contract/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBalances } from '../src/modules/points/points.verify';
import { makeCustomerType, makeStaff, multipart, PNG_1X1 } from './factories';
import { createHarness, type Harness } from './harness';
import { credit, makeCustomer } from './points-factories';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
});
afterAll(async () => {
  await h?.close();
});

const today = () => jakartaDate();
const q = <T = Record<string, unknown>>(s: ReturnType<typeof sql>) => h.database.rows<T>(s);

async function uploadPhoto(path: string, file: Buffer, filename = 'p.png', type = 'image/png') {
  const body = multipart([{ name: 'photo', value: file, filename, type }]);
  const res = await h.app.inject({
    method: 'POST',
    url: `/v1/api${path}`,
    headers: { ...body.headers, authorization: `Bearer ${admin}` },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function makeCoupon(over: Record<string, unknown> = {}) {
  const res = await h.call(admin, 'POST', '/coupon/', {
    name: `Kupon ${Math.random().toString(36).slice(2, 7)}`,
    points_required: 100,
    stock: 5,
    start_date: jakartaDate(-10),
    end_date: jakartaDate(10),
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; stock: number; points_required: number; name: string };
}

async function storeWith(points: number, branch = h.fixture.branches.b1.id, over = {}) {
  const c = await makeCustomer(h.database.db, { branch_id: branch, ...over });
  if (points > 0) await credit(h.database.db, c.id, points);
  return c;
}

const balance = async (id: number) =>
  (await q<{ b: number }>(sql`select point_balance as b from customers where id = ${id}`))[0].b;
const stock = async (id: number) =>
  (await q<{ s: number }>(sql`select stock as s from coupons where id = ${id}`))[0].s;

describe('coupons', () => {
  it('should create a coupon with an uploaded photo, list, select, get, update it', async () => {
    const photo = await uploadPhoto('/coupon/photo', PNG_1X1);
    expect(photo.status).toBe(201);
    expect(photo.body.data.url).toMatch(/\/uploads\/coupon\/.+\.png$/);
    const type = await makeCustomerType(h.database.db);
    const c = await makeCoupon({
      name: 'Payung cantik',
      description: 'Payung lipat',
      photo: photo.body.data.url,
      customer_type_ids: [type.id],
      branch_ids: [h.fixture.branches.b1.id],
    });
    const got = await h.call(admin, 'GET', `/coupon/id/${c.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({
      name: 'Payung cantik',
      photo: photo.body.data.url,
      customer_type_ids: [type.id],
      branch_ids: [h.fixture.branches.b1.id],
      redeemed_count: 0,
      active: true,
    });
    const list = await h.call(admin, 'GET', '/coupon/?search=payung&by=def.name&sort=asc');
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: number }) => x.id)).toContain(c.id);
    expect(list.body.meta.total_data).toBeGreaterThanOrEqual(1);
    const select = await h.call(admin, 'GET', '/coupon/select?active=1');
    expect(select.body.data.map((x: { id: number }) => x.id)).toContain(c.id);
    const upd = await h.call(admin, 'PUT', `/coupon/${c.id}`, { stock: 9 });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ stock: 9, name: 'Payung cantik', photo: photo.body.data.url });
  });

  it('should refuse a photo that is not an image (415) and a photo url it did not store (400)', async () => {
    const bad = await uploadPhoto('/coupon/photo', Buffer.from('%PDF-1.4 not an image'), 'x.png');
    expect(bad.status).toBe(415);
    expect(bad.body.err_code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const res = await h.call(admin, 'POST', '/coupon/', {
      name: 'X',
      points_required: 10,
      stock: 1,
      start_date: today(),
      end_date: today(),
      photo: 'javascript:alert(1)',
    });
    expect(res.status).toBe(400);
    expect(res.body.err_msg.join(' ')).toContain('photo');
  });

  it('should name every invalid field at once and change nothing', async () => {
    const before = (await q<{ n: number }>(sql`select count(*)::int as n from coupons`))[0].n;
    const res = await h.call(admin, 'POST', '/coupon/', {
      name: '',
      points_required: 0,
      stock: -1,
      start_date: '2031-02-01',
      end_date: '2031-01-01',
      branch_ids: [1, 1],
    });
    expect(res.status).toBe(400);
    const text = res.body.err_msg.join('\n');
    for (const f of ['name', 'points_required', 'stock', 'branch_ids']) expect(text).toContain(f);
    const unknown = await h.call(admin, 'POST', '/coupon/', {
      name: 'Y',
      points_required: 10,
      stock: 1,
      start_date: today(),
      end_date: today(),
      customer_type_ids: [987654],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.err_msg[0]).toContain('987654');
    expect((await q<{ n: number }>(sql`select count(*)::int as n from coupons`))[0].n).toBe(before);
  });

  it('should delete a coupon without redemptions and deactivate one with redemptions, saying so', async () => {
    const unused = await makeCoupon();
    const del = await h.call(admin, 'DELETE', `/coupon/${unused.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ id: unused.id, deleted: true, deactivated: false });
    expect((await h.call(admin, 'GET', `/coupon/id/${unused.id}`)).status).toBe(404);

    const used = await makeCoupon();
    const s = await storeWith(500);
    expect(
      (await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: used.id, customer_id: s.id })).status,
    ).toBe(201);
    const del2 = await h.call(admin, 'DELETE', `/coupon/${used.id}`);
    expect(del2.status).toBe(200);
    expect(del2.body.data).toMatchObject({ id: used.id, deleted: false, deactivated: true });
    expect(del2.body.data.message).toContain('deactivated');
    const still = await h.call(admin, 'GET', `/coupon/id/${used.id}`);
    expect(still.body.data).toMatchObject({ active: false, redeemed_count: 1 });
    const audit = await q<{ action: string }>(
      sql`select action from audit_log where entity = 'coupon' and entity_id = ${String(used.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'deactivate']);
  });
});

describe('redemptions', () => {
  it('should debit the ledger (type 4), take one from the stock and write the redemption', async () => {
    const c = await makeCoupon({ points_required: 150, stock: 3 });
    const s = await storeWith(400);
    const res = await h.call(admin, 'POST', '/coupon_redeem/', {
      coupon_id: c.id,
      customer_id: s.id,
      note: 'via CS',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      coupon_id: c.id,
      customer_id: s.id,
      customer_code: s.customer_code,
      points: 150,
      coupon_status: 'redeemed',
      redeemed_date: today(),
      note: 'via CS',
      point_balance: 250,
      reverted_at: null,
    });
    const ledger = await q(
      sql`select point_type, points, source, balance_after, reverses_id, void, reference
          from point_ledger where customer_id = ${s.id} order by id`,
    );
    expect(ledger).toEqual([
      expect.objectContaining({ point_type: 2, points: 400, balance_after: 400 }),
      {
        point_type: 4,
        points: -150,
        source: 'redemption',
        balance_after: 250,
        reverses_id: null,
        void: false,
        reference: `RDM-${String(res.body.data.id).padStart(9, '0')}`,
      },
    ]);
    const [row] = await q<{ redeem_ledger_id: number; lid: number }>(
      sql`select r.redeem_ledger_id, (select id from point_ledger where customer_id = ${s.id} and point_type = 4) as lid
          from coupon_redemptions r where r.id = ${res.body.data.id}`,
    );
    expect(row.redeem_ledger_id).toBe(row.lid);
    expect(await balance(s.id)).toBe(250);
    expect(await stock(c.id)).toBe(2);
    expect((await h.call(admin, 'GET', `/coupon/id/${c.id}`)).body.data.redeemed_count).toBe(1);
  });

  it('should answer 409 naming points or stock, and 409 for an expired, future or inactive coupon', async () => {
    const c = await makeCoupon({ points_required: 300, stock: 1 });
    const poor = await storeWith(299);
    const r1 = await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: poor.id });
    expect(r1.status).toBe(409);
    expect(r1.body.err_msg[0]).toMatch(/insufficient points: store .* has 299 points .* costs 300/);
    expect(await stock(c.id)).toBe(1);
    expect(await balance(poor.id)).toBe(299);

    const rich = await storeWith(1000);
    expect(
      (await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: rich.id })).status,
    ).toBe(201);
    const r2 = await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: rich.id });
    expect(r2.status).toBe(409);
    expect(r2.body.err_msg[0]).toContain('out of stock');
    expect(await balance(rich.id)).toBe(700);

    const expired = await makeCoupon({ start_date: jakartaDate(-30), end_date: jakartaDate(-1) });
    const r3 = await h.call(admin, 'POST', '/coupon_redeem/', {
      coupon_id: expired.id,
      customer_id: rich.id,
    });
    expect(r3.status).toBe(409);
    expect(r3.body.err_msg[0]).toContain('expired');
    const future = await makeCoupon({ start_date: jakartaDate(2), end_date: jakartaDate(9) });
    const r4 = await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: future.id, customer_id: rich.id });
    expect(r4.status).toBe(409);
    expect(r4.body.err_msg[0]).toContain('not valid yet');
    const inactive = await makeCoupon({ active: false });
    const r5 = await h.call(admin, 'POST', '/coupon_redeem/', {
      coupon_id: inactive.id,
      customer_id: rich.id,
    });
    expect(r5.status).toBe(409);
    expect(r5.body.err_msg[0]).toContain('inactive');
    expect(await balance(rich.id)).toBe(700);
    expect(await stock(expired.id)).toBe(5);

    const r6 = await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: 987654, customer_id: rich.id });
    expect(r6.status).toBe(404);
    const r7 = await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: c.id });
    expect(r7.status).toBe(400);
    expect(r7.body.err_msg.join(' ')).toContain('customer_id');
  });

  it('should honour a coupon limited to branches and customer types', async () => {
    const type = await makeCustomerType(h.database.db);
    const c = await makeCoupon({ branch_ids: [h.fixture.branches.b3.id], customer_type_ids: [type.id] });
    const wrongBranch = await storeWith(500, h.fixture.branches.b1.id, { customer_type_id: type.id });
    const r1 = await h.call(admin, 'POST', '/coupon_redeem/', {
      coupon_id: c.id,
      customer_id: wrongBranch.id,
    });
    expect(r1.status).toBe(409);
    expect(r1.body.err_msg[0]).toContain('not offered');
    const ok = await storeWith(500, h.fixture.branches.b3.id, { customer_type_id: type.id });
    expect(
      (await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: ok.id })).status,
    ).toBe(201);
  });

  it('should revert with a compensating type 6 row, give the stock back, and refuse a second revert', async () => {
    const c = await makeCoupon({ points_required: 120, stock: 2 });
    const s = await storeWith(300);
    const red = await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: s.id });
    const id = red.body.data.id as number;
    expect(await stock(c.id)).toBe(1);
    const rev = await h.call(admin, 'PUT', `/coupon_redeem/revert/${id}`, { reason: 'Stok hadiah habis' });
    expect(rev.status, JSON.stringify(rev.body)).toBe(200);
    expect(rev.body.data).toMatchObject({
      id,
      coupon_status: 'reverted',
      revert_reason: 'Stok hadiah habis',
      point_balance: 300,
    });
    expect(rev.body.data.reverted_at).not.toBeNull();
    const ledger = await q(
      sql`select id, point_type, points, source, balance_after, reverses_id from point_ledger
          where customer_id = ${s.id} order by id`,
    );
    expect(ledger).toHaveLength(3);
    expect(ledger[1]).toMatchObject({ point_type: 4, points: -120, balance_after: 180 });
    expect(ledger[2]).toMatchObject({
      point_type: 6,
      points: 120,
      source: 'revert',
      balance_after: 300,
      reverses_id: ledger[1].id,
    });
    expect(rev.body.data.revert_ledger_id).toBe(ledger[2].id);
    expect(await balance(s.id)).toBe(300);
    expect(await stock(c.id)).toBe(2);
    expect((await h.call(admin, 'GET', `/coupon/id/${c.id}`)).body.data.redeemed_count).toBe(0);

    const again = await h.call(admin, 'PUT', `/coupon_redeem/revert/${id}`, {});
    expect(again.status).toBe(409);
    expect(again.body.err_msg[0]).toContain('already reverted');
    expect(await balance(s.id)).toBe(300);
    expect(await stock(c.id)).toBe(2);
    const audit = await q<{ action: string; before: { coupon_status: string } }>(
      sql`select action, before from audit_log where entity = 'coupon_redeem' and entity_id = ${String(id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['redeem', 'revert']);
    expect(audit[1].before.coupon_status).toBe('redeemed');
    expect((await verifyBalances(h.database.db)).differences).toEqual([]);
  });

  it('should let two reverts at once succeed exactly once', async () => {
    const c = await makeCoupon({ points_required: 50 });
    const s = await storeWith(100);
    const red = await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: s.id });
    const both = await Promise.all([
      h.call(admin, 'PUT', `/coupon_redeem/revert/${red.body.data.id}`, {}),
      h.call(admin, 'PUT', `/coupon_redeem/revert/${red.body.data.id}`, {}),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balance(s.id)).toBe(100);
    expect(await stock(c.id)).toBe(5);
  });

  it('should move along the lifecycle and refuse transitions it does not allow', async () => {
    const c = await makeCoupon({ points_required: 10 });
    const s = await storeWith(100);
    const id = (await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: s.id })).body
      .data.id;
    const p = await h.call(admin, 'PUT', `/coupon_redeem/status/${id}`, { coupon_status: 'processed' });
    expect(p.status).toBe(200);
    expect(p.body.data.coupon_status).toBe('processed');
    const back = await h.call(admin, 'PUT', `/coupon_redeem/status/${id}`, { coupon_status: 'redeemed' });
    expect(back.status).toBe(400);
    const d = await h.call(admin, 'PUT', `/coupon_redeem/status/${id}`, { coupon_status: 'delivered' });
    expect(d.status).toBe(200);
    expect(d.body.data.delivered_at).not.toBeNull();
    const rev = await h.call(admin, 'PUT', `/coupon_redeem/revert/${id}`, {});
    expect(rev.status).toBe(409);
    expect(rev.body.err_msg[0]).toContain('delivered');
    const again = await h.call(admin, 'PUT', `/coupon_redeem/status/${id}`, { coupon_status: 'processed' });
    expect(again.status).toBe(409);
    expect(await balance(s.id)).toBe(90);
    expect((await h.call(admin, 'PUT', '/coupon_redeem/revert/987654', {})).status).toBe(404);
  });

  it('should report with filters, select with show_all, and the redeemed report per coupon', async () => {
    const c = await makeCoupon({ points_required: 20, stock: 10 });
    const s1 = await storeWith(100, h.fixture.branches.b1.id);
    const s2 = await storeWith(100, h.fixture.branches.b3.id);
    const a = (await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: s1.id })).body
      .data;
    const b = (await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: s2.id })).body
      .data;
    await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: s2.id });
    await h.call(admin, 'PUT', `/coupon_redeem/revert/${b.id}`, {});

    const rep = await h.call(
      admin,
      'GET',
      `/coupon_redeem/report?coupon_id=${c.id}&start_date=${today()}&end_date=${today()}&limit=100`,
    );
    expect(rep.status).toBe(200);
    expect(rep.body.meta.total_data).toBe(3);
    expect(rep.body.data[0].id).toBeGreaterThan(rep.body.data[1].id);
    const byRegion = await h.call(
      admin,
      'GET',
      `/coupon_redeem/report?coupon_id=${c.id}&region_id=${h.fixture.regions.sby.id}&coupon_status=reverted`,
    );
    expect(byRegion.body.data.map((r: { id: number }) => r.id)).toEqual([b.id]);
    const group = await h.call(
      admin,
      'GET',
      `/coupon_redeem/report?coupon_id=${c.id}&region_group_id=${h.fixture.regionGroups.jabar.id}&branch_id=${h.fixture.branches.b1.id}`,
    );
    expect(group.body.data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const yesterday = await h.call(
      admin,
      'GET',
      `/coupon_redeem/report?coupon_id=${c.id}&end_date=${jakartaDate(-1)}`,
    );
    expect(yesterday.body.meta.total_data).toBe(0);
    const badStatus = await h.call(admin, 'GET', '/coupon_redeem/report?coupon_status=lost');
    expect(badStatus.status).toBe(400);

    const live = await h.call(admin, 'GET', `/coupon_redeem/select?customer_id=${s2.id}&show_all=0`);
    expect(live.body.data).toHaveLength(1);
    const all = await h.call(admin, 'GET', `/coupon_redeem/select?customer_id=${s2.id}&show_all=1`);
    expect(all.body.data).toHaveLength(2);
    const one = await h.call(admin, 'GET', `/coupon_redeem/id/${a.id}`);
    expect(one.body.data).toMatchObject({
      id: a.id,
      coupon_name: c.name,
      branch_id: h.fixture.branches.b1.id,
    });

    const red = await h.call(
      admin,
      'GET',
      `/coupon_redeem/report/redeemed?coupon_id=${c.id}&start_date=${today()}`,
    );
    expect(red.status).toBe(200);
    expect(red.body.data).toEqual([
      expect.objectContaining({
        coupon_id: c.id,
        redeemed: 2,
        reverted: 1,
        delivered: 0,
        points: 40,
        stock: 8,
      }),
    ]);
    expect(red.body.meta).toMatchObject({ total_data: 1, page: 1 });
    const none = await h.call(
      admin,
      'GET',
      `/coupon_redeem/report/redeemed?coupon_id=${c.id}&end_date=${jakartaDate(-1)}`,
    );
    expect(none.body.data).toEqual([]);
    expect((await h.call(admin, 'GET', '/coupon_redeem/report/redeemed?by=nope')).status).toBe(400);
  });

  it("should keep a branch-limited user to their branches' stores", async () => {
    const staff = await makeStaff(h.database.db, {
      email: 'kupon.cabang@example.com',
      grants: { coupon: 'vcud' },
      branches: [h.fixture.branches.b1.id],
    });
    const token = await h.login(staff);
    const c = await makeCoupon({ points_required: 10 });
    const mine = await storeWith(100, h.fixture.branches.b1.id);
    const other = await storeWith(100, h.fixture.branches.b3.id);
    const r1 = await h.call(token, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: other.id });
    expect(r1.status).toBe(403);
    expect(await balance(other.id)).toBe(100);
    const r2 = await h.call(token, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: mine.id });
    expect(r2.status).toBe(201);
    const foreign = (
      await h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: c.id, customer_id: other.id })
    ).body.data;
    expect((await h.call(token, 'GET', `/coupon_redeem/id/${foreign.id}`)).status).toBe(403);
    expect((await h.call(token, 'PUT', `/coupon_redeem/revert/${foreign.id}`, {})).status).toBe(403);
    const list = await h.call(token, 'GET', `/coupon_redeem/report?coupon_id=${c.id}`);
    expect(list.body.data.map((r: { customer_id: number }) => r.customer_id)).toEqual([mine.id]);
    const red = await h.call(token, 'GET', `/coupon_redeem/report/redeemed?coupon_id=${c.id}`);
    expect(red.body.data[0].redeemed).toBe(1);
  });
});
