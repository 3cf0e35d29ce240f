// The shared ledger service (server/src/domain/ledger.ts) tested directly, as any area calls it:
// ordering and balance history of set-based posts, all-or-nothing refusals, voids, corrections,
// reverts at most once, and concurrent callers (truly concurrent on the PostgreSQL server).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  correctEntry,
  lockEntry,
  type Movement,
  postMovement,
  postMovements,
  reverseEntry,
  voidEntry,
} from '../src/domain/ledger';
import { ApiError } from '../src/http/errors';
import { verifyBalances } from '../src/modules/points/points.verify';
import { createHarness, type Harness } from './harness';
import { makeCustomer } from './points-factories';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const customer = () => makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id });
const balanceOf = async (id: number) =>
  (await h.database.rows<{ b: number }>(sql`select point_balance as b from customers where id = ${id}`))[0].b;
const ledgerOf = (id: number) =>
  h.database.rows<{
    id: number;
    points: number;
    balance_after: number;
    void: boolean;
    reverses_id: number | null;
  }>(
    sql`select id, points, balance_after, void, reverses_id from point_ledger where customer_id = ${id} order by id`,
  );
const credit = (customerId: number, points: number, reason = 'test'): Movement => ({
  customerId,
  pointType: 2,
  points,
  source: 'inject',
  reason,
});
const debit = (customerId: number, points: number): Movement => ({
  customerId,
  pointType: 5,
  points: -points,
  source: 'deduction',
  reason: 'test',
});
const post = (ms: Movement[]) => h.database.db.transaction((tx) => postMovements(tx, ms));
/** The ApiError a call throws (or null), so tests read code and messages. */
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
};

describe('postMovements', () => {
  it('should post in the given order with a running balance history and the cached balance beside it', async () => {
    const a = await customer();
    const b = await customer();
    const posted = await post([credit(a.id, 10), credit(b.id, 5), debit(a.id, 4), credit(a.id, 1)]);
    expect(posted.map((p) => p.customer_id)).toEqual([a.id, b.id, a.id, a.id]);
    const ids = posted.map((p) => p.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(posted.map((p) => p.balance_after)).toEqual([10, 5, 6, 7]);
    expect(await balanceOf(a.id)).toBe(7);
    expect(await balanceOf(b.id)).toBe(5);
    expect((await ledgerOf(a.id)).map((r) => [r.points, r.balance_after])).toEqual([
      [10, 10],
      [-4, 6],
      [1, 7],
    ]);
  });

  it('should refuse all of a batch with 409 naming the customer when one balance would go below zero', async () => {
    const rich = await customer();
    const poor = await customer();
    await post([credit(rich.id, 100), credit(poor.id, 3)]);
    const err = await failure(post([debit(rich.id, 50), debit(poor.id, 4)]));
    expect(err?.code).toBe('CONFLICT');
    expect(err?.messages).toEqual([
      `insufficient points: customer ${poor.customer_code} has 3 points and this movement takes 4`,
    ]);
    expect(await balanceOf(rich.id)).toBe(100);
    expect(await balanceOf(poor.id)).toBe(3);
    expect((await ledgerOf(rich.id)).length).toBe(1);
  });

  it('should refuse a debit placed before the credit that would cover it, as posting one by one would', async () => {
    const c = await customer();
    await post([credit(c.id, 5)]);
    const err = await failure(post([debit(c.id, 10), credit(c.id, 20)]));
    expect(err?.code).toBe('CONFLICT');
    expect(await balanceOf(c.id)).toBe(5);
    // The other order is fine.
    await post([credit(c.id, 20), debit(c.id, 10)]);
    expect(await balanceOf(c.id)).toBe(15);
  });

  it('should answer 404 for an unknown customer and write nothing', async () => {
    const c = await customer();
    const err = await failure(post([credit(c.id, 5), credit(987654321, 5)]));
    expect(err?.code).toBe('NOT_FOUND');
    expect(await balanceOf(c.id)).toBe(0);
  });

  it('should let exactly as many concurrent debits through as the balance allows', async () => {
    const c = await customer();
    await post([credit(c.id, 100)]);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => h.database.db.transaction((tx) => postMovement(tx, debit(c.id, 7)))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof ApiError && r.reason.code === 'CONFLICT',
    ).length;
    expect(ok).toBe(14);
    expect(refused).toBe(26);
    expect(await balanceOf(c.id)).toBe(2);
    const history = await ledgerOf(c.id);
    expect(history.every((r) => r.balance_after >= 0)).toBe(true);
    expect((await verifyBalances(h.database.db)).differences).toEqual([]);
  });
});

describe('voidEntry, correctEntry, reverseEntry', () => {
  it('should void a row once and refuse a void that would take the balance below zero', async () => {
    const c = await customer();
    const [first] = await post([credit(c.id, 10)]);
    await post([debit(c.id, 8)]);
    const tooMuch = await failure(
      h.database.db.transaction(async (tx) => voidEntry(tx, (await lockEntry(tx, first.id))!, null)),
    );
    expect(tooMuch?.code).toBe('CONFLICT');
    const [other] = await post([credit(c.id, 5)]);
    await h.database.db.transaction(async (tx) => voidEntry(tx, (await lockEntry(tx, other.id))!, null));
    expect(await balanceOf(c.id)).toBe(2);
    const again = await failure(
      h.database.db.transaction(async (tx) => voidEntry(tx, (await lockEntry(tx, other.id))!, null)),
    );
    expect(again?.messages[0]).toMatch(/already void/);
    expect(await balanceOf(c.id)).toBe(2);
  });

  it('should correct a row by voiding it and appending the replacement, moving the balance by the difference', async () => {
    const c = await customer();
    const [row] = await post([credit(c.id, 10)]);
    const replaced = await h.database.db.transaction(async (tx) =>
      correctEntry(
        tx,
        (await lockEntry(tx, row.id))!,
        {
          point_type: 2,
          points: 4,
          source: 'inject',
          reason: 'typo',
          reference: '',
          entry_date: '2026-01-02',
        },
        null,
      ),
    );
    expect(replaced.balance_after).toBe(4);
    expect(await ledgerOf(c.id)).toEqual([
      { id: row.id, points: 10, balance_after: 10, void: true, reverses_id: null },
      { id: replaced.id, points: 4, balance_after: 4, void: false, reverses_id: row.id },
    ]);
    expect((await verifyBalances(h.database.db)).differences).toEqual([]);
  });

  it('should revert a movement at most once, also when two reverts arrive at once', async () => {
    const c = await customer();
    await post([credit(c.id, 50)]);
    const [spent] = await post([
      { customerId: c.id, pointType: 4, points: -30, source: 'redemption', reason: 'coupon' },
    ]);
    const revert = () =>
      h.database.db.transaction(async (tx) =>
        reverseEntry(tx, (await lockEntry(tx, spent.id))!, {
          pointType: 6,
          source: 'revert',
          reason: 'coupon redemption reverted',
        }),
      );
    const results = await Promise.allSettled([revert(), revert()]);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ApiError);
    expect(rejected.reason.messages[0]).toMatch(/already reverted/);
    expect(await balanceOf(c.id)).toBe(50);
    const rows = await ledgerOf(c.id);
    expect(rows.at(-1)).toMatchObject({ points: 30, reverses_id: spent.id, balance_after: 50 });
  });
});
