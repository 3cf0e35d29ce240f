// The ERP feed and the points engine composed: an imported invoice earns points in the same
// transaction, a re-sent unchanged one changes nothing, a changed one is corrected.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeItem, makeItemCategory } from './factories';
import { createHarness, type Harness } from './harness';
import { makeRule } from './points-factories';

let h: Harness;
let admin: string;
let customerId: number;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  const db = h.database.db;
  const customer = await makeCustomer(db, {
    branch_id: h.fixture.branches.b1.id,
    customer_code: 'ERP-PTS-1',
  });
  customerId = customer.id;
  const cat = await makeItemCategory(db);
  await makeItem(db, { item_category_id: cat.id, item_code: 'MIE-01' });
  // Rp 10,000 per point on the category, valid over the invoice date.
  await makeRule(db, {
    item_category_id: cat.id,
    amount_per_point: 10_000,
    start_date: '2025-01-01',
    end_date: '2025-12-31',
  });
});
afterAll(async () => {
  await h?.close();
});

const send = (qty: number) =>
  h.call(admin, 'POST', '/integration/sales_invoice', {
    documents: [
      {
        document_no: 'INV/ERP/0001',
        invoice_date: '2025-05-02',
        customer_code: 'ERP-PTS-1',
        lines: [{ item_code: 'MIE-01', qty, price: 2500 }],
      },
    ],
  });

const balance = async () =>
  (await h.call(admin, 'GET', `/point/balance/customer_id/${customerId}`)).body.data;
const ledger = () =>
  h.database.rows<{ point_type: number; points: number }>(
    sql`select point_type, points from point_ledger where customer_id = ${customerId} and not void order by id`,
  );

describe('ERP import earns points', () => {
  it('should credit master points in the import, skip an unchanged re-send and correct a changed one', async () => {
    expect((await send(50)).status).toBe(200); // Rp 125,000 -> 12 points
    expect((await balance()).point_balance).toBe(12);
    expect(await ledger()).toEqual([{ point_type: 1, points: 12 }]);

    expect((await send(50)).body.data).toMatchObject({ unchanged: 1 });
    expect(await ledger()).toHaveLength(1);

    expect((await send(100)).body.data).toMatchObject({ updated: 1 }); // Rp 250,000 -> 25 points
    expect((await balance()).point_balance).toBe(25);
    const rows = await ledger();
    expect(rows.reduce((s, r) => s + r.points, 0)).toBe(25);
    expect(rows).toHaveLength(2);
  });
});

describe('an invoice whose points overflow a movement', () => {
  it('should refuse the batch naming the document, and write nothing', async () => {
    const db = h.database.db;
    const cat = await makeItemCategory(db);
    await makeItem(db, { item_category_id: cat.id, item_code: 'EMAS-01' });
    // 1 rupiah per point on a 5-billion-rupiah line: 5,000,000,000 points, beyond any integer column.
    await makeRule(db, {
      item_category_id: cat.id,
      amount_per_point: 1,
      start_date: '2025-01-01',
      end_date: '2025-12-31',
    });
    const res = await h.call(admin, 'POST', '/integration/sales_invoice', {
      documents: [
        {
          document_no: 'INV/ERP/OK-1',
          invoice_date: '2025-05-03',
          customer_code: 'ERP-PTS-1',
          lines: [{ item_code: 'MIE-01', qty: 1, price: 20_000 }],
        },
        {
          document_no: 'INV/ERP/BIG-1',
          invoice_date: '2025-05-03',
          customer_code: 'ERP-PTS-1',
          lines: [{ item_code: 'EMAS-01', qty: 1, price: 5_000_000_000 }],
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.err_msg).toEqual([expect.stringMatching(/^invoice INV\/ERP\/BIG-1: /)]);
    const [{ n }] = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from sales_invoices where document_no in ('INV/ERP/OK-1', 'INV/ERP/BIG-1')`,
    );
    expect(n).toBe(0);
  });
});
