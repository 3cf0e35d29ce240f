// Vouchers at SPEC's odd paths and voucher redemptions: CRUD with a photo, show_all, select sort, the
// bulk add on the import pipeline (all or nothing, idempotent on voucher + customer, quota, branch
// scope), list filters and delete.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeStaff, multipart, PNG_1X1 } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
});
afterAll(async () => {
  await h?.close();
});

async function voucher(over: Record<string, unknown> = {}) {
  const res = await h.call(admin, 'POST', '/voucher/add', {
    code: `V-${Math.random().toString(36).slice(2, 8)}`,
    name: 'Voucher belanja',
    nominal: 50000,
    start_date: '2026-01-01',
    end_date: '2099-12-31',
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; code: string };
}
const redemptions = async (voucherId: number) =>
  (
    await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from voucher_redemptions where voucher_id = ${voucherId}`,
    )
  )[0].n;

describe('vouchers', () => {
  it('should add with a photo, get, edit, list with show_all and select ascending, delete', async () => {
    const body = multipart([{ name: 'photo', value: PNG_1X1, filename: 'v.png', type: 'image/png' }]);
    const up = await h.app.inject({
      method: 'POST',
      url: '/v1/api/voucher/photo',
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(201);
    const url = up.json().data.url;
    const v = await voucher({ code: 'VC-ALPHA', photo: url, quota: 3, description: 'Diskon' });
    const got = await h.call(admin, 'GET', `/voucher/id/${v.id}`);
    expect(got.body.data).toMatchObject({
      code: 'VC-ALPHA',
      photo: url,
      quota: 3,
      nominal: 50000,
      redeemed_count: 0,
    });
    const ed = await h.call(admin, 'PUT', `/voucher/edit/${v.id}`, { nominal: 75000.5 });
    expect(ed.status).toBe(200);
    expect(ed.body.data).toMatchObject({ nominal: 75000.5, code: 'VC-ALPHA', quota: 3 });
    const ended = await voucher({ code: 'VC-OLD', start_date: '2024-01-01', end_date: '2024-12-31' });
    const live = await h.call(admin, 'GET', '/voucher/?page=1&limit=10');
    expect(live.body.data.map((x: { id: number }) => x.id)).not.toContain(ended.id);
    const all = await h.call(
      admin,
      'GET',
      '/voucher/?by=def.id&page=1&limit=10&sort=desc&show_all=1&search=vc-',
    );
    expect(all.body.data.map((x: { id: number }) => x.id)).toEqual([ended.id, v.id]);
    const sel = await h.call(admin, 'GET', '/voucher/select?by=def.id&sort=asc&show_all=1');
    const ids = sel.body.data.map((x: { id: number }) => x.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    expect(sel.body.meta).toBeUndefined();
    const dup = await h.call(admin, 'POST', '/voucher/add', {
      code: 'VC-ALPHA',
      name: 'x',
      nominal: 1,
      start_date: '2026-01-01',
      end_date: '2026-01-02',
    });
    expect(dup.status).toBe(409);
    const del = await h.call(admin, 'DELETE', `/voucher/delete/${ended.id}`);
    expect(del.body).toEqual({ data: { id: ended.id } });
    const bad = await h.call(admin, 'POST', '/voucher/add', { code: 'a b', name: '', nominal: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.err_msg.join('\n')).toMatch(/code[\s\S]*name[\s\S]*nominal/);
  });
});

describe('voucher redemptions', () => {
  it('should bulk add all or nothing, idempotent on voucher + customer, and list, filter, get, delete', async () => {
    const { b1, b3 } = h.fixture.branches;
    const c1 = await makeCustomer(h.database.db, { branch_id: b1.id });
    const c2 = await makeCustomer(h.database.db, { branch_id: b3.id });
    const v = await voucher({ quota: 2 });
    const bad = await h.call(admin, 'POST', '/voucher_redeem/add_bulk', {
      voucher_id: v.id,
      rows: [
        { customer_code: c1.customer_code },
        { customer_code: 'NOPE' },
        { customer_code: c1.customer_code },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.err_msg).toEqual([
      "row 2: customer_code 'NOPE' not found",
      `row 3: duplicate of row 1 (customer_code ${c1.customer_code})`,
    ]);
    expect(await redemptions(v.id)).toBe(0);
    const rows = [{ customer_code: c1.customer_code }, { customer_code: c2.customer_code, note: 'hadiah' }];
    const ok = await h.call(admin, 'POST', '/voucher_redeem/add_bulk', { voucher_id: v.id, rows });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    const again = await h.call(admin, 'POST', '/voucher_redeem/add_bulk', { voucher_id: v.id, rows });
    expect(again.body.data).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
    const c3 = await makeCustomer(h.database.db, { branch_id: b1.id });
    const over = await h.call(admin, 'POST', '/voucher_redeem/add_bulk', {
      voucher_id: v.id,
      rows: [{ customer_code: c3.customer_code }],
    });
    expect(over.status).toBe(409);
    expect(over.body.err_msg[0]).toContain('quota of 2');
    expect(await redemptions(v.id)).toBe(2);
    const unknown = await h.call(admin, 'POST', '/voucher_redeem/add_bulk', { voucher_id: 987654, rows });
    expect(unknown.status).toBe(400);
    expect(unknown.body.err_msg[0]).toContain('voucher 987654 not found');

    const list = await h.call(
      admin,
      'GET',
      `/voucher_redeem/?by=def.id&page=1&limit=10&sort=desc&show_all=1&voucher_id=${v.id}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.meta.total_data).toBe(2);
    expect(list.body.data[0].id).toBeGreaterThan(list.body.data[1].id);
    expect(list.body.data.find((r: { customer_id: number }) => r.customer_id === c2.id)).toMatchObject({
      branch_id: b3.id,
      note: 'hadiah',
      voucher_code: v.code,
    });
    const sel = await h.call(
      admin,
      'GET',
      `/voucher_redeem/select?by=def.id&sort=desc&show_all=1&voucher_id=${v.id}&branch_id=${b1.id}`,
    );
    expect(sel.body.data.map((r: { customer_id: number }) => r.customer_id)).toEqual([c1.id]);
    const one = await h.call(admin, 'GET', `/voucher_redeem/id/${sel.body.data[0].id}`);
    expect(one.body.data.customer_code).toBe(c1.customer_code);
    const delV = await h.call(admin, 'DELETE', `/voucher/delete/${v.id}`);
    expect(delV.status).toBe(409);
    const del = await h.call(admin, 'DELETE', `/voucher_redeem/delete/${sel.body.data[0].id}`);
    expect(del.body.data.id).toBe(sel.body.data[0].id);
    expect(await redemptions(v.id)).toBe(1);
    const audit = await h.database.rows<{ action: string }>(
      sql`select action from audit_log where entity = 'voucher_redeem' order by id`,
    );
    // Every accepted bulk add is audited (the second one with its unchanged count).
    expect(audit.map((a) => a.action)).toEqual(['add_bulk', 'add_bulk', 'delete']);
  });

  it("should keep a branch-limited user to their branches' stores", async () => {
    const staff = await makeStaff(h.database.db, {
      email: 'voucher.cabang@example.com',
      grants: { voucher: 'vcud' },
      branches: [h.fixture.branches.b1.id],
    });
    const token = await h.login(staff);
    const mine = await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id });
    const other = await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b3.id });
    const v = await voucher();
    const res = await h.call(token, 'POST', '/voucher_redeem/add_bulk', {
      voucher_id: v.id,
      rows: [{ customer_code: mine.customer_code }, { customer_code: other.customer_code }],
    });
    expect(res.status).toBe(403);
    expect(res.body.err_msg).toEqual([
      `row 2: customer ${other.customer_code} is outside your assigned branches`,
    ]);
    expect(await redemptions(v.id)).toBe(0);
    await h.call(admin, 'POST', '/voucher_redeem/add_bulk', {
      voucher_id: v.id,
      rows: [{ customer_code: mine.customer_code }, { customer_code: other.customer_code }],
    });
    const list = await h.call(token, 'GET', `/voucher_redeem/?voucher_id=${v.id}`);
    expect(list.body.data.map((r: { customer_id: number }) => r.customer_id)).toEqual([mine.id]);
  });
});
