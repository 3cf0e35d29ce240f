// The sign-in and session guarantees: the sign-in limit holds under parallel attempts (1), an
// access token stops working as soon as its session, user or rights change (2), one network address
// cannot lock a colleague out and registering reveals no account (9), logout without a body and two
// tabs refreshing at once (10). Two app instances share one database, as two API processes would.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { rows } from '../src/db/client';
import { TokenService } from '../src/http/auth';
import { hashPassword, verifyPassword } from '../src/http/password';
import { ADMIN, BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';

// Counts the password checks, the slow step the sign-in limit must guard.
vi.mock('../src/http/password', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/http/password')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});
const checks = () => vi.mocked(verifyPassword).mock.calls.length;

const SECRET = 'test-secret-test-secret-test-secret-0123';
let h: Harness;
/** A second API process over the same database (its own caches). */
let other: FastifyInstance;
let otherDir: string;

beforeAll(async () => {
  h = await createHarness();
  otherDir = mkdtempSync(path.join(tmpdir(), 'lbo-test-b-'));
  const config = loadConfig(
    { CHECK_RESPONSES: 'true' },
    { dataDir: otherDir, jwtSecret: SECRET, loginMaxFailures: 5 },
  );
  other = await buildApp({ config, database: h.database, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await h?.close();
  if (otherDir) rmSync(otherDir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.mocked(verifyPassword).mockClear();
});

type Answer = { status: number; body: any };
async function call(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  ip = '127.0.0.1',
): Promise<Answer> {
  const res = await app.inject({
    method,
    url: `/v1/api${url}`,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as never,
  });
  return { status: res.statusCode, body: res.json() };
}
const signIn = (app: FastifyInstance, user: { email: string; password: string }, ip?: string) =>
  call(app, null, 'POST', '/web/auth', user, ip);
const db = () => h.database.db;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

let serial = 0;
/** A staff user of its own, so each test's lock-outs and revocations touch nobody else. */
async function makeUser(opts: { roleGroupId?: number | null; allBranches?: boolean } = {}) {
  serial++;
  const user = { email: `sec${serial}.${Date.now()}@example.com`, password: `secret-pass-${serial}` };
  const [{ id }] = await rows<{ id: number }>(
    db(),
    sql`insert into staff_users (name, email, password_hash, role_group_id, all_branches)
        values (${`Uji ${serial}`}, ${user.email}, ${await hashPassword(user.password)},
                ${opts.roleGroupId ?? null}, ${opts.allBranches ?? false})
        returning id`,
  );
  return { ...user, id };
}
async function adminGroupId(): Promise<number> {
  const [r] = await rows<{ id: number }>(
    db(),
    sql`select role_group_id as id from staff_users where id = ${h.fixture.adminId}`,
  );
  return r.id;
}

describe('1. the sign-in limit under parallel attempts', () => {
  it('should check at most 5 passwords of 41 sent at once (40 wrong, the right one last)', async () => {
    const u = await makeUser();
    const attempts = [
      ...Array.from({ length: 40 }, (_, i) =>
        signIn(i % 2 ? h.app : other, { email: u.email, password: `wrong-${i}` }, '10.1.0.1'),
      ),
      signIn(other, u, '10.1.0.1'),
    ];
    const answers = await Promise.all(attempts);
    expect(checks()).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(36);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
    // Refused attempts say why, in the envelope.
    expect(answers.find((a) => a.status === 429)?.body).toMatchObject({
      data: null,
      err_code: 'RATE_LIMITED',
    });
  });

  it('should share the limit between two API processes', async () => {
    const u = await makeUser();
    for (let i = 0; i < 6; i++) {
      const a = await signIn(i % 2 ? h.app : other, { email: u.email, password: 'wrong' }, '10.1.0.2');
      expect(a.status).toBe(i < 5 ? 401 : 429);
    }
    expect((await signIn(h.app, u, '10.1.0.2')).status).toBe(429);
    expect(checks()).toBe(5);
  });
});

describe('9. lock-out by address', () => {
  it('should let a known account with the right password in from a locked-out address', async () => {
    const ip = '10.9.0.1';
    const colleague = await makeUser({ roleGroupId: await adminGroupId() });
    // 21 failures on unknown accounts, more than the address may make (4 × 5).
    const first = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        signIn(h.app, { email: `ghost${i}@example.com`, password: 'guess-1' }, ip),
      ),
    );
    expect(first.filter((a) => a.status === 401).length).toBe(20);
    expect(first.filter((a) => a.status === 429).length).toBe(1);
    const unknown = await signIn(other, { email: 'ghost-more@example.com', password: 'guess-2' }, ip);
    expect(unknown.status).toBe(429);
    // A known account with a wrong password answers exactly like an unknown one: no oracle.
    const wrong = await signIn(other, { email: colleague.email, password: 'not-it' }, ip);
    const shape = (a: Answer) => ({ ...a.body, err_msg: String(a.body.err_msg).replace(/\d+/g, 'N') });
    expect(wrong.status).toBe(unknown.status);
    expect(shape(wrong)).toEqual(shape(unknown));
    // The colleague's right password still works from the same office address.
    const ok = await signIn(other, colleague, ip);
    expect(ok.status).toBe(200);
    // Another address is untouched.
    expect((await signIn(h.app, colleague, '10.9.0.2')).status).toBe(200);
  });

  it('should still refuse the right password once the account itself is locked', async () => {
    const u = await makeUser();
    for (let i = 0; i < 5; i++) await signIn(h.app, { email: u.email, password: 'wrong' }, `10.9.1.${i}`);
    expect((await signIn(other, u, '10.9.1.99')).status).toBe(429);
  });

  it('should give the same answer to a register call for a new and an existing e-mail', async () => {
    const fresh = await call(h.app, null, 'POST', '/web/auth/register', {
      name: 'Rina Wati',
      email: `rina.${Date.now()}@example.com`,
      password: 'rahasia123',
    });
    const existing = await call(h.app, null, 'POST', '/web/auth/register', {
      name: 'Someone Else',
      email: ADMIN.email.toUpperCase(),
      password: 'rahasia123',
    });
    expect(existing.status).toBe(fresh.status);
    expect(existing.body).toEqual(fresh.body);
    expect(JSON.stringify(fresh.body)).toMatch(/administrator/i);
    // The existing account is untouched.
    expect((await signIn(h.app, ADMIN, '10.9.2.1')).status).toBe(200);
  });
});

describe('2. access tokens end with their session, user and rights', () => {
  it('should refuse the token on both processes at once after logout without a body', async () => {
    const s1 = (await signIn(h.app, ADMIN)).body.data;
    const s2 = (await signIn(h.app, ADMIN)).body.data;
    expect((await call(other, s1.token, 'GET', '/web/branch/')).status).toBe(200);
    const out = await call(h.app, s1.token, 'POST', '/web/auth/logout');
    expect(out.status).toBe(200);
    expect((await call(other, s1.token, 'GET', '/web/branch/')).status).toBe(401);
    expect((await call(h.app, s1.token, 'GET', '/web/branch/')).status).toBe(401);
    expect(
      (await call(other, null, 'POST', '/web/auth/refresh', { refresh_token: s1.refresh_token })).status,
    ).toBe(401);
    // Only that session ended.
    expect((await call(other, s2.token, 'GET', '/web/branch/')).status).toBe(200);
  });

  it('should end the session a refresh token names when logout has a body', async () => {
    const s1 = (await signIn(h.app, ADMIN)).body.data;
    const s2 = (await signIn(h.app, ADMIN)).body.data;
    const out = await call(other, s1.token, 'POST', '/web/auth/logout', { refresh_token: s2.refresh_token });
    expect(out.status).toBe(200);
    expect((await call(h.app, s2.token, 'GET', '/web/branch/')).status).toBe(401);
    expect((await call(h.app, s1.token, 'GET', '/web/branch/')).status).toBe(200);
  });

  it('should refuse the token of a deactivated user, even after reactivation', async () => {
    const u = await makeUser({ roleGroupId: await adminGroupId(), allBranches: true });
    const token = (await signIn(h.app, u)).body.data.token;
    expect((await call(other, token, 'GET', '/web/branch/')).status).toBe(200);
    await db().execute(sql`update staff_users set active = false where id = ${u.id}`);
    const res = await call(other, token, 'GET', '/web/branch/');
    expect(res.status).toBe(401);
    expect(res.body.err_code).toBe('UNAUTHENTICATED');
    await db().execute(sql`update staff_users set active = true where id = ${u.id}`);
    expect((await call(h.app, token, 'GET', '/web/branch/')).status).toBe(401);
  });

  it('should refuse the token of a deleted user', async () => {
    const u = await makeUser({ roleGroupId: await adminGroupId() });
    // With branch and region grants, whose cascaded deletes fire the auth_version triggers.
    await db().execute(sql`insert into staff_user_branches values (${u.id}, ${h.fixture.branches.b1.id})`);
    await db().execute(sql`insert into staff_user_regions values (${u.id}, ${h.fixture.regions.sby.id})`);
    const token = (await signIn(h.app, u)).body.data.token;
    expect((await call(other, token, 'GET', '/web/auth/me')).status).toBe(200);
    await db().execute(sql`delete from staff_users where id = ${u.id}`);
    expect((await call(other, token, 'GET', '/web/auth/me')).status).toBe(401);
  });

  it('should refuse a well-signed token for a user that does not exist', async () => {
    const s = (await signIn(h.app, ADMIN)).body.data;
    const claims = JSON.parse(Buffer.from(s.token.split('.')[1], 'base64url').toString());
    const forgedUser = await new TokenService(SECRET, 900).sign({ id: 987_654, sessionId: claims.sid });
    expect((await call(h.app, forgedUser.token, 'GET', '/web/auth/me')).status).toBe(401);
    // Signed with the right key and issuer, but naming no session.
    const noSession = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(h.fixture.adminId))
      .setIssuedAt()
      .setExpirationTime('5m')
      .setIssuer('loyalty-back-office')
      .sign(new TextEncoder().encode(SECRET));
    expect((await call(h.app, noSession, 'GET', '/web/auth/me')).status).toBe(401);
  });

  it('should take rights from the current role group and its roles', async () => {
    const [group] = await rows<{ id: number }>(
      db(),
      sql`insert into role_groups (name) values (${`Sementara ${Date.now()}`}) returning id`,
    );
    const [role] = await rows<{ id: number }>(
      db(),
      sql`insert into roles (name, area, can_view) values (${`branch view ${Date.now()}`}, 'branch', true) returning id`,
    );
    await db().execute(sql`insert into role_group_roles values (${group.id}, ${role.id})`);
    const u = await makeUser({ roleGroupId: group.id, allBranches: true });
    const token = (await signIn(h.app, u)).body.data.token;
    // Both processes have seen (and cached) the rights.
    expect((await call(h.app, token, 'GET', '/web/branch/')).status).toBe(200);
    expect((await call(other, token, 'GET', '/web/branch/')).status).toBe(200);
    // A role's right is withdrawn.
    await db().execute(sql`update roles set can_view = false where id = ${role.id}`);
    expect((await call(other, token, 'GET', '/web/branch/')).status).toBe(403);
    await db().execute(sql`update roles set can_view = true where id = ${role.id}`);
    expect((await call(other, token, 'GET', '/web/branch/')).status).toBe(200);
    // The role leaves the group.
    await db().execute(sql`delete from role_group_roles where role_group_id = ${group.id}`);
    expect((await call(h.app, token, 'GET', '/web/branch/')).status).toBe(403);
    // The user moves to another group, through the staff API: the session ends, and the next
    // sign-in has the new group's rights.
    const admin = await h.login();
    const moved = await call(h.app, admin, 'PUT', `/web/_user/id/${u.id}`, {
      role_group_id: await adminGroupId(),
    });
    expect(moved.status).toBe(200);
    expect((await call(other, token, 'GET', '/web/branch/')).status).toBe(401);
    const again = (await signIn(other, u)).body.data.token;
    expect((await call(h.app, again, 'GET', '/web/branch/')).status).toBe(200);
  });

  it('should take the branch scope from the current branches and regions', async () => {
    const { b1, b2 } = h.fixture.branches;
    const token = (await signIn(h.app, BRANCH_USER, '10.2.0.1')).body.data.token;
    const scope = async (app: FastifyInstance) =>
      (await call(app, token, 'GET', '/web/auth/me')).body.data.branch_scope;
    expect(await scope(other)).toEqual([b1.id, b2.id].sort((a, b) => a - b));
    await db().execute(
      sql`delete from staff_user_branches where user_id = ${h.fixture.branchUserId} and branch_id = ${b2.id}`,
    );
    expect(await scope(other)).toEqual([b1.id]);
    // A region grant covers the region's branches, including one opened later.
    await db().execute(
      sql`insert into staff_user_regions values (${h.fixture.branchUserId}, ${h.fixture.regions.sby.id})`,
    );
    const withRegion = await scope(h.app);
    expect(withRegion).toContain(h.fixture.branches.b3.id);
    const [opened] = await rows<{ id: number }>(
      db(),
      sql`insert into branches (code, name, region_id, city)
          values ('BR-SDA', 'Cabang Sidoarjo', ${h.fixture.regions.sby.id}, 'Sidoarjo') returning id`,
    );
    expect(await scope(other)).toContain(opened.id);
    await db().execute(sql`update staff_users set all_branches = true where id = ${h.fixture.branchUserId}`);
    expect(await scope(h.app)).toBe('all');
    // Restore the fixture for the other tests.
    await db().execute(sql`update staff_users set all_branches = false where id = ${h.fixture.branchUserId}`);
    await db().execute(sql`delete from staff_user_regions where user_id = ${h.fixture.branchUserId}`);
    await db().execute(sql`insert into staff_user_branches values (${h.fixture.branchUserId}, ${b2.id})`);
  });
});

describe('10. two tabs refreshing, and a reused refresh token', () => {
  it('should give both tabs the same new pair, and treat a reuse after the grace window as theft', async () => {
    const s = (await signIn(h.app, ADMIN)).body.data;
    const other1 = (await signIn(h.app, ADMIN)).body.data;
    const [a, b] = await Promise.all([
      call(h.app, null, 'POST', '/web/auth/refresh', { refresh_token: s.refresh_token }),
      call(other, null, 'POST', '/web/auth/refresh', { refresh_token: s.refresh_token }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data.refresh_token).toBe(a.body.data.refresh_token);
    expect(b.body.data.token).toBe(a.body.data.token);
    const pair = a.body.data;
    expect(pair.refresh_token).not.toBe(s.refresh_token);
    expect((await call(other, pair.token, 'GET', '/web/branch/')).status).toBe(200);
    // A third presentation within the window still gets that pair.
    const c = await call(h.app, null, 'POST', '/web/auth/refresh', { refresh_token: s.refresh_token });
    expect(c.body.data.refresh_token).toBe(pair.refresh_token);

    // After the window, presenting the rotated token again ends every session of the user.
    await db().execute(
      sql`update refresh_tokens set revoked_at = now() - interval '10 minutes'
          where token_hash = ${sha256(s.refresh_token)}`,
    );
    const theft = await call(other, null, 'POST', '/web/auth/refresh', { refresh_token: s.refresh_token });
    expect(theft.status).toBe(401);
    expect((await call(h.app, pair.token, 'GET', '/web/branch/')).status).toBe(401);
    expect((await call(h.app, other1.token, 'GET', '/web/branch/')).status).toBe(401);
    const next = await call(h.app, null, 'POST', '/web/auth/refresh', { refresh_token: pair.refresh_token });
    expect(next.status).toBe(401);
  });

  it('should not hand out the grace pair of a session that was logged out', async () => {
    const s = (await signIn(h.app, ADMIN)).body.data;
    const r = (await call(h.app, null, 'POST', '/web/auth/refresh', { refresh_token: s.refresh_token })).body
      .data;
    expect((await call(h.app, r.token, 'POST', '/web/auth/logout')).status).toBe(200);
    const again = await call(other, null, 'POST', '/web/auth/refresh', { refresh_token: s.refresh_token });
    expect(again.status).toBe(401);
  });
});

describe("an administrator's password reset, role group change or deactivation ends the user's sessions", () => {
  /** A user signed in twice (two devices), each session's pair. */
  async function signedInUser() {
    const u = await makeUser({ roleGroupId: await adminGroupId(), allBranches: true });
    const a = (await signIn(h.app, u)).body.data;
    const b = (await signIn(other, u)).body.data;
    for (const s of [a, b]) expect((await call(other, s.token, 'GET', '/web/auth/me')).status).toBe(200);
    return { u, sessions: [a, b] as { token: string; refresh_token: string }[] };
  }
  /** Every access token refused and every refresh token spent, in both processes. */
  async function expectEnded(sessions: { token: string; refresh_token: string }[]) {
    for (const s of sessions) {
      for (const app of [h.app, other]) {
        const me = await call(app, s.token, 'GET', '/web/auth/me');
        expect(me.status).toBe(401);
        expect(me.body.err_code).toBe('UNAUTHENTICATED');
      }
      expect(
        (await call(other, null, 'POST', '/web/auth/refresh', { refresh_token: s.refresh_token })).status,
      ).toBe(401);
    }
  }
  let admin: string;
  beforeAll(async () => {
    admin = (await signIn(h.app, ADMIN)).body.data.token;
  });

  it('should end them on a password reset; the new password signs in', async () => {
    const { u, sessions } = await signedInUser();
    const res = await call(h.app, admin, 'PUT', `/web/_user/id/${u.id}`, { password: 'a-new-secret-1' });
    expect(res.status).toBe(200);
    await expectEnded(sessions);
    expect((await signIn(other, { email: u.email, password: u.password })).status).toBe(401);
    const again = await signIn(other, { email: u.email, password: 'a-new-secret-1' });
    expect(again.status).toBe(200);
    expect((await call(h.app, again.body.data.token, 'GET', '/web/auth/me')).status).toBe(200);
  });

  it('should end them on a role group change', async () => {
    const { u, sessions } = await signedInUser();
    const res = await call(other, admin, 'PUT', `/web/_user/id/${u.id}`, {
      role_group_id: h.fixture.branchGroupId,
    });
    expect(res.status).toBe(200);
    await expectEnded(sessions);
    expect((await signIn(h.app, u)).status).toBe(200);
  });

  it('should end them on a deactivation through the API', async () => {
    const { u, sessions } = await signedInUser();
    expect((await call(h.app, admin, 'PUT', `/web/_user/id/${u.id}`, { active: false })).status).toBe(200);
    await expectEnded(sessions);
  });

  it('should keep them on other edits, and on a save that sends the same role group', async () => {
    const { u, sessions } = await signedInUser();
    const res = await call(h.app, admin, 'PUT', `/web/_user/id/${u.id}`, {
      name: 'Nama Baru',
      role_group_id: await adminGroupId(),
    });
    expect(res.status).toBe(200);
    for (const s of sessions) expect((await call(other, s.token, 'GET', '/web/auth/me')).status).toBe(200);
  });

  it("should keep the editor's own session when they change their own password, and end their others", async () => {
    const { u, sessions } = await signedInUser();
    const [mine, elsewhere] = sessions;
    const res = await call(h.app, mine.token, 'PUT', `/web/_user/id/${u.id}`, { password: 'my-own-new-one' });
    expect(res.status).toBe(200);
    expect((await call(other, mine.token, 'GET', '/web/auth/me')).status).toBe(200);
    await expectEnded([elsewhere]);
  });
});
