// Points that expire: the settings (ranges, language, from when they apply), the expiry run (exact
// rows, a repeat takes nothing, only for staff who see every branch), running it beside redemptions,
// and reading lots. On PGlite by default, on the PostgreSQL server with TEST_DATABASE_URL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { role_group_roles, roles } from '../src/db/schema/staff';
import { type Movement, postMovement } from '../src/domain/ledger';
import { runExpiry } from '../src/modules/points/points.lots';
import { verifyBalances, verifyLots } from '../src/modules/points/points.verify';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';
import { makeCustomer } from './points-factories';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
});
afterAll(async () => {
  await h?.close();
});

const customer = () => makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id });
const setMonths = (months: number | null) =>
  h.database.db.execute(sql`update point_settings set expire_after_months = ${months} where id = 1`);
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const post = (m: Movement) => h.database.db.transaction((tx) => postMovement(tx, m));
const inject = (customerId: number, points: number, entryDate: string) =>
  post({ customerId, pointType: 2, points, source: 'inject', reason: 'lot', entryDate });
/** A lot that expired long ago (earned 2020, one month): still in the balance until a run takes it. */
const expiredLot = async (customerId: number, points: number, earned = '2020-01-05') => {
  await setMonths(1);
  await inject(customerId, points, earned);
  await setMonths(null);
};
const balance = async (id: number) =>
  (await h.database.rows<{ b: number }>(sql`select point_balance as b from customers where id = ${id}`))[0].b;
const expiryRows = (id: number) =>
  h.database.rows<{ id: number; points: number; source: string }>(
    sql`select id, points, source from point_ledger where customer_id = ${id} and point_type = 8 order by id`,
  );
const localized = (method: 'PUT' | 'POST', url: string, payload: unknown, lang: string) =>
  h.app.inject({
    method,
    url: `/v1/api${url}`,
    headers: { authorization: `Bearer ${admin}`, 'accept-language': lang },
    payload: payload as object,
  });

describe('point settings', () => {
  it('should start with points that never expire and 30 days of notice', async () => {
    const res = await h.call(admin, 'GET', '/point/settings');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ expire_after_months: null, notify_days_before: 30 });
  });

  it('should apply a new expiry to lots earned afterwards and say so', async () => {
    const c = await customer();
    const before = await inject(c.id, 10, day(-3));
    const res = await h.call(admin, 'PUT', '/point/settings', { expire_after_months: 12 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ expire_after_months: 12, notify_days_before: 30 });
    expect(res.body.data.note).toMatch(/points earned before keep their expiry dates/);
    expect(res.body.data.applies_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const id = await localized('PUT', '/point/settings', { notify_days_before: 14 }, 'id');
    expect(id.statusCode).toBe(200);
    // A partial body keeps the other field.
    expect(id.json().data).toMatchObject({ expire_after_months: 12, notify_days_before: 14 });
    expect(id.json().data.note).toMatch(/kedaluwarsa pada akhir bulan ke-12/);
    const after = await inject(c.id, 10, '2025-11-15');
    const lots = await h.database.rows<{ ledger_id: number; expires_on: string | null }>(
      sql`select ledger_id, expires_on::text as expires_on from point_lots where customer_id = ${c.id} order by ledger_id`,
    );
    expect(lots).toEqual([
      { ledger_id: before.id, expires_on: null },
      { ledger_id: after.id, expires_on: '2026-11-30' },
    ]);
    const back = await h.call(admin, 'PUT', '/point/settings', { expire_after_months: null });
    expect(back.status).toBe(200);
    expect(back.body.data.expire_after_months).toBeNull();
    expect(back.body.data.note).toMatch(/never expire/);
  });

  it('should answer 400 in the user language outside the ranges, and change nothing', async () => {
    for (const body of [
      { expire_after_months: 0 },
      { expire_after_months: 121 },
      { expire_after_months: 1.5 },
      { expire_after_months: '12' },
      { notify_days_before: -1 },
      { notify_days_before: 366 },
    ]) {
      const res = await h.call(admin, 'PUT', '/point/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const en = await localized('PUT', '/point/settings', { expire_after_months: 121 }, 'en');
    expect(en.json().err_msg.join(' ')).toMatch(/expire_after_months: must be at most 120/);
    const id = await localized('PUT', '/point/settings', { expire_after_months: 0 }, 'id');
    expect(id.json().err_msg.join(' ')).toMatch(/expire_after_months: (minimal 1|harus 1 atau lebih)/);
    const now = await h.call(admin, 'GET', '/point/settings');
    expect(now.body.data).toMatchObject({ expire_after_months: null, notify_days_before: 14 });
  });

  it('should let only staff who see every branch change the settings or run the expiry', async () => {
    const [role] = await h.database.db
      .insert(roles)
      .values({
        name: 'point – all',
        area: 'point',
        can_view: true,
        can_create: true,
        can_update: true,
        can_delete: true,
      })
      .returning();
    await h.database.db
      .insert(role_group_roles)
      .values({ role_group_id: h.fixture.branchGroupId, role_id: role.id });
    const branch = await h.login(BRANCH_USER);
    const put = await h.call(branch, 'PUT', '/point/settings', { expire_after_months: 6 });
    expect(put.status).toBe(403);
    const run = await h.call(branch, 'POST', '/point/expiry/run');
    expect(run.status).toBe(403);
    expect((await h.call(branch, 'GET', '/point/settings')).status).toBe(200);
  });
});

describe('the expiry run', () => {
  it('should write one exact row per store drawing exactly the expired lots, and nothing on a repeat', async () => {
    // Earlier tests' stores may hold expired lots too: take them first.
    await runExpiry(h.database.db);
    const a = await customer();
    await expiredLot(a.id, 20);
    await inject(a.id, 10, day(-1));
    const b = await customer();
    await expiredLot(b.id, 10, '2020-01-05');
    await expiredLot(b.id, 8, '2020-03-01');
    await inject(b.id, 5, day(-1));
    await post({ customerId: b.id, pointType: 5, points: -3, source: 'deduction', reason: 'spend' });

    const preview = await h.call(admin, 'GET', '/point/expiry/run/preview');
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ count: 2, points: 38, lots: 3 });

    const run = await h.call(admin, 'POST', '/point/expiry/run');
    expect(run.status).toBe(200);
    expect(run.body.data).toMatchObject({ customers: 2, points: 38, lots: 3 });
    const rowsA = await expiryRows(a.id);
    const rowsB = await expiryRows(b.id);
    expect(rowsA.map((r) => [r.points, r.source])).toEqual([[-20, 'expiry']]);
    expect(rowsB.map((r) => [r.points, r.source])).toEqual([[-18, 'expiry']]);
    expect(await balance(a.id)).toBe(10);
    expect(await balance(b.id)).toBe(2);
    // The row drew exactly the expired lots, nothing from the valid one.
    const drawn = await h.database.rows<{ expires_on: string; amount: number }>(
      sql`select l.expires_on::text as expires_on, d.amount from point_lot_draws d join point_lots l on l.id = d.lot_id
          where d.ledger_id = ${rowsB[0].id} order by l.expires_on`,
    );
    expect(drawn).toEqual([
      { expires_on: '2020-02-29', amount: 10 },
      { expires_on: '2020-04-30', amount: 8 },
    ]);

    const again = await h.call(admin, 'POST', '/point/expiry/run');
    expect(again.body.data).toMatchObject({ customers: 0, points: 0, lots: 0 });
    expect(await expiryRows(a.id)).toHaveLength(1);
    expect(await expiryRows(b.id)).toHaveLength(1);

    // The lots read as expired, spent and open.
    const lots = await h.call(admin, 'GET', `/point/lots?customer_id=${b.id}`);
    expect(lots.status).toBe(200);
    expect(
      lots.body.data.map(
        (l: { points: number; remaining: number; status: string; expired_points: number }) => [
          l.points,
          l.remaining,
          l.status,
          l.expired_points,
        ],
      ),
    ).toEqual([
      [5, 2, 'open', 0],
      [8, 0, 'expired', 8],
      [10, 0, 'expired', 10],
    ]);
    const open = await h.call(admin, 'GET', `/point/lots?customer_id=${b.id}&status=expired&limit=1`);
    expect(open.body.meta).toMatchObject({ total_data: 2 });
    expect(open.body.data).toHaveLength(1);
    expect(await verifyLots(h.database.db)).toEqual({
      customers: [],
      lots_inconsistent: 0,
      credits_without_lot: 0,
    });
    expect((await verifyBalances(h.database.db)).differences).toEqual([]);
  });

  it('should never take the same points twice when redemptions run at the same time', async () => {
    await runExpiry(h.database.db);
    const c = await customer();
    await expiredLot(c.id, 50);
    await inject(c.id, 30, day(-1));
    const spends = Array.from({ length: 10 }, (_, i) =>
      h.call(admin, 'POST', '/point/', { customer_id: c.id, point_type: 5, points: 5, reason: `spend ${i}` }),
    );
    const [run, ...results] = await Promise.all([runExpiry(h.database.db, { batch: 1 }), ...spends]);
    const ok = results.filter((r) => r.status === 201).length;
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    // Only the 30 valid points can be spent; the run takes the 50 expired ones, exactly once.
    expect(ok).toBe(6);
    expect(run.points).toBeGreaterThanOrEqual(50);
    expect((await expiryRows(c.id)).map((r) => r.points)).toEqual([-50]);
    expect(await balance(c.id)).toBe(0);
    expect(await verifyLots(h.database.db)).toEqual({
      customers: [],
      lots_inconsistent: 0,
      credits_without_lot: 0,
    });
  });

  it('should take each store exactly once across batch boundaries, beside redemptions in every batch', async () => {
    await runExpiry(h.database.db);
    // Five stores in batches of two: the boundaries fall between the 2nd/3rd and 4th/5th stores.
    const stores = [];
    for (let i = 0; i < 5; i++) {
      const c = await customer();
      await expiredLot(c.id, 10 + i, '2020-01-05');
      await expiredLot(c.id, 4, '2020-06-10');
      await inject(c.id, 20, day(-1));
      stores.push(c.id);
    }
    const spends = stores.flatMap((id) =>
      Array.from({ length: 5 }, (_, i) =>
        h.call(admin, 'POST', '/point/', { customer_id: id, point_type: 5, points: 6, reason: `spend ${i}` }),
      ),
    );
    const [run, ...results] = await Promise.all([runExpiry(h.database.db, { batch: 2 }), ...spends]);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(run).toMatchObject({ customers: 5, points: 5 * 14 + 10, lots: 10 });
    for (const [i, id] of stores.entries()) {
      // Only the 20 valid points can be spent (3 of 6), whatever the run does meanwhile.
      const spent = await h.database.rows<{ n: number }>(
        sql`select count(*)::int as n from point_ledger where customer_id = ${id} and point_type = 5`,
      );
      expect(spent[0].n).toBe(3);
      expect((await expiryRows(id)).map((r) => r.points)).toEqual([-(14 + i)]);
      expect(await balance(id)).toBe(2);
    }
    const again = await runExpiry(h.database.db, { batch: 2 });
    expect(again).toMatchObject({ customers: 0, points: 0, lots: 0 });
    expect(await verifyLots(h.database.db)).toEqual({
      customers: [],
      lots_inconsistent: 0,
      credits_without_lot: 0,
    });
    expect((await verifyBalances(h.database.db)).differences).toEqual([]);
  });
});

describe('the expiring points report', () => {
  it("should list the stores with points expiring in the range, with totals, in the caller's branches", async () => {
    await setMonths(1);
    const first = new Date();
    first.setUTCDate(1);
    const earned = first.toISOString().slice(0, 10);
    // Earned this month with one month: they expire at the end of next month.
    const a = await customer();
    await inject(a.id, 12, earned);
    await inject(a.id, 3, earned);
    const other = await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b3.id });
    await inject(other.id, 40, earned);
    await setMonths(null);
    await inject(a.id, 100, earned); // never expires: not in the report

    const res = await h.call(admin, 'GET', '/point/report/expiring');
    expect(res.status).toBe(200);
    const mine = res.body.data.find((r: { customer_id: number }) => r.customer_id === a.id);
    expect(mine).toMatchObject({ expiring_points: 15, lots: 2, point_balance: 115 });
    expect(res.body.totals.points).toBe(
      res.body.data.reduce((s: number, r: { expiring_points: number }) => s + r.expiring_points, 0),
    );
    expect(res.body.totals.customers).toBe(res.body.data.length);
    const b1 = await h.call(admin, 'GET', `/point/report/expiring?branch_id=${h.fixture.branches.b3.id}`);
    expect(b1.body.data.map((r: { customer_id: number }) => r.customer_id)).toEqual([other.id]);
    expect(b1.body.totals).toEqual({ customers: 1, points: 40, lots: 1 });
    // A range before the lots expire holds none of them.
    const early = await h.call(
      admin,
      'GET',
      '/point/report/expiring?start_date=2020-01-01&end_date=2020-01-31',
    );
    expect(early.body.totals).toEqual({ customers: 0, points: 0, lots: 0 });
    expect(early.body.data).toEqual([]);
    // A user of branches b1 and b2 does not see the b3 store.
    const branch = await h.login(BRANCH_USER);
    const scoped = await h.call(branch, 'GET', '/point/report/expiring');
    expect(scoped.status).toBe(200);
    const ids = scoped.body.data.map((r: { customer_id: number }) => r.customer_id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(other.id);
    // The store's page: what it has expiring next.
    const next = await h.call(admin, 'GET', `/point/expiring/customer_id/${a.id}`);
    expect(next.body.data).toMatchObject({ expiring_points: 15, next_points: 15 });
    expect(next.body.data.next_date).toBe(mine.first_expiry);
  });
});
