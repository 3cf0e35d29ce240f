// The audit trail on screen (GET /web/audit_log/): branch scope by the branch of the record each entry
// describes (kept at write time, also through a parent and after a delete), secrets never shown, the
// filters and their period check, the export; and the saved views of lists (own only, partial update,
// duplicate names).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { makeItem, makeItemCategory } from './factories';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let branchUser: string;
let b1: number;
let b3: number;
const ids = { s1: 0, s3: 0, promo: 0, line: 0, staff: 0 };

const list = async (token: string, query = '') => {
  const res = await h.call(token, 'GET', `/web/audit_log/?limit=100${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Array<Record<string, any>>;
};

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  branchUser = await h.login(BRANCH_USER);
  b1 = h.fixture.branches.b1.id;
  b3 = h.fixture.branches.b3.id;
  for (const [key, branch] of [
    ['s1', b1],
    ['s3', b3],
  ] as const) {
    const res = await h.call(admin, 'POST', '/web/salesman', {
      salesman_code: `AUD-${key}`,
      salesman_name: `Audit ${key}`,
      branch_id: branch,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids[key] = res.body.data.id;
  }
  const upd = await h.call(admin, 'PUT', `/web/salesman/id/${ids.s1}`, { salesman_name: 'Audit renamed' });
  expect(upd.status, JSON.stringify(upd.body)).toBe(200);
  const promo = await h.call(admin, 'POST', '/web/promo', {
    name: 'Promo audit',
    start_date: '2030-01-01',
    end_date: '2030-12-31',
    branch_id: b1,
  });
  expect(promo.status, JSON.stringify(promo.body)).toBe(201);
  ids.promo = promo.body.data.id;
  const category = await makeItemCategory(h.database.db, { name: 'Audit cat', code: 'AUD-CAT' });
  const item = await makeItem(h.database.db, { item_category_id: category.id });
  const line = await h.call(admin, 'POST', '/apps/promo_line/add', {
    promo_id: ids.promo,
    name: 'Line audit',
    item_ids: [item.id],
  });
  expect(line.status, JSON.stringify(line.body)).toBe(201);
  ids.line = line.body.data.id;
  const del = await h.call(admin, 'DELETE', `/apps/promo_line/delete/${ids.line}`);
  expect(del.status, JSON.stringify(del.body)).toBe(200);
  const staff = await h.call(admin, 'POST', '/web/_user', {
    name: 'Audit Staff',
    email: 'audit.staff@example.com',
    password: 'very-secret-password',
    role_group_id: null,
  });
  expect(staff.status, JSON.stringify(staff.body)).toBe(201);
  ids.staff = staff.body.data.id;
  const pw = await h.call(admin, 'PUT', `/web/_user/id/${ids.staff}`, { password: 'another-secret-pw' });
  expect(pw.status, JSON.stringify(pw.body)).toBe(200);
});

afterAll(async () => {
  await h?.close();
});

describe('GET /web/audit_log/', () => {
  it('lists writes newest first with who, the branch and the changed fields only', async () => {
    const data = await list(admin, `&entity=salesman&entity_id=${ids.s1}`);
    expect(data.map((e) => e.action)).toEqual(['update', 'create']);
    const [update] = data;
    expect(update.user_name).toBe('Administrator');
    expect(update.branch_id).toBe(b1);
    expect(update.branch_name).toBe('Cabang Bandung');
    expect(update.changed_fields).toEqual(['salesman_name']);
    expect(update.before.salesman_name).toBe('Audit s1');
    expect(update.after.salesman_name).toBe('Audit renamed');
    const asc = await list(admin, `&entity=salesman&entity_id=${ids.s1}&by=at&sort=asc`);
    expect(asc.map((e) => e.action)).toEqual(['create', 'update']);
  });

  it('files a child record under its parent’s branch, also once it is deleted', async () => {
    const data = await list(admin, `&entity=promo_line&entity_id=${ids.line}`);
    expect(data.map((e) => [e.action, e.branch_id])).toEqual([
      ['delete', b1],
      ['create', b1],
    ]);
  });

  it('shows a branch user only the entries about records of their branches', async () => {
    const mine = await list(branchUser, '&entity=salesman');
    const seen = new Set(mine.map((e) => Number(e.entity_id)));
    expect(seen.has(ids.s1)).toBe(true);
    expect(seen.has(ids.s3)).toBe(false);
    // Data of no branch (staff users) only for users who see every branch.
    expect(await list(branchUser, '&entity=staff_user')).toEqual([]);
    expect((await list(admin, '&entity=staff_user')).length).toBeGreaterThan(0);
    // One entry by id: another branch's is a 403, as for the records themselves.
    const other = (await list(admin, `&entity=salesman&entity_id=${ids.s3}`))[0];
    expect((await h.call(branchUser, 'GET', `/web/audit_log/id/${other.id}`)).status).toBe(403);
    const all = await list(branchUser);
    expect(all.every((e) => e.branch_id === b1 || e.branch_id === h.fixture.branches.b2.id)).toBe(true);
  });

  it('never shows a password, its hash or a token', async () => {
    const data = await list(admin, `&entity=staff_user&entity_id=${ids.staff}`);
    expect(data.length).toBe(2);
    const text = JSON.stringify(data);
    expect(text).not.toContain('very-secret-password');
    expect(text).not.toContain('another-secret-pw');
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toContain('password_hash":"$');
    // Nothing in the table either (the list shows what is stored).
    const stored = await rows(h.database.db, sql`select before, after from audit_log`);
    expect(JSON.stringify(stored)).not.toMatch(/\$argon2|very-secret-password|another-secret-pw/);
  });

  it('redacts secrets nested in an action’s body', async () => {
    const { writeAudit } = await import('../src/http/audit');
    await writeAudit(h.database.db, null, {
      action: 'reset',
      entity: 'staff_user',
      entityId: ids.staff,
      after: { body: { password: 'nested-secret', rows: [{ refresh_token: 'tok-1' }] } },
    });
    const [entry] = await list(admin, `&entity=staff_user&action=reset`);
    expect(entry.after).toEqual({
      body: { password: '[redacted]', rows: [{ refresh_token: '[redacted]' }] },
    });
  });

  it('filters by staff user, action, date range and search, and checks the range', async () => {
    const me = (await h.call(admin, 'GET', '/web/_user/?search=admin@example.com')).body.data
      .list_role_group[0].id;
    const byUser = await list(admin, `&staff_user_id=${me}&action=create`);
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((e) => e.user_id === me && e.action === 'create')).toBe(true);
    expect(await list(admin, '&start_date=2000-01-01&end_date=2000-01-31')).toEqual([]);
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    expect((await list(admin, `&start_date=${today}&end_date=${today}`)).length).toBeGreaterThan(0);
    const found = await list(admin, '&search=promo_line');
    expect(found.length).toBe(2);
    const bad = await h.app.inject({
      method: 'GET',
      url: '/v1/api/web/audit_log/?start_date=2030-02-01&end_date=2030-01-01',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'id' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err_detail).toEqual([
      expect.objectContaining({ code: 'end_before_start', field: 'end_date' }),
    ]);
  });

  it('is not for users without the staff-user view permission', async () => {
    const none = await h.login({ email: 'viewer@example.com', password: 'viewer123' });
    expect((await h.call(none, 'GET', '/web/audit_log/')).status).toBe(403);
  });

  it('exports the list with its scope', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/v1/api/export/audit_log?format=csv&entity=salesman&columns=action,entity,entity_id,branch_name,changed_fields',
      headers: { authorization: `Bearer ${branchUser}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`salesman,${ids.s1},`);
    expect(res.body).toContain('salesman_name');
    expect(res.body).not.toContain(`,${ids.s3},`);
  });
});

describe('saved views', () => {
  const state = {
    filters: { branch_id: 3 },
    sort: { by: 'name', dir: 'asc' as const },
    columns: ['name', 'code'],
  };

  it('keeps a user’s views per list: create, list, partial update, duplicate 409, others 404', async () => {
    const created = await h.call(admin, 'POST', '/web/saved_view', {
      list: 'customer',
      name: 'Bandung',
      state,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data.state).toEqual(state);

    const dup = await h.call(admin, 'POST', '/web/saved_view', { list: 'customer', name: 'Bandung', state });
    expect(dup.status).toBe(409);
    expect(dup.body.err_msg[0]).toMatch(/saved view 'Bandung' already exists/);
    // The same name on another list, or for another user, is fine.
    expect(
      (await h.call(admin, 'POST', '/web/saved_view', { list: 'salesman', name: 'Bandung', state })).status,
    ).toBe(201);
    expect(
      (await h.call(branchUser, 'POST', '/web/saved_view', { list: 'customer', name: 'Bandung', state }))
        .status,
    ).toBe(201);

    const renamed = await h.call(admin, 'PUT', `/web/saved_view/id/${id}`, { name: 'Bandung weekly' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.state).toEqual(state);
    const restated = await h.call(admin, 'PUT', `/web/saved_view/id/${id}`, {
      state: { filters: { active: true } },
    });
    expect(restated.body.data.name).toBe('Bandung weekly');
    expect(restated.body.data.state.filters).toEqual({ active: true });

    await h.call(admin, 'POST', '/web/saved_view', { list: 'customer', name: 'Other', state });
    const clash = await h.call(admin, 'PUT', `/web/saved_view/id/${id}`, { name: 'Other' });
    expect(clash.status).toBe(409);

    const mine = await h.call(admin, 'GET', '/web/saved_view/?list=customer');
    expect(mine.body.data.map((v: { name: string }) => v.name)).toEqual(['Bandung weekly', 'Other']);
    const theirs = await h.call(branchUser, 'GET', '/web/saved_view/?list=customer');
    expect(theirs.body.data.map((v: { name: string }) => v.name)).toEqual(['Bandung']);

    // Another user's view is a 404 for every verb, and stays as it was.
    expect((await h.call(branchUser, 'PUT', `/web/saved_view/id/${id}`, { name: 'Mine now' })).status).toBe(
      404,
    );
    expect((await h.call(branchUser, 'DELETE', `/web/saved_view/id/${id}`)).status).toBe(404);
    expect((await h.call(admin, 'PUT', `/web/saved_view/id/${id}`, {})).body.data.name).toBe(
      'Bandung weekly',
    );

    expect((await h.call(admin, 'DELETE', `/web/saved_view/id/${id}`)).status).toBe(200);
    expect((await h.call(admin, 'DELETE', `/web/saved_view/id/${id}`)).status).toBe(404);
  });

  it('refuses a state that is not a list state, and two saves of one name at once make one view', async () => {
    const bad = await h.call(admin, 'POST', '/web/saved_view', {
      list: 'customer',
      name: 'Bad',
      state: { sort: { by: 'name', dir: 'sideways' } },
    });
    expect(bad.status).toBe(400);
    expect(
      (await h.call(admin, 'POST', '/web/saved_view', { list: 'a b', name: 'x', state: {} })).status,
    ).toBe(400);
    const both = await Promise.all(
      [1, 2].map(() => h.call(admin, 'POST', '/web/saved_view', { list: 'promo', name: 'Same', state: {} })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
