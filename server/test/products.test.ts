// Products: items (list, select, detail, edit with an image), items by category, categories,
// unit-of-measure lines and old prices.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeItemCategory, makeStaff, multipart, PNG_1X1 } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let viewer: string;
let cat1: { id: number };
let cat2: { id: number };
const it1: Record<string, { id: number; item_code: string }> = {};

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  cat1 = await makeItemCategory(db, { name: 'Minuman', code: 'MNM' });
  cat2 = await makeItemCategory(db, { name: 'Makanan Ringan', code: 'SNK' });
  it1.teh = await makeItem(db, { item_category_id: cat1.id, item_name: 'Teh Botol 350ml', price: 4500 });
  it1.kopi = await makeItem(db, { item_category_id: cat1.id, item_name: 'Kopi Susu Kaleng', price: 7000 });
  it1.keripik = await makeItem(db, {
    item_category_id: cat2.id,
    item_name: 'Keripik Singkong',
    price: 12000,
  });
  // Distinct creation times: teh oldest, keripik newest.
  await h.database.rows(sql`update items set created_at = now() - (interval '1 day' * (10 - id))`);
  const v = await makeStaff(db, { email: 'item-viewer@example.com', grants: { item: 'v' }, branches: 'all' });
  admin = await h.login();
  viewer = await h.login(v);
});
afterAll(async () => {
  await h?.close();
});

describe('items', () => {
  it('should list items under list_item, newest first by default, with created_date', async () => {
    const res = await h.call(admin, 'GET', '/web/item/?by=def.created_date&sort=desc&page=1&limit=10');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ page: 1, limit: 10, total_data: 3 });
    expect(res.body.data.list_item.map((i: any) => i.item_name)).toEqual([
      'Keripik Singkong',
      'Kopi Susu Kaleng',
      'Teh Botol 350ml',
    ]);
    const first = res.body.data.list_item[0];
    expect(first).toMatchObject({ item_id: it1.keripik.id, item_category_name: 'Makanan Ringan', image: '' });
    expect(first.created_date).toMatch(/^\d{4}-\d\d-\d\dT/);
    const byDefault = await h.call(admin, 'GET', '/web/item/');
    expect(byDefault.body.data.list_item[0].item_id).toBe(it1.keripik.id);
  });

  it('should search and filter by category', async () => {
    const s = await h.call(admin, 'GET', '/web/item/?search=KOPI');
    expect(s.body.data.list_item.map((i: any) => i.item_id)).toEqual([it1.kopi.id]);
    const code = await h.call(admin, 'GET', `/web/item/?search=${it1.teh.item_code}`);
    expect(code.body.data.list_item.map((i: any) => i.item_id)).toEqual([it1.teh.id]);
    const cat = await h.call(admin, 'GET', `/web/item/?item_category_id=${cat1.id}&by=item_name`);
    expect(cat.body.data.list_item.map((i: any) => i.item_name)).toEqual([
      'Kopi Susu Kaleng',
      'Teh Botol 350ml',
    ]);
  });

  it('should answer /apps/item/v2/select without paging', async () => {
    const res = await h.call(viewer, 'GET', '/apps/item/v2/select?by=def.created_date');
    expect(res.status).toBe(200);
    expect(res.body.meta).toBeUndefined();
    // SPEC.md names no key for this select: data is the array (CONTRACT.md section 2).
    expect(res.body.data.map((i: any) => i.item_id)).toEqual([it1.teh.id, it1.kopi.id, it1.keripik.id]);
  });

  it('should show one item and answer 404 for an unknown one', async () => {
    const res = await h.call(admin, 'GET', `/web/item/id/${it1.teh.id}`);
    expect(res.body.data).toMatchObject({
      item_id: it1.teh.id,
      item_name: 'Teh Botol 350ml',
      price: 4500,
      uom: 'PCS',
    });
    expect((await h.call(admin, 'GET', '/web/item/id/99999')).status).toBe(404);
  });

  it('should update an item from JSON and audit it', async () => {
    const res = await h.call(admin, 'PUT', `/web/item/id/${it1.teh.id}`, {
      item_id: it1.teh.id,
      price: 4750.5,
      brand: 'Sosro',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ price: 4750.5, brand: 'Sosro' });
    const [a] = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'item' and entity_id = ${String(it1.teh.id)}`,
    );
    expect(a.n).toBe(1);
    const bad = await h.call(admin, 'PUT', `/web/item/id/${it1.teh.id}`, { price: 1.234 });
    expect(bad.status).toBe(400);
    expect(bad.body.err_msg[0]).toMatch(/^price: /);
    expect((await h.call(admin, 'PUT', `/web/item/id/${it1.teh.id}`, { item_id: it1.kopi.id })).status).toBe(
      403,
    );
    expect((await h.call(viewer, 'PUT', `/web/item/id/${it1.teh.id}`, { brand: 'x' })).status).toBe(403);
  });

  it('should take a new image by multipart (form_data + image) and serve it', async () => {
    const body = multipart([
      { name: 'form_data', value: JSON.stringify({ item_id: it1.kopi.id, description: 'Kopi susu dingin' }) },
      { name: 'image', value: PNG_1X1, filename: 'kopi.png', type: 'image/png' },
    ]);
    const res = await h.app.inject({
      method: 'PUT',
      url: `/v1/api/web/item/id/${it1.kopi.id}`,
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const item = res.json().data;
    expect(item.description).toBe('Kopi susu dingin');
    expect(item.image).toMatch(/^\/uploads\/item\/.+\.png$/);
    const served = await h.app.inject({ method: 'GET', url: item.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const text = multipart([
      { name: 'form_data', value: JSON.stringify({ description: 'nope' }) },
      { name: 'image', value: 'GIF89a? no, plain text', filename: 'x.jpg', type: 'image/jpeg' },
    ]);
    const refused = await h.app.inject({
      method: 'PUT',
      url: `/v1/api/web/item/id/${it1.kopi.id}`,
      headers: { ...text.headers, authorization: `Bearer ${admin}` },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
    const after = await h.call(admin, 'GET', `/web/item/id/${it1.kopi.id}`);
    expect(after.body.data).toMatchObject({ description: 'Kopi susu dingin', image: item.image });
  });

  it('should list the items of one category', async () => {
    const res = await h.call(admin, 'GET', `/web/item/category_id/${cat1.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((i: any) => i.item_name)).toEqual(['Kopi Susu Kaleng', 'Teh Botol 350ml']);
    expect((await h.call(admin, 'GET', '/web/item/category_id/99999')).status).toBe(404);
    expect((await h.call(admin, 'GET', '/web/item/category_id/abc')).status).toBe(400);
  });
});

describe('categories, product lines and old prices', () => {
  it('should search item categories', async () => {
    const res = await h.call(admin, 'GET', '/apps/item_category/select?search=makan');
    expect(res.body.data.map((c: any) => c.name)).toEqual(['Makanan Ringan']);
    const all = await h.call(admin, 'GET', '/apps/item_category/select');
    expect(all.body.data.map((c: any) => c.name)).toEqual(['Makanan Ringan', 'Minuman']);
  });

  it('should list unit-of-measure lines under list_item_uom_line', async () => {
    await h.database.rows(
      sql`insert into item_uom_lines (item_id, uom, conversion_qty, price, barcode) values (${it1.teh.id}, 'KRT', 24, 100000, '8991234567890')`,
    );
    const res = await h.call(
      admin,
      'GET',
      `/web/item-uom-line/?item_id=${it1.teh.id}&by=def.created_date&page=1&limit=10`,
    );
    expect(res.status).toBe(200);
    expect(res.body.meta.total_data).toBe(2);
    expect(res.body.data.list_item_uom_line.map((l: any) => l.uom).sort()).toEqual(['KRT', 'PCS']);
    const byBarcode = await h.call(admin, 'GET', '/web/item-uom-line/?search=899123');
    expect(byBarcode.body.data.list_item_uom_line).toHaveLength(1);
    expect(byBarcode.body.data.list_item_uom_line[0]).toMatchObject({
      item_name: 'Teh Botol 350ml',
      conversion_qty: 24,
      item_uom_line_id: expect.any(Number),
    });
  });

  it('should add old prices and list them by def.id ascending', async () => {
    const a = await h.call(admin, 'POST', '/item_old_price/add', {
      item_id: it1.teh.id,
      price: 4000,
      effective_date: '2024-01-01',
    });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({ id: expect.any(Number), item_id: it1.teh.id, price: 4000, note: '' });
    const b = await h.call(admin, 'POST', '/item_old_price/add', {
      item_id: it1.teh.id,
      price: 4250,
      effective_date: '2024-07-01',
      note: 'Kenaikan harga',
    });
    expect(b.status).toBe(201);
    const list = await h.call(admin, 'GET', '/item_old_price/select?by=def.id&sort=asc');
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: any) => p.id)).toEqual([a.body.data.id, b.body.data.id]);
    expect(list.body.data[1]).toMatchObject({ item_name: 'Teh Botol 350ml', effective_date: '2024-07-01' });
    // SPEC §9: old prices are ascending by def.id when the caller names no sort.
    const plain = await h.call(admin, 'GET', '/item_old_price/select');
    expect(plain.body.data.map((p: any) => p.id)).toEqual([a.body.data.id, b.body.data.id]);
    const page = await h.call(admin, 'GET', '/item_old_price/?page=1&limit=10');
    expect(page.body.data.map((p: any) => p.id)).toEqual([a.body.data.id, b.body.data.id]);
  });

  it('should refuse a duplicate date (409), an unknown item and bad values (400)', async () => {
    const dup = await h.call(admin, 'POST', '/item_old_price/add', {
      item_id: it1.teh.id,
      price: 1,
      effective_date: '2024-01-01',
    });
    expect(dup.status).toBe(409);
    const unknown = await h.call(admin, 'POST', '/item_old_price/add', {
      item_id: 99999,
      price: 1,
      effective_date: '2024-01-01',
    });
    expect(unknown.status).toBe(400);
    const bad = await h.call(admin, 'POST', '/item_old_price/add', {
      item_id: it1.teh.id,
      price: -5,
      effective_date: '2024-02-30',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.err_msg).toHaveLength(2);
    expect((await h.call(viewer, 'POST', '/item_old_price/add', {})).status).toBe(403);
  });
});
