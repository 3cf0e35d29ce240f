// Customers: list filters and scope, detail with targets/achievements/visits, the edit form with a photo,
// the five all-or-nothing bulk edits, customer types, the report, the customer log and last-seen lists.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import multipartPlugin from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jakartaToday, monthOf } from '../src/http/dates';
import { registerErrorHandling } from '../src/http/errors';
import { LocalUploadStore, MAX_UPLOAD_BYTES, registerPhotoUpload } from '../src/http/uploads';
import {
  countRows,
  makeActivity,
  makeCustomer,
  makeCustomerType,
  makeInvoice,
  makeItem,
  makeItemCategory,
  makeStaff,
  makeTarget,
  makeVisit,
  multipart,
  PNG_1X1,
} from './factories';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let branchUser: string;
let editor: string;
let editorId: number;
const c: Record<string, { id: number; branch_id: number; customer_code: string; customer_name: string }> = {};
let typeA: number;
let typeB: number;
const thisYear = Number(jakartaToday().slice(0, 4));

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  const { b1, b2, b3 } = h.fixture.branches;
  typeA = (await makeCustomerType(db, { name: 'Grosir' })).id;
  typeB = (await makeCustomerType(db, { name: 'Retail' })).id;
  c.sumber = await makeCustomer(db, {
    branch_id: b1.id,
    customer_name: 'Toko Sumber Rejeki',
    owner_name: 'Pak Haji Ahmad',
    customer_type_id: typeA,
    salesman_type_id: h.fixture.salesmanTypeId,
    salesman_id: h.fixture.salesmen[0].id,
    is_data_complete: true,
    admin_validate: true,
    monthly_max_point: 500,
  });
  c.makmur = await makeCustomer(db, {
    branch_id: b1.id,
    customer_name: 'Warung Makmur',
    customer_type_id: typeB,
    show_in_app: false,
  });
  c.jaya = await makeCustomer(db, {
    branch_id: b2.id,
    customer_name: 'Toko Jaya Abadi',
    customer_type_id: typeA,
    phone_number: '081299990000',
    active: false,
  });
  c.sby = await makeCustomer(db, {
    branch_id: b3.id,
    customer_name: 'Toko Surabaya Indah',
    customer_type_id: typeB,
  });
  c.sby2 = await makeCustomer(db, { branch_id: b3.id, customer_name: 'UD Sentosa', monthly_max_point: 0 });
  const ed = await makeStaff(db, {
    email: 'editor@example.com',
    grants: { customer: 'vu' },
    branches: [b1.id],
  });
  editorId = ed.id;
  admin = await h.login();
  branchUser = await h.login(BRANCH_USER);
  editor = await h.login(ed);
});
afterAll(async () => {
  await h?.close();
});

const ids = (body: any) =>
  body.data.list_customer.map((x: { id: number }) => x.id).sort((a: number, b: number) => a - b);
const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

describe('GET /web/customer/', () => {
  it('should list customers with region, region group and branch names and paging meta', async () => {
    const res = await h.call(admin, 'GET', '/web/customer/?page=1&limit=2');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 2, total_data: 5, total_page: 3 });
    // Default sort: id descending.
    expect(res.body.data.list_customer.map((x: any) => x.id)).toEqual([c.sby2.id, c.sby.id]);
    const row = (await h.call(admin, 'GET', `/web/customer/?search=sumber`)).body.data.list_customer[0];
    expect(row).toMatchObject({
      customer_id: c.sumber.id,
      customer_name: 'Toko Sumber Rejeki',
      branch_name: 'Cabang Bandung',
      region_id: h.fixture.regions.bdg.id,
      region_name: 'Bandung Raya',
      region_group_id: h.fixture.regionGroups.jabar.id,
      region_group_name: 'Jawa Barat',
      customer_type_name: 'Grosir',
      salesman_name: 'Budi Santoso',
      monthly_max_point: 500,
    });
  });

  it('should apply every SPEC.md filter', async () => {
    const { b1, b2 } = h.fixture.branches;
    const cases: [string, number[]][] = [
      [`branch_id=${b1.id}`, [c.sumber.id, c.makmur.id]],
      [`branch_id=${b2.id}`, [c.jaya.id]],
      ['phone_number=081299990000', [c.jaya.id]],
      // Part of the number, and the number as people write it (+62, spaces, dashes).
      ['phone_number=08129999', [c.jaya.id]],
      ['phone_number=99990000', [c.jaya.id]],
      [`phone_number=${encodeURIComponent('+62 812-9999-0000')}`, [c.jaya.id]],
      ['phone_number=6281299990000', [c.jaya.id]],
      ['show_in_app=0', [c.makmur.id]],
      [`customer_type_id=${typeA}`, [c.sumber.id, c.jaya.id]],
      [`salesman_type_id=${h.fixture.salesmanTypeId}`, [c.sumber.id]],
      ['is_data_complete=1', [c.sumber.id]],
      ['active=0', [c.jaya.id]],
      ['active=false', [c.jaya.id]],
      ['admin_validate=true', [c.sumber.id]],
      ['monthly_max_point=1', [c.sumber.id, c.sby2.id]],
      [`region_id=${h.fixture.regions.sby.id}`, [c.sby.id, c.sby2.id]],
      ['search=TOKO%20S', [c.sumber.id, c.sby.id]],
      ['search=haji', [c.sumber.id]],
      [`search=${c.jaya.customer_code}`, [c.jaya.id]],
      [`customer_type_id=${typeB}&search=toko`, [c.sby.id]],
      ['branch_id=&search=&active=', [c.sumber.id, c.makmur.id, c.jaya.id, c.sby.id, c.sby2.id]],
    ];
    for (const [q, expected] of cases) {
      const res = await h.call(admin, 'GET', `/web/customer/?limit=100&${q}`);
      expect({ q, status: res.status, ids: ids(res.body) }).toEqual({
        q,
        status: 200,
        ids: sorted(...expected),
      });
      expect(res.body.meta.total_data).toBe(expected.length);
    }
  });

  it('should page a searched list in order, and answer an empty page past the end', async () => {
    const all = await h.call(admin, 'GET', '/web/customer/?search=toko&by=customer_name&limit=100');
    const names = all.body.data.list_customer.map((x: any) => x.customer_name);
    expect(names).toEqual([...names].sort());
    expect(names.length).toBe(3);
    for (let page = 1; page <= 3; page++) {
      const one = await h.call(
        admin,
        'GET',
        `/web/customer/?search=toko&by=customer_name&limit=1&page=${page}`,
      );
      expect(one.body.data.list_customer.map((x: any) => x.customer_name)).toEqual([names[page - 1]]);
      expect(one.body.meta).toEqual({ page, limit: 1, total_data: 3, total_page: 3 });
    }
    const past = await h.call(admin, 'GET', '/web/customer/?search=toko&limit=1&page=9');
    expect(past.body).toEqual({
      data: { list_customer: [] },
      meta: { page: 9, limit: 1, total_data: 3, total_page: 3 },
    });
    const deep = await h.call(admin, 'GET', '/web/customer/?limit=2&page=3');
    expect(deep.body.data.list_customer.map((x: any) => x.id)).toEqual([c.sumber.id]);
  });

  it('should refuse malformed filters with 400', async () => {
    for (const q of ['branch_id=abc', 'active=maybe', 'monthly_max_point=2', 'customer_type_id=-1']) {
      const res = await h.call(admin, 'GET', `/web/customer/?${q}`);
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
    }
  });

  it('should show a branch user only the customers of its branches', async () => {
    const res = await h.call(branchUser, 'GET', '/web/customer/?limit=100');
    expect(ids(res.body)).toEqual(sorted(c.sumber.id, c.makmur.id, c.jaya.id));
    const filtered = await h.call(branchUser, 'GET', `/web/customer/?branch_id=${h.fixture.branches.b3.id}`);
    expect(filtered.body.data.list_customer).toEqual([]);
    expect(
      (await h.call(branchUser, 'GET', `/web/customer/?admin_user_id=${h.fixture.adminId}`)).status,
    ).toBe(403);
    expect(
      (await h.call(branchUser, 'GET', `/web/customer/?admin_user_id=${h.fixture.branchUserId}`)).status,
    ).toBe(200);
  });
});

describe('GET /web/customer/id/{customer_id}', () => {
  beforeAll(async () => {
    const db = h.database.db;
    const cat = await makeItemCategory(db);
    const item = await makeItem(db, { item_category_id: cat.id });
    const cust = c.sumber;
    await makeTarget(db, { customer_id: cust.id, year: thisYear, month: 1, target_amount: 1_000_000 });
    await makeTarget(db, { customer_id: cust.id, year: thisYear, month: 2, target_amount: 500_000 });
    await makeTarget(db, { customer_id: cust.id, year: thisYear - 1, month: 1, target_amount: 9 });
    const line = (qty: number, price: number) => [{ item_id: item.id, qty, price }];
    await makeInvoice(db, { customer: cust, invoice_date: `${thisYear}-01-05`, lines: line(10, 25_000) });
    await makeInvoice(db, { customer: cust, invoice_date: `${thisYear}-01-31`, lines: line(5, 100_000) });
    await makeInvoice(db, {
      customer: cust,
      invoice_date: `${thisYear}-01-20`,
      lines: line(1, 777_000),
      status: 'cancelled',
    });
    await makeInvoice(db, { customer: cust, invoice_date: `${thisYear}-03-01`, lines: line(1, 1_000) });
    await makeInvoice(db, { customer: cust, invoice_date: `${thisYear - 1}-01-01`, lines: line(1, 5) });
    await makeInvoice(db, { customer: c.makmur, invoice_date: `${thisYear}-01-05`, lines: line(1, 99) });
    await makeVisit(db, {
      customer_id: cust.id,
      salesman_id: h.fixture.salesmen[0].id,
      visit_date: `${thisYear}-02-10`,
      note: 'Cek display',
    });
    await makeVisit(db, {
      customer_id: cust.id,
      salesman_id: h.fixture.salesmen[0].id,
      visit_date: `${thisYear}-03-11`,
    });
  });

  it('should answer the customer with the year targets, monthly achievements and visits', async () => {
    const res = await h.call(admin, 'GET', `/web/customer/id/${c.sumber.id}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.customer).toMatchObject({
      id: c.sumber.id,
      customer_name: 'Toko Sumber Rejeki',
      branch_name: 'Cabang Bandung',
    });
    expect(d.customer_target.map((t: any) => [t.month, t.quarter, t.semester, t.target_amount])).toEqual([
      [1, 1, 1, 1_000_000],
      [2, 1, 1, 500_000],
    ]);
    expect(d.customer_achievement).toHaveLength(12);
    expect(d.customer_achievement[0]).toEqual({
      year: thisYear,
      month: 1,
      quarter: 1,
      semester: 1,
      target_amount: 1_000_000,
      actual_amount: 750_000,
      invoice_count: 2,
      achievement_pct: 75,
    });
    expect(d.customer_achievement[1]).toMatchObject({ month: 2, actual_amount: 0, achievement_pct: 0 });
    expect(d.customer_achievement[2]).toMatchObject({
      month: 3,
      target_amount: null,
      actual_amount: 1000,
      invoice_count: 1,
      achievement_pct: null,
    });
    expect(d.customer_achievement[11]).toMatchObject({ month: 12, quarter: 4, semester: 2 });
    expect(d.salesman_visit.map((v: any) => v.visit_date)).toEqual([
      `${thisYear}-03-11`,
      `${thisYear}-02-10`,
    ]);
    expect(d.salesman_visit[1]).toMatchObject({ salesman_name: 'Budi Santoso', note: 'Cek display' });
  });

  it('should answer another year on ?year=', async () => {
    const res = await h.call(admin, 'GET', `/web/customer/id/${c.sumber.id}?year=${thisYear - 1}`);
    expect(res.body.data.customer_target.map((t: any) => t.target_amount)).toEqual([9]);
    expect(res.body.data.customer_achievement[0]).toMatchObject({ actual_amount: 5, achievement_pct: 55.56 });
    expect(res.body.data.salesman_visit).toEqual([]);
    expect((await h.call(admin, 'GET', `/web/customer/id/${c.sumber.id}?year=abc`)).status).toBe(400);
  });

  it('should answer 403 outside the caller branches and 404 for an unknown customer', async () => {
    expect((await h.call(branchUser, 'GET', `/web/customer/id/${c.sby.id}`)).status).toBe(403);
    expect((await h.call(branchUser, 'GET', `/web/customer/id/${c.jaya.id}`)).status).toBe(200);
    expect((await h.call(admin, 'GET', '/web/customer/id/999999')).status).toBe(404);
  });
});

const put = (token: string, url: string, body: { payload: Buffer; headers: Record<string, string> }) =>
  h.app.inject({
    method: 'PUT',
    url: `/v1/api${url}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });

describe('PUT /web/customer/id/{id}', () => {
  it('should update from JSON, audit it and log the changed fields', async () => {
    const res = await h.call(editor, 'PUT', `/web/customer/id/${c.makmur.id}`, {
      customer_id: c.makmur.id,
      customer_name: 'Warung Makmur Jaya',
      monthly_max_point: 250,
      note: 'Langganan lama',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      customer_name: 'Warung Makmur Jaya',
      monthly_max_point: 250,
      note: 'Langganan lama',
    });
    const audit = await h.database.rows<{ user_id: number }>(
      sql`select user_id from audit_log where entity = 'customer' and entity_id = ${String(c.makmur.id)} and action = 'update'`,
    );
    expect(audit).toEqual([{ user_id: editorId }]);
    const log = await h.call(admin, 'GET', `/customer_log/?customer_id=${c.makmur.id}`);
    expect(log.body.data[0]).toMatchObject({
      action: 'update',
      staff_id: editorId,
      customer_name: 'Warung Makmur Jaya',
    });
    expect(log.body.data[0].detail.changes.customer_name).toEqual({
      from: 'Warung Makmur',
      to: 'Warung Makmur Jaya',
    });
  });

  it('should answer 403 for a customer or a target branch outside the caller branches', async () => {
    const other = await h.call(editor, 'PUT', `/web/customer/id/${c.jaya.id}`, { note: 'x' });
    expect(other.status).toBe(403);
    const move = await h.call(editor, 'PUT', `/web/customer/id/${c.makmur.id}`, {
      branch_id: h.fixture.branches.b3.id,
    });
    expect(move.status).toBe(403);
    // The branch user may view customers but not edit them.
    expect((await h.call(branchUser, 'PUT', `/web/customer/id/${c.makmur.id}`, { note: 'x' })).status).toBe(
      403,
    );
  });

  it('should answer 400 for a non-numeric max point and a mismatched customer_id', async () => {
    const bad = await h.call(admin, 'PUT', `/web/customer/id/${c.makmur.id}`, {
      monthly_max_point: 'banyak',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.err_msg[0]).toMatch(/^monthly_max_point: /);
    const neg = await h.call(admin, 'PUT', `/web/customer/id/${c.makmur.id}`, { monthly_max_point: -1 });
    expect(neg.status).toBe(400);
    const mismatch = await h.call(admin, 'PUT', `/web/customer/id/${c.makmur.id}`, {
      customer_id: c.jaya.id,
    });
    expect(mismatch.status).toBe(403);
  });

  it('should take multipart form_data with a PNG photo and serve it back from /uploads/', async () => {
    const res = await put(
      editor,
      `/web/customer/id/${c.sumber.id}`,
      multipart([
        { name: 'form_data', value: JSON.stringify({ customer_id: c.sumber.id, city: 'Bandung' }) },
        { name: 'photo', value: PNG_1X1, filename: 'toko.png', type: 'image/png' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.city).toBe('Bandung');
    expect(data.photo_url).toMatch(/^\/uploads\/customer\/[0-9a-f-]{36}\.png$/);
    const file = await h.app.inject({ method: 'GET', url: data.photo_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, PNG_1X1)).toBe(0);
  });

  it('should take multipart without a file, and an empty file part as no file', async () => {
    const res = await put(
      admin,
      `/web/customer/id/${c.sby.id}`,
      multipart([
        { name: 'form_data', value: JSON.stringify({ note: 'tanpa foto' }) },
        { name: 'photo', value: Buffer.alloc(0), filename: '', type: 'application/octet-stream' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ note: 'tanpa foto', photo_url: '' });
  });

  it('should refuse a text file named .png with 415 and change nothing', async () => {
    const before = await h.call(admin, 'GET', `/web/customer/id/${c.sby.id}`);
    const res = await put(
      admin,
      `/web/customer/id/${c.sby.id}`,
      multipart([
        { name: 'form_data', value: JSON.stringify({ note: 'should not be saved' }) },
        { name: 'photo', value: 'just some text, not an image', filename: 'evil.png', type: 'image/png' },
      ]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ err_code: 'UNSUPPORTED_MEDIA_TYPE' });
    const after = await h.call(admin, 'GET', `/web/customer/id/${c.sby.id}`);
    expect(after.body.data.customer).toEqual(before.body.data.customer);
  });

  it('should refuse an image over 5 MiB with 413', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(MAX_UPLOAD_BYTES + 10)]);
    const res = await put(
      admin,
      `/web/customer/id/${c.sby.id}`,
      multipart([
        { name: 'form_data', value: '{}' },
        { name: 'photo', value: big, filename: 'big.png', type: 'image/png' },
      ]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ err_code: 'PAYLOAD_TOO_LARGE' });
  });

  it('should answer 400 for form_data that is not a JSON object, and validate it like JSON', async () => {
    for (const value of ['{nope', '[1,2]']) {
      const res = await put(admin, `/web/customer/id/${c.sby.id}`, multipart([{ name: 'form_data', value }]));
      expect(res.statusCode).toBe(400);
      expect(res.json().err_msg[0]).toMatch(/form_data/);
    }
    const invalid = await put(
      admin,
      `/web/customer/id/${c.sby.id}`,
      multipart([{ name: 'form_data', value: JSON.stringify({ monthly_max_point: 'x' }) }]),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().err_msg[0]).toMatch(/^monthly_max_point: /);
  });

  it('should not keep the photo of a refused edit', async () => {
    const dir = path.join((h.app.uploads as LocalUploadStore).dir, 'customer');
    const { readdirSync, existsSync } = await import('node:fs');
    const count = () => (existsSync(dir) ? readdirSync(dir).length : 0);
    const before = count();
    const res = await put(
      editor,
      `/web/customer/id/${c.jaya.id}`,
      multipart([
        { name: 'form_data', value: '{}' },
        { name: 'photo', value: PNG_1X1, filename: 'a.png', type: 'image/png' },
      ]),
    );
    expect(res.statusCode).toBe(403);
    expect(count()).toBe(before);
  });
});

describe('bulk edits', () => {
  const snapshot = () =>
    h.database.rows<Record<string, unknown>>(
      sql`select id, show_in_app, active, class_mekar, exclude_all_point, note, monthly_max_point from customers order by id`,
    );
  const auditCount = (action: string) =>
    h.database
      .rows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = ${action}`)
      .then((r) => r[0].n);

  it('should set class_mekar on the named customers, one audit row each', async () => {
    const res = await h.call(admin, 'PUT', '/web/customer/edit/bulk/class_mekar', {
      customer_ids: [c.sumber.id, c.jaya.id, c.sby.id],
      class_mekar: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 3, customer_ids: [c.sumber.id, c.jaya.id, c.sby.id] });
    const flagged = await h.call(admin, 'GET', '/web/customer/?class_mekar=1&limit=100');
    expect(ids(flagged.body)).toEqual(sorted(c.sumber.id, c.jaya.id, c.sby.id));
    expect(await auditCount('bulk_class_mekar')).toBe(3);
  });

  it('should apply each of the other bulk edits', async () => {
    const all = [c.makmur.id, c.sby2.id];
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['/web/customer/edit/max_point', { monthly_max_point: 1200 }, { monthly_max_point: 1200 }],
      ['/web/customer/edit/bulk/exclude_all_point', { exclude_all_point: true }, { exclude_all_point: true }],
      ['/web/customer/edit/note', { note: 'Cek stok' }, { note: 'Cek stok' }],
      [
        '/web/customer/edit/bulk',
        { show_in_app: false, active: false },
        { show_in_app: false, active: false },
      ],
    ];
    for (const [url, body, expected] of cases) {
      const res = await h.call(admin, 'PUT', url, { customer_ids: all, ...body });
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
      const rowsNow = (await snapshot()).filter((r) => all.includes(r.id as number));
      for (const r of rowsNow) expect(r).toMatchObject(expected);
    }
    const cleared = await h.call(admin, 'PUT', '/web/customer/edit/max_point', {
      customer_ids: [c.sby2.id],
      monthly_max_point: null,
    });
    expect(cleared.status).toBe(200);
    const view = await h.call(admin, 'GET', '/web/customer/?monthly_max_point=1&limit=100');
    expect(ids(view.body)).not.toContain(c.sby2.id);
  });

  it('should change nothing and name the unknown customer when one id is bad', async () => {
    const before = await snapshot();
    const audits = await countRows(h.database.db, 'audit_log');
    const res = await h.call(admin, 'PUT', '/web/customer/edit/bulk/class_mekar', {
      customer_ids: [c.makmur.id, 987654, c.sby2.id, 987655],
      class_mekar: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.err_msg).toEqual([
      'customer_ids[1]: customer 987654 not found',
      'customer_ids[3]: customer 987655 not found',
    ]);
    expect(await snapshot()).toEqual(before);
    expect(await countRows(h.database.db, 'audit_log')).toBe(audits);
  });

  it('should answer 403 naming each customer outside the caller branches, writing nothing', async () => {
    const before = await snapshot();
    const res = await h.call(editor, 'PUT', '/web/customer/edit/note', {
      customer_ids: [c.sumber.id, c.jaya.id, c.sby.id],
      note: 'tidak boleh',
    });
    expect(res.status).toBe(403);
    expect(res.body.err_msg).toEqual([
      `customer_ids[1]: customer ${c.jaya.id} is outside your assigned branches`,
      `customer_ids[2]: customer ${c.sby.id} is outside your assigned branches`,
    ]);
    expect(await snapshot()).toEqual(before);
    const own = await h.call(editor, 'PUT', '/web/customer/edit/note', {
      customer_ids: [c.sumber.id],
      note: 'ok',
    });
    expect(own.status).toBe(200);
  });

  it('should validate the values: a non-numeric max point, a missing field, an empty list', async () => {
    const bad: [string, unknown][] = [
      ['/web/customer/edit/max_point', { customer_ids: [c.sumber.id], monthly_max_point: 'lots' }],
      ['/web/customer/edit/max_point', { customer_ids: [c.sumber.id], monthly_max_point: 1.5 }],
      ['/web/customer/edit/bulk/class_mekar', { customer_ids: [c.sumber.id] }],
      ['/web/customer/edit/bulk', { customer_ids: [c.sumber.id] }],
      ['/web/customer/edit/note', { customer_ids: [], note: 'x' }],
      ['/web/customer/edit/note', { customer_ids: ['a'], note: 'x' }],
    ];
    for (const [url, body] of bad) {
      const res = await h.call(admin, 'PUT', url, body);
      expect({ url, body, status: res.status }).toEqual({ url, body, status: 400 });
    }
  });
});

describe('customer types, report, log and last seen', () => {
  it('should list customer types for dropdowns under list_customertype', async () => {
    const res = await h.call(admin, 'GET', '/web/customertype/select?by=name');
    expect(res.status).toBe(200);
    expect(res.body.data.list_customertype.map((t: any) => t.name)).toEqual(['Grosir', 'Retail']);
    expect(res.body.data.list_customertype[0].customer_type_id).toBe(typeA);
  });

  it('should report turnover per customer over a date range, default the current month', async () => {
    const db = h.database.db;
    const cat = await makeItemCategory(db);
    const item = await makeItem(db, { item_category_id: cat.id });
    const today = jakartaToday();
    await makeInvoice(db, {
      customer: c.jaya,
      invoice_date: today,
      lines: [{ item_id: item.id, qty: 2, price: 1500 }],
    });
    const month = monthOf(today);
    const res = await h.call(admin, 'GET', `/web/customer/report?search=${encodeURIComponent('Jaya Abadi')}`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ start_date: month.start, end_date: month.end });
    expect(Array.isArray(res.body.data)).toBe(true);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      customer_id: c.jaya.id,
      invoice_count: 1,
      turnover: 3000,
      last_invoice_date: today,
      branch_name: 'Cabang Cimahi',
    });
    const jan = await h.call(
      admin,
      'GET',
      `/web/customer/report?start_date=${thisYear}-01-01&end_date=${thisYear}-01-31&branch_id=${h.fixture.branches.b1.id}&by=customer_name`,
    );
    expect(jan.body.data.map((r: any) => [r.customer_name, r.invoice_count, r.turnover])).toEqual([
      ['Toko Sumber Rejeki', 2, 750_000],
      ['Warung Makmur Jaya', 1, 99],
    ]);
    const exported = await h.call(admin, 'GET', '/web/customer/report?export=1&limit=1');
    expect(exported.body.data).toHaveLength(5);
    expect(exported.body.meta.total_data).toBe(5);
    const scoped = await h.call(branchUser, 'GET', '/web/customer/report?export=1');
    expect(scoped.body.data).toHaveLength(3);
    expect((await h.call(admin, 'GET', '/web/customer/report?start_date=2024-13-01')).status).toBe(400);
  });

  it('should list the customer log paged and scoped', async () => {
    const all = await h.call(admin, 'GET', '/customer_log/?limit=100');
    expect(all.status).toBe(200);
    expect(all.body.meta.total_data).toBeGreaterThan(5);
    const mine = await h.call(branchUser, 'GET', '/customer_log/?limit=100');
    const allowed = [h.fixture.branches.b1.id, h.fixture.branches.b2.id];
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((r: any) => allowed.includes(r.branch_id))).toBe(true);
    const bulk = await h.call(admin, 'GET', '/customer_log/?action=bulk_class_mekar&limit=100');
    expect(bulk.body.data.map((r: any) => r.customer_id).sort()).toEqual(
      sorted(c.sumber.id, c.jaya.id, c.sby.id),
    );
    const today = jakartaToday();
    const dated = await h.call(admin, 'GET', `/customer_log/?start_date=${today}&end_date=${today}`);
    expect(dated.body.meta.total_data).toBe(all.body.meta.total_data);
    const none = await h.call(admin, 'GET', '/customer_log/?end_date=2000-01-01');
    expect(none.body.data).toEqual([]);
  });

  it('should list last-seen customers latest first, and one customer activities', async () => {
    const db = h.database.db;
    await makeActivity(db, { customer_id: c.sumber.id, activity: 'login', at: '2025-03-01T08:00:00+07:00' });
    await makeActivity(db, {
      customer_id: c.sumber.id,
      activity: 'open_catalogue',
      at: '2025-03-02T09:00:00+07:00',
      device: 'Android 14',
    });
    await makeActivity(db, { customer_id: c.sby.id, activity: 'login', at: '2025-03-03T10:00:00+07:00' });
    const list = await h.call(admin, 'GET', '/customer_activities/');
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: any) => r.customer_id)).toEqual([c.sby.id, c.sumber.id]);
    expect(list.body.data[1]).toMatchObject({
      last_activity: 'open_catalogue',
      last_device: 'Android 14',
      last_seen_at: '2025-03-02T02:00:00.000Z',
    });
    const scoped = await h.call(branchUser, 'GET', '/customer_activities/');
    expect(scoped.body.data.map((r: any) => r.customer_id)).toEqual([c.sumber.id]);
    const range = await h.call(
      admin,
      'GET',
      '/customer_activities/?start_date=2025-03-03&end_date=2025-03-03',
    );
    expect(range.body.data.map((r: any) => r.customer_id)).toEqual([c.sby.id]);
    const one = await h.call(admin, 'GET', `/customer_activities/select?customer_id=${c.sumber.id}`);
    expect(one.body.data.map((r: any) => r.activity)).toEqual(['open_catalogue', 'login']);
    const foreign = await h.call(branchUser, 'GET', `/customer_activities/select?customer_id=${c.sby.id}`);
    expect(foreign.body.data).toEqual([]);
    // SPEC names customer_id as the select's key: it sorts.
    const byCustomer = await h.call(admin, 'GET', '/customer_activities/select?by=def.customer_id&sort=asc');
    expect(byCustomer.status).toBe(200);
    const ids = byCustomer.body.data.map((r: any) => r.customer_id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
  });
});

describe('POST .../photo helper', () => {
  it('should store a JPEG/PNG/WebP and answer its url and path, 415 otherwise', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lbo-up-'));
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(multipartPlugin, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    app.decorate('uploads', new LocalUploadStore(dir, 'https://cdn.example.com'));
    registerPhotoUpload(app, '/thing/photo', { area: 'content', folder: 'thing' });
    await app.ready();
    try {
      const ok = multipart([{ name: 'photo', value: PNG_1X1, filename: 'x.jpg', type: 'image/jpeg' }]);
      const res = await app.inject({ method: 'POST', url: '/thing/photo', ...ok });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.url).toMatch(/^https:\/\/cdn\.example\.com\/uploads\/thing\/[0-9a-f-]+\.png$/);
      expect(res.json().data.path).toMatch(/^thing\/[0-9a-f-]+\.png$/);
      const text = multipart([{ name: 'photo', value: '<svg/>', filename: 'x.png', type: 'image/png' }]);
      expect((await app.inject({ method: 'POST', url: '/thing/photo', ...text })).statusCode).toBe(415);
      const none = multipart([{ name: 'title', value: 'no file' }]);
      expect((await app.inject({ method: 'POST', url: '/thing/photo', ...none })).statusCode).toBe(400);
      const json = await app.inject({ method: 'POST', url: '/thing/photo', payload: { a: 1 } });
      expect(json.statusCode).toBe(415);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
