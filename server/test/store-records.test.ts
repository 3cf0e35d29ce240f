// The companion app's reads over other areas and its writes that reach the back office (STORE-API.md
// section 2): promos for this store, lottery numbers, targets equal to the back office's, invoices
// with the points they earned, photos into the store's folders (the group view and upload report
// count them), and profile changes that wait for staff to approve or reject them. Every call refuses
// a staff token, another store's ids and bad input, in the store's language.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { postMovements } from '../src/domain/ledger';
import {
  makeCustomer,
  makeCustomerType,
  makeInvoice,
  makeItem,
  makeItemCategory,
  makeTarget,
} from './factories';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';
import { createStoreApp, type StoreApp } from './support/store';

let h: Harness;
let s: StoreApp;
let staff: string;
let branchStaff: string;
type Store = { id: number; customer_code: string; branch_id: number; token: string };
let a: Store;
let b: Store;
let typeA: number;
let typeOther: number;
let itemIds: number[];

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const ID = { 'accept-language': 'id' };

const one = async <T>(text: ReturnType<typeof sql>) => (await rows<T>(h.database.db, text))[0];
const exec = (text: ReturnType<typeof sql>) => h.database.db.execute(text);

/** POST a file as multipart field `photo`. */
async function postFile(token: string, url: string, bytes: Buffer, headers: Record<string, string> = {}) {
  const boundary = '----lbo-store';
  return s.call(
    token,
    'POST',
    url,
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  );
}

async function photoUrl(token = a.token): Promise<string> {
  const res = await postFile(token, '/store/photo', PNG);
  expect(res.status).toBe(201);
  return res.body.data.url;
}

beforeAll(async () => {
  h = await createHarness();
  s = await createStoreApp(h);
  staff = await h.login();
  // The branch user (branches b1 and b2) may also update customers: approving is scoped by branch.
  await exec(
    sql`with r as (insert into roles (name, area, can_view, can_update) values ('customer – update', 'customer', true, true) returning id)
        insert into role_group_roles (role_group_id, role_id) select ${h.fixture.branchGroupId}, id from r`,
  );
  branchStaff = await h.login(BRANCH_USER);
  typeA = (await makeCustomerType(h.database.db)).id;
  typeOther = (await makeCustomerType(h.database.db)).id;
  const mk = async (branch: 'b1' | 'b3', phone: string, type: number) => {
    const c = await makeCustomer(h.database.db, {
      branch_id: h.fixture.branches[branch].id,
      phone_number: phone,
      customer_type_id: type,
      owner_name: 'Pak Lama',
      address: 'Jl. Lama 1',
    });
    return { ...c, token: (await s.signIn(c.phone_number)).token };
  };
  a = await mk('b1', '085900000001', typeA);
  b = await mk('b3', '085900000002', typeOther);
  const cat = await makeItemCategory(h.database.db);
  itemIds = [];
  for (const item_name of ['Beras 5kg', 'Minyak 1L', 'Gula 1kg']) {
    itemIds.push((await makeItem(h.database.db, { item_category_id: cat.id, item_name })).id);
  }
});
afterAll(async () => {
  await s?.close();
  await h?.close();
});

describe('every new store route', () => {
  const routes: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
    ['GET', '/store/promos'],
    ['GET', '/store/lottery'],
    ['GET', '/store/targets'],
    ['GET', '/store/invoices'],
    ['GET', '/store/invoices/1'],
    ['GET', '/store/upload-folders'],
    ['POST', '/store/uploads', { upload_folder_id: 1, photo: '/uploads/x/y.png' }],
    ['PUT', '/store/me', { address: 'Jl. Baru' }],
    ['POST', '/store/photo', {}],
  ];
  it('should answer 401 to a staff token and to no token, in the store language', async () => {
    for (const [method, url, body] of routes) {
      for (const token of [staff, null]) {
        const res = await s.call(token, method, url, body, ID);
        expect({ url, token: token === null ? 'none' : 'staff', status: res.status }).toEqual({
          url,
          token: token === null ? 'none' : 'staff',
          status: 401,
        });
        expect(res.body.err_code).toBe('UNAUTHENTICATED');
      }
    }
  });

  it("should answer 404 to another store's id in the query or body", async () => {
    for (const [method, url, body] of routes) {
      const sep = url.includes('?') ? '&' : '?';
      const res = await s.call(a.token, method, `${url}${sep}customer_id=${b.id}`, body);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
    const inBody = await s.call(a.token, 'PUT', '/store/me', { customer_id: b.id, address: 'x' });
    expect(inBody.status).toBe(404);
  });

  it('should be in the OpenAPI document under the store tag', async () => {
    const doc = (await s.call(null, 'GET', '/openapi.json')).body;
    for (const [method, url] of [
      ['get', '/v1/api/store/promos'],
      ['get', '/v1/api/store/lottery'],
      ['get', '/v1/api/store/targets'],
      ['get', '/v1/api/store/invoices'],
      ['get', '/v1/api/store/invoices/{id}'],
      ['post', '/v1/api/store/photo'],
      ['get', '/v1/api/store/upload-folders'],
      ['post', '/v1/api/store/uploads'],
      ['put', '/v1/api/store/me'],
    ]) {
      expect({ url, tags: doc.paths[url]?.[method]?.tags }).toEqual({ url, tags: ['store'] });
    }
  });
});

describe('GET /store/promos', () => {
  it("should list the promos for this store's branch and type now, with lines, items and bonus items", async () => {
    const b1 = h.fixture.branches.b1.id;
    const b3 = h.fixture.branches.b3.id;
    const mk = async (name: string, priority: number, extra: ReturnType<typeof sql> = sql`true`) => {
      const p = await one<{ id: number }>(
        sql`insert into promos (name, priority, start_date, end_date)
            values (${name}, ${priority}, current_date - 1, current_date + 10) returning id`,
      );
      await exec(sql`update promos set active = ${extra} where id = ${p.id}`);
      return p.id;
    };
    const everyone = await mk('Semua toko', 2);
    const mine = await mk('Cabang dan tipe ini', 1);
    await exec(
      sql`update promos set branch_id = ${b1}, customer_type_ids = ${`{${typeA}}`}::int[] where id = ${mine}`,
    );
    const otherBranch = await mk('Cabang lain', 0);
    await exec(sql`update promos set branch_id = ${b3} where id = ${otherBranch}`);
    const otherType = await mk('Tipe lain', 0);
    await exec(sql`update promos set customer_type_ids = ${`{${typeOther}}`}::int[] where id = ${otherType}`);
    await mk('Nonaktif', 0, sql`false`);
    await exec(
      sql`insert into promos (name, start_date, end_date) values ('Sudah lewat', current_date - 30, current_date - 1)`,
    );
    const line = await one<{ id: number }>(
      sql`insert into promo_lines (promo_id, name, min_qty, discount_percent)
          values (${everyone}, 'Beli 10 diskon 5%', 10, 5) returning id`,
    );
    await exec(
      sql`insert into promo_item_lines (promo_line_id, item_id) values (${line.id}, ${itemIds[1]}), (${line.id}, ${itemIds[0]})`,
    );
    await exec(
      sql`insert into promo_bonus_item_lines (promo_line_id, item_id, qty, uom) values (${line.id}, ${itemIds[2]}, 2, 'PCS')`,
    );

    const res = await s.call(a.token, 'GET', '/store/promos');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: number }) => p.id)).toEqual([mine, everyone]);
    // The promo, its lines, items and bonus items are what the back office's own lists answer.
    const promo = res.body.data[1];
    const { lines, ...fields } = promo;
    expect(fields).toEqual((await s.call(staff, 'GET', `/web/promo/id/${everyone}`)).body.data);
    expect(lines).toHaveLength(1);
    const { items, bonus_items, ...lineFields } = lines[0];
    expect(lineFields).toEqual((await s.call(staff, 'GET', `/apps/promo_line/id/${line.id}`)).body.data);
    expect(items.map((i: { item_name: string }) => i.item_name)).toEqual(['Beras 5kg', 'Minyak 1L']);
    const staffItems = await s.call(staff, 'GET', `/web/promo_item_line/?promo_line_id=${line.id}`);
    expect(items).toEqual(staffItems.body.data.list_promo_item_line ?? staffItems.body.data);
    expect(bonus_items).toEqual([
      expect.objectContaining({ item_id: itemIds[2], item_name: 'Gula 1kg', qty: 2, uom: 'PCS' }),
    ]);
    expect(res.body.data[0].lines).toEqual([]);

    const other = await s.call(b.token, 'GET', '/store/promos');
    expect(other.body.data.map((p: { id: number }) => p.id)).toEqual([otherBranch, otherType, everyone]);
  });
});

describe('GET /store/lottery', () => {
  it("should list only the store's own lottery coupon numbers", async () => {
    for (const [c, no] of [
      [a, 'UND-A-1'],
      [a, 'UND-A-2'],
      [b, 'UND-B-1'],
    ] as const) {
      await exec(
        sql`insert into lottery_coupons (coupon_no, customer_id, branch_id, region_id, period)
            select ${no}, c.id, c.branch_id, br.region_id, '2026-Q4' from customers c join branches br on br.id = c.branch_id
            where c.id = ${c.id}`,
      );
    }
    const res = await s.call(a.token, 'GET', '/store/lottery');
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { coupon_no: string }) => r.coupon_no)).toEqual(['UND-A-1', 'UND-A-2']);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      coupon_no: 'UND-A-1',
      period: '2026-Q4',
      batch: '',
      imported_at: expect.any(String),
    });
    expect((await s.call(b.token, 'GET', '/store/lottery')).body.data).toHaveLength(1);
  });
});

describe('GET /store/targets', () => {
  it("should answer each quarter, semester and the year exactly as the back office's target calls do", async () => {
    const year = 2025;
    for (const [month, target_amount] of [
      [1, 1_000_000],
      [2, 1_500_000.5],
      [5, 2_000_000],
      [11, 800_000],
    ]) {
      await makeTarget(h.database.db, { customer_id: a.id, year, month, target_amount });
    }
    for (const [invoice_date, price, status] of [
      ['2025-01-15', 400_000, 'paid'],
      ['2025-01-20', 300_000.25, 'unpaid'],
      ['2025-02-03', 900_000, 'paid'],
      ['2025-05-31', 2_500_000, 'paid'],
      ['2025-07-01', 100_000, 'cancelled'],
      ['2025-11-11', 200_000, 'paid'],
      ['2026-01-01', 999_999, 'paid'],
    ] as const) {
      await makeInvoice(h.database.db, {
        customer: a,
        invoice_date,
        status,
        lines: [{ item_id: itemIds[0], qty: 1, price }],
      });
    }
    const res = await s.call(a.token, 'GET', `/store/targets?year=${year}`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.year).toBe(year);
    const bo = async (path: string) => {
      const r = await s.call(staff, 'GET', `/customer/target/${path}&customer_id=${a.id}&year=${year}`);
      expect(r.status).toBe(200);
      return r.body.data;
    };
    for (const q of [1, 2, 3, 4]) expect(data.quarters[q - 1]).toEqual(await bo(`quarter?quarter=${q}`));
    for (const sm of [1, 2]) expect(data.semesters[sm - 1]).toEqual(await bo(`semester?semester=${sm}`));
    expect(data.full_year).toEqual(await bo('year?by=month'));
    // The figures themselves: January 700,000.25 of 1,000,000; the year without the cancelled invoice.
    expect(data.quarters[0].months[0]).toMatchObject({ actual_amount: 700000.25, achievement_pct: 70 });
    expect(data.full_year).toMatchObject({ target_amount: 5300000.5, actual_amount: 4300000.25 });

    const empty = await s.call(b.token, 'GET', `/store/targets?year=${year}`);
    expect(empty.body.data.full_year).toMatchObject({
      customer_id: b.id,
      target_amount: 0,
      actual_amount: 0,
    });
    const thisYear = await s.call(a.token, 'GET', '/store/targets');
    expect(thisYear.body.data.year).toBe(Number(new Date().toISOString().slice(0, 4)));
  });

  it('should refuse a year that is not one with 400 in the store language', async () => {
    for (const q of ['year=abc', 'year=1999', 'year=2101', 'year=2025.5']) {
      const res = await s.call(a.token, 'GET', `/store/targets?${q}`, undefined, ID);
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
      expect(res.body.err_msg[0]).toMatch(/^year: harus (berupa )?tahun/);
    }
  });
});

describe('GET /store/invoices and /store/invoices/{id}', () => {
  it('should list the store invoices newest first with the points each earned, and show one with lines and ledger rows', async () => {
    const older = await makeInvoice(h.database.db, {
      customer: a,
      invoice_date: '2024-03-01',
      lines: [{ item_id: itemIds[0], qty: 2, price: 50_000 }],
    });
    const newer = await makeInvoice(h.database.db, {
      customer: a,
      invoice_date: '2024-03-05',
      lines: [
        { item_id: itemIds[1], qty: 1, price: 20_000 },
        { item_id: itemIds[2], qty: 3, price: 10_000 },
      ],
    });
    const theirs = await makeInvoice(h.database.db, {
      customer: b,
      invoice_date: '2024-03-06',
      lines: [{ item_id: itemIds[0], qty: 1, price: 10_000 }],
    });
    await h.database.db.transaction((tx) =>
      postMovements(tx, [
        {
          customerId: a.id,
          pointType: 1,
          points: 10,
          source: 'invoice',
          reason: 'Faktur',
          invoiceDocumentNo: newer.document_no,
        },
        {
          customerId: a.id,
          pointType: 3,
          points: 4,
          source: 'promo',
          reason: 'Bonus promo',
          invoiceDocumentNo: newer.document_no,
        },
        {
          customerId: a.id,
          pointType: 1,
          points: 7,
          source: 'invoice',
          reason: 'Faktur',
          invoiceDocumentNo: older.document_no,
        },
      ]),
    );
    const list = await s.call(a.token, 'GET', '/store/invoices?limit=2');
    expect(list.status).toBe(200);
    // The targets test gave the store invoices of 2025 and 2026 too: these two come after them.
    const total = list.body.meta.total_data;
    expect(total).toBeGreaterThanOrEqual(2);
    const all = await s.call(a.token, 'GET', `/store/invoices?limit=100`);
    const ids = all.body.data.map((i: { id: number }) => i.id);
    expect(ids.slice(-2)).toEqual([newer.id, older.id]);
    expect(ids).not.toContain(theirs.id);
    const shown = all.body.data.find((i: { id: number }) => i.id === newer.id);
    expect(shown).toMatchObject({ document_no: newer.document_no, net_amount: 50_000, points_earned: 14 });
    expect(all.body.data.find((i: { id: number }) => i.id === older.id).points_earned).toBe(7);
    expect(list.body.meta).toMatchObject({ page: 1, limit: 2, total_data: total });

    const one = await s.call(a.token, 'GET', `/store/invoices/${newer.id}`, undefined, {
      'accept-language': 'en',
    });
    expect(one.status).toBe(200);
    expect(one.body.data.lines.map((l: { item_id: number; qty: number }) => [l.item_id, l.qty])).toEqual([
      [itemIds[1], 1],
      [itemIds[2], 3],
    ]);
    expect(one.body.data.points).toEqual([
      expect.objectContaining({ point_type: 1, points: 10, type_name: 'Master points (invoice)' }),
      expect.objectContaining({ point_type: 3, points: 4, type_name: 'Promo bonus points' }),
    ]);
    // The same invoice as the back office shows it, plus the points.
    const staffView = await s.call(staff, 'GET', `/apps/sales_invoice/id/${newer.id}`);
    const { points, points_earned, ...rest } = one.body.data;
    expect(rest).toEqual(staffView.body.data);
    expect(points_earned).toBe(14);
  });

  it("should answer 404 to another store's invoice or an unknown one, and 400 to bad ids and paging", async () => {
    const theirs = await one<{ id: number }>(
      sql`select id from sales_invoices where customer_id = ${b.id} order by id limit 1`,
    );
    for (const id of [theirs.id, 2_000_000_000]) {
      const res = await s.call(a.token, 'GET', `/store/invoices/${id}`, undefined, ID);
      expect(res.status).toBe(404);
      expect(res.body.err_msg[0]).toMatch(/^Faktur.*tidak ditemukan/);
    }
    for (const url of [
      '/store/invoices/abc',
      '/store/invoices/0',
      '/store/invoices?limit=0',
      '/store/invoices?page=x',
    ]) {
      expect({ url, status: (await s.call(a.token, 'GET', url)).status }).toEqual({ url, status: 400 });
    }
  });
});

describe('POST /store/photo', () => {
  it('should store an image judged by its bytes and answer its url', async () => {
    const res = await postFile(a.token, '/store/photo', PNG);
    expect(res.status).toBe(201);
    expect(res.body.data.url).toMatch(/^\/uploads\/store_app\/[0-9a-f-]{36}\.png$/);
    const served = await s.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.statusCode).toBe(200);
  });

  it('should refuse what is not an image, a body that is not multipart and no file, in the store language', async () => {
    const text = await postFile(a.token, '/store/photo', Buffer.from('not an image at all, just text'), ID);
    expect(text.status).toBe(415);
    expect(text.body.err_msg[0]).toMatch(/harus gambar JPEG, PNG atau WebP/);
    const json = await s.call(a.token, 'POST', '/store/photo', { photo: 'x' }, ID);
    expect(json.status).toBe(415);
    expect(json.body.err_msg[0]).toMatch(/multipart/);
    const big = await postFile(a.token, '/store/photo', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.status).toBe(413);
  });
});

describe('GET /store/upload-folders and POST /store/uploads', () => {
  it('should list the open folders and put a photo into one, counted by the group view and the upload report', async () => {
    // A folder with its settings (empty: open to every store, no dates).
    const folder = async (name: string, extra: ReturnType<typeof sql> = sql``) => {
      const f = await one<{ id: number }>(
        sql`insert into upload_folders (name) values (${name}) returning id`,
      );
      await exec(sql`update upload_folders set name = name ${extra} where id = ${f.id}`);
      return f;
    };
    const open = await folder('Foto display semua');
    const mineOnly = await folder('Foto toko A', sql`, customer_code = ${a.customer_code}`);
    const b1Only = await folder('Foto cabang B1', sql`, branch_id = ${h.fixture.branches.b1.id}`);
    const closed = [
      await folder('Cabang lain', sql`, branch_id = ${h.fixture.branches.b3.id}`),
      await folder('Toko lain', sql`, customer_code = ${b.customer_code}`),
      await folder('Nonaktif', sql`, active = false`),
      await folder('Selesai', sql`, start_date = current_date - 10, end_date = current_date - 1`),
      await folder('Belum mulai', sql`, start_date = current_date + 1`),
    ];
    const listed = await s.call(a.token, 'GET', '/store/upload-folders');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((f: { id: number }) => f.id).sort()).toEqual(
      [open.id, mineOnly.id, b1Only.id].sort(),
    );

    const photo = await photoUrl();
    const res = await s.call(a.token, 'POST', '/store/uploads', {
      upload_folder_id: open.id,
      photo,
      note: 'Rak depan',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      upload_folder_id: open.id,
      customer_id: a.id,
      file_url: photo,
      mime: 'image/png',
      size: PNG.length,
      note: 'Rak depan',
    });
    expect(res.body.data.thumbnail_url).toMatch(/^\/uploads\/store_photo_thumbs\/.+\.webp$/);
    const group = await s.call(staff, 'GET', `/upload/select/group?upload_folder_id=${open.id}`);
    expect(group.body.data).toEqual([
      expect.objectContaining({
        customer_id: a.id,
        photo_count: 1,
        uploads: [expect.objectContaining({ id: res.body.data.id, file_url: photo })],
      }),
    ]);
    const report = await s.call(staff, 'GET', `/upload/report?upload_folder_id=${open.id}`);
    const row = report.body.data.find((r: { branch: { id: number } }) => r.branch.id === a.branch_id);
    expect(row).toMatchObject({ store_count: 1, photo_count: 1 });
    const after = await s.call(a.token, 'GET', '/store/upload-folders');
    expect(after.body.data.find((f: { id: number }) => f.id === open.id).photo_count).toBe(1);

    for (const f of closed) {
      const refused = await s.call(a.token, 'POST', '/store/uploads', { upload_folder_id: f.id, photo }, ID);
      expect({ f: f.id, status: refused.status }).toEqual({ f: f.id, status: 404 });
      expect(refused.body.err_msg[0]).toMatch(/^upload_folder_id: Folder unggahan.*tidak ditemukan/);
    }
    const count = await one<{ n: number }>(
      sql`select count(*)::int as n from uploads where customer_id = ${a.id}`,
    );
    expect(count.n).toBe(1);
  });

  it('should refuse a photo that is not an image of this server, unknown fields and bad ids with 400', async () => {
    const f = await one<{ id: number }>(
      sql`insert into upload_folders (name) values ('Cek input') returning id`,
    );
    const missing = await s.call(
      a.token,
      'POST',
      '/store/uploads',
      { upload_folder_id: f.id, photo: '/uploads/store_app/00000000-0000-4000-8000-000000000000.png' },
      ID,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.err_msg[0]).toMatch(/^photo: tidak ada gambar yang diunggah/);
    const photo = await photoUrl();
    for (const body of [
      { upload_folder_id: f.id, photo: 'https://evil.example/a.png' },
      { upload_folder_id: f.id, photo: '' },
      { upload_folder_id: f.id },
      { upload_folder_id: 'x', photo },
      { upload_folder_id: f.id, photo, folder: 'X' },
      { upload_folder_id: f.id, photo, note: 'a\u0000b' },
    ]) {
      const res = await s.call(a.token, 'POST', '/store/uploads', body, ID);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.err_code).toBe('VALIDATION_ERROR');
    }
    const theirs = await s.call(a.token, 'POST', '/store/uploads', {
      upload_folder_id: f.id,
      photo,
      customer_code: b.customer_code,
    });
    expect(theirs.status).toBe(404);
    const count = await one<{ n: number }>(
      sql`select count(*)::int as n from uploads where upload_folder_id = ${f.id}`,
    );
    expect(count.n).toBe(0);
  });
});

describe('PUT /store/me and the back office validation', () => {
  it('should keep the change waiting, show it, and list the store as not validated', async () => {
    await exec(sql`update customers set admin_validate = true where id = ${a.id}`);
    const res = await s.call(a.token, 'PUT', '/store/me', { address: 'Jl. Baru 2' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      address: 'Jl. Lama 1',
      admin_validate: false,
      pending_change: {
        customer_id: a.id,
        address: 'Jl. Baru 2',
        owner_name: null,
        photo_url: null,
        current_address: 'Jl. Lama 1',
        status: 'pending',
      },
    });
    const photo = await photoUrl();
    const again = await s.call(a.token, 'PUT', '/store/me', { owner_name: 'Bu Baru', photo });
    expect(again.body.data.pending_change).toMatchObject({
      id: res.body.data.pending_change.id,
      address: 'Jl. Baru 2',
      owner_name: 'Bu Baru',
      photo_url: photo,
    });
    const me = await s.call(a.token, 'GET', '/store/me');
    expect(me.body.data.pending_change).toEqual(again.body.data.pending_change);
    expect(me.body.data.owner_name).toBe('Pak Lama');
    const list = await s.call(staff, 'GET', `/web/customer/?admin_validate=false&search=${a.customer_code}`);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body.data)).toContain(a.customer_code);
    const shown = await s.call(staff, 'GET', `/customer/profile_change/id/${a.id}`);
    expect(shown.body.data).toEqual(me.body.data.pending_change);
  });

  it('should refuse an empty body, other fields, control characters and a photo not uploaded here, changing nothing', async () => {
    const before = await one<Record<string, unknown>>(
      sql`select owner_name, address, photo_url from store_profile_changes where customer_id = ${a.id} and status = 'pending'`,
    );
    for (const body of [
      {},
      { customer_name: 'Toko Palsu' },
      { phone_number: '0811111111' },
      { address: 'a\u0000b' },
      { owner_name: '' },
      { owner_name: 'x'.repeat(201) },
      { photo: 'https://evil.example/p.png' },
      { photo: '/uploads/store_app/00000000-0000-4000-8000-000000000000.png' },
    ]) {
      const res = await s.call(a.token, 'PUT', '/store/me', body, ID);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.err_code).toBe('VALIDATION_ERROR');
    }
    const empty = await s.call(b.token, 'PUT', '/store/me', {}, ID);
    expect(empty.body.err_msg.join(' ')).toMatch(/kirim minimal salah satu/);
    const after = await one<Record<string, unknown>>(
      sql`select owner_name, address, photo_url from store_profile_changes where customer_id = ${a.id} and status = 'pending'`,
    );
    expect(after).toEqual(before);
    const none = await one<{ n: number }>(
      sql`select count(*)::int as n from store_profile_changes where customer_id = ${b.id}`,
    );
    expect(none.n).toBe(0);
  });

  it('should apply an approved change with audit and log rows, within the staff user branches only', async () => {
    const pending = (await s.call(staff, 'GET', `/customer/profile_change/id/${a.id}`)).body.data;
    // Store B is outside the branch user's branches: 403 before anything else.
    await s.call(b.token, 'PUT', '/store/me', { address: 'Jl. B' });
    const outside = await s.call(branchStaff, 'PUT', `/customer/profile_change/approve/${b.id}`);
    expect(outside.status).toBe(403);
    expect((await s.call(branchStaff, 'GET', `/customer/profile_change/id/${b.id}`)).status).toBe(403);
    // A store token is not a staff token.
    expect((await s.call(a.token, 'PUT', `/customer/profile_change/approve/${a.id}`)).status).toBe(401);

    const res = await s.call(branchStaff, 'PUT', `/customer/profile_change/approve/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: pending.id,
      status: 'approved',
      decided_by: h.fixture.branchUserId,
      current_owner_name: 'Bu Baru',
      current_address: 'Jl. Baru 2',
      current_photo_url: pending.photo_url,
    });
    const customer = await s.call(staff, 'GET', `/web/customer/id/${a.id}`);
    expect(customer.body.data.customer).toMatchObject({
      owner_name: 'Bu Baru',
      address: 'Jl. Baru 2',
      photo_url: pending.photo_url,
      admin_validate: true,
    });
    const me = await s.call(a.token, 'GET', '/store/me');
    expect(me.body.data).toMatchObject({ owner_name: 'Bu Baru', pending_change: null, admin_validate: true });
    const audit = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'customer' and entity_id = ${String(a.id)}
          and action = 'profile_change_approve' and user_id = ${h.fixture.branchUserId}`,
    );
    expect(audit.n).toBe(1);
    const log = await one<{ detail: { changes: Record<string, unknown> } }>(
      sql`select detail from customer_logs where customer_id = ${a.id} and action = 'profile_change_approve'`,
    );
    expect(Object.keys(log.detail.changes).sort()).toEqual([
      'address',
      'admin_validate',
      'owner_name',
      'photo_url',
    ]);
    // Nothing waits any more: a second approval is a 404.
    const twice = await s.call(branchStaff, 'PUT', `/customer/profile_change/approve/${a.id}`, undefined);
    expect(twice.status).toBe(404);
    expect((await s.call(staff, 'GET', `/customer/profile_change/id/${a.id}`)).body.data).toBeNull();
  });

  it('should apply nothing of a rejected change and give back the validation the store had', async () => {
    const res = await s.call(a.token, 'PUT', '/store/me', { owner_name: 'Orang Lain' });
    expect(res.body.data.admin_validate).toBe(false);
    const rejected = await s.call(staff, 'PUT', `/customer/profile_change/reject/${a.id}`, {
      note: 'Nama tidak sesuai KTP',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', note: 'Nama tidak sesuai KTP' });
    const me = await s.call(a.token, 'GET', '/store/me');
    expect(me.body.data).toMatchObject({ owner_name: 'Bu Baru', admin_validate: true, pending_change: null });
    for (const url of ['/customer/profile_change/reject/abc', '/customer/profile_change/reject/0']) {
      expect((await s.call(staff, 'PUT', url)).status).toBe(400);
    }
    expect((await s.call(staff, 'PUT', '/customer/profile_change/reject/2000000000')).status).toBe(404);
  });

  it('should keep one waiting change for requests sent at once, and decide it once for decisions sent at once', async () => {
    const sent = await Promise.all([
      s.call(a.token, 'PUT', '/store/me', { owner_name: 'Serentak' }),
      s.call(a.token, 'PUT', '/store/me', { address: 'Jl. Serentak' }),
      s.call(a.token, 'PUT', '/store/me', { address: 'Jl. Serentak' }),
    ]);
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200]);
    const waiting = await rows<{ id: number; owner_name: string; address: string }>(
      h.database.db,
      sql`select id, owner_name, address from store_profile_changes where customer_id = ${a.id} and status = 'pending'`,
    );
    expect(waiting).toEqual([{ id: expect.any(Number), owner_name: 'Serentak', address: 'Jl. Serentak' }]);
    const decided = await Promise.all([
      s.call(staff, 'PUT', `/customer/profile_change/approve/${a.id}`),
      s.call(staff, 'PUT', `/customer/profile_change/reject/${a.id}`),
    ]);
    expect(decided.map((r) => r.status).sort()).toEqual([200, 404]);
    const winner = decided.find((r) => r.status === 200)!;
    expect(winner.body.data.id).toBe(waiting[0].id);
    const row = await one<{ status: string }>(
      sql`select status from store_profile_changes where id = ${winner.body.data.id}`,
    );
    expect(row.status).toBe(winner.body.data.status);
    const left = await one<{ n: number }>(
      sql`select count(*)::int as n from store_profile_changes where customer_id = ${a.id} and status = 'pending'`,
    );
    expect(left.n).toBe(0);
  });
});
