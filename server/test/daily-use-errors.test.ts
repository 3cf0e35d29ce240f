// Error answers in the user's language (CONTRACT.md section 2): err_msg follows
// Accept-Language, err_detail names code, field and parameters per problem, raw ids stay out of
// the words, each problem is said once; and the server refuses the numbers the forms refuse.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { MSG_CODES, problem, requestLang, wordProblem } from '../src/http/messages';
import { makeCustomer } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let customerId: number;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  customerId = (await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id })).id;
});
afterAll(async () => {
  await h?.close();
});

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang?: string) {
  const res = await h.app.inject({
    method,
    url: `/v1/api${url}`,
    headers: { authorization: `Bearer ${admin}`, ...(lang ? { 'accept-language': lang } : {}) },
    payload: payload as never,
  });
  return { status: res.statusCode, body: res.json() };
}

const rule = { name: 'Aturan uji', start_date: '2024-01-01', end_date: '2024-12-31' };

describe('Accept-Language', () => {
  it('should pick Indonesian only when it is preferred', () => {
    expect(requestLang('id')).toBe('id');
    expect(requestLang('id-ID,id;q=0.9,en;q=0.8')).toBe('id');
    expect(requestLang('en-US,en;q=0.9,id;q=0.5')).toBe('en');
    expect(requestLang('en;q=0.2, id;q=0.7')).toBe('id');
    expect(requestLang('fr')).toBe('en');
    expect(requestLang(undefined)).toBeNull();
  });

  it('should answer a validation error in Indonesian with its code, field and parameters', async () => {
    const res = await call('POST', '/point_rules/', { ...rule, amount_per_point: 0 }, 'id, en;q=0.5');
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe('VALIDATION_ERROR');
    expect(res.body.err_msg).toEqual(['amount_per_point: minimal 1 rupiah per poin']);
    expect(res.body.err_detail).toEqual([
      {
        code: 'min_rupiah_per_point',
        field: 'amount_per_point',
        params: { min: 1 },
        message: 'amount_per_point: minimal 1 rupiah per poin',
      },
    ]);
  });

  it('should word schema issues by their kind in Indonesian (required, minimum, type)', async () => {
    const res = await call('POST', '/point_rules/', { ...rule, name: '', amount_per_point: 'x' }, 'id');
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.err_detail.map((d: { field: string }) => [d.field, d]));
    expect(byField.name.message).toBe('name: wajib diisi');
    expect(byField.amount_per_point.code).not.toBe('message');
    expect(byField.amount_per_point.message).toMatch(/^amount_per_point: (harus|wajib)/);
    for (const m of res.body.err_msg) expect(m).not.toMatch(/must|required|expected/i);
  });

  it('should keep the English message unchanged without Accept-Language, and word it in English with en', async () => {
    const plain = await call('POST', '/point_rules/', { ...rule, amount_per_point: 0.5 });
    // Exactly the envelope API clients have always read.
    expect(plain.body).toEqual({
      data: null,
      err_code: 'VALIDATION_ERROR',
      err_msg: ['amount_per_point: must be at least 1 rupiah per point'],
    });
    const en = await call('GET', '/web/customer/id/999999', undefined, 'en');
    expect(en.status).toBe(404);
    expect(en.body.err_msg).toEqual(['Customer not found; it may have been deleted']);
  });

  it('should name a missing record in words, without its raw id', async () => {
    const res = await call('GET', '/web/customer/id/999999', undefined, 'id');
    expect(res.status).toBe(404);
    expect(res.body.err_msg).toEqual(['Pelanggan tidak ditemukan; mungkin sudah dihapus']);
    expect(res.body.err_detail[0]).toMatchObject({ code: 'not_found', params: { thing: 'customer' } });
    expect(JSON.stringify(res.body.err_msg)).not.toContain('999999');
  });

  it('should answer a wrong password in Indonesian', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/api/web/auth',
      headers: { 'accept-language': 'id' },
      payload: { email: 'admin@example.com', password: 'salah-sekali' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().err_msg).toEqual(['E-mail atau kata sandi salah']);
  });

  it('should say the same problem once', async () => {
    const res = await call('POST', '/point_rules/', { ...rule, amount_per_point: 0 }, 'id');
    expect(new Set(res.body.err_msg).size).toBe(res.body.err_msg.length);
  });

  it('should have Indonesian wording, other than the English, for every code of the catalogue', () => {
    // Every parameter an entry may read, so each wording is built in full.
    const params = new Proxy({} as Record<string, string>, {
      get: (_, k) => (k === 'then' ? undefined : 'x'),
    });
    for (const code of MSG_CODES.filter((c) => c !== 'message')) {
      const id = wordProblem(problem(code, params), 'id').message;
      expect(id, code).not.toBe(wordProblem(problem(code, params), 'en').message);
      expect(id, code).not.toMatch(/undefined/);
    }
  });

  it('should word a problem from its code: as always without a language, in Indonesian with id', () => {
    const row = { ...problem('not_found', { thing: 'customer_code', value: 'X' }), row: 7, at: 'row 7' };
    expect(wordProblem(row, null).message).toBe("row 7: customer_code 'X' not found");
    expect(wordProblem(row, 'id')).toEqual({
      code: 'not_found',
      row: 7,
      params: { thing: 'customer_code', value: 'X' },
      message: "baris 7: Kode pelanggan 'X' tidak ditemukan",
    });
    const taken = problem(
      'duplicate',
      { thing: 'salesman code', value: 'S-01' },
      { field: 'salesman_code', named: true },
    );
    expect(wordProblem(taken, null).message).toBe("salesman code 'S-01' already exists");
    expect(wordProblem(taken, 'id')).toMatchObject({
      code: 'duplicate',
      field: 'salesman_code',
      message: "Kode salesman 'S-01' sudah dipakai",
    });
  });
});

describe('the server refuses what the form refuses', () => {
  const count = async (table: string) =>
    (await rows<{ n: number }>(h.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

  it('should refuse less than 1 rupiah per point', async () => {
    const before = await count('point_rules');
    for (const amount of [0, 0.01, 0.99, -5]) {
      const res = await call('POST', '/point_rules/', { ...rule, amount_per_point: amount });
      expect(res.status, String(amount)).toBe(400);
    }
    expect(await count('point_rules')).toBe(before);
    const ok = await call('POST', '/point_rules/', { ...rule, amount_per_point: 1 });
    expect(ok.status).toBe(201);
  });

  it('should refuse a negative injection and write nothing', async () => {
    const before = await count('point_ledger');
    const [c] = await rows<{ customer_code: string }>(
      h.database.db,
      sql`select customer_code from customers where id = ${customerId}`,
    );
    const res = await call(
      'POST',
      '/point/inject/',
      { rows: [{ customer_code: c.customer_code }], points: -5, reason: 'Uji' },
      'id',
    );
    expect(res.status).toBe(400);
    expect(res.body.err_detail.some((d: { field?: string }) => d.field === 'points')).toBe(true);
    expect(await count('point_ledger')).toBe(before);
  });

  it('should refuse a negative monthly cap, a latitude of 200 and a negative price', async () => {
    const cap = await call('PUT', `/web/customer/id/${customerId}`, { monthly_max_point: -5 });
    expect(cap.status).toBe(400);
    const lat = await call('PUT', `/web/customer/id/${customerId}`, { latitude: 200 }, 'en');
    expect(lat.status).toBe(400);
    expect(lat.body.err_detail[0]).toMatchObject({ field: 'latitude', code: 'max' });
    const [after] = await rows<{ monthly_max_point: number | null; latitude: string | null }>(
      h.database.db,
      sql`select monthly_max_point, latitude from customers where id = ${customerId}`,
    );
    expect(after.monthly_max_point).not.toBe(-5);
    expect(after.latitude).toBeNull();
    const [item] = await rows<{ id: number }>(h.database.db, sql`select id from items limit 1`);
    if (item) {
      const price = await call('POST', '/item_old_price/add', {
        item_id: item.id,
        price: -100,
        effective_date: '2024-01-01',
      });
      expect(price.status).toBe(400);
    }
  });
});
