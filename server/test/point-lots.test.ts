// Point lots (migration 0018): every credit brings in a lot, every debit draws lots soonest expiry
// first, then oldest earned, lots without expiry last; a revert gives back the same lots; the
// conversion of a history written before lots existed; a debit the valid lots cannot cover.
// On PGlite by default, on the PostgreSQL server with TEST_DATABASE_URL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockEntry, type Movement, postMovement, reverseEntry } from '../src/domain/ledger';
import { ApiError } from '../src/http/errors';
import { verifyBalances, verifyLots } from '../src/modules/points/points.verify';
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
/** `YYYY-MM-DD`, `days` days from today (negative: before). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const post = (m: Movement) => h.database.db.transaction((tx) => postMovement(tx, m));
const inject = (customerId: number, points: number, entryDate: string) =>
  post({ customerId, pointType: 2, points, source: 'inject', reason: 'lot', entryDate });
const deduct = (customerId: number, points: number) =>
  post({ customerId, pointType: 5, points: -points, source: 'deduction', reason: 'spend' });

type Lot = { id: number; ledger_id: number; points: number; remaining: number; expires_on: string | null };
const lotsOf = (customerId: number) =>
  h.database.rows<Lot>(
    sql`select id, ledger_id, points, remaining, expires_on::text as expires_on from point_lots
        where customer_id = ${customerId} order by ledger_id`,
  );
const drawsOf = (ledgerId: number) =>
  h.database.rows<{ lot_id: number; amount: number }>(
    sql`select lot_id, amount from point_lot_draws where ledger_id = ${ledgerId} order by id`,
  );
const lotOf = async (ledgerId: number) =>
  (await h.database.rows<{ id: number }>(sql`select id from point_lots where ledger_id = ${ledgerId}`))[0].id;

describe('point lots', () => {
  it('should date a lot at the end of the month the setting names after the earned month', async () => {
    const [r] = await h.database.rows<{ a: string; b: string; c: string | null; d: string }>(
      sql`select point_lots_expiry_of('2025-11-15', 12)::text as a, point_lots_expiry_of('2024-01-31', 1)::text as b,
                 point_lots_expiry_of('2025-11-15', null)::text as c, point_lots_expiry_of('2025-12-01', 120)::text as d`,
    );
    expect(r).toEqual({ a: '2026-11-30', b: '2024-02-29', c: null, d: '2035-12-31' });
  });

  it('should draw three lots soonest expiry first, then the lot without expiry', async () => {
    const c = await customer();
    await setMonths(null);
    const never = await inject(c.id, 10, day(-10));
    await setMonths(120);
    const late = await inject(c.id, 10, day(-5));
    await setMonths(60);
    const soon = await inject(c.id, 10, day(-1));
    await setMonths(null);
    const lots = await lotsOf(c.id);
    expect(lots.map((l) => [l.ledger_id, l.remaining, l.expires_on === null])).toEqual([
      [never.id, 10, true],
      [late.id, 10, false],
      [soon.id, 10, false],
    ]);
    expect(lots[2].expires_on! < lots[1].expires_on!).toBe(true);

    const spent = await deduct(c.id, 25);
    expect(await drawsOf(spent.id)).toEqual([
      { lot_id: await lotOf(soon.id), amount: 10 },
      { lot_id: await lotOf(late.id), amount: 10 },
      { lot_id: await lotOf(never.id), amount: 5 },
    ]);
    expect((await lotsOf(c.id)).map((l) => l.remaining)).toEqual([5, 0, 0]);
    expect((await verifyLots(h.database.db)).customers).toEqual([]);
  });

  it('should draw the oldest earned first among lots expiring on the same day', async () => {
    const c = await customer();
    await setMonths(24);
    const first = new Date();
    first.setUTCDate(1);
    first.setUTCMonth(first.getUTCMonth() - 1);
    const d1 = first.toISOString().slice(0, 10);
    const d2 = `${d1.slice(0, 8)}15`;
    // Written newest first: the order of the rows does not decide, the earned date does.
    const newer = await inject(c.id, 7, d2);
    const older = await inject(c.id, 7, d1);
    await setMonths(null);
    const spent = await deduct(c.id, 9);
    expect(await drawsOf(spent.id)).toEqual([
      { lot_id: await lotOf(older.id), amount: 7 },
      { lot_id: await lotOf(newer.id), amount: 2 },
    ]);
  });

  it('should give a reverted redemption back to the same lots, and a voided debit too', async () => {
    const c = await customer();
    await setMonths(null);
    const a = await inject(c.id, 10, day(-20));
    await setMonths(60);
    const b = await inject(c.id, 10, day(-2));
    await setMonths(null);
    const redeemed = await post({
      customerId: c.id,
      pointType: 4,
      points: -15,
      source: 'redemption',
      reason: 'coupon',
    });
    const lotA = await lotOf(a.id);
    const lotB = await lotOf(b.id);
    expect(await drawsOf(redeemed.id)).toEqual([
      { lot_id: lotB, amount: 10 },
      { lot_id: lotA, amount: 5 },
    ]);
    const later = await deduct(c.id, 3);
    expect(await drawsOf(later.id)).toEqual([{ lot_id: lotA, amount: 3 }]);
    const revert = await h.database.db.transaction(async (tx) => {
      const entry = await lockEntry(tx, redeemed.id);
      return reverseEntry(tx, entry!, {
        pointType: 6,
        source: 'revert',
        reason: 'revert',
      });
    });
    expect(await drawsOf(revert.id)).toEqual([
      { lot_id: lotA, amount: -5 },
      { lot_id: lotB, amount: -10 },
    ]);
    // No new lot: the points went back where they came from.
    expect((await lotsOf(c.id)).map((l) => [l.ledger_id, l.remaining])).toEqual([
      [a.id, 7],
      [b.id, 10],
    ]);
    // A staff deduction voided gives its lot back the same way.
    const res = await h.call(admin, 'DELETE', `/point/${later.id}`);
    expect(res.status).toBe(200);
    expect(await drawsOf(later.id)).toEqual([
      { lot_id: lotA, amount: 3 },
      { lot_id: lotA, amount: -3 },
    ]);
    expect((await lotsOf(c.id)).map((l) => l.remaining)).toEqual([10, 10]);
    const check = await verifyLots(h.database.db);
    expect(check).toEqual({ customers: [], lots_inconsistent: 0, credits_without_lot: 0 });
  });

  it('should take a voided or corrected credit out of its own lot first, then FEFO', async () => {
    const c = await customer();
    await setMonths(null);
    const a = await h.call(admin, 'POST', '/point/', {
      customer_id: c.id,
      point_type: 2,
      points: 100,
      reason: 'inject',
      entry_date: day(-30),
    });
    expect(a.status).toBe(201);
    await setMonths(12);
    const b = await inject(c.id, 50, day(-1));
    await setMonths(null);
    // 70 spent: 50 from b (it expires), 20 from a.
    await deduct(c.id, 70);
    // Correct a from 100 to 90: the replacement lot comes first, then a's void takes 100 (80 left in
    // a's lot, the other 20 from the replacement).
    const fixed = await h.call(admin, 'PUT', `/point/${a.body.data.id}`, { points: 90 });
    expect(fixed.status).toBe(200);
    const replacement = fixed.body.data.id as number;
    expect((await lotsOf(c.id)).map((l) => [l.ledger_id, l.remaining])).toEqual([
      [a.body.data.id, 0],
      [b.id, 0],
      [replacement, 70],
    ]);
    const [{ balance }] = await h.database.rows<{ balance: number }>(
      sql`select point_balance as balance from customers where id = ${c.id}`,
    );
    expect(balance).toBe(70);
    expect((await verifyLots(h.database.db)).customers).toEqual([]);
  });

  it('should convert a history written before lots existed as a hand computation does', async () => {
    const c = await customer();
    await setMonths(12);
    const ids = await h.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local lbo.point_lots = 'off'`);
      const row = async (type: number, points: number, date: string, extra = sql``) => {
        const [r] = (
          (await tx.execute(
            sql`insert into point_ledger (customer_id, point_type, points, reason, source, entry_date, reverses_id, void, voided_at)
                values (${c.id}, ${type}, ${points}, 'history', ${type === 4 ? 'redemption' : type === 6 ? 'revert' : 'inject'},
                        ${date}::date, ${extra})
                returning id`,
          )) as unknown as { rows: { id: number }[] }
        ).rows;
        return r.id;
      };
      const none = sql`null, false, null`;
      const l1 = await row(2, 100, '2024-01-10', none);
      const d2 = await row(5, -30, '2024-02-01', none);
      const l3 = await row(2, 50, '2024-03-01', none);
      const r4 = await row(4, -40, '2024-03-05', none);
      const d5 = await row(5, -60, '2024-04-01', none);
      const r6 = await row(6, 40, '2024-04-02', sql`${r4}, false, null`);
      const v7 = await row(2, 20, '2024-04-03', sql`null, true, now()`);
      const d8 = await row(7, -5, '2024-05-01', none);
      await tx.execute(sql`update customers set point_balance = 55 where id = ${c.id}`);
      return { l1, d2, l3, r4, d5, r6, v7, d8 };
    });
    expect(await lotsOf(c.id)).toEqual([]);
    await h.database.db.execute(sql`select point_lots_rebuild(array[${c.id}::int])`);
    await setMonths(null);
    // By hand: the void row and the redemption with its revert count for nothing; the lots are
    // 100 (2024-01-10) then 50; the debits 30, 60, 5 take 0-30, 30-90, 90-95 of them: all from the first.
    const lots = await lotsOf(c.id);
    expect(lots.map((l) => [l.ledger_id, l.points, l.remaining, l.expires_on])).toEqual([
      [ids.l1, 100, 5, '2025-01-31'],
      [ids.l3, 50, 50, '2025-03-31'],
    ]);
    const lot1 = lots[0].id;
    expect(await drawsOf(ids.d2)).toEqual([{ lot_id: lot1, amount: 30 }]);
    expect(await drawsOf(ids.d5)).toEqual([{ lot_id: lot1, amount: 60 }]);
    expect(await drawsOf(ids.d8)).toEqual([{ lot_id: lot1, amount: 5 }]);
    expect(await drawsOf(ids.r4)).toEqual([]);
    expect(await drawsOf(ids.r6)).toEqual([]);
    expect((await verifyLots(h.database.db)).customers).toEqual([]);
    expect((await verifyBalances(h.database.db)).differences).toEqual([]);
  });

  it('should answer 409 naming the shortfall when the valid lots cannot cover a debit', async () => {
    const c = await customer();
    await setMonths(1);
    await inject(c.id, 20, '2020-01-05'); // expired at the end of 2020-02-29, not yet taken
    await setMonths(null);
    await inject(c.id, 10, day(-1));
    const res = await h.call(admin, 'POST', '/point/', {
      customer_id: c.id,
      point_type: 5,
      points: 25,
      reason: 'too much',
    });
    expect(res.status).toBe(409);
    expect(res.body.err_msg.join(' ')).toMatch(
      /has 10 points it may use and this movement takes 25, 15 short/,
    );
    const id = await h.app.inject({
      method: 'POST',
      url: '/v1/api/point/',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'id' },
      payload: { customer_id: c.id, point_type: 5, points: 25, reason: 'too much' },
    });
    expect(id.statusCode).toBe(409);
    expect(id.json().err_msg.join(' ')).toMatch(/kurang 15/);
    // Nothing moved: the balance and the lots are as they were.
    expect((await lotsOf(c.id)).map((l) => l.remaining)).toEqual([20, 10]);
    // A debit the valid lots cover goes through.
    await expect(deduct(c.id, 10)).resolves.toMatchObject({ balance_after: 20 });
    // Through the service the refusal is the same ApiError.
    const err = await deduct(c.id, 1).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    // More than the balance: the balance's own refusal.
    const over = await h.call(admin, 'POST', '/point/', {
      customer_id: c.id,
      point_type: 5,
      points: 50,
      reason: 'too much',
    });
    expect(over.status).toBe(409);
    expect(over.body.err_msg.join(' ')).toMatch(/insufficient points/);
  });
});
