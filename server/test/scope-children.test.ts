// Branch scope reaching records through their parents and through the references a body names:
// promo lines, item lines and bonus lines belong to their promo's branch; the promo reorder and the
// customer bulk edits name records that must be the caller's. Each refusal changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { makeCustomer, makeItem, makeItemCategory, makeStaff } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let writer: string;
let own: number;
let foreign: number;
const promo = { own: 0, foreign: 0 };
const line = { own: 0, foreign: 0 };
const itemLine = { foreign: 0 };
const bonusLine = { foreign: 0 };
let spareItem: number;
let category: number;

/** Every promo row with its lines, item lines and bonus lines (what a refusal must leave as it was). */
const promoData = async () =>
  rows(
    h.database.db,
    sql`select (select json_agg(p order by id) from promos p) as promos,
               (select json_agg(l order by id) from promo_lines l) as lines,
               (select json_agg(i order by id) from promo_item_lines i) as items,
               (select json_agg(b order by id) from promo_bonus_item_lines b) as bonus`,
  );

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  own = h.fixture.branches.b1.id;
  foreign = h.fixture.branches.b2.id;
  admin = await h.login();
  const w = await makeStaff(db, {
    email: 'promo.writer@example.com',
    grants: { promo: 'vcud', customer: 'vcud' },
    branches: [own],
  });
  writer = await h.login(w);
  category = (await makeItemCategory(db, { name: 'Teh', code: 'TEH-S' })).id;
  const items = [];
  for (let i = 0; i < 3; i++)
    items.push((await makeItem(db, { item_category_id: category, item_name: `Teh ${i}` })).id);
  spareItem = items[2];
  for (const side of ['own', 'foreign'] as const) {
    const p = await h.call(admin, 'POST', '/web/promo', {
      name: `Promo ${side}`,
      start_date: '2030-01-01',
      end_date: '2030-12-31',
      branch_id: side === 'own' ? own : foreign,
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    promo[side] = p.body.data.id;
    const l = await h.call(admin, 'POST', '/apps/promo_line/add', {
      promo_id: promo[side],
      name: `Line ${side}`,
      item_ids: [items[0], items[1]],
    });
    expect(l.status, JSON.stringify(l.body)).toBe(201);
    line[side] = l.body.data.id;
  }
  const il = await rows<{ id: number }>(
    db,
    sql`select id from promo_item_lines where promo_line_id = ${line.foreign} order by id limit 1`,
  );
  itemLine.foreign = il[0].id;
  const bl = await h.call(admin, 'POST', '/web/promo_bonus_item_line/add', {
    promo_line_id: line.foreign,
    item_id: items[0],
    qty: 1,
  });
  expect(bl.status, JSON.stringify(bl.body)).toBe(201);
  bonusLine.foreign = bl.body.data.id;
});
afterAll(async () => {
  await h?.close();
});

describe('promo lines, item lines and bonus lines belong to their promo’s branch', () => {
  it('should refuse every read and write of another branch’s promo children with 403, changing nothing', async () => {
    const before = await promoData();
    const calls: [string, string, unknown?][] = [
      ['GET', `/apps/promo_line/id/${line.foreign}`],
      ['PUT', `/apps/promo_line/update/${line.foreign}`, { name: 'diubah' }],
      ['DELETE', `/apps/promo_line/delete/${line.foreign}`],
      ['POST', '/apps/promo_line/add', { promo_id: promo.foreign, name: 'baru', item_ids: [spareItem] }],
      ['POST', '/web/promo_item_line/add', { promo_line_id: line.foreign, item_id: spareItem }],
      [
        'POST',
        '/web/promo_item_line/add/by/category',
        { promo_line_id: line.foreign, item_category_id: category },
      ],
      ['DELETE', `/web/promo_item_line/delete/${itemLine.foreign}`],
      ['POST', '/web/promo_bonus_item_line/add', { promo_line_id: line.foreign, item_id: spareItem, qty: 2 }],
      ['DELETE', `/web/promo_bonus_item_line/${bonusLine.foreign}`],
    ];
    const problems: string[] = [];
    for (const [method, url, body] of calls) {
      const res = await h.call(writer, method as 'GET', url, body);
      if (res.status !== 403 || res.body.err_code !== 'FORBIDDEN')
        problems.push(`${method} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
    expect(await promoData()).toEqual(before);
  });

  it('should list only the children of the caller’s promos', async () => {
    const lines = await h.call(writer, 'GET', '/apps/promo_line/?limit=100');
    expect(lines.status).toBe(200);
    const promoIds = new Set(
      (JSON.stringify(lines.body).match(/"promo_id":\d+/g) ?? []).map((m) => Number(m.split(':')[1])),
    );
    expect(promoIds.has(promo.own)).toBe(true);
    expect(promoIds.has(promo.foreign)).toBe(false);
    const items = await h.call(writer, 'GET', `/web/promo_item_line/?promo_line_id=${line.foreign}`);
    expect(items.status).toBe(200);
    expect(JSON.stringify(items.body.data)).not.toMatch(/"id"/);
  });

  it('should still let the writer work on its own promo’s lines', async () => {
    const res = await h.call(writer, 'POST', '/web/promo_item_line/add', {
      promo_line_id: line.own,
      item_id: spareItem,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const upd = await h.call(writer, 'PUT', `/apps/promo_line/update/${line.own}`, { name: 'Line milik' });
    expect(upd.status).toBe(200);
  });

  it('should refuse reordering another branch’s promo with 403, changing no priority', async () => {
    const before = await promoData();
    const res = await h.call(writer, 'PUT', '/web/promo/priority', { promo_ids: [promo.foreign, promo.own] });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.err_msg).toEqual([
      `promo_ids[0]: promo ${promo.foreign} is outside your assigned branches`,
    ]);
    expect(await promoData()).toEqual(before);
  });
});

describe('bulk customer edits name only the caller’s salesmen', () => {
  it('should refuse another branch’s salesman with 403 and change nothing', async () => {
    const db = h.database.db;
    const ownSalesman = h.fixture.salesmen.find((s) => s.branch_id === own)!;
    const foreignSalesman = h.fixture.salesmen.find((s) => s.branch_id === foreign)!;
    const c = await makeCustomer(db, { branch_id: own, salesman_id: ownSalesman.id });
    const res = await h.call(writer, 'PUT', '/web/customer/edit/bulk', {
      customer_ids: [c.id],
      salesman_id: foreignSalesman.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.err_msg[0]).toMatch(/^salesman_id: salesman .* is outside your assigned branches$/);
    const [after] = await rows<{ salesman_id: number }>(
      db,
      sql`select salesman_id from customers where id = ${c.id}`,
    );
    expect(after.salesman_id).toBe(ownSalesman.id);
    const unknown = await h.call(writer, 'PUT', '/web/customer/edit/bulk', {
      customer_ids: [c.id],
      salesman_id: 987654,
    });
    // An unknown salesman is the bulk edit's own refusal (its documented 400).
    expect(unknown.status).toBe(400);
  });
});
