// `npm run points:verify`'s check at function level; the command line itself (exit codes, refusing a
// DATA_DIR another process holds) is in the stress tier (test/stress/verify-commands.test.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDifferences, verifyBalances } from '../src/modules/points/points.verify';
import { createHarness, type Harness } from './harness';
import { credit, makeCustomer } from './points-factories';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('verifyBalances', () => {
  it('should report nothing when every cached balance matches its ledger', async () => {
    const c = await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id });
    await credit(h.database.db, c.id, 40);
    // A void row does not count.
    await h.database.db.execute(
      sql`insert into point_ledger (customer_id, point_type, points, reason, source, void, voided_at)
          values (${c.id}, 2, 99, 'voided', 'inject', true, now())`,
    );
    const r = await verifyBalances(h.database.db);
    expect(r.differences).toEqual([]);
    expect(formatDifferences(r)[0]).toMatch(/customer balances match the ledger/);
  });

  it('should list every customer whose cached balance differs, with both figures', async () => {
    const c = await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id });
    await credit(h.database.db, c.id, 10);
    const orphan = await makeCustomer(h.database.db, {
      branch_id: h.fixture.branches.b1.id,
      point_balance: 7,
    });
    await h.database.db.execute(sql`update customers set point_balance = 15 where id = ${c.id}`);
    const r = await verifyBalances(h.database.db);
    expect(r.differences).toEqual([
      { customer_id: c.id, customer_code: c.customer_code, cached: 15, ledger: 10, difference: 5 },
      { customer_id: orphan.id, customer_code: orphan.customer_code, cached: 7, ledger: 0, difference: 7 },
    ]);
    const lines = formatDifferences(r);
    expect(lines[0]).toMatch(/^points:verify: 2 of \d+ customer balances differ/);
    expect(lines).toHaveLength(4);
  });
});
