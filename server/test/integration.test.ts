// The ERP feed: bulk import of invoices and orders, all-or-nothing, idempotent on document_no.

import { SalesInvoiceDocument } from '@lbo/contract/integration';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { importSalesInvoices } from '../src/modules/integration/integration.service';
import { countRows, makeCustomer, makeItem, makeItemCategory, makeStaff } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let erp: string;
let erpBranch: string;
let viewer: string;
const cust: Record<string, { id: number; customer_code: string; branch_id: number }> = {};
const item: Record<string, { id: number; item_code: string }> = {};

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  const { b1, b3 } = h.fixture.branches;
  cust.bdg = await makeCustomer(db, {
    branch_id: b1.id,
    customer_code: 'CUST-BDG-1',
    salesman_id: h.fixture.salesmen[0].id,
  });
  cust.bdg2 = await makeCustomer(db, { branch_id: b1.id, customer_code: 'CUST-BDG-2' });
  cust.sby = await makeCustomer(db, { branch_id: b3.id, customer_code: 'CUST-SBY-1' });
  const cat = await makeItemCategory(db);
  item.teh = await makeItem(db, { item_category_id: cat.id, item_code: 'TEH-350', uom: 'BTL' });
  item.kopi = await makeItem(db, { item_category_id: cat.id, item_code: 'KOPI-200' });
  item.roti = await makeItem(db, { item_category_id: cat.id, item_code: 'ROTI-01' });
  const e1 = await makeStaff(db, { email: 'erp@example.com', grants: { integration: 'c' }, branches: 'all' });
  const e2 = await makeStaff(db, {
    email: 'erp-bdg@example.com',
    grants: { integration: 'c' },
    branches: [b1.id],
  });
  const v = await makeStaff(db, {
    email: 'erp-view@example.com',
    grants: { integration: 'v' },
    branches: 'all',
  });
  erp = await h.login(e1);
  erpBranch = await h.login(e2);
  viewer = await h.login(v);
});
afterAll(async () => {
  await h?.close();
});

const invoice = (n: number, overrides: Record<string, unknown> = {}) => ({
  document_no: `INV/2025/03/${String(n).padStart(5, '0')}`,
  invoice_date: '2025-03-10',
  customer_code: 'CUST-BDG-1',
  lines: [
    { item_code: 'TEH-350', qty: 24, price: 4500 },
    { item_code: 'KOPI-200', qty: 2.5, price: 7000, discount: 500 },
  ],
  ...overrides,
});

const stored = () =>
  h.database.rows<{
    document_no: string;
    id: number;
    net_amount: number;
    status: string;
    updated_at: string;
    lines: { line_no: number; item_id: number; qty: number; net_amount: number; id: number }[];
  }>(sql`
    select i.document_no, i.id, i.net_amount, i.status, i.updated_at::text as updated_at,
           coalesce((select json_agg(json_build_object('id', l.id, 'line_no', l.line_no, 'item_id', l.item_id,
                     'qty', l.qty, 'net_amount', l.net_amount) order by l.line_no)
                     from sales_invoice_lines l where l.invoice_id = i.id), '[]') as lines
    from sales_invoices i order by i.document_no`);

describe('POST /integration/sales_invoice', () => {
  it('should insert new documents with computed amounts, branch and salesman from the customer', async () => {
    const res = await h.call(erp, 'POST', '/integration/sales_invoice', {
      documents: [invoice(1), invoice(2, { discount_amount: 1000, customer_code: 'CUST-BDG-2' }), invoice(3)],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
    const detail = await h.call(erp, 'GET', '/apps/sales_invoice/?start_date=2025-03-01&end_date=2025-03-31');
    // The ERP user holds no sales view right.
    expect(detail.status).toBe(403);
    const [row] = await h.database.rows<Record<string, unknown>>(
      sql`select gross_amount, discount_amount, net_amount, branch_id, salesman_id, status, payment_method
          from sales_invoices where document_no = 'INV/2025/03/00002'`,
    );
    // 24 x 4500 + (2.5 x 7000 - 500) = 108000 + 17000
    expect(row).toEqual({
      gross_amount: 125_000,
      discount_amount: 1000,
      net_amount: 124_000,
      branch_id: cust.bdg2.branch_id,
      salesman_id: null,
      status: 'unpaid',
      payment_method: 'cash',
    });
    const [first] = await stored();
    expect(first.lines.map((l) => [l.line_no, l.item_id, l.qty, l.net_amount])).toEqual([
      [1, item.teh.id, 24, 108_000],
      [2, item.kopi.id, 2.5, 17_000],
    ]);
    const [s] = await h.database.rows<{ salesman_id: number }>(
      sql`select salesman_id from sales_invoices where document_no = 'INV/2025/03/00001'`,
    );
    expect(s.salesman_id).toBe(h.fixture.salesmen[0].id);
  });

  it('should change nothing when the same documents are sent again', async () => {
    const before = await stored();
    const res = await h.call(erp, 'POST', '/integration/sales_invoice', {
      documents: [invoice(1), invoice(2, { discount_amount: 1000, customer_code: 'CUST-BDG-2' }), invoice(3)],
    });
    expect(res.body.data).toEqual({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await stored()).toEqual(before);
  });

  it('should update changed documents in place and replace their lines, never duplicating', async () => {
    const before = await stored();
    const res = await h.call(erp, 'POST', '/integration/sales_invoice', {
      documents: [
        // Lines changed: a quantity, and a third line.
        invoice(1, {
          lines: [
            { item_code: 'TEH-350', qty: 48, price: 4500 },
            { item_code: 'KOPI-200', qty: 2.5, price: 7000, discount: 500 },
            { item_code: 'ROTI-01', qty: 1, price: 15000 },
          ],
        }),
        // Header changed only.
        invoice(2, {
          discount_amount: 1000,
          customer_code: 'CUST-BDG-2',
          status: 'paid',
          payment_method: 'transfer',
        }),
        invoice(3),
        invoice(4),
      ],
    });
    expect(res.body.data).toEqual({ inserted: 1, updated: 2, unchanged: 1 });
    const after = await stored();
    expect(after.map((r) => r.document_no)).toEqual([
      'INV/2025/03/00001',
      'INV/2025/03/00002',
      'INV/2025/03/00003',
      'INV/2025/03/00004',
    ]);
    // Same ids (updated in place), new lines for the first, the third untouched.
    expect(after.slice(0, 3).map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after[0].lines.map((l) => l.qty)).toEqual([48, 2.5, 1]);
    expect(after[0].net_amount).toBe(48 * 4500 + 17_000 + 15_000);
    expect(after[1]).toMatchObject({ status: 'paid' });
    expect(after[2]).toEqual(before[2]);
    expect(await countRows(h.database.db, 'sales_invoice_lines')).toBe(3 + 2 + 2 + 2);
  });

  it('should notice a removed line and a moved customer', async () => {
    const res = await h.call(erp, 'POST', '/integration/sales_invoice', {
      documents: [
        invoice(3, { lines: [{ item_code: 'TEH-350', qty: 24, price: 4500 }] }),
        invoice(4, { customer_code: 'CUST-BDG-2' }),
      ],
    });
    expect(res.body.data).toEqual({ inserted: 0, updated: 2, unchanged: 0 });
    const after = await stored();
    expect(after[2].lines).toHaveLength(1);
    expect(await countRows(h.database.db, 'sales_invoice_lines')).toBe(3 + 2 + 1 + 2);
  });

  it('should refuse bad documents with one message per problem and write nothing', async () => {
    const invoicesBefore = await stored();
    const audits = await countRows(h.database.db, 'audit_log');
    const shape = await h.call(erp, 'POST', '/integration/sales_invoice', {
      documents: [
        invoice(10, { lines: [{ item_code: 'TEH-350', qty: -1, price: 4500 }] }),
        invoice(11, { invoice_date: '2025-02-30' }),
        invoice(12, { due_date: '2025-03-01' }),
        invoice(13),
        invoice(13),
      ],
    });
    expect(shape.status).toBe(400);
    expect(shape.body.err_msg).toEqual(
      expect.arrayContaining([
        'documents[0].lines[0].qty: must be more than 0',
        'documents[1].invoice_date: must be a date as YYYY-MM-DD',
        'documents[2].due_date: must be on or after invoice_date',
        "documents[4].document_no: 'INV/2025/03/00013' repeats documents[3]",
      ]),
    );
    const codes = await h.call(erp, 'POST', '/integration/sales_invoice', {
      documents: [
        invoice(20),
        invoice(21, { customer_code: 'NOPE-1' }),
        invoice(22, {
          lines: [
            { item_code: 'GHOST', qty: 1, price: 1 },
            { item_code: 'TEH-350', qty: 1, price: 1 },
          ],
        }),
        invoice(23, { salesman_code: 'S-404', discount_amount: 999_999_999 }),
      ],
    });
    expect(codes.status).toBe(400);
    expect(codes.body.err_msg).toEqual([
      "documents[1]: customer_code 'NOPE-1' not found",
      "documents[2].lines[0]: item_code 'GHOST' not found",
      "documents[3]: salesman_code 'S-404' not found",
      "documents[3]: discount_amount 999999999 is more than the lines' total 125000",
    ]);
    expect(await stored()).toEqual(invoicesBefore);
    expect(await countRows(h.database.db, 'audit_log')).toBe(audits);
  });

  it('should refuse documents for customers outside the caller branches with 403', async () => {
    const before = await countRows(h.database.db, 'sales_invoices');
    // S-002 is a salesman of another branch: naming them on one's own store's invoice is refused too.
    const res = await h.call(erpBranch, 'POST', '/integration/sales_invoice', {
      documents: [
        invoice(30),
        invoice(31, { customer_code: 'CUST-SBY-1' }),
        invoice(32, { salesman_code: 'S-002' }),
      ],
    });
    expect(res.status).toBe(403);
    expect(res.body.err_msg).toEqual([
      'documents[1]: customer CUST-SBY-1 is outside your assigned branches',
      'documents[2]: salesman S-002 is outside your assigned branches',
    ]);
    expect(await countRows(h.database.db, 'sales_invoices')).toBe(before);
    const own = await h.call(erpBranch, 'POST', '/integration/sales_invoice', { documents: [invoice(30)] });
    expect(own.body.data).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
  });

  it('should need the integration create right and a well-formed batch', async () => {
    expect(
      (await h.call(viewer, 'POST', '/integration/sales_invoice', { documents: [invoice(40)] })).status,
    ).toBe(403);
    for (const body of [{}, { documents: [] }, { documents: 'x' }, [invoice(41)]]) {
      const res = await h.call(erp, 'POST', '/integration/sales_invoice', body);
      expect(res.status).toBe(400);
    }
    const tooMany = Array.from({ length: 5001 }, (_, i) => invoice(100_000 + i));
    const res = await h.call(erp, 'POST', '/integration/sales_invoice', { documents: tooMany });
    expect(res.status).toBe(400);
    expect(res.body.err_msg).toEqual(['documents: may hold at most 5000 documents']);
  });

  it('should take 5,000 documents in one call, then find them all unchanged', async () => {
    const docs = Array.from({ length: 5000 }, (_, i) =>
      invoice(200_000 + i, {
        customer_code: i % 2 ? 'CUST-BDG-1' : 'CUST-BDG-2',
        lines: [
          { item_code: 'TEH-350', qty: 1 + (i % 7), price: 4500 },
          { item_code: 'KOPI-200', qty: 2, price: 7000 },
          { item_code: 'ROTI-01', qty: 3, price: 15000, discount: i % 3 },
        ],
      }),
    );
    const before = await countRows(h.database.db, 'sales_invoice_lines');
    const first = await h.call(erp, 'POST', '/integration/sales_invoice', { documents: docs });
    expect(first.body.data).toEqual({ inserted: 5000, updated: 0, unchanged: 0 });
    expect(await countRows(h.database.db, 'sales_invoice_lines')).toBe(before + 15_000);
    const again = await h.call(erp, 'POST', '/integration/sales_invoice', { documents: docs });
    expect(again.body.data).toEqual({ inserted: 0, updated: 0, unchanged: 5000 });
  }, 120_000);

  it('should run hooks in the same transaction with the written ids, and roll back if one fails', async () => {
    const req = {
      user: { id: h.fixture.adminId, branches: 'all' },
      ip: '127.0.0.1',
    } as unknown as FastifyRequest;
    const seen: { ids: number[]; visible: number }[] = [];
    const result = await importSalesInvoices(
      h.database.db,
      req,
      [invoice(500), invoice(1)].map((d) => SalesInvoiceDocument.parse(d)),
      {
        afterSalesInvoices: [
          async (tx, ids) => {
            const [r] = await rows<{ n: number }>(
              tx,
              sql`select count(*)::int as n from sales_invoices where id = any(${`{${ids.join(',')}}`}::int[])`,
            );
            seen.push({ ids, visible: r.n });
          },
        ],
      },
    );
    // invoice(1) differs from what is stored (its lines changed above): updated.
    expect(result).toEqual({ inserted: 1, updated: 1, unchanged: 0 });
    expect(seen).toEqual([{ ids: expect.any(Array), visible: 2 }]);
    expect(seen[0].ids).toHaveLength(2);

    const before = await countRows(h.database.db, 'sales_invoices');
    await expect(
      importSalesInvoices(h.database.db, req, [SalesInvoiceDocument.parse(invoice(501))], {
        afterSalesInvoices: [
          async () => {
            throw new Error('points engine failed');
          },
        ],
      }),
    ).rejects.toThrow('points engine failed');
    expect(await countRows(h.database.db, 'sales_invoices')).toBe(before);
  });
});

describe('POST /integration/customer_order', () => {
  const order = (n: number, overrides: Record<string, unknown> = {}) => ({
    document_no: `SO-2025-${n}`,
    transaction_date: '2025-03-11',
    transaction_time: '14:05',
    customer_code: 'CUST-BDG-1',
    lines: [{ item_code: 'ROTI-01', qty: 10, price: 15000 }],
    ...overrides,
  });

  it('should insert, skip unchanged and update changed orders', async () => {
    const first = await h.call(erp, 'POST', '/integration/customer_order', {
      documents: [order(1), order(2)],
    });
    expect(first.body.data).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    const same = await h.call(erp, 'POST', '/integration/customer_order', {
      documents: [order(1, { transaction_time: '14:05:00' }), order(2)],
    });
    expect(same.body.data).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
    const changed = await h.call(erp, 'POST', '/integration/customer_order', {
      documents: [order(1, { status: 'confirmed' }), order(2)],
    });
    expect(changed.body.data).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
    const [row] = await h.database.rows<Record<string, unknown>>(
      sql`select transaction_time::text as t, status, net_amount from customer_order_headers where document_no = 'SO-2025-1'`,
    );
    expect(row).toEqual({ t: '14:05:00', status: 'confirmed', net_amount: 150_000 });
    expect(await countRows(h.database.db, 'customer_order_lines')).toBe(2);
  });

  it('should refuse a bad status, time and unknown item', async () => {
    const res = await h.call(erp, 'POST', '/integration/customer_order', {
      documents: [order(5, { status: 'lost' }), order(6, { transaction_time: '25:00' })],
    });
    expect(res.status).toBe(400);
    expect(res.body.err_msg).toHaveLength(2);
    const item = await h.call(erp, 'POST', '/integration/customer_order', {
      documents: [order(7, { lines: [{ item_code: 'NONE', qty: 1, price: 1 }] })],
    });
    expect(item.body.err_msg).toEqual(["documents[0].lines[0]: item_code 'NONE' not found"]);
  });

  it('should be documented in the OpenAPI document', async () => {
    const doc = await h.call(null, 'GET', '/openapi.json');
    const op = doc.body.paths['/v1/api/integration/sales_invoice'].post;
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema.properties.documents.maxItems).toBe(5000);
    expect(JSON.stringify(schema)).toContain('customer_code');
  });
});
