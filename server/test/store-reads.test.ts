// What a signed-in store reads (STORE-API.md section 2): its profile, points history, redemptions,
// vouchers, inbox with read receipts counted back into the broadcast's figures, and the feed with
// ETags. Another store's records stay out of reach, whatever id the request names.
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
let a: { id: number; customer_code: string; phone_number: string };
let b: { id: number; customer_code: string; phone_number: string };
let tokenA: string;
let tokenB: string;

const one = async <T>(text: ReturnType<typeof sql>) => (await rows<T>(h.database.db, text))[0];

beforeAll(async () => {
  h = await createHarness();
  s = await createStoreApp(h);
  staff = await h.login();
  a = await makeCustomer(h.database.db, {
    branch_id: h.fixture.branches.b1.id,
    phone_number: '085700000001',
    owner_name: 'Bu Ani',
    salesman_id: h.fixture.salesmen[0].id,
    monthly_max_point: 500,
  });
  b = await makeCustomer(h.database.db, {
    branch_id: h.fixture.branches.b3.id,
    phone_number: '085700000002',
  });
  tokenA = (await s.signIn(a.phone_number)).token;
  tokenB = (await s.signIn(b.phone_number)).token;
  await h.database.db.transaction(async (tx) => {
    await postMovements(tx, [
      { customerId: a.id, pointType: 2, points: 300, source: 'inject', reason: 'Hadiah', reference: 'INJ-1' },
      {
        customerId: a.id,
        pointType: 5,
        points: -50,
        source: 'deduction',
        reason: 'Retur',
        reference: 'RET-1',
      },
      { customerId: b.id, pointType: 2, points: 999, source: 'inject', reason: 'Lain', reference: 'INJ-B' },
    ]);
  });
});
afterAll(async () => {
  await s?.close();
  await h?.close();
});

describe('GET /store/me', () => {
  it("should answer the signed-in store's profile with its balance and monthly cap", async () => {
    const res = await s.call(tokenA, 'GET', '/store/me');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      customer_id: a.id,
      customer_code: a.customer_code,
      owner_name: 'Bu Ani',
      branch_id: h.fixture.branches.b1.id,
      branch_name: 'Cabang Bandung',
      salesman_name: h.fixture.salesmen[0].salesman_name,
      point_balance: 250,
      monthly_max_point: 500,
      points_this_month: 0,
    });
    expect((await s.call(tokenB, 'GET', '/store/me')).body.data.customer_id).toBe(b.id);
  });

  it("should answer 404 to a request naming another store's id or code, and pass its own", async () => {
    for (const url of [`/store/me?customer_id=${b.id}`, `/store/points?customer_code=${b.customer_code}`]) {
      const res = await s.call(tokenA, 'GET', url);
      expect(res).toMatchObject({ status: 404, body: { data: null, err_code: 'NOT_FOUND' } });
    }
    expect((await s.call(tokenA, 'GET', `/store/me?customer_id=${a.id}`)).status).toBe(200);
    const body = await s.call(tokenA, 'PUT', '/store/inbox/1/read', { customer_id: b.id });
    expect(body.status).toBe(404);
  });
});

describe('GET /store/points', () => {
  it('should list the live ledger rows newest first with the type name in the request language', async () => {
    const res = await s.call(tokenA, 'GET', '/store/points');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 10, total_data: 2, total_page: 1, balance: 250 });
    expect(res.body.data.map((r: { points: number }) => r.points)).toEqual([-50, 300]);
    expect(res.body.data[0]).toMatchObject({
      point_type: 5,
      type_name: 'Pengurangan poin',
      document_no: 'RET-1',
      reason: 'Retur',
      balance_after: 250,
    });
    const en = await s.call(tokenA, 'GET', '/store/points?limit=1&page=2', undefined, {
      'accept-language': 'en',
    });
    expect(en.body.data).toEqual([expect.objectContaining({ point_type: 2, type_name: 'Injected points' })]);
    expect(en.body.meta).toMatchObject({ page: 2, limit: 1, total_data: 2, total_page: 2 });
  });

  it('should refuse bad paging with 400', async () => {
    for (const q of ['limit=0', 'limit=101', 'page=0', 'page=abc']) {
      const res = await s.call(tokenA, 'GET', `/store/points?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.err_code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('GET /store/redemptions and /store/vouchers', () => {
  it("should list only the store's own", async () => {
    const coupon = await one<{ id: number }>(
      sql`insert into coupons (name, points_required, stock, start_date, end_date)
          values ('Payung', 100, 5, current_date - 1, current_date + 30) returning id`,
    );
    for (const c of [a, b]) {
      await h.database.db.execute(
        sql`insert into coupon_redemptions (coupon_id, customer_id, branch_id, points)
            select ${coupon.id}, id, branch_id, 100 from customers where id = ${c.id}`,
      );
    }
    const voucher = await one<{ id: number }>(
      sql`insert into vouchers (code, name, nominal, start_date, end_date)
          values ('V-STORE', 'Voucher 50rb', 50000, current_date - 1, current_date + 30) returning id`,
    );
    for (const c of [a, b]) {
      await h.database.db.execute(
        sql`insert into voucher_redemptions (voucher_id, customer_id, branch_id)
            select ${voucher.id}, id, branch_id from customers where id = ${c.id}`,
      );
    }
    const red = await s.call(tokenA, 'GET', '/store/redemptions');
    expect(red.status).toBe(200);
    expect(red.body.meta.total_data).toBe(1);
    expect(red.body.data[0]).toMatchObject({
      coupon_id: coupon.id,
      coupon_name: 'Payung',
      points: 100,
      status: 'redeemed',
    });
    const vou = await s.call(tokenA, 'GET', '/store/vouchers');
    expect(vou.status).toBe(200);
    expect(vou.body.data).toEqual([
      expect.objectContaining({ voucher_id: voucher.id, code: 'V-STORE', nominal: 50000 }),
    ]);
  });
});

describe('GET /store/inbox and PUT /store/inbox/{id}/read', () => {
  it('should list the store deliveries with unread, mark one read once, and move the broadcast read count', async () => {
    const bc = await one<{ id: number }>(
      sql`insert into broadcasts (title, message, link, status, sent_count)
          values ('Promo Oktober', 'Diskon 10%', '/promo', 'sent', 2) returning id`,
    );
    const mine = await one<{ id: number }>(
      sql`insert into broadcast_deliveries (broadcast_id, customer_id, status, delivered_at)
          values (${bc.id}, ${a.id}, 'delivered', now()) returning id`,
    );
    const theirs = await one<{ id: number }>(
      sql`insert into broadcast_deliveries (broadcast_id, customer_id, status, delivered_at)
          values (${bc.id}, ${b.id}, 'delivered', now()) returning id`,
    );
    const inbox = await s.call(tokenA, 'GET', '/store/inbox');
    expect(inbox.status).toBe(200);
    expect(inbox.body.meta).toMatchObject({ total_data: 1, unread: 1 });
    expect(inbox.body.data).toEqual([
      expect.objectContaining({
        id: mine.id,
        broadcast_id: bc.id,
        title: 'Promo Oktober',
        message: 'Diskon 10%',
        link: '/promo',
        read_at: null,
      }),
    ]);
    const readCount = async () =>
      (await s.call(staff, 'GET', `/broadcast/id/${bc.id}`)).body.data.delivery_counts.read as number;
    expect(await readCount()).toBe(0);

    expect((await s.call(tokenA, 'PUT', `/store/inbox/${theirs.id}/read`)).status).toBe(404);
    expect((await s.call(tokenA, 'PUT', '/store/inbox/abc/read')).status).toBe(400);
    expect((await s.call(tokenA, 'PUT', '/store/inbox/999999/read')).status).toBe(404);
    const first = await s.call(tokenA, 'PUT', `/store/inbox/${mine.id}/read`);
    expect(first.status).toBe(200);
    expect(first.body.data.read_at).toEqual(expect.any(String));
    const again = await s.call(tokenA, 'PUT', `/store/inbox/${mine.id}/read`);
    expect(again.body.data.read_at).toBe(first.body.data.read_at);
    expect(await readCount()).toBe(1);
    const after = await s.call(tokenA, 'GET', '/store/inbox');
    expect(after.body.meta.unread).toBe(0);
    expect(after.body.data[0].read_at).toBe(first.body.data.read_at);
    // The other store's copy is untouched.
    const other = await one<{ status: string }>(
      sql`select status from broadcast_deliveries where id = ${theirs.id}`,
    );
    expect(other.status).toBe('delivered');
  });
});

describe('GET /store/feed', () => {
  it('should answer the active content with an ETag, 304 to a matching If-None-Match, and a new ETag after a change', async () => {
    const news = await one<{ id: number }>(
      sql`insert into news (title, content, priority, start_date, end_date)
          values ('Kabar toko', 'Isi', 1, current_date - 1, current_date + 5) returning id`,
    );
    await h.database.db.execute(
      sql`insert into news (title, content, priority, start_date, end_date)
          values ('Kabar lama', 'Isi', 0, current_date - 30, current_date - 10)`,
    );
    const first = await s.call(tokenA, 'GET', '/store/feed');
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const titles = first.body.data.news.map((n: { title: string }) => n.title);
    expect(titles).toContain('Kabar toko');
    expect(titles).not.toContain('Kabar lama');
    const same = await s.call(tokenB, 'GET', '/store/feed', undefined, { 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(same.body).toBe('');
    await h.database.db.execute(
      sql`update news set title = 'Kabar baru', updated_at = now() where id = ${news.id}`,
    );
    const changed = await s.call(tokenA, 'GET', '/store/feed', undefined, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.data.news.map((n: { title: string }) => n.title)).toContain('Kabar baru');
  });
});
