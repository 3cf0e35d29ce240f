// Virtual-account payments: the bank's callback with the shared token (401 without), validation (400),
// idempotency on the payment id (a repeat answers 200 and changes nothing, also when sent twice at
// once), the invoice's paid amount and status in the same transaction, unknown invoices kept unmatched
// and shown in /web/dashboard/virtual_account.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { verifyRollups } from '../src/modules/dashboards/rollups';
import { makeCustomer, makeItem, makeItemCategory } from './factories';
import { createHarness, type Harness } from './harness';

const TOKEN = 'bank-callback-secret-0123456789';
let h: Harness;
let app: FastifyInstance;
let admin: string;
let dataDir: string;

const notify = async (body: unknown, token: string | null = TOKEN) => {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/api/integration/va_payment',
    headers: token ? { 'x-callback-token': token } : {},
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json() };
};
const invoice = async () =>
  (
    await h.database.rows<{ status: string; paid_amount: number; paid_at: string | null }>(
      sql`select status, paid_amount::float8 as paid_amount, paid_at from sales_invoices where document_no = 'VA/INV/1'`,
    )
  )[0];
const payment = (payment_id: string, amount: number, invoice_number = 'VA/INV/1') => ({
  payment_id,
  invoice_number,
  virtual_account_no: '8808123456789',
  amount,
  paid_at: '2025-06-02T10:15:00+07:00',
});

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  const db = h.database.db;
  await makeCustomer(db, { branch_id: h.fixture.branches.b1.id, customer_code: 'VA-1' });
  const cat = await makeItemCategory(db);
  await makeItem(db, { item_category_id: cat.id, item_code: 'VA-MIE' });
  const res = await h.call(admin, 'POST', '/integration/sales_invoice', {
    documents: [
      {
        document_no: 'VA/INV/1',
        invoice_date: '2025-06-01',
        customer_code: 'VA-1',
        payment_method: 'virtual_account',
        virtual_account_no: '8808123456789',
        lines: [{ item_code: 'VA-MIE', qty: 40, price: 2500 }],
      },
    ],
  });
  expect(res.status).toBe(200);
  // The same database, served by an app configured with the bank's callback token.
  dataDir = mkdtempSync(path.join(tmpdir(), 'lbo-va-'));
  const config = loadConfig(
    { CHECK_RESPONSES: 'true' },
    {
      dataDir,
      jwtSecret: 'test-secret-test-secret-test-secret-0123',
      vaCallbackToken: TOKEN,
    },
  );
  app = await buildApp({ config, database: h.database, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await h?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /integration/va_payment', () => {
  it('should refuse a missing or wrong token with 401 and change nothing', async () => {
    expect((await notify(payment('P-0', 1000), null)).status).toBe(401);
    expect((await notify(payment('P-0', 1000), 'wrong-token-wrong-token')).status).toBe(401);
    expect((await h.call(admin, 'POST', '/integration/va_payment', payment('P-0', 1000))).status).toBe(401);
    expect((await invoice()).paid_amount).toBe(0);
  });

  it('should be documented as taking X-Callback-Token, its own security scheme, not a bearer token', async () => {
    const doc = (await h.call(null, 'GET', '/openapi.json')).body;
    const scheme = Object.entries(doc.components.securitySchemes).find(
      ([, s]: [string, any]) => s.type === 'apiKey' && s.in === 'header' && s.name === 'X-Callback-Token',
    );
    expect(scheme).toBeDefined();
    expect(doc.paths['/v1/api/integration/va_payment'].post.security).toEqual([{ [scheme![0]]: [] }]);
  });

  it('should refuse malformed notifications with 400 naming the fields', async () => {
    const res = await notify({
      payment_id: '',
      invoice_number: 'VA/INV/1',
      amount: -5,
      paid_at: 'yesterday',
      extra: 1,
    });
    expect(res.status).toBe(400);
    const text = res.body.err_msg.join(' ');
    for (const f of ['payment_id', 'amount', 'paid_at']) expect(text).toContain(f);
    expect((await notify({ ...payment('P-0', 10.005) })).status).toBe(400);
    expect((await h.database.rows(sql`select 1 from va_payments`)).length).toBe(0);
  });

  it('should add a partial payment, ignore its repeat, and complete the invoice', async () => {
    const first = await notify(payment('P-1', 40_000));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      matched: true,
      applied: true,
      invoice_status: 'partial',
      invoice_paid_amount: 40_000,
    });
    const again = await notify(payment('P-1', 40_000));
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ applied: false, invoice_paid_amount: 40_000 });
    expect(await invoice()).toMatchObject({ status: 'partial', paid_amount: 40_000, paid_at: null });
    // The same payment id with another amount is not the same payment.
    expect((await notify(payment('P-1', 45_000))).status).toBe(409);

    // Sent twice at once: one applies, the other changes nothing.
    const [a, b] = await Promise.all([notify(payment('P-2', 60_000)), notify(payment('P-2', 60_000))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.applied, b.body.data.applied].sort()).toEqual([false, true]);
    const inv = await invoice();
    expect(inv).toMatchObject({ status: 'paid', paid_amount: 100_000 });
    expect(inv.paid_at).not.toBeNull();
    // The tracking rollup follows the status and paid amount.
    const checks = await verifyRollups(h.database.db);
    expect(checks.every((c) => c.missing === 0 && c.extra === 0)).toBe(true);
    const [day] = await h.database.rows<{ paid_count: number; paid_amount: number }>(
      sql`select sum(paid_count)::int as paid_count, sum(paid_amount)::float8 as paid_amount from dash_day_branch where day = '2025-06-01'`,
    );
    expect(day).toEqual({ paid_count: 1, paid_amount: 100_000 });
  });

  it('should keep a payment for an unknown invoice as unmatched and show it', async () => {
    const res = await notify(payment('P-3', 5_000, 'VA/NOPE/9'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ matched: false, applied: true, invoice_id: null });
    const report = await h.call(
      admin,
      'GET',
      '/web/dashboard/virtual_account?start_date=2025-06-01&end_date=2025-06-30',
    );
    expect(report.status).toBe(200);
    expect(report.body.data.map((r: { invoice_number: string }) => r.invoice_number).sort()).toEqual([
      'VA/INV/1',
      'VA/INV/1',
      'VA/NOPE/9',
    ]);
    const unmatched = report.body.data.find((r: { matched: boolean }) => !r.matched);
    expect(unmatched.note).toContain('no invoice');
    // A branch filter shows the branch's matched payments only.
    const b3 = await h.call(
      admin,
      'GET',
      `/web/dashboard/virtual_account?start_date=2025-06-01&end_date=2025-06-30&branch_id=${h.fixture.branches.b3.id}`,
    );
    expect(b3.body.data).toEqual([]);
  });
});

describe('an invoice paid by virtual account, sent again by the ERP', () => {
  const document = (no: string, more: Record<string, unknown> = {}) => ({
    document_no: no,
    invoice_date: '2025-06-01',
    customer_code: 'VA-1',
    payment_method: 'virtual_account',
    virtual_account_no: '8808123456789',
    lines: [{ item_code: 'VA-MIE', qty: 40, price: 2500 }],
    ...more,
  });
  const send = (...documents: unknown[]) =>
    h.call(admin, 'POST', '/integration/sales_invoice', { documents });
  const stored = async (no: string) =>
    (
      await h.database.rows<{
        status: string;
        paid_amount: number;
        paid_at: string | null;
        note: string | null;
      }>(
        sql`select status, paid_amount::float8 as paid_amount, paid_at::text, note from sales_invoices where document_no = ${no}`,
      )
    )[0];

  it('should keep what the bank paid when the ERP still says unpaid, and take its other changes', async () => {
    const before = await stored('VA/INV/1');
    expect(before).toMatchObject({ status: 'paid', paid_amount: 100_000 });
    expect(before.paid_at).not.toBeNull();
    // The ERP has not heard of the payment: its own status (unpaid, the default) and a new note.
    expect((await send(document('VA/INV/1', { note: 'corrected' }))).status).toBe(200);
    expect(await stored('VA/INV/1')).toEqual({ ...before, note: 'corrected' });
    // Sent once more, unchanged: nothing to write.
    const again = await send(document('VA/INV/1', { note: 'corrected' }));
    expect(again.body.data).toMatchObject({ inserted: 0, updated: 0 });

    // A partly paid invoice stays partly paid; the ERP may move it forward itself.
    expect((await send(document('VA/INV/2'))).status).toBe(200);
    expect((await notify(payment('P-20', 30_000, 'VA/INV/2'))).status).toBe(200);
    expect((await send(document('VA/INV/2', { note: 'again' }))).status).toBe(200);
    expect(await stored('VA/INV/2')).toMatchObject({ status: 'partial', paid_amount: 30_000, note: 'again' });
    await send(document('VA/INV/2', { status: 'paid', paid_at: '2025-06-03T09:00:00+07:00' }));
    const paid = await stored('VA/INV/2');
    expect(paid.status).toBe('paid');
    expect(new Date(paid.paid_at ?? '').toISOString()).toBe('2025-06-03T02:00:00.000Z');
    // The tracking rollup follows what was kept.
    const checks = await verifyRollups(h.database.db);
    expect(checks.every((c) => c.missing === 0 && c.extra === 0)).toBe(true);
  });

  it("should take the ERP's cancellation of a paid invoice", async () => {
    expect((await send(document('VA/INV/1', { status: 'cancelled' }))).status).toBe(200);
    expect(await stored('VA/INV/1')).toMatchObject({ status: 'cancelled', paid_at: null });
  });
});
