// 200 concurrent deductions against one customer through the real routes. On PGlite they serialize;
// on the PostgreSQL server (TEST_DATABASE_URL) they truly race over a connection pool. Either way the
// conditional balance update lets exactly as many through as the balance allows, never more.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBalances } from '../../src/modules/points/points.verify';
import { createHarness, type Harness } from '../harness';
import { credit, makeCustomer } from '../points-factories';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
});
afterAll(async () => {
  await h?.close();
});

describe('concurrent deductions', () => {
  it('should never overdraw: successes x amount <= initial and final = initial - successes x amount', async () => {
    const initial = 1000;
    const amount = 7;
    const c = await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id });
    await credit(h.database.db, c.id, initial);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        h.call(admin, 'POST', '/point/', {
          customer_id: c.id,
          point_type: 5,
          points: amount,
          reason: `concurrent ${i}`,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 201).length;
    const refused = results.filter((r) => r.status === 409 && r.body.err_code === 'CONFLICT').length;
    const [{ b }] = await h.database.rows<{ b: number }>(
      sql`select point_balance as b from customers where id = ${c.id}`,
    );
    console.log(
      `[${h.database.kind}] 200 concurrent deductions of ${amount} from ${initial}: ${ok} succeeded, ${refused} refused (409), final balance ${b}`,
    );
    expect(ok + refused).toBe(200);
    expect(ok * amount).toBeLessThanOrEqual(initial);
    expect(ok).toBe(Math.floor(initial / amount));
    expect(b).toBe(initial - ok * amount);
    expect(b).toBeGreaterThanOrEqual(0);
    // balance_after of the accepted rows is a strictly falling sequence with no repeats.
    const after = await h.database.rows<{ balance_after: number }>(
      sql`select balance_after from point_ledger where customer_id = ${c.id} and point_type = 5 order by balance_after desc`,
    );
    expect(new Set(after.map((r) => r.balance_after)).size).toBe(ok);
    expect((await verifyBalances(h.database.db)).differences).toEqual([]);
  });
});
