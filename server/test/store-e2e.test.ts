// The loop between the back office and the stores' app, through the API alone (STORE-API.md): staff
// give a store its number, the store signs in with the code the `log` adapter wrote to the server
// log, redeems a coupon that the staff redemption reports then list; staff execute a broadcast that
// the store reads, and the broadcast's read count moves; a store's first sign-in moves the
// registered-stores dashboard by one, a second sign-in does not. Every figure is compared with the
// same figure read before the action. The only direct database write is the store itself: customers
// come from the ERP, which has no route here.
import { jakartaDate } from '@lbo/contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer } from './factories';
import { ADMIN } from './fixtures';
import { createHarness, type Harness } from './harness';
import { createStoreApp, nextIp, type StoreApp } from './support/store';

let h: Harness;
let s: StoreApp;
let staff: string;
let seq = 0;

beforeAll(async () => {
  h = await createHarness();
  s = await createStoreApp(h);
  const login = await s.call(null, 'POST', '/web/auth', ADMIN);
  expect(login.status).toBe(200);
  staff = login.body.data.token;
});
afterAll(async () => {
  await s?.close();
  await h?.close();
});

/** A store from the ERP, without a number; staff record its number and open it to the app. */
async function storeWithNumber() {
  const c = await makeCustomer(h.database.db, {
    branch_id: h.fixture.branches.b2.id,
    phone_number: '',
    show_in_app: false,
  });
  const phone = `0859${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(5, '0')}`;
  const edit = await s.call(staff, 'PUT', `/web/customer/id/${c.id}`, {
    phone_number: phone,
    show_in_app: true,
  });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  return { id: c.id, code: c.customer_code, phone };
}

/** What a person with the app does: asks for a code, reads it where the server wrote it, signs in. */
async function signIn(phone: string) {
  const ip = nextIp();
  const from = s.lines.length;
  const otp = await s.call(null, 'POST', '/store/auth/otp', { phone_number: phone }, { ip });
  expect(otp.status).toBe(202);
  const logged = s.lines
    .slice(from)
    .map((l) => /^otp: (\S+) (\d{6})$/.exec(String(l.msg)))
    .filter((m) => m !== null);
  expect(logged.map((m) => m[1])).toEqual([phone]);
  const res = await s.call(null, 'POST', '/store/auth', { phone_number: phone, code: logged[0][2] }, { ip });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { token: string; customer_id: number };
}

const today = jakartaDate();

describe('store ↔ back office, through the API', () => {
  it('should list a coupon the store redeemed in the staff redemption reports', async () => {
    const store = await storeWithNumber();
    const inject = await s.call(staff, 'POST', '/point/', {
      customer_id: store.id,
      point_type: 2,
      points: 500,
      reason: 'Hadiah pembukaan',
    });
    expect(inject.status, JSON.stringify(inject.body)).toBe(201);
    const made = await s.call(staff, 'POST', '/coupon/', {
      name: `Kaos Toko ${seq}`,
      points_required: 300,
      stock: 5,
      start_date: jakartaDate(-1),
      end_date: jakartaDate(30),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const couponId = made.body.data.id as number;
    const period = `start_date=${today}&end_date=${today}`;
    const reportBefore = await s.call(
      staff,
      'GET',
      `/coupon_redeem/report/redeemed?coupon_id=${couponId}&${period}`,
    );
    expect(reportBefore.status).toBe(200);
    const redeemedBefore = reportBefore.body.data.find(
      (r: { coupon_id: number }) => r.coupon_id === couponId,
    );

    const { token } = await signIn(store.phone);
    const offered = await s.call(token, 'GET', '/store/coupons');
    expect(offered.body.data.map((c: { id: number }) => c.id)).toContain(couponId);
    const redeem = await s.call(token, 'POST', `/store/coupons/${couponId}/redeem`, null, {
      'idempotency-key': `e2e-${store.id}`,
    });
    expect(redeem.status, JSON.stringify(redeem.body)).toBe(201);
    expect(redeem.body.data).toMatchObject({ coupon_id: couponId, points: 300, point_balance: 200 });
    const redemptionId = redeem.body.data.id as number;

    // The list of redemptions the back office reads, filtered to this store.
    const list = await s.call(staff, 'GET', `/coupon_redeem/report?customer_id=${store.id}`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: redemptionId,
        coupon_id: couponId,
        customer_id: store.id,
        points: 300,
        coupon_status: 'redeemed',
      }),
    ]);
    // The redeemed report per coupon counts it once more than before.
    const report = await s.call(
      staff,
      'GET',
      `/coupon_redeem/report/redeemed?coupon_id=${couponId}&${period}`,
    );
    const row = report.body.data.find((r: { coupon_id: number }) => r.coupon_id === couponId);
    expect(row).toMatchObject({
      redeemed: (redeemedBefore?.redeemed ?? 0) + 1,
      points: (redeemedBefore?.points ?? 0) + 300,
    });
    // And the store sees it among its own.
    const mine = await s.call(token, 'GET', '/store/redemptions');
    expect(mine.body.data.map((r: { id: number }) => r.id)).toEqual([redemptionId]);
  });

  it("should show an executed broadcast unread in the store's inbox, then read, and move its read count by one", async () => {
    const store = await storeWithNumber();
    const { token } = await signIn(store.phone);
    const inboxBefore = await s.call(token, 'GET', '/store/inbox');
    expect(inboxBefore.status).toBe(200);
    const unreadBefore = inboxBefore.body.meta.unread as number;

    const made = await s.call(staff, 'POST', '/broadcast/add', {
      title: 'Promo akhir bulan',
      message: 'Diskon 10% untuk semua produk minggu ini',
      audience: 'customers',
      customer_codes: [store.code],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id as number;
    const preview = await s.call(staff, 'GET', `/broadcast/execute/${id}/preview`);
    expect(preview.body.data.count).toBe(1);
    const exec = await s.call(staff, 'POST', `/broadcast/execute/${id}?confirm_count=1`);
    expect(exec.status, JSON.stringify(exec.body)).toBe(200);
    expect(exec.body.data.status).toBe('queued');
    // The delivery is a job: run it as a worker would.
    expect(await s.app.jobs.drain()).toBe(1);
    const view = await s.call(staff, 'GET', `/broadcast/id/${id}`);
    expect(view.body.data).toMatchObject({ status: 'sent', delivered_count: 1 });
    const readBefore = view.body.data.delivery_counts.read as number;

    const inbox = await s.call(token, 'GET', '/store/inbox');
    expect(inbox.body.meta.unread).toBe(unreadBefore + 1);
    const message = inbox.body.data.find((m: { broadcast_id: number }) => m.broadcast_id === id);
    expect(message).toMatchObject({
      title: 'Promo akhir bulan',
      message: 'Diskon 10% untuk semua produk minggu ini',
      read_at: null,
    });
    expect(message.delivered_at).toEqual(expect.any(String));

    const read = await s.call(token, 'PUT', `/store/inbox/${message.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.data.read_at).toEqual(expect.any(String));
    const after = await s.call(token, 'GET', '/store/inbox');
    expect(after.body.meta.unread).toBe(unreadBefore);
    expect(after.body.data.find((m: { id: number }) => m.id === message.id).read_at).toBe(
      read.body.data.read_at,
    );
    const viewAfter = await s.call(staff, 'GET', `/broadcast/id/${id}`);
    expect(viewAfter.body.data.delivery_counts).toMatchObject({ read: readBefore + 1, delivered: 0 });

    // Read again: no change anywhere.
    expect((await s.call(token, 'PUT', `/store/inbox/${message.id}/read`)).status).toBe(200);
    const viewAgain = await s.call(staff, 'GET', `/broadcast/id/${id}`);
    expect(viewAgain.body.data.delivery_counts.read).toBe(readBefore + 1);
  });

  it('should move the registered-stores dashboard by exactly one on the first sign-in, not on the second', async () => {
    const b2 = h.fixture.branches.b2.id;
    const store = await storeWithNumber();
    const figures = async () => {
      const dash = await s.call(staff, 'GET', `/web/dashboard/select/branch?branch_id=${b2}`);
      expect(dash.status, JSON.stringify(dash.body)).toBe(200);
      const row = dash.body.data.find((r: { branch_id: number }) => r.branch_id === b2);
      const list = await s.call(staff, 'GET', `/web/dashboard/detail/total/registered-user?branch_id=${b2}`);
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      const activation = await s.call(
        staff,
        'GET',
        `/web/dashboard/report/activation?branch_id=${b2}&start_date=${today}&end_date=${today}`,
      );
      expect(activation.status, JSON.stringify(activation.body)).toBe(200);
      return {
        registered: row.registered_stores as number,
        activated: row.activated_stores as number,
        listed: list.body.meta.total_data as number,
        activatedToday: activation.body.meta.total_data as number,
        inList: list.body.data.some((r: { customer_id_detail: number }) => r.customer_id_detail === store.id),
      };
    };
    const before = await figures();
    expect(before.inList).toBe(false);

    await signIn(store.phone);
    const first = await figures();
    expect(first).toEqual({
      registered: before.registered + 1,
      activated: before.activated + 1,
      listed: before.listed + 1,
      activatedToday: before.activatedToday + 1,
      inList: true,
    });

    await signIn(store.phone);
    expect(await figures()).toEqual(first);
  });
});
