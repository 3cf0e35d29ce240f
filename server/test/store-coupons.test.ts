// The companion app's coupons (STORE-API.md section 2): the catalogue offered to the store now, and
// redemption through the staff redemption service, with Idempotency-Key (a retry answers the first
// result, one debit), the last points shared by two redemptions (exactly one), stock and points
// refusals naming which, and the staff report listing what the app redeemed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { postMovements } from '../src/domain/ledger';
import { makeCustomer } from './factories';
import { createHarness, type Harness } from './harness';
import { createStoreApp, type StoreApp } from './support/store';

let h: Harness;
let s: StoreApp;
let staff: string;
let phone = 0;

const one = async <T>(text: ReturnType<typeof sql>) => (await rows<T>(h.database.db, text))[0];

async function storeWith(points: number, branch = 'b1' as 'b1' | 'b2' | 'b3') {
  const c = await makeCustomer(h.database.db, {
    branch_id: h.fixture.branches[branch].id,
    phone_number: `08580000${String(++phone).padStart(4, '0')}`,
  });
  if (points > 0) {
    await h.database.db.transaction((tx) =>
      postMovements(tx, [{ customerId: c.id, pointType: 2, points, source: 'inject', reason: 'Modal' }]),
    );
  }
  const { token } = await s.signIn(c.phone_number);
  return { ...c, token };
}

async function coupon(values: {
  name: string;
  points?: number;
  stock?: number;
  extra?: ReturnType<typeof sql>;
}) {
  return one<{ id: number }>(
    sql`insert into coupons (name, points_required, stock, start_date, end_date)
        values (${values.name}, ${values.points ?? 100}, ${values.stock ?? 10}, current_date - 1, current_date + 30)
        returning id`,
  );
}

const balance = async (id: number) =>
  (await one<{ b: number }>(sql`select point_balance as b from customers where id = ${id}`)).b;
const debits = async (id: number) =>
  (
    await one<{ n: number }>(
      sql`select count(*)::int as n from point_ledger where customer_id = ${id} and point_type = 4`,
    )
  ).n;

beforeAll(async () => {
  h = await createHarness();
  s = await createStoreApp(h);
  staff = await h.login();
});
afterAll(async () => {
  await s?.close();
  await h?.close();
});

describe('GET /store/coupons', () => {
  it('should list only the coupons offered to this store now, with cost and stock', async () => {
    const store = await storeWith(0);
    const open = await coupon({ name: 'Kaos Toko', points: 150, stock: 7 });
    const otherBranch = await coupon({ name: 'Topi Cabang Lain' });
    await h.database.db.execute(
      sql`update coupons set branch_ids = ${`{${h.fixture.branches.b3.id}}`}::int[] where id = ${otherBranch.id}`,
    );
    const mine = await coupon({ name: 'Topi Cabang Ini' });
    await h.database.db.execute(
      sql`update coupons set branch_ids = ${`{${h.fixture.branches.b1.id}}`}::int[] where id = ${mine.id}`,
    );
    const empty = await coupon({ name: 'Habis', stock: 0 });
    const off = await coupon({ name: 'Nonaktif' });
    await h.database.db.execute(sql`update coupons set active = false where id = ${off.id}`);
    const old = await coupon({ name: 'Kedaluwarsa' });
    await h.database.db.execute(
      sql`update coupons set start_date = current_date - 30, end_date = current_date - 2 where id = ${old.id}`,
    );
    const res = await s.call(store.token, 'GET', '/store/coupons');
    expect(res.status).toBe(200);
    const ids = res.body.data.map((c: { id: number }) => c.id);
    expect(ids).toContain(open.id);
    expect(ids).toContain(mine.id);
    for (const hidden of [otherBranch, empty, off, old]) expect(ids).not.toContain(hidden.id);
    expect(res.body.data.find((c: { id: number }) => c.id === open.id)).toMatchObject({
      name: 'Kaos Toko',
      points_required: 150,
      stock: 7,
    });
  });
});

describe('POST /store/coupons/{id}/redeem', () => {
  it('should redeem through the staff service: one debit, one from the stock, listed in the staff report', async () => {
    const store = await storeWith(500);
    const c = await coupon({ name: 'Payung Toko', points: 200, stock: 3 });
    const res = await s.call(store.token, 'POST', `/store/coupons/${c.id}/redeem`, { note: 'Kirim Senin' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      coupon_id: c.id,
      coupon_name: 'Payung Toko',
      points: 200,
      status: 'redeemed',
      point_balance: 300,
    });
    expect(await balance(store.id)).toBe(300);
    expect((await one<{ stock: number }>(sql`select stock from coupons where id = ${c.id}`)).stock).toBe(2);
    const ledger = await one<{
      points: number;
      source: string;
      created_by: number | null;
      reference: string;
    }>(
      sql`select points, source, created_by, reference from point_ledger where customer_id = ${store.id} and point_type = 4`,
    );
    expect(ledger).toEqual({
      points: -200,
      source: 'redemption',
      created_by: null,
      reference: expect.stringMatching(/^RDM-/),
    });
    const staffView = await s.call(staff, 'GET', `/coupon_redeem/id/${res.body.data.id}`);
    expect(staffView.status).toBe(200);
    expect(staffView.body.data).toMatchObject({ customer_id: store.id, coupon_id: c.id });
    const mine = await s.call(store.token, 'GET', '/store/redemptions');
    expect(mine.body.data.map((r: { id: number }) => r.id)).toEqual([res.body.data.id]);
  });

  it('should answer a retried request with the first result and debit once, even 10 at once', async () => {
    const store = await storeWith(1000);
    const c = await coupon({ name: 'Kipas', points: 100, stock: 50 });
    const headers = { 'idempotency-key': 'app-3f2a-0001' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.call(store.token, 'POST', `/store/coupons/${c.id}/redeem`, {}, headers),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.every((a) => a.body.data.point_balance === 900)).toBe(true);
    const later = await s.call(store.token, 'POST', `/store/coupons/${c.id}/redeem`, {}, headers);
    expect(later.body).toEqual(answers[0].body);
    expect(await debits(store.id)).toBe(1);
    expect(await balance(store.id)).toBe(900);
    // Another key is another redemption; the same key for another coupon is refused.
    const next = await s.call(
      store.token,
      'POST',
      `/store/coupons/${c.id}/redeem`,
      {},
      { 'idempotency-key': 'app-3f2a-0002' },
    );
    expect(next.status).toBe(201);
    const other = await coupon({ name: 'Kipas Besar' });
    const misuse = await s.call(store.token, 'POST', `/store/coupons/${other.id}/redeem`, {}, headers);
    expect(misuse).toMatchObject({ status: 409, body: { err_code: 'CONFLICT' } });
    expect(misuse.body.err_msg[0]).toMatch(/Idempotency-Key/);
    expect(await debits(store.id)).toBe(2);
  });

  it('should let exactly one of two different redemptions for the last points through, naming the points', async () => {
    const store = await storeWith(100);
    const x = await coupon({ name: 'Gelas', points: 100 });
    const y = await coupon({ name: 'Piring', points: 100 });
    const [r1, r2] = await Promise.all([
      s.call(store.token, 'POST', `/store/coupons/${x.id}/redeem`, {}, { 'idempotency-key': 'k-x' }),
      s.call(store.token, 'POST', `/store/coupons/${y.id}/redeem`, {}, { 'idempotency-key': 'k-y' }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([201, 409]);
    const refused = r1.status === 409 ? r1 : r2;
    expect(refused.body.err_msg[0]).toMatch(/^insufficient points/);
    expect(await balance(store.id)).toBe(0);
    expect(await debits(store.id)).toBe(1);
    // The refused request kept nothing: with points again, its retry acts afresh.
    const stockBefore = (
      await one<{ stock: number }>(
        sql`select sum(stock)::int as stock from coupons where id in (${x.id}, ${y.id})`,
      )
    ).stock;
    await h.database.db.transaction((tx) =>
      postMovements(tx, [
        { customerId: store.id, pointType: 2, points: 100, source: 'inject', reason: 'Lagi' },
      ]),
    );
    const refusedCoupon = r1.status === 409 ? x : y;
    const retry = await s.call(
      store.token,
      'POST',
      `/store/coupons/${refusedCoupon.id}/redeem`,
      {},
      {
        'idempotency-key': r1.status === 409 ? 'k-x' : 'k-y',
      },
    );
    expect(retry.status).toBe(201);
    const stockAfter = (
      await one<{ stock: number }>(
        sql`select sum(stock)::int as stock from coupons where id in (${x.id}, ${y.id})`,
      )
    ).stock;
    expect(stockAfter).toBe(stockBefore - 1);
  });

  it('should refuse an empty stock naming it, and change nothing', async () => {
    const store = await storeWith(1000);
    const c = await coupon({ name: 'Terakhir', points: 10, stock: 1 });
    expect((await s.call(store.token, 'POST', `/store/coupons/${c.id}/redeem`)).status).toBe(201);
    const res = await s.call(store.token, 'POST', `/store/coupons/${c.id}/redeem`);
    expect(res.status).toBe(409);
    expect(res.body.err_msg[0]).toMatch(/^out of stock/);
    expect(await balance(store.id)).toBe(990);
  });

  it('should refuse a coupon not offered to the store, an unknown one, and bad input', async () => {
    const store = await storeWith(1000);
    const c = await coupon({ name: 'Cabang Lain' });
    await h.database.db.execute(
      sql`update coupons set branch_ids = ${`{${h.fixture.branches.b3.id}}`}::int[] where id = ${c.id}`,
    );
    const notOffered = await s.call(store.token, 'POST', `/store/coupons/${c.id}/redeem`);
    expect(notOffered.status).toBe(409);
    expect(notOffered.body.err_msg[0]).toMatch(/not offered/);
    expect((await s.call(store.token, 'POST', '/store/coupons/999999/redeem')).status).toBe(404);
    expect((await s.call(store.token, 'POST', '/store/coupons/abc/redeem')).status).toBe(400);
    const badKey = await s.call(
      store.token,
      'POST',
      `/store/coupons/${c.id}/redeem`,
      {},
      { 'idempotency-key': 'x'.repeat(101) },
    );
    expect(badKey.status).toBe(400);
    const control = await s.call(store.token, 'POST', `/store/coupons/${c.id}/redeem`, { note: 'a\u0000b' });
    expect(control.status).toBe(400);
    const other = await storeWith(0);
    const forOther = await s.call(store.token, 'POST', `/store/coupons/${c.id}/redeem`, {
      customer_id: other.id,
    });
    expect(forOther.status).toBe(404);
    expect(await balance(store.id)).toBe(1000);
    expect(await debits(store.id)).toBe(0);
  });
});
