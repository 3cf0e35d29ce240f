// Promos (multipart create/update with an image, promo_id checked against the path, reorder, delete
// with its lines, 409 when linked), promo lines (a line needs items), item lines (add, add by
// category, last item kept) and bonus item lines (unknown item refused).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import {
  countRows,
  makeCustomerType,
  makeItem,
  makeItemCategory,
  makeStaff,
  multipart,
  PNG_1X1,
} from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let viewer: string;
let catA: { id: number };
let catB: { id: number };
let emptyCat: { id: number };
const items: { id: number }[] = [];

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  catA = await makeItemCategory(db, { name: 'Kopi', code: 'KOPI-T' });
  catB = await makeItemCategory(db, { name: 'Mie', code: 'MIE-T' });
  emptyCat = await makeItemCategory(db, { name: 'Kosong', code: 'KSG-T' });
  for (let i = 0; i < 3; i++)
    items.push(await makeItem(db, { item_category_id: catA.id, item_name: `Kopi ${i}` }));
  for (let i = 0; i < 2; i++)
    items.push(await makeItem(db, { item_category_id: catB.id, item_name: `Mie ${i}` }));
  admin = await h.login();
  const v = await makeStaff(db, {
    email: 'promo-viewer@example.com',
    grants: { promo: 'v' },
    branches: 'all',
  });
  viewer = await h.login(v);
});
afterAll(async () => {
  await h?.close();
});

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };
async function send(method: 'POST' | 'PUT', url: string, parts: Part[], token = admin) {
  const body = multipart(parts);
  const res = await h.app.inject({
    method,
    url: `/v1/api${url}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}
const form = (v: unknown): Part => ({ name: 'form_data', value: JSON.stringify(v) });
const png = (name = 'promo.png'): Part => ({
  name: 'image',
  value: PNG_1X1,
  filename: name,
  type: 'image/png',
});
const base = { name: 'Promo Kopi', start_date: '2030-01-01', end_date: '2030-01-31' };

async function createPromo(extra: Record<string, unknown> = {}) {
  const res = await h.call(admin, 'POST', '/web/promo', { ...base, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { promo_id: number; priority: number; image: string };
}

describe('promo create and update (multipart)', () => {
  it('should create from form_data JSON plus an image, answer promo_id, and serve the image', async () => {
    const type = await makeCustomerType(h.database.db);
    const res = await send('POST', '/web/promo', [
      form({ promo_id: 0, ...base, description: 'Diskon kopi', customer_type_ids: [type.id] }),
      png(),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({
      name: 'Promo Kopi',
      description: 'Diskon kopi',
      active: true,
      branch_id: null,
    });
    expect(p.promo_id).toBe(p.id);
    expect(p.customer_type_ids).toEqual([type.id]);
    expect(p.image).toMatch(/^\/uploads\/promo\/.+\.png$/);
    const served = await h.app.inject({ method: 'GET', url: p.image });
    expect(served.statusCode).toBe(200);
    const got = await h.call(admin, 'GET', `/web/promo/id/${p.promo_id}`);
    expect(got.body.data).toMatchObject({ promo_id: p.promo_id, image: p.image, line_count: 0 });
  });

  it('should update by multipart, keep absent fields, replace the image', async () => {
    const p = await createPromo({ description: 'lama' });
    const res = await send('PUT', `/web/promo/id/${p.promo_id}`, [
      form({ promo_id: p.promo_id, name: 'Baru' }),
      png('b.png'),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Baru', description: 'lama', start_date: base.start_date });
    expect(res.body.data.image).toMatch(/^\/uploads\/promo\//);
    const json = await h.call(admin, 'PUT', `/web/promo/id/${p.promo_id}`, { active: false });
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({ name: 'Baru', active: false, image: res.body.data.image });
  });

  it('should refuse a promo_id that does not match the path with 400 and change nothing', async () => {
    const p = await createPromo();
    const other = await createPromo({ name: 'Lain' });
    const res = await send('PUT', `/web/promo/id/${p.promo_id}`, [
      form({ promo_id: other.promo_id, name: 'Salah' }),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.err_msg[0]).toContain('promo_id');
    const after = await h.call(admin, 'GET', `/web/promo/id/${p.promo_id}`);
    expect(after.body.data.name).toBe('Promo Kopi');
  });

  it('should refuse a promo_id above the id range on create, as every other id, and write nothing', async () => {
    const before = await countRows(h.database.db, 'promos');
    for (const promo_id of [2_147_483_648, Number.MAX_SAFE_INTEGER]) {
      const res = await h.call(admin, 'POST', '/web/promo', { ...base, promo_id });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.err_msg.join()).toContain('promo_id');
    }
    expect(await countRows(h.database.db, 'promos')).toBe(before);
    expect((await h.call(admin, 'POST', '/web/promo', { ...base, promo_id: 2_147_483_647 })).status).toBe(
      201,
    );
  });

  it('should refuse bad input with 400/413/415 and write nothing', async () => {
    const before = await countRows(h.database.db, 'promos');
    const endBefore = await send('POST', '/web/promo', [form({ ...base, end_date: '2029-12-31' }), png()]);
    expect(endBefore.status).toBe(400);
    expect(endBefore.body.err_msg.join()).toContain('end_date');
    const notImage = await send('POST', '/web/promo', [
      form(base),
      { name: 'image', value: 'just text', filename: 'x.png', type: 'image/png' },
    ]);
    expect(notImage.status).toBe(415);
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await send('POST', '/web/promo', [
      form(base),
      { name: 'image', value: big, filename: 'b.png', type: 'image/png' },
    ]);
    expect(tooBig.status).toBe(413);
    const badJson = await send('POST', '/web/promo', [{ name: 'form_data', value: '{nope' }]);
    expect(badJson.status).toBe(400);
    const noName = await h.call(admin, 'POST', '/web/promo', {
      start_date: '2030-01-01',
      end_date: '2030-01-02',
    });
    expect(noName.status).toBe(400);
    const badType = await h.call(admin, 'POST', '/web/promo', { ...base, customer_type_ids: [987654] });
    expect(badType.status).toBe(400);
    expect(badType.body.err_msg[0]).toContain('987654');
    const foreignImage = await h.call(admin, 'POST', '/web/promo', {
      ...base,
      image: 'https://evil.example.com/x.png',
    });
    expect(foreignImage.status).toBe(400);
    expect(await countRows(h.database.db, 'promos')).toBe(before);
    // A refused update leaves the record as it was.
    const p = await createPromo();
    const bad = await h.call(admin, 'PUT', `/web/promo/id/${p.promo_id}`, { end_date: '2020-01-01' });
    expect(bad.status).toBe(400);
    expect((await h.call(admin, 'GET', `/web/promo/id/${p.promo_id}`)).body.data.end_date).toBe(
      base.end_date,
    );
  });

  it('should need the promo permission', async () => {
    expect((await h.call(viewer, 'POST', '/web/promo', base)).status).toBe(403);
    expect((await h.call(viewer, 'GET', '/web/promo/select')).status).toBe(200);
  });
});

describe('promo list and reorder', () => {
  it('should list under list_promo by priority ascending, search, and put a new promo last', async () => {
    const res = await h.call(admin, 'GET', '/web/promo/select?by=pc.priority&sort=asc&page=1&limit=100');
    expect(res.status).toBe(200);
    const list = res.body.data.list_promo as { priority: number; promo_id: number }[];
    expect(list.length).toBeGreaterThan(3);
    const prios = list.map((p) => p.priority);
    expect([...prios].sort((a, b) => a - b)).toEqual(prios);
    const created = await createPromo({ name: 'Paling Akhir' });
    expect(created.priority).toBe(Math.max(...prios) + 1);
    const s = await h.call(admin, 'GET', '/web/promo/select?search=akhir');
    expect(s.body.data.list_promo.map((p: any) => p.name)).toEqual(['Paling Akhir']);
    expect(s.body.meta.total_data).toBe(1);
  });

  it('should save a new order in one call: the moved promos swap places, all renumbered 1..n', async () => {
    const list = (await h.call(admin, 'GET', '/web/promo/select?limit=100')).body.data.list_promo as any[];
    const [a, b] = [list[0].promo_id, list[1].promo_id];
    const res = await h.call(admin, 'PUT', '/web/promo/priority', { promo_ids: [b, a] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = (await h.call(admin, 'GET', '/web/promo/select?limit=100')).body.data.list_promo as any[];
    expect(after.map((p) => p.promo_id)).toEqual([b, a, ...list.slice(2).map((p) => p.promo_id)]);
    expect(after.map((p) => p.priority)).toEqual(after.map((_p, i) => i + 1));
    const bad = await h.call(admin, 'PUT', '/web/promo/priority', { promo_ids: [a, 987654] });
    expect(bad.status).toBe(400);
    const dup = await h.call(admin, 'PUT', '/web/promo/priority', { promo_ids: [a, a] });
    expect(dup.status).toBe(400);
    expect((await h.call(viewer, 'PUT', '/web/promo/priority', { promo_ids: [a, b] })).status).toBe(403);
  });
});

describe('promo lines, item lines and bonus item lines', () => {
  it('should create a line with its items (ids and categories), list it under list_promo_line', async () => {
    const p = await createPromo();
    const res = await h.call(admin, 'POST', '/apps/promo_line/add', {
      promo_id: p.promo_id,
      name: 'Beli 5 dus diskon 3%',
      min_qty: 5,
      discount_percent: 3,
      item_ids: [items[3].id],
      item_category_ids: [catA.id],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      promo_id: p.promo_id,
      item_count: 4,
      bonus_count: 0,
      discount_percent: 3,
    });
    const list = await h.call(admin, 'GET', `/apps/promo_line/?by=pl.id&promo_id=${p.promo_id}`);
    expect(list.body.data.list_promo_line.map((l: any) => l.id)).toEqual([res.body.data.id]);
    const none = await h.call(admin, 'GET', '/apps/promo_line/?promo_id=987654');
    expect(none.body.data.list_promo_line).toEqual([]);
    const items4 = await h.call(
      admin,
      'GET',
      `/web/promo_item_line/?promo_line_id=${res.body.data.id}&limit=100`,
    );
    expect(items4.body.data).toHaveLength(4);
    expect(items4.body.data[0]).toMatchObject({
      promo_line_id: res.body.data.id,
      item_category_name: 'Kopi',
    });
  });

  it('should refuse a line without items, unknown items or categories, and an empty category', async () => {
    const p = await createPromo();
    const before = await countRows(h.database.db, 'promo_lines');
    const cases = [
      { promo_id: p.promo_id, name: 'x' },
      { promo_id: p.promo_id, name: 'x', item_ids: [] },
      { promo_id: p.promo_id, name: 'x', item_ids: [987654] },
      { promo_id: p.promo_id, name: 'x', item_category_ids: [emptyCat.id] },
      { promo_id: p.promo_id, name: 'x', item_ids: [items[0].id], discount_percent: 120 },
    ];
    for (const body of cases) {
      const res = await h.call(admin, 'POST', '/apps/promo_line/add', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.err_msg.length).toBeGreaterThan(0);
    }
    // An unknown promo is a record the body names that does not exist: 404, like every reference.
    const unknownPromo = await h.call(admin, 'POST', '/apps/promo_line/add', {
      promo_id: 987654,
      name: 'x',
      item_ids: [items[0].id],
    });
    expect(unknownPromo.status).toBe(404);
    expect(unknownPromo.body.err_msg).toEqual(['promo_id: promo 987654 not found']);
    expect(await countRows(h.database.db, 'promo_lines')).toBe(before);
    expect(await countRows(h.database.db, 'promo_item_lines')).toBeGreaterThan(0);
  });

  it('should update a line partially and delete it with its item lines', async () => {
    const p = await createPromo();
    const line = (
      await h.call(admin, 'POST', '/apps/promo_line/add', {
        promo_id: p.promo_id,
        name: 'L',
        item_ids: [items[0].id],
        discount_amount: 5000,
      })
    ).body.data;
    const up = await h.call(admin, 'PUT', `/apps/promo_line/update/${line.id}`, { name: 'L2' });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ name: 'L2', discount_amount: 5000, item_count: 1 });
    const del = await h.call(admin, 'DELETE', `/apps/promo_line/delete/${line.id}`);
    expect(del.body).toEqual({ data: { id: line.id } });
    const [{ n }] = await rows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from promo_item_lines where promo_line_id = ${line.id}`,
    );
    expect(n).toBe(0);
  });

  it('should add one item, add a category (answering only the new records), keep the last item', async () => {
    const p = await createPromo();
    const line = (
      await h.call(admin, 'POST', '/apps/promo_line/add', {
        promo_id: p.promo_id,
        name: 'L',
        item_ids: [items[0].id],
      })
    ).body.data;
    const one = await h.call(admin, 'POST', '/web/promo_item_line/add', {
      promo_line_id: line.id,
      item_id: items[3].id,
    });
    expect(one.status).toBe(201);
    expect(one.body.data).toMatchObject({ item_id: items[3].id, promo_line_id: line.id });
    const again = await h.call(admin, 'POST', '/web/promo_item_line/add', {
      promo_line_id: line.id,
      item_id: items[3].id,
    });
    expect(again.status).toBe(409);
    const byCat = await h.call(admin, 'POST', '/web/promo_item_line/add/by/category', {
      promo_line_id: line.id,
      item_category_id: catA.id,
    });
    expect(byCat.status, JSON.stringify(byCat.body)).toBe(201);
    // items[0] was on the line already: only the two other coffees are new.
    expect(byCat.body.data.map((r: any) => r.item_id).sort()).toEqual([items[1].id, items[2].id].sort());
    const repeat = await h.call(admin, 'POST', '/web/promo_item_line/add/by/category', {
      promo_line_id: line.id,
      item_category_id: catA.id,
    });
    expect(repeat.body.data).toEqual([]);
    expect(
      (
        await h.call(admin, 'POST', '/web/promo_item_line/add/by/category', {
          promo_line_id: line.id,
          item_category_id: emptyCat.id,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.call(admin, 'POST', '/web/promo_item_line/add/by/category', {
          promo_line_id: 987654,
          item_category_id: catA.id,
        })
      ).status,
    ).toBe(404);
    const list = (await h.call(admin, 'GET', `/web/promo_item_line/?promo_line_id=${line.id}&limit=100`)).body
      .data as any[];
    expect(list).toHaveLength(4);
    for (const r of list.slice(1)) {
      expect((await h.call(admin, 'DELETE', `/web/promo_item_line/delete/${r.id}`)).status).toBe(200);
    }
    const last = await h.call(admin, 'DELETE', `/web/promo_item_line/delete/${list[0].id}`);
    expect(last.status).toBe(409);
    expect(last.body.err_msg[0]).toContain('last item');
  });

  it('should add and delete bonus items, refusing an unknown item', async () => {
    const p = await createPromo();
    const line = (
      await h.call(admin, 'POST', '/apps/promo_line/add', {
        promo_id: p.promo_id,
        name: 'L',
        item_ids: [items[0].id],
      })
    ).body.data;
    const add = await h.call(admin, 'POST', '/web/promo_bonus_item_line/add', {
      promo_line_id: line.id,
      item_id: items[4].id,
      qty: 2,
    });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body.data).toMatchObject({ item_id: items[4].id, qty: 2 });
    expect(add.body.data.uom).not.toBe('');
    const before = await countRows(h.database.db, 'promo_bonus_item_lines');
    const unknown = await h.call(admin, 'POST', '/web/promo_bonus_item_line/add', {
      promo_line_id: line.id,
      item_id: 987654,
      qty: 1,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.err_msg[0]).toContain('987654');
    expect(
      (
        await h.call(admin, 'POST', '/web/promo_bonus_item_line/add', {
          promo_line_id: line.id,
          item_id: items[1].id,
          qty: 0,
        })
      ).status,
    ).toBe(400);
    expect(await countRows(h.database.db, 'promo_bonus_item_lines')).toBe(before);
    const list = await h.call(admin, 'GET', `/web/promo_bonus_item_line/select?promo_line_id=${line.id}`);
    expect(list.body.data.map((r: any) => r.id)).toEqual([add.body.data.id]);
    const del = await h.call(admin, 'DELETE', `/web/promo_bonus_item_line/${add.body.data.id}`);
    expect(del.body).toEqual({ data: { id: add.body.data.id } });
  });
});

describe('promo delete', () => {
  it('should delete a promo with its lines in one go', async () => {
    const p = await createPromo();
    const line = (
      await h.call(admin, 'POST', '/apps/promo_line/add', {
        promo_id: p.promo_id,
        name: 'L',
        item_ids: [items[0].id],
      })
    ).body.data;
    await h.call(admin, 'POST', '/web/promo_bonus_item_line/add', {
      promo_line_id: line.id,
      item_id: items[1].id,
      qty: 1,
    });
    const res = await h.call(admin, 'DELETE', `/apps/promo/id/${p.promo_id}`);
    expect(res.body).toEqual({ data: { id: p.promo_id } });
    const [{ n }] = await rows<{ n: number }>(
      h.database.db,
      sql`select (select count(*) from promo_lines where promo_id = ${p.promo_id}) + (select count(*) from promo_item_lines where promo_line_id = ${line.id}) + (select count(*) from promo_bonus_item_lines where promo_line_id = ${line.id}) as n`,
    );
    expect(Number(n)).toBe(0);
    expect((await h.call(admin, 'GET', `/web/promo/id/${p.promo_id}`)).status).toBe(404);
  });

  it('should refuse with 409 naming the popup that links to the promo, and keep everything', async () => {
    const p = await createPromo();
    await h.call(admin, 'POST', '/apps/promo_line/add', {
      promo_id: p.promo_id,
      name: 'L',
      item_ids: [items[0].id],
    });
    const popup = await h.call(admin, 'POST', '/apps/popup/add', {
      title: 'Lihat promo',
      link: `/promo/${p.promo_id}`,
      start_date: '2030-01-01',
      end_date: '2030-01-10',
    });
    expect(popup.status).toBe(201);
    const res = await h.call(admin, 'DELETE', `/apps/promo/id/${p.promo_id}`);
    expect(res.status).toBe(409);
    expect(res.body.err_msg[0]).toContain("popup 'Lihat promo'");
    expect((await h.call(admin, 'GET', `/web/promo/id/${p.promo_id}`)).body.data.line_count).toBe(1);
  });
});
