import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let branchUser: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  branchUser = await h.login(BRANCH_USER);
});
afterAll(async () => {
  await h?.close();
});

const auditRows = (entity: string, id: number) =>
  h.database.rows<{ action: string; user_id: number; before: any; after: any }>(
    sql`select action, user_id, before, after from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`,
  );

describe('branch scope', () => {
  it('should show the branch user only the salesmen of its branches', async () => {
    const all = await h.call(admin, 'GET', '/web/salesman/?limit=100');
    const mine = await h.call(branchUser, 'GET', '/web/salesman/?limit=100');
    expect(all.body.meta.total_data).toBe(4);
    expect(mine.body.meta.total_data).toBe(2);
    const allowed = [h.fixture.branches.b1.id, h.fixture.branches.b2.id];
    expect(mine.body.data.every((s: { branch_id: number }) => allowed.includes(s.branch_id))).toBe(true);
  });

  it('should answer 403 for a record outside the scope and 404 for a missing one', async () => {
    const foreign = h.fixture.salesmen.find((s) => s.branch_id === h.fixture.branches.b3.id)!;
    expect((await h.call(branchUser, 'GET', `/web/salesman/id/${foreign.id}`)).status).toBe(403);
    expect((await h.call(branchUser, 'GET', '/web/salesman/id/99999')).status).toBe(404);
    const branches = await h.call(branchUser, 'GET', '/web/branch/select');
    expect(branches.body.data.map((b: { id: number }) => b.id).sort()).toEqual(
      [h.fixture.branches.b1.id, h.fixture.branches.b2.id].sort(),
    );
  });

  it('should refuse a foreign user_id / admin_user_id with 403 and accept the caller own id', async () => {
    expect((await h.call(branchUser, 'GET', `/web/branch/select?user_id=${h.fixture.adminId}`)).status).toBe(
      403,
    );
    expect(
      (await h.call(branchUser, 'GET', `/web/salesman/?admin_user_id=${h.fixture.adminId}`)).status,
    ).toBe(403);
    const own = await h.call(branchUser, 'GET', `/web/branch/select?user_id=${h.fixture.branchUserId}`);
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBe(2);
  });

  it('should forbid the branch user to write without the role', async () => {
    const res = await h.call(branchUser, 'PUT', `/web/branch/id/${h.fixture.branches.b1.id}`, { city: 'X' });
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe('FORBIDDEN');
  });
});

describe('salesmen', () => {
  it('should create, read back, update, audit and filter a salesman', async () => {
    const body = {
      salesman_code: 'S-100',
      salesman_name: 'Rudi Hartono',
      branch_id: h.fixture.branches.b1.id,
      salesman_type_id: h.fixture.salesmanTypeId,
      phone_number: '0812-3456-7890',
    };
    const created = await h.call(admin, 'POST', '/web/salesman', body);
    expect(created.status).toBe(201);
    const s = created.body.data;
    expect(s).toMatchObject({ ...body, salesman_id: s.id, branch_name: 'Cabang Bandung', active: true });
    const updated = await h.call(admin, 'PUT', `/web/salesman/id/${s.id}`, { salesman_name: 'Rudi H.' });
    expect(updated.status).toBe(200);
    expect(updated.body.data.salesman_name).toBe('Rudi H.');
    expect(updated.body.data.salesman_code).toBe('S-100');
    const audit = await auditRows('salesman', s.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1].before.salesman_name).toBe('Rudi Hartono');
    expect(audit[1].after.salesman_name).toBe('Rudi H.');
    expect(audit[1].user_id).toBe(h.fixture.adminId);
    const found = await h.call(
      admin,
      'GET',
      `/web/salesman/?search=rudi&branch_id=${h.fixture.branches.b1.id}`,
    );
    expect(found.body.data.map((x: { id: number }) => x.id)).toEqual([s.id]);
  });

  it('should answer 409 for a duplicate code and write nothing', async () => {
    const before = await h.call(admin, 'GET', '/web/salesman/');
    const res = await h.call(admin, 'POST', '/web/salesman', {
      salesman_code: 'S-001',
      salesman_name: 'Duplikat',
      branch_id: h.fixture.branches.b1.id,
    });
    expect(res.status).toBe(409);
    expect(res.body.err_msg[0]).toMatch(/salesman code 'S-001' already exists/);
    const after = await h.call(admin, 'GET', '/web/salesman/');
    expect(after.body.meta.total_data).toBe(before.body.meta.total_data);
  });

  it('should answer 400 for an unknown branch, wrong types and too-long text', async () => {
    const res = await h.call(admin, 'POST', '/web/salesman', {
      salesman_code: 'S-200',
      salesman_name: 'x'.repeat(101),
      branch_id: 'one',
      phone_number: 'call me',
    });
    expect(res.status).toBe(400);
    expect(res.body.err_msg.length).toBe(3);
    const unknownBranch = await h.call(admin, 'POST', '/web/salesman', {
      salesman_code: 'S-201',
      salesman_name: 'Tono',
      branch_id: 9999,
    });
    expect(unknownBranch.status).toBe(400);
    expect(unknownBranch.body.err_msg[0]).toMatch(/branch_id/);
  });

  it('should answer 413 for an oversize body', async () => {
    const res = await h.call(admin, 'POST', '/web/salesman', { salesman_name: 'x'.repeat(1_200_000) });
    expect(res.status).toBe(413);
    expect(res.body.err_code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('staff users, roles and role groups', () => {
  it('should list staff users under list_role_group without password hashes', async () => {
    const res = await h.call(admin, 'GET', '/web/_user/?by=def.id&sort=desc');
    expect(res.status).toBe(200);
    expect(res.body.data.list_role_group.length).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/);
  });

  it('should create a scoped staff user who can then sign in and sees only that branch', async () => {
    const created = await h.call(admin, 'POST', '/web/_user', {
      name: 'Yanti',
      email: 'Yanti@Example.com',
      password: 'yanti-rahasia',
      role_group_id: h.fixture.branchGroupId,
      branch_ids: [h.fixture.branches.b3.id],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      email: 'yanti@example.com',
      branch_ids: [h.fixture.branches.b3.id],
    });
    const token = await h.login({ email: 'yanti@example.com', password: 'yanti-rahasia' });
    const salesmen = await h.call(token, 'GET', '/web/salesman/');
    expect(
      salesmen.body.data.every((s: { branch_id: number }) => s.branch_id === h.fixture.branches.b3.id),
    ).toBe(true);
    const audit = await auditRows('staff_user', created.body.data.id);
    expect(JSON.stringify(audit)).not.toMatch(/yanti-rahasia/);
  });

  it('should update a role with id_role in the body and refuse a mismatched id_role', async () => {
    const roles = await h.call(admin, 'GET', '/web/user_role/?limit=1');
    const role = roles.body.data.list_role_group[0];
    const ok = await h.call(admin, 'PUT', `/web/user_role/id/${role.id_role}`, {
      id_role: role.id_role,
      description: 'Diubah',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.description).toBe('Diubah');
    const bad = await h.call(admin, 'PUT', `/web/user_role/id/${role.id_role}`, {
      id_role: role.id_role + 1,
    });
    expect(bad.status).toBe(403);
  });

  it('should delete an unused role group (answering data.id) and refuse one still in use with 409', async () => {
    const created = await h.call(admin, 'POST', '/web/role_group', { name: 'Sementara', role_ids: [] });
    expect(created.status).toBe(201);
    const del = await h.call(admin, 'DELETE', `/web/role_group/id/${created.body.data.id}`);
    expect(del.body).toEqual({ data: { id: created.body.data.id } });
    expect((await h.call(admin, 'GET', `/web/role_group/id/${created.body.data.id}`)).status).toBe(404);
    const inUse = await h.call(admin, 'DELETE', `/web/role_group/id/${h.fixture.branchGroupId}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.err_msg[0]).toMatch(/still used by staff users/);
  });

  it('should answer 409 for a duplicate role group name', async () => {
    const res = await h.call(admin, 'POST', '/web/role_group', { name: 'Branch Staff' });
    expect(res.status).toBe(409);
  });

  it('should refuse to delete the signed-in user', async () => {
    const res = await h.call(admin, 'DELETE', `/web/_user/id/${h.fixture.adminId}`);
    expect(res.status).toBe(409);
  });
});

describe('role group user count', () => {
  it('should count the users of each group, whatever their ids', async () => {
    const group = await h.call(admin, 'POST', '/web/role_group', { name: 'Hitung Pengguna', role_ids: [] });
    expect(group.status).toBe(201);
    const groupId = group.body.data.id as number;
    for (let i = 0; i < 3; i++) {
      const u = await h.call(admin, 'POST', '/web/_user', {
        name: `Penghitung ${i}`,
        email: `hitung${i}@example.com`,
        password: 'rahasia-123',
        role_group_id: groupId,
      });
      expect(u.status).toBe(201);
    }
    const one = await h.call(admin, 'GET', `/web/role_group/id/${groupId}`);
    expect(one.body.data.user_count).toBe(3);
    // Every group's count equals its users, whatever the ids (the bug counted users whose own id
    // equalled their group's, which came to 2 for every group of the fixture).
    const list = await h.call(admin, 'GET', '/web/role_group/?limit=100');
    const truth = await h.database.rows<{ id: number; n: number }>(
      sql`select g.id, count(u.id)::int as n from role_groups g left join staff_users u on u.role_group_id = g.id group by g.id`,
    );
    const counts = Object.fromEntries(
      list.body.data.list_role_group.map((g: { id: number; user_count: number }) => [g.id, g.user_count]),
    );
    expect(counts).toEqual(Object.fromEntries(truth.map((t) => [t.id, t.n])));
  });
});
