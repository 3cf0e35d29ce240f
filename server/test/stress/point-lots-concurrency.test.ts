// 200 concurrent coupon redemptions by 10 stores whose lots expire on different dates, through the
// real route. On the PostgreSQL server (TEST_DATABASE_URL) they truly race over a connection pool.
// Every accepted redemption draws exactly its points, from its own store's lots, soonest expiry first:
// each store's lots end up drawn as a prefix in FEFO order, and no lot or balance goes below zero.
import { jakartaDate } from '@lbo/contract/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/db/schema/customers';
import { postMovements } from '../../src/domain/ledger';
import { verifyBalances, verifyLots } from '../../src/modules/points/points.verify';
import { createHarness, type Harness } from '../harness';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
});
afterAll(async () => {
  await h?.close();
});

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const setMonths = (months: number | null) =>
  h.database.db.execute(sql`update point_settings set expire_after_months = ${months} where id = 1`);

describe('concurrent redemptions drawing lots', () => {
  it('should draw exactly and FEFO for 200 redemptions by 10 stores at once', async () => {
    const made = await h.database.db
      .insert(customers)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          customer_code: `LOT-${i}`,
          customer_name: `Toko Lot ${i}`,
          branch_id: h.fixture.branches.b1.id,
        })),
      )
      .returning({ id: customers.id });
    const ids = made.map((c) => c.id);
    // Three lots a store, written latest expiry first: without expiry (30), 24 months (25), 6 months
    // (20); each store's earned dates differ, so the stores' expiry dates differ too.
    for (const [months, points, back] of [
      [null, 30, 90],
      [24, 25, 60],
      [6, 20, 3],
    ] as const) {
      await setMonths(months);
      await h.database.db.transaction((tx) =>
        postMovements(
          tx,
          ids.map((customerId, i) => ({
            customerId,
            pointType: 2,
            points,
            source: 'inject',
            reason: `lot ${months}`,
            entryDate: day(-back - 3 * i),
          })),
        ),
      );
    }
    await setMonths(null);
    const res = await h.call(admin, 'POST', '/coupon/', {
      name: 'Lot 7',
      points_required: 7,
      stock: 1000,
      start_date: jakartaDate(-1),
      end_date: jakartaDate(1),
    });
    const couponId = res.body.data.id as number;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, k) =>
        h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: couponId, customer_id: ids[k % 10] }),
      ),
    );
    const ok = results.filter((r) => r.status === 201).length;
    const refused = results.filter((r) => r.status === 409).length;
    console.log(
      `[${h.database.kind}] 200 concurrent redemptions of 7 points by 10 stores with 75 points in 3 lots: ${ok} redeemed, ${refused} refused (409)`,
    );
    // 75 points a store: 10 redemptions of 7 each.
    expect(ok).toBe(100);
    expect(refused).toBe(100);

    const lots = await h.database.rows<{
      customer_id: number;
      points: number;
      remaining: number;
      drawn: number;
    }>(
      sql`select l.customer_id, l.points, l.remaining,
                 coalesce((select sum(d.amount) from point_lot_draws d where d.lot_id = l.id), 0)::int as drawn
          from point_lots l where l.customer_id = any(${`{${ids.join(',')}}`}::int[])
          order by l.customer_id, l.expires_on, l.earned_on, l.id`,
    );
    for (const id of ids) {
      const mine = lots.filter((l) => l.customer_id === id);
      // FEFO: 6 months (20), 24 months (25), then the lot without expiry (30): 70 drawn.
      expect(mine.map((l) => [l.points, l.remaining])).toEqual([
        [20, 0],
        [25, 0],
        [30, 5],
      ]);
      expect(mine.every((l) => l.drawn === l.points - l.remaining)).toBe(true);
    }
    // Each accepted redemption drew exactly its 7 points, from its own store's lots.
    const per = await h.database.rows<{ n: number; bad: number }>(
      sql`select count(*)::int as n,
                 count(*) filter (where s.total <> 7 or s.foreign_lots > 0)::int as bad
          from (select r.id, sum(d.amount) as total,
                       count(*) filter (where lo.customer_id <> r.customer_id) as foreign_lots
                from point_ledger r join point_lot_draws d on d.ledger_id = r.id join point_lots lo on lo.id = d.lot_id
                where r.point_type = 4 and r.customer_id = any(${`{${ids.join(',')}}`}::int[])
                group by r.id) s`,
    );
    expect(per[0]).toEqual({ n: 100, bad: 0 });
    expect(await verifyLots(h.database.db)).toEqual({
      customers: [],
      lots_inconsistent: 0,
      credits_without_lot: 0,
    });
    expect((await verifyBalances(h.database.db)).differences).toEqual([]);
  });
});
