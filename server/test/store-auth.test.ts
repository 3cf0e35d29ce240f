// Store sign-in for the companion app (STORE-API.md section 1): codes by phone number (hashed,
// single use, 5 wrong tries, 3 per number and a per-address limit per 15 minutes, bursts included),
// several stores on one number, refresh and logout as for staff, the audiences kept apart, stores
// that may not sign in, registration and last seen written at most once a minute.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { TokenService } from '../src/http/auth';
import { makeCustomer } from './factories';
import { createHarness, type Harness } from './harness';
import { callRoute, concrete, protectedRoutes } from './support/routes';
import { createStoreApp, nextIp, SECRET, type StoreApp } from './support/store';

let h: Harness;
let s: StoreApp;
let staff: string;
let phoneSeq = 0;
/** A phone number no other test uses. */
const newPhone = () =>
  `0857${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(5, '0')}`;

async function newStore(overrides: Record<string, unknown> = {}) {
  return makeCustomer(h.database.db, {
    branch_id: h.fixture.branches.b1.id,
    phone_number: newPhone(),
    ...overrides,
  });
}

const q = <T>(text: ReturnType<typeof sql>) => rows<T>(h.database.db, text);

beforeAll(async () => {
  h = await createHarness();
  s = await createStoreApp(h);
  staff = await h.login();
});
afterAll(async () => {
  await s?.close();
  await h?.close();
});

describe('POST /store/auth/otp', () => {
  it('should answer the same for a store number and an unknown one, and log only the store code', async () => {
    const store = await newStore();
    const unknown = newPhone();
    const before = s.lines.length;
    const a = await s.call(
      null,
      'POST',
      '/store/auth/otp',
      { phone_number: store.phone_number },
      { ip: nextIp() },
    );
    const b = await s.call(null, 'POST', '/store/auth/otp', { phone_number: unknown }, { ip: nextIp() });
    expect(a).toMatchObject({ status: 202, body: { data: { sent: true, expires_in: 300 } } });
    expect(b.status).toBe(202);
    expect(b.body).toEqual(a.body);
    const logged = s.lines.slice(before).map((l) => String(l.msg));
    const code = s.lastCode(store.phone_number);
    expect(code).toMatch(/^\d{6}$/);
    // One line names the code, at info level; no other line mentions it, and none the unknown number.
    expect(logged.filter((m) => m.includes(code as string))).toEqual([`otp: ${store.phone_number} ${code}`]);
    expect(s.lines.find((l) => l.msg === `otp: ${store.phone_number} ${code}`)?.level).toBe(30);
    expect(logged.some((m) => m.includes(unknown))).toBe(false);
    const stored = await q<{ code_hash: string }>(
      sql`select code_hash from store_otp_codes where phone_number = ${store.phone_number}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0].code_hash).not.toContain(code);
    expect(stored[0].code_hash).not.toBe(
      createHash('sha256')
        .update(code as string)
        .digest('hex'),
    );
    expect(await q(sql`select 1 from store_otp_codes where phone_number = ${unknown}`)).toHaveLength(0);
  });

  it('should accept the number written with +62, spaces and dashes', async () => {
    const store = await newStore();
    const written = `+62 ${store.phone_number.slice(1, 4)}-${store.phone_number.slice(4)}`;
    const res = await s.call(null, 'POST', '/store/auth/otp', { phone_number: written }, { ip: nextIp() });
    expect(res.status).toBe(202);
    expect(s.lastCode(store.phone_number)).toMatch(/^\d{6}$/);
  });

  it('should refuse a malformed number and a missing one with 400', async () => {
    for (const body of [
      { phone_number: 'abc' },
      { phone_number: '12' },
      {},
      { phone_number: 'x'.repeat(40) },
    ]) {
      const res = await s.call(null, 'POST', '/store/auth/otp', body, { ip: nextIp() });
      expect(res.status).toBe(400);
      expect(res.body.err_code).toBe('VALIDATION_ERROR');
    }
  });

  it('should let 3 of a burst of 20 requests for one number through, counted in the database', async () => {
    const store = await newStore();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.call(null, 'POST', '/store/auth/otp', { phone_number: store.phone_number }, { ip: nextIp() }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((x) => x === 202)).toHaveLength(3);
    expect(statuses.filter((x) => x === 429)).toHaveLength(17);
    expect(answers.find((a) => a.status === 429)?.body).toMatchObject({
      data: null,
      err_code: 'RATE_LIMITED',
      err_msg: [expect.stringMatching(/^Too many codes requested; try again in \d+ minutes?$/)],
    });
    const [{ n }] = await q<{ n: number }>(
      sql`select count(*)::int as n from store_otp_codes where phone_number = ${store.phone_number}`,
    );
    expect(n).toBe(3);
  });

  it('should limit one address to 30 codes per window, whatever the numbers', async () => {
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 36 }, () =>
        s.call(null, 'POST', '/store/auth/otp', { phone_number: newPhone() }, { ip }),
      ),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(6);
  });
});

describe('POST /store/auth', () => {
  async function codeFor(phone: string) {
    const res = await s.call(null, 'POST', '/store/auth/otp', { phone_number: phone }, { ip: nextIp() });
    expect(res.status).toBe(202);
    return s.lastCode(phone) as string;
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const signIn = (body: Record<string, unknown>) =>
    s.call(null, 'POST', '/store/auth', body, { ip: nextIp() });

  it('should sign a store in once per code, and refuse a wrong, reused or expired code with the same 401', async () => {
    const store = await newStore();
    const code = await codeFor(store.phone_number);
    const bad = await signIn({ phone_number: store.phone_number, code: wrong(code) });
    expect(bad).toMatchObject({
      status: 401,
      body: {
        data: null,
        err_code: 'UNAUTHENTICATED',
        err_msg: ['The code is wrong or has expired; request a new code'],
      },
    });
    const ok = await signIn({ phone_number: store.phone_number, code });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      customer_id: store.id,
      customer_code: store.customer_code,
      customer_name: store.customer_name,
      stores: [
        { customer_id: store.id, customer_code: store.customer_code, customer_name: store.customer_name },
      ],
    });
    expect(typeof ok.body.data.token).toBe('string');
    expect(typeof ok.body.data.refresh_token).toBe('string');
    const again = await signIn({ phone_number: store.phone_number, code });
    expect(again.status).toBe(401);
    expect(again.body.err_msg).toEqual(bad.body.err_msg);

    const later = await codeFor(store.phone_number);
    await h.database.db.execute(
      sql`update store_otp_codes set expires_at = now() - interval '1 second' where phone_number = ${store.phone_number}`,
    );
    const expired = await signIn({ phone_number: store.phone_number, code: later });
    expect(expired.status).toBe(401);
    expect(expired.body.err_msg).toEqual(bad.body.err_msg);
  });

  it("should word the refusals in the store's language", async () => {
    const store = await newStore();
    const code = await codeFor(store.phone_number);
    const id = await s.call(
      null,
      'POST',
      '/store/auth',
      { phone_number: store.phone_number, code: wrong(code) },
      { ip: nextIp(), 'accept-language': 'id' },
    );
    expect(id.status).toBe(401);
    expect(id.body.err_msg).toEqual(['Kode salah atau sudah kedaluwarsa; minta kode baru']);
    expect(id.body.err_detail).toEqual([expect.objectContaining({ code: 'otp_wrong_code' })]);
    const phone = await s.call(
      null,
      'POST',
      '/store/auth/otp',
      { phone_number: 'abc' },
      { 'accept-language': 'id' },
    );
    expect(phone.body.err_msg).toEqual(['phone_number: harus berupa nomor telepon']);
  });

  it('should spend a code after 5 wrong tries, even when 20 arrive at once', async () => {
    const store = await newStore();
    const code = await codeFor(store.phone_number);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () => signIn({ phone_number: store.phone_number, code: wrong(code) })),
    );
    expect(guesses.every((g) => g.status === 401)).toBe(true);
    const [row] = await q<{ failures: number }>(
      sql`select failures from store_otp_codes where phone_number = ${store.phone_number}`,
    );
    expect(row.failures).toBe(5);
    expect((await signIn({ phone_number: store.phone_number, code })).status).toBe(401);
  });

  it('should give one session to one of several parallel sign-ins with the right code', async () => {
    const store = await newStore();
    const code = await codeFor(store.phone_number);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => signIn({ phone_number: store.phone_number, code })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(7);
    const [{ n }] = await q<{ n: number }>(
      sql`select count(*)::int as n from auth_sessions where customer_id = ${store.id}`,
    );
    expect(n).toBe(1);
  });

  it('should refuse a malformed code or customer_id with 400', async () => {
    const store = await newStore();
    for (const body of [
      { phone_number: store.phone_number, code: '12345' },
      { phone_number: store.phone_number, code: 'abcdef' },
      { phone_number: store.phone_number },
      { phone_number: store.phone_number, code: '123456', customer_id: 'x' },
      { phone_number: store.phone_number, code: '123456', customer_id: -1 },
    ]) {
      expect((await signIn(body)).status).toBe(400);
    }
  });

  it('should answer 409 listing the stores of a shared number, then sign in the chosen one with the same code', async () => {
    const phone = newPhone();
    const a = await newStore({ phone_number: phone, customer_name: 'Toko A Bersama' });
    const b = await newStore({ phone_number: phone, customer_name: 'Toko B Bersama' });
    const hidden = await newStore({
      phone_number: phone,
      customer_name: 'Toko C Bersama',
      show_in_app: false,
    });
    const other = await newStore();
    const code = await codeFor(phone);
    const choose = await signIn({ phone_number: phone, code });
    expect(choose.status).toBe(409);
    expect(choose.body).toMatchObject({ data: null, err_code: 'CONFLICT' });
    expect(choose.body.err_msg[0]).toMatch(/several stores/);
    expect(choose.body.stores).toEqual([
      { customer_id: a.id, customer_name: a.customer_name, customer_code: a.customer_code },
      { customer_id: b.id, customer_name: b.customer_name, customer_code: b.customer_code },
    ]);
    // Another number's store is no store of this number; a hidden one answers as a wrong code does.
    expect((await signIn({ phone_number: phone, code, customer_id: other.id })).status).toBe(404);
    expect((await signIn({ phone_number: phone, code, customer_id: hidden.id })).status).toBe(401);
    const ok = await signIn({ phone_number: phone, code, customer_id: b.id });
    expect(ok.status).toBe(200);
    expect(ok.body.data.customer_id).toBe(b.id);
    expect(ok.body.data.stores.map((x: { customer_id: number }) => x.customer_id)).toEqual([a.id, b.id]);
    const me = await s.call(ok.body.data.token, 'GET', '/store/me');
    expect(me.body.data.customer_id).toBe(b.id);
  });

  it('should refuse a deactivated store and one hidden from the app like a wrong code', async () => {
    for (const flags of [{ active: false }, { show_in_app: false }]) {
      const store = await newStore();
      const code = await codeFor(store.phone_number);
      await h.database.db.execute(
        sql`update customers set active = ${flags.active ?? true}, show_in_app = ${flags.show_in_app ?? true}
            where id = ${store.id}`,
      );
      const res = await signIn({ phone_number: store.phone_number, code });
      expect(res.status).toBe(401);
      expect(res.body.err_msg).toEqual(['The code is wrong or has expired; request a new code']);
      // Such a store is not sent codes at all.
      const before = s.lines.length;
      await s.call(null, 'POST', '/store/auth/otp', { phone_number: store.phone_number }, { ip: nextIp() });
      expect(s.lines.slice(before).some((l) => String(l.msg).startsWith('otp:'))).toBe(false);
    }
  });
});

describe('store sessions', () => {
  it('should end the open sessions of a store that is deactivated or taken out of the app', async () => {
    for (const change of [sql`active = false`, sql`show_in_app = false`]) {
      const store = await newStore();
      const first = await s.signIn(store.phone_number);
      const second = await s.signIn(store.phone_number);
      expect((await s.call(first.token, 'GET', '/store/me')).status).toBe(200);
      await h.database.db.execute(sql`update customers set ${change} where id = ${store.id}`);
      const res = await s.call(first.token, 'GET', '/store/me');
      expect(res).toMatchObject({ status: 401, body: { err_code: 'UNAUTHENTICATED' } });
      const open = await q(
        sql`select 1 from auth_sessions where customer_id = ${store.id} and revoked_at is null`,
      );
      expect(open).toHaveLength(0);
      // Reinstated, the ended sessions stay ended: their refresh tokens too.
      await h.database.db.execute(
        sql`update customers set active = true, show_in_app = true where id = ${store.id}`,
      );
      expect((await s.call(second.token, 'GET', '/store/me')).status).toBe(401);
      const refreshed = await s.call(null, 'POST', '/store/auth/refresh', {
        refresh_token: second.refresh_token,
      });
      expect(refreshed.status).toBe(401);
    }
  });

  it('should rotate a refresh token once, and end the session on logout from the next request', async () => {
    const store = await newStore();
    const pair = await s.signIn(store.phone_number);
    const next = await s.call(null, 'POST', '/store/auth/refresh', { refresh_token: pair.refresh_token });
    expect(next.status).toBe(200);
    expect(next.body.data).toMatchObject({ customer_id: store.id, customer_code: store.customer_code });
    expect(next.body.data.refresh_token).not.toBe(pair.refresh_token);
    expect((await s.call(next.body.data.token, 'GET', '/store/me')).status).toBe(200);
    // Used after its grace window: a sign of theft, every session of the store ends.
    await h.database.db.execute(
      sql`update refresh_tokens set revoked_at = now() - interval '1 hour' where customer_id = ${store.id} and replaced_by_id is not null`,
    );
    const reused = await s.call(null, 'POST', '/store/auth/refresh', { refresh_token: pair.refresh_token });
    expect(reused.status).toBe(401);
    expect((await s.call(next.body.data.token, 'GET', '/store/me')).status).toBe(401);

    const fresh = await s.signIn(store.phone_number);
    expect((await s.call(fresh.token, 'POST', '/store/auth/logout')).status).toBe(200);
    expect((await s.call(fresh.token, 'GET', '/store/me')).status).toBe(401);
    const after = await s.call(null, 'POST', '/store/auth/refresh', { refresh_token: fresh.refresh_token });
    expect(after.status).toBe(401);
  });

  it("should not rotate a staff refresh token on the store route, nor a store's on the staff route", async () => {
    const store = await newStore();
    const pair = await s.signIn(store.phone_number);
    const staffPair = (
      await s.call(null, 'POST', '/web/auth', { email: 'admin@example.com', password: 'admin123' })
    ).body.data;
    expect(
      (await s.call(null, 'POST', '/web/auth/refresh', { refresh_token: pair.refresh_token })).status,
    ).toBe(401);
    expect(
      (await s.call(null, 'POST', '/store/auth/refresh', { refresh_token: staffPair.refresh_token })).status,
    ).toBe(401);
    // Neither was used up by the refused attempt.
    expect(
      (await s.call(null, 'POST', '/store/auth/refresh', { refresh_token: pair.refresh_token })).status,
    ).toBe(200);
    expect(
      (await s.call(null, 'POST', '/web/auth/refresh', { refresh_token: staffPair.refresh_token })).status,
    ).toBe(200);
  });

  it('should refuse a store token on every staff route and a staff token on every store route', async () => {
    const store = await newStore();
    const { token } = await s.signIn(store.phone_number);
    const routes = protectedRoutes(h);
    // Sign-out last: it ends the session the own-token calls use.
    const storeRoutes = routes
      .filter((r) => r.audience === 'store')
      .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    const staffRoutes = routes.filter((r) => r.audience === 'staff');
    expect(storeRoutes.length).toBeGreaterThan(0);
    expect(staffRoutes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const route of staffRoutes) {
      const res = await callRoute(h, token, route);
      if (res.status !== 401 || res.body?.err_code !== 'UNAUTHENTICATED')
        wrong.push(`store token: ${route.method} ${route.url} -> ${res.status}`);
    }
    for (const route of storeRoutes) {
      const res = await callRoute(h, staff, route);
      if (res.status !== 401 || res.body?.err_code !== 'UNAUTHENTICATED')
        wrong.push(`staff token: ${route.method} ${route.url} -> ${res.status}`);
      // ...while the store's own token gets past the sign-in check on each of them.
      const own = await h.call(
        token,
        route.method as 'GET',
        concrete(route.url),
        route.method === 'GET' ? undefined : {},
      );
      if (own.status === 401) wrong.push(`own token: ${route.method} ${route.url} -> 401`);
    }
    expect(wrong).toEqual([]);
  });

  it('should refuse a store token of a store id that does not own the session', async () => {
    const a = await newStore();
    const b = await newStore();
    const { token } = await s.signIn(a.phone_number);
    const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
    const forged = (await new TokenService(SECRET, 900, 'store').sign({ id: b.id, sessionId: sid })).token;
    expect((await s.call(forged, 'GET', '/store/me')).status).toBe(401);
  });
});

describe('registration and last seen', () => {
  it('should register a store at its first sign-in only, and move the registered-stores dashboard by one', async () => {
    const store = await newStore();
    const registered = async () => {
      const res = await s.call(staff, 'GET', '/web/dashboard');
      expect(res.status).toBe(200);
      return (res.body.data as Array<{ registered_stores: number }>).reduce(
        (n, r) => n + r.registered_stores,
        0,
      );
    };
    const before = await registered();
    expect(store.installed).toBe(false);
    await s.signIn(store.phone_number);
    const [first] = await q<{ installed: boolean; registered_at: string }>(
      sql`select installed, registered_at::text from customers where id = ${store.id}`,
    );
    expect(first.installed).toBe(true);
    expect(first.registered_at).not.toBeNull();
    expect(await registered()).toBe(before + 1);
    await s.signIn(store.phone_number);
    const [second] = await q<{ registered_at: string }>(
      sql`select registered_at::text from customers where id = ${store.id}`,
    );
    expect(second.registered_at).toBe(first.registered_at);
    expect(await registered()).toBe(before + 1);
  });

  it('should write last seen and the app version once for a burst of requests, in two processes at once', async () => {
    const store = await newStore();
    const { token } = await s.signIn(store.phone_number);
    // Half through the harness's app, half through the store app: two processes, two caches.
    const viaHarness = async () => {
      const res = await h.app.inject({
        method: 'GET',
        url: '/v1/api/store/me',
        headers: { authorization: `Bearer ${token}`, 'x-app-version': '2.4.1' },
      });
      return { status: res.statusCode };
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? viaHarness() : s.call(token, 'GET', '/store/me', undefined, { 'x-app-version': '2.4.1' }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const seen = await q<{ app_version: string }>(
      sql`select app_version from customer_activities where customer_id = ${store.id} and activity = 'app_open'`,
    );
    expect(seen).toEqual([{ app_version: '2.4.1' }]);
    // The last-seen report reads what the app wrote.
    const report = await s.call(staff, 'GET', `/customer_activities/?search=${store.customer_code}`);
    expect(report.status).toBe(200);
    expect(report.body.data).toEqual([
      expect.objectContaining({
        customer_id: store.id,
        installed: true,
        last_activity: 'app_open',
        last_app_version: '2.4.1',
      }),
    ]);
    // A minute later the next request writes again.
    await h.database.db.execute(
      sql`update customers set last_seen_at = now() - interval '61 seconds' where id = ${store.id}`,
    );
    const other = await createStoreApp(h);
    try {
      expect(
        (await other.call(token, 'GET', '/store/me', undefined, { 'x-app-version': '2.5.0' })).status,
      ).toBe(200);
    } finally {
      await other.close();
    }
    const [{ n }] = await q<{ n: number }>(
      sql`select count(*)::int as n from customer_activities where customer_id = ${store.id} and activity = 'app_open'`,
    );
    expect(n).toBe(2);
  });
});
