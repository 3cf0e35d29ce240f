// Broadcasts belong to the branches their audience reaches: a user limited to some branches lists
// what reaches their stores (and what they wrote), and creates, changes, deletes and executes only a
// broadcast whose whole audience lies within their branches (403 naming the others). An execute never
// cuts the audience to the caller's branches, so no store is left out of a "sent" broadcast, also when
// an administrator and a scoped user execute at once. Deliveries follow their broadcast and store.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { problem, wordProblem } from '../src/http/messages';
import { isEmbedded } from '../src/modules/broadcasts/broadcasts.delivery';
import { LoggingPushAdapter, setPushAdapter } from '../src/modules/broadcasts/push';
import { makeCustomer, makeCustomerType, makeStaff } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
/** Broadcast rights on branches b1 and b3 (b2, Cabang Cimahi, is foreign). */
let scoped: string;
let b1: number;
let b2: number;
let b3: number;
/** Stores: b1 3 active, b2 2 active, b3 2 active (7 in all). */
const own: string[] = [];
const foreign: string[] = [];
/** A customer type with stores in b1 and b2; one with stores in b1 only. */
let mixedType: number;
let ownType: number;

beforeAll(async () => {
  h = await createHarness();
  setPushAdapter(new LoggingPushAdapter());
  const db = h.database.db;
  ({ b1, b2, b3 } = Object.fromEntries(
    Object.entries(h.fixture.branches).map(([k, v]) => [k, v.id]),
  ) as Record<'b1' | 'b2' | 'b3', number>);
  mixedType = (await makeCustomerType(db)).id;
  ownType = (await makeCustomerType(db)).id;
  own.push((await makeCustomer(db, { branch_id: b1, customer_type_id: mixedType })).customer_code);
  own.push((await makeCustomer(db, { branch_id: b1, customer_type_id: ownType })).customer_code);
  own.push((await makeCustomer(db, { branch_id: b1 })).customer_code);
  foreign.push((await makeCustomer(db, { branch_id: b2, customer_type_id: mixedType })).customer_code);
  foreign.push((await makeCustomer(db, { branch_id: b2 })).customer_code);
  for (let i = 0; i < 2; i++) own.push((await makeCustomer(db, { branch_id: b3 })).customer_code);
  admin = await h.login();
  const u = await makeStaff(db, {
    email: 'bc-scoped@example.com',
    grants: { broadcast: 'vcud' },
    branches: [b1, b3],
  });
  scoped = await h.login(u);
});
afterAll(async () => {
  await h?.close();
});

const base = { title: 'Info', message: 'Pesan untuk toko' };
async function create(extra: Record<string, unknown>, token = admin) {
  const res = await h.call(token, 'POST', '/broadcast/add', { ...base, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number };
}
/** Executes, and once it is queued runs the delivery job as a worker would. */
const execute = async (id: number, count: number, token = admin) => {
  const res = await h.call(token, 'POST', `/broadcast/execute/${id}?confirm_count=${count}`);
  if (res.status === 200) await h.app.jobs.drain();
  return res;
};
/** Executes with the count the caller's own preview names (what the web app does). */
async function confirmAndExecute(id: number, token: string) {
  const p = await h.call(token, 'GET', `/broadcast/execute/${id}/preview`);
  return execute(id, p.status === 200 ? p.body.data.count : 7, token);
}
async function deliveredCodes(id: number): Promise<string[]> {
  const found = await rows<{ code: string }>(
    h.database.db,
    sql`select c.customer_code as code from broadcast_deliveries d join customers c on c.id = d.customer_id
        where d.broadcast_id = ${id} order by c.customer_code`,
  );
  return found.map((r) => r.code);
}
const stored = async (id: number) =>
  (
    await rows<{ title: string; status: string; target: unknown; sent_count: number }>(
      h.database.db,
      sql`select title, status, target, sent_count from broadcasts where id = ${id}`,
    )
  )[0];
const allActive = () => [...own, ...foreign].sort();

describe('changing and deleting a broadcast', () => {
  it('should refuse a scoped user an administrator broadcast that reaches another branch, naming it', async () => {
    const wide = await create({ audience: 'branch', branch_ids: [b1, b2] });
    const before = await stored(wide.id);
    const edit = await h.call(scoped, 'PUT', `/broadcast/edit/${wide.id}`, { title: 'Diubah' });
    expect(edit.status).toBe(403);
    expect(edit.body.err_msg).toEqual([
      `broadcast ${wide.id} reaches stores outside your assigned branches: Cabang Cimahi; only a user who sees all of them may change, delete or send it`,
    ]);
    // Narrowing it to the caller's branches is changing it too.
    const narrow = await h.call(scoped, 'PUT', `/broadcast/edit/${wide.id}`, { branch_ids: [b1] });
    expect(narrow.status).toBe(403);
    const del = await h.call(scoped, 'DELETE', `/broadcast/delete/${wide.id}`);
    expect(del.status).toBe(403);
    expect(del.body.err_msg[0]).toContain('Cabang Cimahi');
    expect(await stored(wide.id)).toEqual(before);

    // One that reaches none of the caller's branches is not theirs to see at all.
    const away = await create({ audience: 'branch', branch_ids: [b2] });
    const edit2 = await h.call(scoped, 'PUT', `/broadcast/edit/${away.id}`, { title: 'Diubah' });
    expect(edit2.status).toBe(403);
    expect(edit2.body.err_msg).toEqual([`broadcast ${away.id} is outside your assigned branches`]);
    expect((await h.call(scoped, 'DELETE', `/broadcast/delete/${away.id}`)).status).toBe(403);
    expect((await stored(away.id)).title).toBe('Info');

    // The administrator still can; so can the scoped user with one inside their branches.
    expect((await h.call(admin, 'PUT', `/broadcast/edit/${wide.id}`, { title: 'Baru' })).status).toBe(200);
    expect((await h.call(admin, 'DELETE', `/broadcast/delete/${away.id}`)).status).toBe(200);
    const inside = await create({ audience: 'branch', branch_ids: [b1, b3] });
    expect((await h.call(scoped, 'PUT', `/broadcast/edit/${inside.id}`, { title: 'Baru' })).status).toBe(200);
    expect((await h.call(scoped, 'DELETE', `/broadcast/delete/${inside.id}`)).status).toBe(200);
  });

  it('should refuse widening a scoped user own broadcast beyond their branches', async () => {
    const mine = await create({ audience: 'branch', branch_ids: [b1] }, scoped);
    const before = await stored(mine.id);
    const reaches = (field: string) =>
      `${field}: the audience reaches stores outside your assigned branches: Cabang Cimahi`;
    // A foreign branch named in the body is refused by the declared reference check before the handler.
    const cases: [Record<string, unknown>, string][] = [
      [{ branch_ids: [b1, b2] }, 'That branch is outside your assigned branches'],
      [{ audience: 'all' }, reaches('audience')],
      [{ audience: 'region', region_ids: [h.fixture.regions.bdg.id] }, reaches('region_ids')],
      [{ audience: 'customer_type', customer_type_ids: [mixedType] }, reaches('customer_type_ids')],
    ];
    for (const [body, message] of cases) {
      const res = await h.call(scoped, 'PUT', `/broadcast/edit/${mine.id}`, body);
      expect({ body, status: res.status }).toEqual({ body, status: 403 });
      expect(res.body.err_msg).toEqual([message]);
    }
    const codes = await h.call(scoped, 'PUT', `/broadcast/edit/${mine.id}`, {
      audience: 'customers',
      customer_codes: [own[0], foreign[1]],
    });
    expect(codes.status).toBe(403);
    expect(codes.body.err_msg).toEqual([
      `customer_codes[1]: customer ${foreign[1]} is outside your assigned branches`,
    ]);
    expect(await stored(mine.id)).toEqual(before);
    const ok = await h.call(scoped, 'PUT', `/broadcast/edit/${mine.id}`, {
      audience: 'customers',
      customer_codes: [own[0], own[3]],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('creating a broadcast', () => {
  it('should refuse a scoped user an audience reaching another branch: codes, types, regions, all', async () => {
    const [{ n: before }] = await rows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from broadcasts`,
    );
    const viaCode = await h.call(scoped, 'POST', '/broadcast/add', {
      ...base,
      audience: 'customers',
      customer_codes: [own[0], foreign[0], foreign[1]],
    });
    expect(viaCode.status).toBe(403);
    expect(viaCode.body.err_msg).toEqual([
      `customer_codes[1]: customer ${foreign[0]} is outside your assigned branches`,
      `customer_codes[2]: customer ${foreign[1]} is outside your assigned branches`,
    ]);
    // An unknown code stays a 400, as for everyone.
    const unknown = await h.call(scoped, 'POST', '/broadcast/add', {
      ...base,
      audience: 'customers',
      customer_codes: [own[0], 'NOPE-404'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.err_msg[0]).toContain('NOPE-404');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ audience: 'all' }, 'audience', 'Cabang Cimahi'],
      [{ audience: 'branch', branch_ids: [b2] }, 'branch_ids', 'Cabang Cimahi'],
      [{ audience: 'region', region_ids: [h.fixture.regions.bdg.id] }, 'region_ids', 'Cabang Cimahi'],
      [
        { audience: 'region_group', region_group_ids: [h.fixture.regionGroups.jabar.id] },
        'region_group_ids',
        'Cabang Cimahi',
      ],
      [{ audience: 'customer_type', customer_type_ids: [mixedType] }, 'customer_type_ids', 'Cabang Cimahi'],
    ];
    for (const [body, field, names] of cases) {
      const res = await h.call(scoped, 'POST', '/broadcast/add', { ...base, ...body });
      expect({ body, status: res.status }).toEqual({ body, status: 403 });
      expect(res.body.err_msg).toEqual([
        // A foreign branch named in the body is refused by the declared reference check first.
        field === 'branch_ids'
          ? 'That branch is outside your assigned branches'
          : `${field}: the audience reaches stores outside your assigned branches: ${names}`,
      ]);
    }
    const [{ n: after }] = await rows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from broadcasts`,
    );
    expect(after).toBe(before);
    // Within the caller's branches: accepted.
    await create({ audience: 'customers', customer_codes: [own[0], own[4]] }, scoped);
    await create({ audience: 'customer_type', customer_type_ids: [ownType] }, scoped);
    await create({ audience: 'region', region_ids: [h.fixture.regions.sby.id] }, scoped);
    await create({ audience: 'branch', branch_ids: [b1, b3] }, scoped);
    // The administrator reaches every branch.
    await create({ audience: 'customers', customer_codes: [own[0], foreign[0]] });
  });

  it('should word the refusal in Indonesian for the web app, under the audience field', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/api/broadcast/add',
      headers: { authorization: `Bearer ${scoped}`, 'accept-language': 'id' },
      payload: { ...base, audience: 'all' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().err_detail).toEqual([
      {
        code: 'audience_outside_scope',
        field: 'audience',
        params: { branches: 'Cabang Cimahi' },
        message:
          'audience: penerimanya mencakup toko di luar cabang yang ditugaskan kepada Anda: Cabang Cimahi',
      },
    ]);
    expect(
      wordProblem(problem('broadcast_outside_scope', { id: 7, branches: 'A, B', more: 1 }), 'id'),
    ).toEqual({
      code: 'broadcast_outside_scope',
      params: { id: 7, branches: 'A, B', more: 1 },
      message:
        'Siaran ini menjangkau toko di luar cabang yang ditugaskan kepada Anda (A, B dan lainnya); hanya pengguna yang melihat semua cabang itu yang boleh mengubah, menghapus atau mengirimnya',
    });
  });
});

describe('executing a broadcast', () => {
  it('should refuse a scoped user the administrator all-stores broadcast and leave it whole for the administrator', async () => {
    const all = await create({ audience: 'all' });
    const preview = await h.call(scoped, 'GET', `/broadcast/execute/${all.id}/preview`);
    expect(preview.status).toBe(403);
    expect(preview.body.err_msg[0]).toContain('Cabang Cimahi');
    const res = await confirmAndExecute(all.id, scoped);
    expect(res.status).toBe(403);
    expect(res.body.err_msg).toEqual([
      `broadcast ${all.id} reaches stores outside your assigned branches: Cabang Cimahi; only a user who sees all of them may change, delete or send it`,
    ]);
    expect(await deliveredCodes(all.id)).toEqual([]);
    expect(await stored(all.id)).toMatchObject({ status: 'draft', sent_count: 0 });
    const ok = await confirmAndExecute(all.id, admin);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'queued', audience_count: 7, delivered_count: 0 });
    expect(await stored(all.id)).toMatchObject({ status: 'sent', sent_count: 7 });
    expect(await deliveredCodes(all.id)).toEqual(allActive());
  });

  it('should deliver to every store exactly once when the administrator and a scoped user execute at once', async () => {
    for (let round = 0; round < 3; round++) {
      const all = await create({ audience: 'all' });
      const [a, s] = await Promise.all([execute(all.id, 7, admin), execute(all.id, 5, scoped)]);
      expect({ round, admin: a.status, scoped: s.status }).toEqual({ round, admin: 200, scoped: 403 });
      const codes = await deliveredCodes(all.id);
      expect(codes).toEqual(allActive());
      expect(await stored(all.id)).toMatchObject({ status: 'sent', sent_count: 7 });
    }
    // Both allowed (inside the scoped user's branches): one delivers, the other is told it was.
    const inside = await create({ audience: 'branch', branch_ids: [b1] }, scoped);
    const both = await Promise.all([execute(inside.id, 3, admin), execute(inside.id, 3, scoped)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await deliveredCodes(inside.id)).toEqual(own.slice(0, 3).sort());
  });

  it('should refuse a scoped user their own broadcast once its audience has grown beyond their branches', async () => {
    const mine = await create({ audience: 'customer_type', customer_type_ids: [ownType] }, scoped);
    const later = await makeCustomer(h.database.db, { branch_id: b2, customer_type_id: ownType });
    try {
      const res = await confirmAndExecute(mine.id, scoped);
      expect(res.status).toBe(403);
      expect(res.body.err_msg[0]).toContain('Cabang Cimahi');
      expect(await deliveredCodes(mine.id)).toEqual([]);
      const ok = await confirmAndExecute(mine.id, admin);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(await deliveredCodes(mine.id)).toEqual([own[1], later.customer_code].sort());
    } finally {
      await h.database.rows(sql`delete from customers where id = ${later.id}`);
    }
  });
});

describe('a change meeting an execute', () => {
  // Needs a second connection to hold the row (the embedded database has one, shared).
  it('should not change a broadcast that an execute holding it has sent meanwhile', async (ctx) => {
    if (isEmbedded(h.database.db)) ctx.skip();
    const b = await create({ audience: 'branch', branch_ids: [b1] });
    let edit: Promise<{ status: number; body: any }> | undefined;
    await h.database.db.transaction(async (tx) => {
      // What an execute does: the row locked, then marked sent before its commit.
      await tx.execute(sql`select 1 from broadcasts where id = ${b.id} for update`);
      edit = h.call(admin, 'PUT', `/broadcast/edit/${b.id}`, { branch_ids: [b1, b2] });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.execute(sql`update broadcasts set status = 'sent' where id = ${b.id}`);
    });
    const res = await edit!;
    expect(res.status).toBe(409);
    expect((await stored(b.id)).target).toEqual({ branch_ids: [b1] });
  });
});

describe('what a scoped user sees', () => {
  it('should list what reaches their branches and what they wrote, not the broadcasts of other branches', async () => {
    const all = await create({ title: 'Semua toko', audience: 'all' });
    const part = await create({ title: 'Bandung dan Cimahi', audience: 'branch', branch_ids: [b1, b2] });
    const away = await create({ title: 'Cimahi saja', audience: 'branch', branch_ids: [b2] });
    const awayCodes = await create({ title: 'Toko Cimahi', audience: 'customers', customer_codes: foreign });
    const mine = await create({ title: 'Surabaya', audience: 'branch', branch_ids: [b3] }, scoped);
    // A type without stores reaches no branch yet: the author still sees theirs, nobody else's.
    const emptyType = (await makeCustomerType(h.database.db)).id;
    const draft = await create({ audience: 'customer_type', customer_type_ids: [emptyType] }, scoped);
    const adminDraft = await create({ audience: 'customer_type', customer_type_ids: [emptyType] });
    const ids = async (token: string, path: string) =>
      ((await h.call(token, 'GET', path)).body.data as { id: number }[]).map((r) => r.id);
    for (const path of ['/broadcast/?limit=100', '/web/broadcast/?limit=100', '/broadcast/select']) {
      const seen = await ids(scoped, path);
      expect({ path, seen: [all.id, part.id, mine.id, draft.id].every((id) => seen.includes(id)) }).toEqual({
        path,
        seen: true,
      });
      expect({
        path,
        hidden: seen.filter((id) => [away.id, awayCodes.id, adminDraft.id].includes(id)),
      }).toEqual({
        path,
        hidden: [],
      });
      const everything = await ids(admin, path);
      expect(everything).toEqual(
        expect.arrayContaining([all.id, part.id, away.id, awayCodes.id, mine.id, draft.id, adminDraft.id]),
      );
    }
    // The export is the same list.
    const exported = await h.app.inject({
      method: 'GET',
      url: '/v1/api/export/broadcast?format=csv&columns=id,title',
      headers: { authorization: `Bearer ${scoped}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Bandung dan Cimahi');
    expect(exported.body).not.toContain('Cimahi saja');
    expect(exported.body).not.toContain('Toko Cimahi');
    const total = await h.call(scoped, 'GET', '/broadcast/?search=Cimahi');
    expect(total.body.data.map((r: { id: number }) => r.id)).toEqual([part.id]);
    expect(total.body.meta.total_data).toBe(1);
    expect((await h.call(scoped, 'GET', `/broadcast/id/${part.id}`)).status).toBe(200);
    const hidden = await h.call(scoped, 'GET', `/broadcast/id/${away.id}`);
    expect(hidden.status).toBe(403);
    expect(hidden.body.err_msg).toEqual([`broadcast ${away.id} is outside your assigned branches`]);
    expect((await h.call(scoped, 'GET', `/broadcast/id/${adminDraft.id}`)).status).toBe(403);
    expect((await h.call(scoped, 'PUT', `/broadcast/edit/${adminDraft.id}`, { title: 'x' })).status).toBe(
      403,
    );
    expect((await h.call(scoped, 'GET', `/broadcast/id/${draft.id}`)).status).toBe(200);
  });

  it('should show a scoped user the deliveries of their own stores of the broadcasts they see', async () => {
    const all = await create({ audience: 'all' });
    expect((await execute(all.id, 7)).status).toBe(200);
    const list = async (id: number, token = scoped) =>
      (await h.call(token, 'GET', `/broadcast/delivery/?broadcast_id=${id}&limit=100&by=customer_code`)).body
        .data as { customer_code: string }[];
    expect((await list(all.id)).map((d) => d.customer_code)).toEqual([...own].sort());
    expect((await list(all.id, admin)).map((d) => d.customer_code)).toEqual(allActive());
    // A delivery row of one of their stores under a broadcast of another branch (the store has moved
    // since, say) is that broadcast's: not theirs to see.
    const away = await create({ audience: 'branch', branch_ids: [b2] });
    await h.database.rows(
      sql`insert into broadcast_deliveries (broadcast_id, customer_id, status)
          select ${away.id}, id, 'delivered' from customers where customer_code = ${own[0]}`,
    );
    expect(await list(away.id)).toEqual([]);
    expect((await list(away.id, admin)).map((d) => d.customer_code)).toEqual([own[0]]);
  });
});
