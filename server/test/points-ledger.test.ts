// Route tests for the ledger, balances and injections: manual movements, corrections (void +
// replacement), voids, system rows (409), bad input (400, nothing written), scope and audit.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyInvoicePoints } from '../src/modules/points/points.engine';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';
import {
  grantPointsToBranchStaff,
  makeCategory,
  makeCustomer,
  makeInvoice,
  makeItem,
  makeRule,
} from './points-factories';

let h: Harness;
let admin: string;
let branchUser: string;
let c1: { id: number; customer_code: string };
let c2: { id: number; customer_code: string };
let c3: { id: number; customer_code: string }; // branch b3: outside the branch user's scope

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  await grantPointsToBranchStaff(db, h.fixture.branchGroupId);
  admin = await h.login();
  branchUser = await h.login(BRANCH_USER);
  c1 = await makeCustomer(db, { branch_id: h.fixture.branches.b1.id, customer_name: 'Toko Sumber Rejeki' });
  c2 = await makeCustomer(db, { branch_id: h.fixture.branches.b2.id, customer_name: 'Warung Bu Sri' });
  c3 = await makeCustomer(db, { branch_id: h.fixture.branches.b3.id, customer_name: 'Toko Surabaya Jaya' });
});
afterAll(async () => {
  await h?.close();
});

const balance = async (token: string, id: number) =>
  (await h.call(token, 'GET', `/point/balance/customer_id/${id}`)).body.data.point_balance as number;
const ledgerCount = async () =>
  (await h.database.rows<{ n: number }>(sql`select count(*)::int as n from point_ledger`))[0].n;
const audit = (entityId: number | null) =>
  h.database.rows<{ action: string; user_id: number; before: any; after: any }>(
    entityId === null
      ? sql`select action, user_id, before, after from audit_log where entity = 'point' and entity_id is null order by id`
      : sql`select action, user_id, before, after from audit_log where entity = 'point' and entity_id = ${String(entityId)} order by id`,
  );

describe('POST /point/ (manual movements)', () => {
  it('should credit, deduct and correct, keeping the cached balance in step', async () => {
    const inj = await h.call(admin, 'POST', '/point/', {
      customer_id: c1.id,
      point_type: 2,
      points: 100,
      reason: 'Welcome points',
      entry_date: '2024-02-01',
    });
    expect(inj.status).toBe(201);
    expect(inj.body.data).toMatchObject({
      customer_id: c1.id,
      customer_code: c1.customer_code,
      point_type: 2,
      points: 100,
      source: 'inject',
      balance_after: 100,
      editable: true,
      void: false,
      entry_date: '2024-02-01',
      created_by: h.fixture.adminId,
      created_by_name: 'Administrator',
    });
    const ded = await h.call(admin, 'POST', '/point/', {
      customer_id: c1.id,
      point_type: 5,
      points: 30,
      reason: 'Returned goods',
      reference: 'RET-001',
      entry_date: '2024-02-10',
    });
    expect(ded.status).toBe(201);
    expect(ded.body.data).toMatchObject({
      point_type: 5,
      points: -30,
      source: 'deduction',
      balance_after: 70,
    });
    const cor = await h.call(admin, 'POST', '/point/', {
      customer_id: c1.id,
      point_type: 7,
      points: -10,
      reason: 'Typo last week',
    });
    expect(cor.status).toBe(201);
    expect(cor.body.data).toMatchObject({ point_type: 7, points: -10, source: 'manual', balance_after: 60 });
    expect(await balance(admin, c1.id)).toBe(60);
    expect((await audit(inj.body.data.id)).map((a) => a.action)).toEqual(['create']);
  });

  it('should refuse a movement that would take the balance below zero with 409 and write nothing', async () => {
    const before = await ledgerCount();
    const res = await h.call(admin, 'POST', '/point/', {
      customer_id: c1.id,
      point_type: 5,
      points: 61,
      reason: 'Too much',
    });
    expect(res.status).toBe(409);
    expect(res.body.err_code).toBe('CONFLICT');
    expect(res.body.err_msg[0]).toMatch(
      /insufficient points: customer .* has 60 points and this movement takes 61/,
    );
    // The form (which asks in a language) puts the refusal beside its points field.
    const worded = await h.app.inject({
      method: 'POST',
      url: '/v1/api/point/',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'id' },
      payload: { customer_id: c1.id, point_type: 5, points: 61, reason: 'Too much' },
    });
    expect(worded.json().err_detail).toEqual([
      expect.objectContaining({ code: 'insufficient_points', field: 'points' }),
    ]);
    expect(await ledgerCount()).toBe(before);
    expect(await balance(admin, c1.id)).toBe(60);
  });

  it('should answer 400 with messages for bad points, types and missing fields, writing nothing', async () => {
    const before = await ledgerCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { customer_id: c1.id, point_type: 2, points: -5, reason: 'x' },
        /^points: must be a whole positive number/,
      ],
      [
        { customer_id: c1.id, point_type: 5, points: 0, reason: 'x' },
        /^points: must be a whole positive number/,
      ],
      [{ customer_id: c1.id, point_type: 2, points: 1.5, reason: 'x' }, /^points: must be a whole number/],
      [{ customer_id: c1.id, point_type: 7, points: 0, reason: 'x' }, /^points: must not be 0/],
      [{ customer_id: c1.id, point_type: 1, points: 5, reason: 'x' }, /^point_type: must be 2 \(injected\)/],
      [{ customer_id: c1.id, point_type: 2, points: 5, reason: '  ' }, /^reason: is required/],
      [{ customer_id: c1.id, point_type: 2, points: 5 }, /^reason: /],
      [
        { customer_id: c1.id, point_type: 2, points: 5, reason: 'x', entry_date: '2024-13-01' },
        /^entry_date: /,
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await h.call(admin, 'POST', '/point/', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.err_msg.some((m: string) => msg.test(m))).toBe(true);
    }
    const empty = await h.call(admin, 'POST', '/point/', {});
    expect(empty.status).toBe(400);
    expect(empty.body.err_msg.length).toBeGreaterThanOrEqual(3);
    const unknown = await h.call(admin, 'POST', '/point/', {
      customer_id: 987654,
      point_type: 2,
      points: 5,
      reason: 'x',
    });
    expect(unknown.status).toBe(404);
    expect(await ledgerCount()).toBe(before);
  });
});

describe('GET /point/, /point/select, /point/id/{id}', () => {
  it('should list newest first and filter by type, customer, dates and search', async () => {
    const all = await h.call(admin, 'GET', `/point/?customer_id=${c1.id}`);
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ page: 1, limit: 10, total_data: 3 });
    const ids = all.body.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const deductions = await h.call(admin, 'GET', `/point/?point_type=5&customer_id=${c1.id}`);
    expect(deductions.body.data.map((r: { points: number }) => r.points)).toEqual([-30]);
    const feb = await h.call(
      admin,
      'GET',
      `/point/?customer_id=${c1.id}&start_date=2024-02-01&end_date=2024-02-05&by=def.id&sort=desc`,
    );
    expect(feb.body.data.map((r: { points: number }) => r.points)).toEqual([100]);
    const byCode = await h.call(admin, 'GET', `/point/?search=${encodeURIComponent(c1.customer_code)}`);
    expect(byCode.body.meta.total_data).toBe(3);
    const byName = await h.call(admin, 'GET', '/point/?search=sumber%20rejeki');
    expect(byName.body.meta.total_data).toBe(3);
    const bad = await h.call(admin, 'GET', '/point/?start_date=yesterday');
    expect(bad.status).toBe(400);
    const badType = await h.call(admin, 'GET', '/point/?point_type=9');
    expect(badType.status).toBe(400);
  });

  it('should answer one entry by id and the dropdown list', async () => {
    const list = await h.call(admin, 'GET', `/point/select?customer_id=${c1.id}`);
    expect(list.status).toBe(200);
    expect(list.body.meta).toBeUndefined();
    expect(list.body.data.length).toBe(3);
    const one = await h.call(admin, 'GET', `/point/id/${list.body.data[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.id).toBe(list.body.data[0].id);
    expect((await h.call(admin, 'GET', '/point/id/987654')).status).toBe(404);
  });
});

describe('PUT /point/{id} and DELETE /point/{id}', () => {
  it('should correct a staff movement by voiding it and appending a replacement', async () => {
    const [ded] = (await h.call(admin, 'GET', `/point/?point_type=5&customer_id=${c1.id}`)).body.data;
    const res = await h.call(admin, 'PUT', `/point/${ded.id}`, {
      points: 50,
      reason: 'Returned goods (2 cartons)',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      point_type: 5,
      points: -50,
      reverses_id: ded.id,
      reason: 'Returned goods (2 cartons)',
      reference: 'RET-001',
      entry_date: '2024-02-10',
      editable: true,
      balance_after: 40,
    });
    expect(res.body.data.id).not.toBe(ded.id);
    const old = (await h.call(admin, 'GET', `/point/id/${ded.id}`)).body.data;
    expect(old).toMatchObject({ void: true, editable: false, voided_by: h.fixture.adminId, points: -30 });
    expect(old.voided_at).toEqual(expect.any(String));
    expect(await balance(admin, c1.id)).toBe(40);
    const a = await audit(ded.id);
    expect(a.map((x) => x.action)).toEqual(['create', 'update']);
    expect(a[1].before.points).toBe(-30);
    expect(a[1].after.points).toBe(-50);
    // Live rows only: the voided one is out of the list of live deductions.
    const live = await h.call(admin, 'GET', `/point/?point_type=5&customer_id=${c1.id}&void=0`);
    expect(live.body.data.map((r: { points: number }) => r.points)).toEqual([-50]);
  });

  it('should answer an unchanged correction with the same row and write nothing', async () => {
    const [ded] = (await h.call(admin, 'GET', `/point/?point_type=5&customer_id=${c1.id}&void=0`)).body.data;
    const before = await ledgerCount();
    const res = await h.call(admin, 'PUT', `/point/${ded.id}`, { points: 50 });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(ded.id);
    expect(await ledgerCount()).toBe(before);
  });

  it('should refuse corrections that overdraw (409) or break the sign rule (400)', async () => {
    const [ded] = (await h.call(admin, 'GET', `/point/?point_type=5&customer_id=${c1.id}&void=0`)).body.data;
    const over = await h.call(admin, 'PUT', `/point/${ded.id}`, { points: 91 });
    expect(over.status).toBe(409);
    const sign = await h.call(admin, 'PUT', `/point/${ded.id}`, { points: -3 });
    expect(sign.status).toBe(400);
    expect(sign.body.err_msg[0]).toMatch(/^points: /);
    const frac = await h.call(admin, 'PUT', `/point/${ded.id}`, { points: 2.5 });
    expect(frac.status).toBe(400);
    expect(await balance(admin, c1.id)).toBe(40);
    expect((await h.call(admin, 'PUT', '/point/987654', { points: 1 })).status).toBe(404);
  });

  it('should void a staff movement, keep it in the ledger and answer its id', async () => {
    const [ded] = (await h.call(admin, 'GET', `/point/?point_type=5&customer_id=${c1.id}&void=0`)).body.data;
    const res = await h.call(admin, 'DELETE', `/point/${ded.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: ded.id } });
    expect(await balance(admin, c1.id)).toBe(90);
    expect((await h.call(admin, 'GET', `/point/id/${ded.id}`)).body.data.void).toBe(true);
    expect((await audit(ded.id)).map((x) => x.action)).toEqual(['void']);
    const again = await h.call(admin, 'DELETE', `/point/${ded.id}`);
    expect(again.status).toBe(409);
    expect(again.body.err_msg[0]).toMatch(/already void/);
    expect((await h.call(admin, 'PUT', `/point/${ded.id}`, { points: 1 })).status).toBe(409);
  });

  it('should refuse to void a credit the customer has already spent', async () => {
    const c = await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id });
    const credit = await h.call(admin, 'POST', '/point/', {
      customer_id: c.id,
      point_type: 2,
      points: 10,
      reason: 'x',
    });
    await h.call(admin, 'POST', '/point/', { customer_id: c.id, point_type: 5, points: 8, reason: 'spent' });
    const res = await h.call(admin, 'DELETE', `/point/${credit.body.data.id}`);
    expect(res.status).toBe(409);
    expect(res.body.err_msg[0]).toMatch(/insufficient points/);
    expect(await balance(admin, c.id)).toBe(2);
  });

  it('should answer 409 to PUT and DELETE of rows written from invoices', async () => {
    const db = h.database.db;
    const cat = await makeCategory(db);
    const item = await makeItem(db, { item_category_id: cat.id });
    await makeRule(db, { amount_per_point: 1000, item_category_id: cat.id });
    const inv = await makeInvoice(db, {
      customer_id: c2.id,
      invoice_date: '2024-03-01',
      lines: [{ item_id: item.id, net_amount: 25_000 }],
    });
    await db.transaction((tx) => applyInvoicePoints(tx, [inv.id]));
    const [row] = (
      await h.call(admin, 'GET', `/point/?invoice_document_no=${encodeURIComponent(inv.document_no)}`)
    ).body.data;
    expect(row).toMatchObject({
      point_type: 1,
      points: 25,
      editable: false,
      invoice_document_no: inv.document_no,
    });
    const put = await h.call(admin, 'PUT', `/point/${row.id}`, { points: 1 });
    expect(put.status).toBe(409);
    expect(put.body.err_msg[0]).toMatch(/written by the system from invoice/);
    expect((await h.call(admin, 'DELETE', `/point/${row.id}`)).status).toBe(409);
    expect(await balance(admin, c2.id)).toBe(25);
  });
});

describe('POST /point/inject/', () => {
  it('should credit every listed customer in one call and audit it', async () => {
    const b1 = await balance(admin, c1.id);
    const b2 = await balance(admin, c2.id);
    const res = await h.call(admin, 'POST', '/point/inject/', {
      customer_codes: [c2.customer_code, c1.customer_code],
      points: 25,
      reason: 'Ramadan campaign',
      reference: 'CMP-RMD',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ count: 2, points: 25, total_points: 50 });
    expect(await balance(admin, c1.id)).toBe(b1 + 25);
    expect(await balance(admin, c2.id)).toBe(b2 + 25);
    const first = (await h.call(admin, 'GET', `/point/id/${res.body.data.ids[0]}`)).body.data;
    expect(first).toMatchObject({
      customer_id: c2.id,
      point_type: 2,
      source: 'inject',
      reference: 'CMP-RMD',
    });
    const byId = await h.call(admin, 'POST', '/point/inject', {
      customer_ids: [c3.id],
      points: 5,
      reason: 'By id',
    });
    expect(byId.status).toBe(201);
    const a = await audit(null);
    expect(a.map((x) => x.action)).toEqual(['inject', 'inject']);
    expect(a[0].after.ledger_ids).toEqual(res.body.data.ids);
  });

  it('should refuse the whole injection naming each unknown or repeated customer', async () => {
    const before = await ledgerCount();
    const res = await h.call(admin, 'POST', '/point/inject/', {
      customer_codes: [c1.customer_code, 'NOPE-1', c2.customer_code, 'NOPE-2', c1.customer_code],
      customer_ids: [987654],
      points: 10,
      reason: 'x',
    });
    expect(res.status).toBe(400);
    expect(res.body.err_msg).toEqual([
      "row 2: customer_code 'NOPE-1' not found",
      "row 4: customer_code 'NOPE-2' not found",
      `row 5: duplicate of row 1 (customer_code ${c1.customer_code})`,
      'customer_ids.0: customer 987654 not found',
    ]);
    expect(await ledgerCount()).toBe(before);
  });

  it('should answer 400 for bad points and an empty list', async () => {
    for (const points of [0, -5, 2.5, '10']) {
      const res = await h.call(admin, 'POST', '/point/inject/', {
        customer_codes: [c1.customer_code],
        points,
        reason: 'x',
      });
      expect({ points, status: res.status }).toEqual({ points, status: 400 });
      expect(res.body.err_msg[0]).toMatch(/^points: /);
    }
    const none = await h.call(admin, 'POST', '/point/inject/', {
      customer_codes: [],
      points: 5,
      reason: 'x',
    });
    expect(none.status).toBe(400);
    expect(none.body.err_msg).toEqual(['customer_codes: name at least one customer']);
  });
});

describe('branch scope', () => {
  it('should show the branch user only the movements of its branches', async () => {
    const mine = await h.call(branchUser, 'GET', '/point/?limit=100');
    expect(mine.status).toBe(200);
    const allowed = [h.fixture.branches.b1.id, h.fixture.branches.b2.id];
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((r: { branch_id: number }) => allowed.includes(r.branch_id))).toBe(true);
    const all = await h.call(admin, 'GET', '/point/?limit=100');
    expect(all.body.meta.total_data).toBeGreaterThan(mine.body.meta.total_data);
  });

  it('should answer 403 for customers outside the scope on every call', async () => {
    expect((await h.call(branchUser, 'GET', `/point/balance/customer_id/${c3.id}`)).status).toBe(403);
    const [foreign] = (await h.call(admin, 'GET', `/point/?customer_id=${c3.id}`)).body.data;
    expect((await h.call(branchUser, 'GET', `/point/id/${foreign.id}`)).status).toBe(403);
    const post = await h.call(branchUser, 'POST', '/point/', {
      customer_id: c3.id,
      point_type: 2,
      points: 5,
      reason: 'x',
    });
    expect(post.status).toBe(403);
    const inject = await h.call(branchUser, 'POST', '/point/inject/', {
      customer_codes: [c1.customer_code, c3.customer_code],
      points: 5,
      reason: 'x',
    });
    expect(inject.status).toBe(403);
    expect(inject.body.err_msg).toEqual([
      `row 2: customer ${c3.customer_code} is outside your assigned branches`,
    ]);
    // No update or delete role: 403 before anything else.
    expect((await h.call(branchUser, 'DELETE', `/point/${foreign.id}`)).status).toBe(403);
    // In scope: allowed.
    const ok = await h.call(branchUser, 'POST', '/point/', {
      customer_id: c1.id,
      point_type: 2,
      points: 1,
      reason: 'branch gift',
    });
    expect(ok.status).toBe(201);
  });

  it('should answer balance lookups from the cached column, 404 for unknown customers', async () => {
    const res = await h.call(branchUser, 'GET', `/point/balance/customer_id/${c1.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      customer_id: c1.id,
      customer_code: c1.customer_code,
      branch_id: h.fixture.branches.b1.id,
      exclude_all_point: false,
      monthly_max_point: null,
    });
    const [{ point_balance }] = await h.database.rows<{ point_balance: number }>(
      sql`select point_balance from customers where id = ${c1.id}`,
    );
    expect(res.body.data.point_balance).toBe(point_balance);
    expect((await h.call(admin, 'GET', '/point/balance/customer_id/987654')).status).toBe(404);
    expect((await h.call(admin, 'GET', '/point/balance/customer_id/abc')).status).toBe(400);
  });
});

describe('dates of manual movements', () => {
  it('should refuse a movement dated far ahead or before 2000, on create, correct and inject, writing nothing', async () => {
    const before = await h.database.rows<{ n: number }>(sql`select count(*)::int as n from point_ledger`);
    for (const entry_date of ['9999-12-31', '2100-01-01', '1999-12-31']) {
      const res = await h.call(admin, 'POST', '/point/', {
        customer_id: c1.id,
        point_type: 2,
        points: 5,
        reason: 'tanggal salah',
        entry_date,
      });
      expect({ entry_date, status: res.status }).toEqual({ entry_date, status: 400 });
      expect(res.body.err_msg[0]).toMatch(/^entry_date: /);
    }
    const inject = await h.call(admin, 'POST', '/point/inject/', {
      points: 5,
      reason: 'tanggal salah',
      entry_date: '9999-12-31',
      customer_ids: [c1.id],
    });
    expect(inject.status).toBe(400);
    const after = await h.database.rows<{ n: number }>(sql`select count(*)::int as n from point_ledger`);
    expect(after[0].n).toBe(before[0].n);
    const ok = await h.call(admin, 'POST', '/point/', {
      customer_id: c1.id,
      point_type: 2,
      points: 5,
      reason: 'tanggal benar',
      entry_date: '2024-02-29',
    });
    expect(ok.status).toBe(201);
    const corrected = await h.call(admin, 'PUT', `/point/${ok.body.data.id}`, { entry_date: '9999-12-31' });
    expect(corrected.status).toBe(400);
  });
});
