// Standing security suite, the token part: every protected route of the app refuses, with 401 in
// the error envelope, a garbage token, an expired one, a well-signed one for a user that does not
// exist, the token of a session that was logged out and the token of a deactivated user.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { TokenService } from '../src/http/auth';
import { hashPassword } from '../src/http/password';
import { ADMIN } from './fixtures';
import { createHarness, type Harness } from './harness';
import { callRoute, protectedRoutes } from './support/routes';

const SECRET = 'test-secret-test-secret-test-secret-0123';
let h: Harness;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness();
  const signIn = async (user: { email: string; password: string }) =>
    (await h.call(null, 'POST', '/web/auth', user)).body.data as { token: string; refresh_token: string };

  const loggedOut = await signIn(ADMIN);
  expect((await h.call(loggedOut.token, 'POST', '/web/auth/logout')).status).toBe(200);

  const password = 'walk-secret-123';
  const [{ id }] = await rows<{ id: number }>(
    h.database.db,
    sql`insert into staff_users (name, email, password_hash, role_group_id, all_branches)
        select 'Walk User', 'walk@example.com', ${await hashPassword(password)}, role_group_id, true
        from staff_users where id = ${h.fixture.adminId}
        returning id`,
  );
  const deactivated = await signIn({ email: 'walk@example.com', password });
  await h.database.db.execute(sql`update staff_users set active = false where id = ${id}`);

  const sid = JSON.parse(Buffer.from(loggedOut.token.split('.')[1], 'base64url').toString()).sid;
  tokens.garbage = 'not.a.token';
  tokens.expired = (
    await new TokenService(SECRET, -10).sign({ id: h.fixture.adminId, sessionId: sid })
  ).token;
  tokens['unknown user'] = (await new TokenService(SECRET, 900).sign({ id: 999_999, sessionId: sid })).token;
  tokens['logged-out session'] = loggedOut.token;
  tokens['deactivated user'] = deactivated.token;
});
afterAll(async () => {
  await h?.close();
});

describe('every protected route', () => {
  it('should answer 401 in the envelope to each kind of dead token', async () => {
    const routes = protectedRoutes(h);
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const [kind, token] of Object.entries(tokens)) {
      for (const route of routes) {
        const res = await callRoute(h, token, route);
        if (res.status !== 401 || res.body?.err_code !== 'UNAUTHENTICATED') {
          wrong.push(`${kind}: ${route.method} ${route.url} -> ${res.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
