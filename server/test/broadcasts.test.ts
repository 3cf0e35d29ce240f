// Broadcasts: add/edit/delete with their audience, the execute action (preview count = audience size,
// confirm_count echoed, one delivery per store, never twice, also when sent twice at once), the push
// adapter, the deliveries list and branch scope.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { sliceLog } from '../src/modules/broadcasts/broadcasts.delivery';
import { LoggingPushAdapter, setPushAdapter } from '../src/modules/broadcasts/push';
import { makeCustomer, makeCustomerType, makeStaff } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let branchOnly: string;
const push = new LoggingPushAdapter();
let typeId: number;
const codes: string[] = [];

beforeAll(async () => {
  h = await createHarness();
  setPushAdapter(push);
  const db = h.database.db;
  const { b1, b2, b3 } = h.fixture.branches;
  typeId = (await makeCustomerType(db)).id;
  // b1: 3 active (one with the app) + 1 inactive; b2: 2 active; b3: 4 active (two of the type).
  for (let i = 0; i < 3; i++)
    codes.push((await makeCustomer(db, { branch_id: b1.id, installed: i === 0 })).customer_code);
  await makeCustomer(db, { branch_id: b1.id, active: false });
  for (let i = 0; i < 2; i++) await makeCustomer(db, { branch_id: b2.id });
  for (let i = 0; i < 4; i++)
    await makeCustomer(db, { branch_id: b3.id, customer_type_id: i < 2 ? typeId : null });
  admin = await h.login();
  const u = await makeStaff(db, {
    email: 'bc-branch@example.com',
    grants: { broadcast: 'vcud' },
    branches: [b1.id],
  });
  branchOnly = await h.login(u);
});
afterAll(async () => {
  await h?.close();
});

const base = { title: 'Info', message: 'Pesan untuk toko' };
async function create(extra: Record<string, unknown>, token = admin) {
  const res = await h.call(token, 'POST', '/broadcast/add', { ...base, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; status: string; audience: string };
}
const preview = async (id: number, token = admin) =>
  (await h.call(token, 'GET', `/broadcast/execute/${id}/preview`)).body.data as {
    count: number;
    audience: string;
  };
const execute = (id: number, count: number, token = admin) =>
  h.call(token, 'POST', `/broadcast/execute/${id}?confirm_count=${count}`);
/** Runs the queued jobs (the delivery) in this process, as a worker would. */
const drain = () => h.app.jobs.drain();
const pushedTo = (id: number, from = 0) =>
  push.sent.slice(from).reduce((n, m) => n + (m.broadcastId === id ? m.recipients : 0), 0);
const deliveries = async (id: number) =>
  Number(
    (
      await rows<{ n: number }>(
        h.database.db,
        sql`select count(*)::int as n from broadcast_deliveries where broadcast_id = ${id}`,
      )
    )[0].n,
  );

describe('broadcast records', () => {
  it('should create a draft with its audience, list it newest first, search it on /web/broadcast/', async () => {
    const b = await create({
      title: 'Cabang Bandung',
      audience: 'branch',
      branch_ids: [h.fixture.branches.b1.id],
      link: '/promo/1',
    });
    expect(b).toMatchObject({ status: 'draft', audience: 'branch', delivered_count: 0, link: '/promo/1' });
    const list = await h.call(admin, 'GET', '/broadcast/?by=b.id&sort=desc');
    expect(list.body.data[0].id).toBe(b.id);
    expect(list.body.meta.total_data).toBeGreaterThan(0);
    const s = await h.call(admin, 'GET', '/web/broadcast/?search=bandung');
    expect(s.body.data.map((r: any) => r.id)).toEqual([b.id]);
    const sel = await h.call(admin, 'GET', '/broadcast/select');
    expect(sel.body.data.some((r: any) => r.id === b.id)).toBe(true);
    const got = await h.call(admin, 'GET', `/broadcast/id/${b.id}`);
    expect(got.body.data).toMatchObject({
      id: b.id,
      branch_ids: [h.fixture.branches.b1.id],
      delivery_counts: { delivered: 0 },
    });
  });

  it('should refuse an audience without its list, unknown ids or codes, and write nothing', async () => {
    const [{ n: before }] = await rows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from broadcasts`,
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ audience: 'branch' }, 'branch_ids'],
      [{ audience: 'branch', branch_ids: [987654] }, '987654'],
      [{ audience: 'customers', customer_codes: ['NOPE-1', codes[0]] }, 'NOPE-1'],
      [{ audience: 'customer_type', customer_type_ids: [] }, 'customer_type_ids'],
      [{ audience: 'everyone' }, 'audience'],
      [{ title: '' }, 'title'],
      [{ link: 'javascript:alert(1)' }, 'link'],
    ];
    for (const [body, word] of cases) {
      const res = await h.call(admin, 'POST', '/broadcast/add', { ...base, ...body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.err_msg.join(' ')).toContain(word);
    }
    const [{ n: after }] = await rows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from broadcasts`,
    );
    expect(after).toBe(before);
  });

  it('should edit a draft partially (changing the audience) and delete it', async () => {
    const b = await create({ audience: 'all' });
    const up = await h.call(admin, 'PUT', `/broadcast/edit/${b.id}`, {
      audience: 'region',
      region_ids: [h.fixture.regions.sby.id],
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({
      title: 'Info',
      audience: 'region',
      region_ids: [h.fixture.regions.sby.id],
    });
    expect((await h.call(admin, 'PUT', `/broadcast/edit/${b.id}`, { audience: 'branch' })).status).toBe(400);
    const t = await h.call(admin, 'PUT', `/broadcast/edit/${b.id}`, { title: 'Judul baru' });
    expect(t.body.data).toMatchObject({ title: 'Judul baru', audience: 'region' });
    expect((await h.call(admin, 'DELETE', `/broadcast/delete/${b.id}`)).body).toEqual({ data: { id: b.id } });
  });
});

describe('broadcast execute', () => {
  it('should count each audience in the preview', async () => {
    const { b1, b3 } = h.fixture.branches;
    const expectations: [Record<string, unknown>, number][] = [
      [{ audience: 'all' }, 9],
      [{ audience: 'branch', branch_ids: [b1.id] }, 3],
      [{ audience: 'branch', branch_ids: [b1.id, b3.id] }, 7],
      [{ audience: 'region', region_ids: [h.fixture.regions.bdg.id] }, 5],
      [{ audience: 'region_group', region_group_ids: [h.fixture.regionGroups.jatim.id] }, 4],
      [{ audience: 'customer_type', customer_type_ids: [typeId] }, 2],
      [{ audience: 'customers', customer_codes: codes.slice(0, 2) }, 2],
      [{ audience: 'all', installed_only: true }, 1],
    ];
    for (const [body, count] of expectations) {
      const b = await create(body);
      const p = await preview(b.id);
      expect({ body, count: p.count }).toEqual({ body, count });
    }
  });

  it('should deliver once to the audience, show sent + delivered count, and refuse a second execute', async () => {
    const b = await create({
      title: 'Ke Bandung',
      audience: 'branch',
      branch_ids: [h.fixture.branches.b1.id],
    });
    const p = await preview(b.id);
    expect(p).toEqual({ count: 3, audience: 'branch' });
    expect((await h.call(admin, 'POST', `/broadcast/execute/${b.id}`)).status).toBe(400);
    const stale = await execute(b.id, 5);
    expect(stale.status).toBe(409);
    expect(await deliveries(b.id)).toBe(0);
    const pushedBefore = push.sent.length;
    const res = await execute(b.id, 3);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: b.id,
      status: 'queued',
      audience_count: 3,
      delivered_count: 0,
    });
    // Queued: nothing delivered yet, and neither a second execute nor a change gets in before it.
    expect(await deliveries(b.id)).toBe(0);
    expect((await h.call(admin, 'GET', `/broadcast/id/${b.id}`)).body.data.status).toBe('queued');
    const queued = await execute(b.id, 3);
    expect(queued.status).toBe(409);
    expect(queued.body.err_msg[0]).toContain('being delivered');
    expect((await h.call(admin, 'PUT', `/broadcast/edit/${b.id}`, { title: 'x' })).status).toBe(409);
    expect((await h.call(admin, 'DELETE', `/broadcast/delete/${b.id}`)).status).toBe(409);
    expect(await drain()).toBe(1);
    expect(await deliveries(b.id)).toBe(3);
    expect(sliceLog.length).toBeGreaterThan(0);
    expect(pushedTo(b.id, pushedBefore)).toBe(3);
    expect(push.sent.slice(pushedBefore)).toEqual(
      push.sent
        .slice(pushedBefore)
        .map(() => expect.objectContaining({ broadcastId: b.id, title: 'Ke Bandung' })),
    );
    const pushes = push.sent.length;
    const listed = (await h.call(admin, 'GET', '/broadcast/?limit=100')).body.data.find(
      (r: any) => r.id === b.id,
    );
    expect(listed).toMatchObject({ status: 'sent', delivered_count: 3 });
    expect(listed.executed_at).toBeTruthy();
    const again = await execute(b.id, 3);
    expect(again.status).toBe(409);
    expect(again.body.err_msg[0]).toContain('already delivered');
    expect(await drain()).toBe(0);
    expect(await deliveries(b.id)).toBe(3);
    expect(push.sent.length).toBe(pushes);
    const detail = await h.call(admin, 'GET', `/broadcast/id/${b.id}`);
    expect(detail.body.data.delivery_counts.delivered).toBe(3);
    const list = await h.call(admin, 'GET', `/broadcast/delivery/?broadcast_id=${b.id}&by=customer_code`);
    expect(list.body.data.map((d: any) => d.customer_code)).toEqual(codes);
    expect(list.body.data[0]).toMatchObject({ status: 'delivered', branch_name: 'Cabang Bandung' });
    expect((await h.call(admin, 'PUT', `/broadcast/edit/${b.id}`, { title: 'x' })).status).toBe(409);
  });

  it('should deliver exactly once when executed twice at once', async () => {
    const b = await create({ audience: 'all' });
    const results = await Promise.all([execute(b.id, 9), execute(b.id, 9)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await drain()).toBe(1);
    expect(await deliveries(b.id)).toBe(9);
    expect(pushedTo(b.id)).toBe(9);
  });

  it('should resume a delivery left half-way (status sending) without duplicates', async () => {
    const b = await create({ audience: 'all' });
    // A crash after some rows: status sending, 2 of 9 deliveries written.
    await h.database.rows(
      sql`update broadcasts set status = 'sending', executed_at = now() where id = ${b.id}`,
    );
    await h.database.rows(
      sql`insert into broadcast_deliveries (broadcast_id, customer_id, status) select ${b.id}, id, 'delivered' from customers where active order by id limit 2`,
    );
    const res = await execute(b.id, 9);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('queued');
    await drain();
    expect(pushedTo(b.id)).toBe(7);
    expect(await deliveries(b.id)).toBe(9);
    expect((await h.call(admin, 'GET', `/broadcast/id/${b.id}`)).body.data).toMatchObject({
      status: 'sent',
      delivered_count: 9,
    });
  });

  it('should refuse a cancelled broadcast', async () => {
    const b = await create({ audience: 'all' });
    await h.database.rows(sql`update broadcasts set status = 'cancelled' where id = ${b.id}`);
    const res = await execute(b.id, 9);
    expect(res.status).toBe(409);
    expect(res.body.err_msg[0]).toContain('cancelled');
  });

  it('should keep a branch user to their branches', async () => {
    const b = await create({ audience: 'branch', branch_ids: [h.fixture.branches.b1.id] }, branchOnly);
    expect((await preview(b.id, branchOnly)).count).toBe(3);
    const foreign = await h.call(branchOnly, 'POST', '/broadcast/add', {
      ...base,
      audience: 'branch',
      branch_ids: [h.fixture.branches.b3.id],
    });
    expect(foreign.status).toBe(403);
    // "All stores" reaches the other branches too (broadcasts-scope.test.ts has the rest).
    const all = await h.call(branchOnly, 'POST', '/broadcast/add', { ...base, audience: 'all' });
    expect(all.status).toBe(403);
    const res = await execute(b.id, 3, branchOnly);
    expect(res.status).toBe(200);
    await drain();
    expect(await deliveries(b.id)).toBe(3);
    const seen = await h.call(branchOnly, 'GET', `/broadcast/delivery/?broadcast_id=${b.id}`);
    expect(seen.body.meta.total_data).toBe(3);
  });

  it('should answer 404 for an unknown broadcast', async () => {
    expect((await execute(987654, 0)).status).toBe(404);
  });
});

// 0010_content_perf.sql: the deliveries' foreign keys are statement-level triggers; they must keep
// what the constraints guaranteed.
describe('delivery integrity without per-row foreign keys', () => {
  it('should refuse a delivery naming a customer or a broadcast that does not exist', async () => {
    const b = await create({ audience: 'all' });
    const [c] = await rows<{ id: number }>(h.database.db, sql`select min(id) as id from customers`);
    const insert = (broadcastId: number, customerId: number) =>
      h.database.rows(
        sql`insert into broadcast_deliveries (broadcast_id, customer_id, status) values (${broadcastId}, ${customerId}, 'sent')`,
      );
    // foreign_key_violation, as the constraints answered (drizzle keeps the driver's error as cause).
    const refused = async (work: Promise<unknown>) => {
      const e = (await work.then(
        () => null,
        (x: unknown) => x,
      )) as { code?: string; cause?: { code?: string } } | null;
      expect(e?.cause?.code ?? e?.code).toBe('23503');
    };
    await refused(insert(b.id, 987654321));
    await refused(insert(987654321, c.id));
    await insert(b.id, c.id);
    await refused(
      h.database.rows(
        sql`update broadcast_deliveries set customer_id = 987654321 where broadcast_id = ${b.id}`,
      ),
    );
    expect(await deliveries(b.id)).toBe(1);
  });

  it('should delete the deliveries of a deleted broadcast and of a deleted customer', async () => {
    const extra = await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b2.id });
    const b = await create({ audience: 'all' });
    const count = (await preview(b.id)).count;
    expect((await execute(b.id, count)).status).toBe(200);
    await drain();
    expect(await deliveries(b.id)).toBe(count);
    await h.database.rows(sql`delete from customers where id = ${extra.id}`);
    expect(await deliveries(b.id)).toBe(count - 1);
    expect((await h.call(admin, 'DELETE', `/broadcast/delete/${b.id}`)).status).toBe(200);
    expect(await deliveries(b.id)).toBe(0);
  });
});
