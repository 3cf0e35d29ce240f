// 200 concurrent redemptions of a coupon with stock 50, by 200 stores with enough points, through the
// real route. On PGlite they serialize; on the PostgreSQL server (TEST_DATABASE_URL) they truly race
// over a connection pool. Either way the conditional stock update lets exactly 50 through, every
// accepted one debits its store once, and no balance goes below zero. Then 100 stores with points for
// one coupon each race for two coupons at once: each gets at most one.
import { jakartaDate } from '@lbo/contract/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/db/schema/customers';
import { postMovements } from '../../src/domain/ledger';
import { verifyBalances } from '../../src/modules/points/points.verify';
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

async function stores(n: number, points: number, tag: string) {
  const made = await h.database.db
    .insert(customers)
    .values(
      Array.from({ length: n }, (_, i) => ({
        customer_code: `CC-${tag}-${i}`,
        customer_name: `Toko ${tag} ${i}`,
        branch_id: h.fixture.branches.b1.id,
      })),
    )
    .returning({ id: customers.id });
  await h.database.db.transaction((tx) =>
    postMovements(
      tx,
      made.map((c) => ({ customerId: c.id, pointType: 2, points, source: 'inject', reason: 'test' })),
    ),
  );
  return made.map((c) => c.id);
}

async function coupon(points: number, stock: number) {
  const res = await h.call(admin, 'POST', '/coupon/', {
    name: `Serbu ${points}/${stock}`,
    points_required: points,
    stock,
    start_date: jakartaDate(-1),
    end_date: jakartaDate(1),
  });
  return res.body.data.id as number;
}

describe('concurrent redemptions', () => {
  it('should give exactly the stock (50 of 200) and never overdraw', async () => {
    const ids = await stores(200, 100, 'A');
    const couponId = await coupon(60, 50);
    const results = await Promise.all(
      ids.map((customer_id) =>
        h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: couponId, customer_id }),
      ),
    );
    const ok = results.filter((r) => r.status === 201).length;
    const outOfStock = results.filter(
      (r) => r.status === 409 && /out of stock/.test(r.body.err_msg[0]),
    ).length;
    const [{ stock }] = await h.database.rows<{ stock: number }>(
      sql`select stock from coupons where id = ${couponId}`,
    );
    const [{ n, debited }] = await h.database.rows<{ n: number; debited: number }>(
      sql`select count(*)::int as n, count(distinct customer_id)::int as debited from point_ledger
          where point_type = 4 and customer_id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    const [{ red }] = await h.database.rows<{ red: number }>(
      sql`select count(*)::int as red from coupon_redemptions where coupon_id = ${couponId}`,
    );
    const [{ low }] = await h.database.rows<{ low: number }>(
      sql`select min(point_balance)::int as low from customers where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    console.log(
      `[${h.database.kind}] 200 concurrent redemptions of a coupon with stock 50: ${ok} redeemed, ${outOfStock} out of stock (409), stock left ${stock}, ledger rows ${n}, lowest balance ${low}`,
    );
    expect(ok).toBe(50);
    expect(outOfStock).toBe(150);
    expect(stock).toBe(0);
    expect(n).toBe(50);
    expect(debited).toBe(50);
    expect(red).toBe(50);
    expect(low).toBe(40);
    expect((await verifyBalances(h.database.db)).differences).toEqual([]);
  });

  it('should let a store with points for one coupon redeem only one when it asks for two at once', async () => {
    const ids = await stores(100, 100, 'B');
    const couponId = await coupon(70, 1000);
    const results = await Promise.all(
      ids.flatMap((customer_id) => [
        h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: couponId, customer_id }),
        h.call(admin, 'POST', '/coupon_redeem/', { coupon_id: couponId, customer_id }),
      ]),
    );
    const ok = results.filter((r) => r.status === 201).length;
    const short = results.filter(
      (r) => r.status === 409 && /insufficient points/.test(r.body.err_msg[0]),
    ).length;
    expect(ok).toBe(100);
    expect(short).toBe(100);
    const [{ stock }] = await h.database.rows<{ stock: number }>(
      sql`select stock from coupons where id = ${couponId}`,
    );
    expect(stock).toBe(900);
    const [{ low, high }] = await h.database.rows<{ low: number; high: number }>(
      sql`select min(point_balance)::int as low, max(point_balance)::int as high from customers
          where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    expect([low, high]).toEqual([30, 30]);
    expect((await verifyBalances(h.database.db)).differences).toEqual([]);
  });
});
