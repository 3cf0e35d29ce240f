// Concurrent ERP imports of overlapping batches (truly concurrent on the PostgreSQL server, serialized
// on PGlite): none deadlocks or answers 409, every document is stored once, a document sent again
// unchanged is counted unchanged (never rewritten), and balances still equal the ledger.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBalances } from '../../src/modules/points/points.verify';
import { makeCustomer, makeItem, makeItemCategory, makeStaff } from '../factories';
import { createHarness, type Harness } from '../harness';

let h: Harness;
let erp: string;
const customers: string[] = [];
const items: string[] = [];

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  for (let i = 0; i < 8; i++) {
    const c = await makeCustomer(db, { branch_id: h.fixture.branches.b1.id, customer_code: `CONC-${i}` });
    customers.push(c.customer_code);
  }
  const cat = await makeItemCategory(db);
  for (let i = 0; i < 4; i++)
    items.push((await makeItem(db, { item_category_id: cat.id, item_code: `CI-${i}` })).item_code);
  // An all-items rule, so the imports also earn points (the engine locks and moves balances).
  await h.database.rows(
    sql`insert into point_rules (name, amount_per_point, start_date, end_date) values ('conc', 1000, '2025-01-01', '2025-12-31')`,
  );
  const staff = await makeStaff(db, {
    email: 'erp-conc@example.com',
    grants: { integration: 'c' },
    branches: 'all',
  });
  erp = await h.login(staff);
});
afterAll(async () => {
  await h?.close();
});

/** Document n always has the same content, whoever sends it. */
const doc = (n: number) => ({
  document_no: `CONC/${String(n).padStart(4, '0')}`,
  invoice_date: '2025-06-10',
  customer_code: customers[(n * 5) % customers.length],
  lines: [
    { item_code: items[n % items.length], qty: 1 + (n % 3), price: 12_000 },
    { item_code: items[(n + 1) % items.length], qty: 2, price: 9_500 },
  ],
});

/** 40 batches of 15 documents drawn from 60, in shuffled orders, so batches overlap in both ways. */
function batches(): number[][] {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  return Array.from({ length: 40 }, () => {
    const picked = new Set<number>();
    while (picked.size < 15) picked.add(Math.floor(rand() * 60));
    return [...picked];
  });
}

describe('concurrent ERP imports', () => {
  it('should never deadlock or rewrite an unchanged document, sent at once in overlapping batches', async () => {
    const all = batches();
    const results = await Promise.all(
      all.map((b) => h.call(erp, 'POST', '/integration/sales_invoice', { documents: b.map(doc) })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const distinct = new Set(all.flat()).size;
    const sum = (k: string) => results.reduce((s, r) => s + r.body.data[k], 0);
    expect(sum('inserted')).toBe(distinct);
    expect(sum('updated')).toBe(0);
    expect(sum('unchanged')).toBe(all.flat().length - distinct);
    const [{ n }] = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from sales_invoices where document_no like 'CONC/%'`,
    );
    expect(n).toBe(distinct);
    const [{ lines }] = await h.database.rows<{ lines: number }>(
      sql`select count(*)::int as lines from sales_invoice_lines l join sales_invoices i on i.id = l.invoice_id
          where i.document_no like 'CONC/%'`,
    );
    expect(lines).toBe(distinct * 2);
    expect((await verifyBalances(h.database.db)).differences).toEqual([]);

    // Sent again, all at once: nothing changes.
    const again = await Promise.all(
      all.map((b) => h.call(erp, 'POST', '/integration/sales_invoice', { documents: b.map(doc) })),
    );
    expect(again.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(again.every((r) => r.body.data.inserted === 0 && r.body.data.updated === 0)).toBe(true);
  });
});
