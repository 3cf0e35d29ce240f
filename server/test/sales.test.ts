// Orders and invoices: lists (search, dates, status, sort fields, the invoice month default), detail with
// lines, lookup by document number (with the web app's `/` -> `&` mapping), branch scope.
import { documentNoToPath } from '@lbo/contract/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jakartaToday, monthOf } from '../src/http/dates';
import { makeCustomer, makeInvoice, makeItem, makeItemCategory, makeOrder, makeStaff } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let clerk: string;
const o: Record<string, { id: number; document_no: string }> = {};
const inv: Record<string, { id: number; document_no: string }> = {};
const today = jakartaToday();
const month = monthOf(today);
const lastMonthDay = (() => {
  const d = new Date(`${month.start}T00:00:00Z`);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
})();

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  const { b1, b2, b3 } = h.fixture.branches;
  const andi = await makeCustomer(db, {
    branch_id: b1.id,
    customer_name: 'Toko Andi',
    customer_code: 'C-ANDI',
  });
  const budi = await makeCustomer(db, {
    branch_id: b2.id,
    customer_name: 'Toko Budi',
    customer_code: 'C-BUDI',
  });
  const citra = await makeCustomer(db, {
    branch_id: b3.id,
    customer_name: 'Toko Citra',
    customer_code: 'C-CITRA',
  });
  const cat = await makeItemCategory(db);
  const teh = await makeItem(db, { item_category_id: cat.id, item_name: 'Teh Botol' });
  const kopi = await makeItem(db, { item_category_id: cat.id, item_name: 'Kopi' });
  const lines = (qty: number) => [
    { item_id: teh.id, qty, price: 1000 },
    { item_id: kopi.id, qty: 1, price: 500 },
  ];
  o.a1 = await makeOrder(db, {
    customer: andi,
    document_no: 'SO/2025/001',
    transaction_date: '2025-03-01',
    transaction_time: '09:00:00',
    lines: lines(1),
  });
  o.a2 = await makeOrder(db, {
    customer: andi,
    document_no: 'SO/2025/002',
    transaction_date: '2025-03-01',
    transaction_time: '15:30:00',
    lines: lines(5),
    status: 'delivered',
  });
  o.b1 = await makeOrder(db, {
    customer: budi,
    document_no: 'SO/2025/003',
    transaction_date: '2025-03-05',
    transaction_time: '08:00:00',
    lines: lines(3),
  });
  o.c1 = await makeOrder(db, {
    customer: citra,
    document_no: 'SO/2025/004',
    transaction_date: '2025-02-20',
    transaction_time: '10:00:00',
    lines: lines(10),
    status: 'cancelled',
  });
  inv.now1 = await makeInvoice(db, {
    customer: andi,
    document_no: 'INV/A/0001',
    invoice_date: today,
    lines: lines(2),
  });
  inv.now2 = await makeInvoice(db, {
    customer: citra,
    document_no: 'INV/C/0002',
    invoice_date: month.start,
    lines: lines(4),
    status: 'paid',
  });
  inv.old = await makeInvoice(db, {
    customer: budi,
    document_no: 'INV/B/0003',
    invoice_date: lastMonthDay,
    lines: lines(1),
  });
  inv.past = await makeInvoice(db, {
    customer: andi,
    document_no: 'INV-2024-9',
    invoice_date: '2024-06-15',
    lines: lines(1),
  });
  const c = await makeStaff(db, {
    email: 'clerk@example.com',
    grants: { sales: 'v' },
    branches: [b1.id, b2.id],
  });
  admin = await h.login();
  clerk = await h.login(c);
});
afterAll(async () => {
  await h?.close();
});

const docs = (body: any) => body.data.map((r: { document_no: string }) => r.document_no);

describe('GET /web/customerorder/', () => {
  it('should list orders newest first by transaction date and time', async () => {
    const res = await h.call(admin, 'GET', '/web/customerorder/');
    expect(res.status).toBe(200);
    expect(docs(res.body)).toEqual(['SO/2025/003', 'SO/2025/002', 'SO/2025/001', 'SO/2025/004']);
    expect(res.body.data[0]).toMatchObject({
      id_customer_order_header: o.b1.id,
      customer_name: 'Toko Budi',
      customer_code: 'C-BUDI',
      branch_name: 'Cabang Cimahi',
      transaction_date: '2025-03-05',
      transaction_time: '08:00:00',
      net_amount: 3500,
      status: 'new',
    });
  });

  it('should sort by every SPEC.md order field', async () => {
    const cases: [string, string[]][] = [
      ['by=transaction_date&sort=asc', ['SO/2025/004', 'SO/2025/001', 'SO/2025/002', 'SO/2025/003']],
      ['by=def.transaction_date&sort=desc', ['SO/2025/003', 'SO/2025/002', 'SO/2025/001', 'SO/2025/004']],
      ['by=customer_name&sort=desc', ['SO/2025/004', 'SO/2025/003', 'SO/2025/002', 'SO/2025/001']],
      ['by=customer_code&sort=asc', ['SO/2025/001', 'SO/2025/002', 'SO/2025/003', 'SO/2025/004']],
      ['by=net_amount&sort=desc', ['SO/2025/004', 'SO/2025/002', 'SO/2025/003', 'SO/2025/001']],
      ['by=branch_name&sort=asc', ['SO/2025/001', 'SO/2025/002', 'SO/2025/003', 'SO/2025/004']],
      ['by=created_date&sort=asc', ['SO/2025/001', 'SO/2025/002', 'SO/2025/003', 'SO/2025/004']],
    ];
    for (const [q, expected] of cases) {
      const res = await h.call(admin, 'GET', `/web/customerorder/?${q}`);
      expect({ q, docs: docs(res.body) }).toEqual({ q, docs: expected });
    }
  });

  it('should filter by search, dates and status, and scope to the caller branches', async () => {
    const cases: [string, string[]][] = [
      ['search=toko%20andi', ['SO/2025/002', 'SO/2025/001']],
      ['search=c-budi', ['SO/2025/003']],
      ['search=2025%2F004', ['SO/2025/004']],
      ['start_date=2025-03-01&end_date=2025-03-01', ['SO/2025/002', 'SO/2025/001']],
      ['start_date=2025-03-02', ['SO/2025/003']],
      ['end_date=2025-02-28', ['SO/2025/004']],
      ['status=delivered', ['SO/2025/002']],
      ['status=&search=', ['SO/2025/003', 'SO/2025/002', 'SO/2025/001', 'SO/2025/004']],
    ];
    for (const [q, expected] of cases) {
      const res = await h.call(admin, 'GET', `/web/customerorder/?${q}`);
      expect({ q, docs: docs(res.body) }).toEqual({ q, docs: expected });
    }
    expect((await h.call(admin, 'GET', '/web/customerorder/?status=lost')).status).toBe(400);
    expect((await h.call(admin, 'GET', '/web/customerorder/?start_date=03-01-2025')).status).toBe(400);
    const scoped = await h.call(clerk, 'GET', '/web/customerorder/');
    expect(docs(scoped.body)).toEqual(['SO/2025/003', 'SO/2025/002', 'SO/2025/001']);
  });

  it('should show an order with its lines, by id and by document number', async () => {
    const res = await h.call(admin, 'GET', `/web/customerorder/id/${o.a2.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ document_no: 'SO/2025/002', net_amount: 5500 });
    expect(res.body.data.lines.map((l: any) => [l.line_no, l.item_name, l.qty, l.net_amount])).toEqual([
      [1, 'Teh Botol', 5, 5000],
      [2, 'Kopi', 1, 500],
    ]);
    const byDoc = await h.call(
      admin,
      'GET',
      `/web/customerorder/document_no/${encodeURIComponent('SO/2025/002')}`,
    );
    expect(byDoc.status).toBe(200);
    expect(byDoc.body.data).toEqual(res.body.data);
    const amp = await h.call(
      admin,
      'GET',
      `/web/customerorder/document_no/${documentNoToPath('SO/2025/002')}`,
    );
    expect(amp.body.data.id).toBe(o.a2.id);
    expect((await h.call(admin, 'GET', '/web/customerorder/document_no/SO-none')).status).toBe(404);
    expect((await h.call(clerk, 'GET', `/web/customerorder/id/${o.c1.id}`)).status).toBe(403);
    expect((await h.call(clerk, 'GET', '/web/customerorder/document_no/SO&2025&004')).status).toBe(403);
  });
});

describe('GET /apps/sales_invoice/', () => {
  it('should default to the current calendar month (Asia/Jakarta)', async () => {
    const res = await h.call(admin, 'GET', '/apps/sales_invoice/');
    expect(res.status).toBe(200);
    expect(docs(res.body).sort()).toEqual(['INV/A/0001', 'INV/C/0002']);
    expect(res.body.meta.total_data).toBe(2);
  });

  it('should take dates, filters and search', async () => {
    const cases: [string, string[]][] = [
      [
        `start_date=2024-01-01&end_date=${today}&by=invoice_date&sort=asc`,
        ['INV-2024-9', 'INV/B/0003', 'INV/C/0002', 'INV/A/0001'],
      ],
      ['start_date=2024-06-01', ['INV-2024-9']],
      ['end_date=2024-06-30', ['INV-2024-9']],
      [`start_date=${lastMonthDay}&end_date=${lastMonthDay}`, ['INV/B/0003']],
      ['status=paid', ['INV/C/0002']],
      [
        `start_date=2024-01-01&end_date=${today}&search=toko%20andi&by=document_no`,
        ['INV-2024-9', 'INV/A/0001'],
      ],
      [`start_date=2024-01-01&end_date=${today}&branch_id=${h.fixture.branches.b2.id}`, ['INV/B/0003']],
      [`start_date=2024-01-01&end_date=${today}&region_id=${h.fixture.regions.sby.id}`, ['INV/C/0002']],
    ];
    for (const [q, expected] of cases) {
      const res = await h.call(admin, 'GET', `/apps/sales_invoice/?${q}`);
      expect({ q, status: res.status, docs: docs(res.body) }).toEqual({ q, status: 200, docs: expected });
    }
    expect((await h.call(admin, 'GET', '/apps/sales_invoice/?payment_method=barter')).status).toBe(400);
  });

  it('should scope invoices to the caller branches', async () => {
    const res = await h.call(
      clerk,
      'GET',
      `/apps/sales_invoice/?start_date=2024-01-01&end_date=${today}&by=document_no`,
    );
    expect(docs(res.body)).toEqual(['INV-2024-9', 'INV/A/0001', 'INV/B/0003']);
    expect((await h.call(clerk, 'GET', `/apps/sales_invoice/id/${inv.now2.id}`)).status).toBe(403);
    expect((await h.call(clerk, 'GET', `/apps/sales_invoice/id/${inv.past.id}`)).status).toBe(200);
  });

  it('should show an invoice with its lines by id, whatever its month', async () => {
    const res = await h.call(admin, 'GET', `/apps/sales_invoice/id/${inv.past.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      invoice_id: inv.past.id,
      document_no: 'INV-2024-9',
      invoice_date: '2024-06-15',
      customer_name: 'Toko Andi',
      net_amount: 1500,
    });
    expect(res.body.data.lines).toHaveLength(2);
    expect((await h.call(admin, 'GET', '/apps/sales_invoice/id/999999')).status).toBe(404);
  });

  it('should find an invoice by a document number sent with & for /', async () => {
    const res = await h.call(
      admin,
      'GET',
      `/apps/sales_invoice/document_no/${documentNoToPath('INV/C/0002')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      invoice_id: inv.now2.id,
      document_no: 'INV/C/0002',
      status: 'paid',
    });
    expect(res.body.data.lines.map((l: any) => l.item_name)).toEqual(['Teh Botol', 'Kopi']);
    const plain = await h.call(admin, 'GET', '/apps/sales_invoice/document_no/INV-2024-9');
    expect(plain.body.data.invoice_id).toBe(inv.past.id);
    const encoded = await h.call(
      admin,
      'GET',
      `/apps/sales_invoice/document_no/${encodeURIComponent('INV/A/0001')}`,
    );
    expect(encoded.body.data.invoice_id).toBe(inv.now1.id);
  });

  it('should answer 400 for a malformed number, 404 for an unknown one, 403 outside the branches', async () => {
    for (const bad of ['INV%20A', '%3Cscript%3E', '&INV', 'x'.repeat(51), 'INV%27%3B--']) {
      const res = await h.call(admin, 'GET', `/apps/sales_invoice/document_no/${bad}`);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      expect(res.body.err_msg[0]).toMatch(/^documentNo: /);
    }
    expect((await h.call(admin, 'GET', '/apps/sales_invoice/document_no/INV&Z&9999')).status).toBe(404);
    expect((await h.call(clerk, 'GET', '/apps/sales_invoice/document_no/INV&C&0002')).status).toBe(403);
  });
});
