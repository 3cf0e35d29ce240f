import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { ADMIN, BRANCH_USER, VIEWER } from './fixtures';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('sign-in', () => {
  it('should return the token, refresh token, role list and scope when the password is right', async () => {
    const res = await h.call(null, 'POST', '/web/auth', ADMIN);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.user_id).toBe(h.fixture.adminId);
    expect(d.token).toMatch(/^ey/);
    expect(d.refresh_token.length).toBeGreaterThan(20);
    expect(new Date(d.expired_date).getTime()).toBeGreaterThan(Date.now());
    expect(
      d.role_list.some((r: { area: string; can_delete: boolean }) => r.area === 'branch' && r.can_delete),
    ).toBe(true);
    expect(d.branch_scope).toBe('all');
    expect(d.role_group_id).toEqual(expect.any(Number));
  });

  it('should answer 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const wrong = await h.call(null, 'POST', '/web/auth', { email: ADMIN.email, password: 'nope' });
    const unknown = await h.call(null, 'POST', '/web/auth', {
      email: 'nobody@example.com',
      password: 'nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      data: null,
      err_code: 'UNAUTHENTICATED',
      err_msg: ['Wrong e-mail or password'],
    });
    expect(unknown.body.err_msg).toEqual(wrong.body.err_msg);
  });

  it('should answer 400 listing every invalid field', async () => {
    const res = await h.call(null, 'POST', '/web/auth', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe('VALIDATION_ERROR');
    expect(res.body.err_msg.length).toBe(2);
    expect(res.body.err_msg.join(' ')).toMatch(/email/);
    expect(res.body.err_msg.join(' ')).toMatch(/password/);
  });

  it('should scope the branch user to its two branches', async () => {
    const res = await h.call(null, 'POST', '/web/auth', BRANCH_USER);
    expect(res.body.data.branch_scope).toEqual(
      [h.fixture.branches.b1.id, h.fixture.branches.b2.id].sort((a, b) => a - b),
    );
  });

  it('should lock an e-mail with 429 after repeated failures, even for the right password', async () => {
    const victim = { email: VIEWER.email, password: 'wrong-password' };
    for (let i = 0; i < 5; i++) {
      const r = await h.call(null, 'POST', '/web/auth', victim);
      expect(r.status).toBe(401);
    }
    const locked = await h.call(null, 'POST', '/web/auth', VIEWER);
    expect(locked.status).toBe(429);
    expect(locked.body.err_code).toBe('RATE_LIMITED');
  });
});

describe('tokens', () => {
  it('should rotate refresh tokens and refuse the old one', async () => {
    const first = (await h.call(null, 'POST', '/web/auth', ADMIN)).body.data;
    const second = await h.call(null, 'POST', '/web/auth/refresh', { refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.data.refresh_token).not.toBe(first.refresh_token);
    // Within the grace window (two tabs at once) the old token gets the same pair again.
    const again = await h.call(null, 'POST', '/web/auth/refresh', { refresh_token: first.refresh_token });
    expect(again.body.data.refresh_token).toBe(second.body.data.refresh_token);
    // After the window it is refused.
    await h.database.db.execute(
      sql`update refresh_tokens set revoked_at = now() - interval '1 hour' where replaced_by_id is not null`,
    );
    const reused = await h.call(null, 'POST', '/web/auth/refresh', { refresh_token: first.refresh_token });
    expect(reused.status).toBe(401);
    // Reuse of a rotated token ends the whole session family.
    const afterTheft = await h.call(null, 'POST', '/web/auth/refresh', {
      refresh_token: second.body.data.refresh_token,
    });
    expect(afterTheft.status).toBe(401);
  });

  it('should revoke the refresh token on logout', async () => {
    const s = (await h.call(null, 'POST', '/web/auth', ADMIN)).body.data;
    const out = await h.call(s.token, 'POST', '/web/auth/logout', { refresh_token: s.refresh_token });
    expect(out.status).toBe(200);
    const again = await h.call(null, 'POST', '/web/auth/refresh', { refresh_token: s.refresh_token });
    expect(again.status).toBe(401);
  });

  it('should answer 401 for a forged, malformed or missing token', async () => {
    const token = await h.login();
    const [head, payload] = token.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    for (const t of [forged, 'garbage', null]) {
      const res = await h.call(t, 'GET', '/web/branch/');
      expect(res.status).toBe(401);
      expect(res.body.err_code).toBe('UNAUTHENTICATED');
    }
  });

  it('should answer 401 for an expired token', async () => {
    const { TokenService } = await import('../src/http/auth');
    const expired = new TokenService('test-secret-test-secret-test-secret-0123', -10);
    const { token } = await expired.sign({ id: h.fixture.adminId, sessionId: 1 });
    const res = await h.call(token, 'GET', '/web/branch/');
    expect(res.status).toBe(401);
    expect(res.body.err_msg[0]).toMatch(/expired/);
  });
});

describe('register', () => {
  it('should create an inactive user that cannot sign in until activated', async () => {
    const body = { name: 'Rina Wati', email: 'rina@example.com', password: 'rahasia123' };
    const res = await h.call(null, 'POST', '/web/auth/register', body);
    expect(res.status).toBe(202);
    expect(res.body.data.status).toBe('pending_review');
    const [created] = await rows<{ active: boolean }>(
      h.database.db,
      sql`select active from staff_users where email = ${body.email}`,
    );
    expect(created.active).toBe(false);
    const signIn = await h.call(null, 'POST', '/web/auth', { email: body.email, password: body.password });
    expect(signIn.status).toBe(403);
    // A second request for the same e-mail answers the same and changes nothing.
    const dup = await h.call(null, 'POST', '/web/auth/register', { ...body, password: 'lain-lagi-123' });
    expect(dup.status).toBe(202);
    expect(dup.body).toEqual(res.body);
    const [{ n }] = await rows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from staff_users where email = ${body.email}`,
    );
    expect(n).toBe(1);
  });
});
