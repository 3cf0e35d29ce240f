// Schema issues as problems of the message catalogue: every kind of zod issue answers a stable code,
// its parameters and its field, worded in English and in Indonesian; without Accept-Language the
// answer stays zod's (or the contract's) own English.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { zodDetail } from '../src/http/messages';
import { makeCustomer } from './factories';
import { createHarness, type Harness } from './harness';

const TOKEN = 'bank-callback-secret-0123456789';
let h: Harness;
let admin: string;
let customerId: number;
let vaApp: FastifyInstance;
let dataDir: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  customerId = (await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id })).id;
  // The bank's callback (the one strict body) needs an app configured with its token.
  dataDir = mkdtempSync(path.join(tmpdir(), 'lbo-zod-'));
  const config = loadConfig(
    {},
    { dataDir, jwtSecret: 'test-secret-test-secret-test-secret-0123', vaCallbackToken: TOKEN },
  );
  vaApp = await buildApp({ config, database: h.database, logger: false });
  await vaApp.ready();
});
afterAll(async () => {
  await vaApp?.close();
  await h?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; body: { err_msg: string[]; err_detail?: Record<string, unknown>[] } };
async function call(method: 'POST' | 'PUT', url: string, payload: unknown, lang?: string): Promise<Answer> {
  const res = await h.app.inject({
    method,
    url: `/v1/api${url}`,
    headers: { authorization: `Bearer ${admin}`, ...(lang ? { 'accept-language': lang } : {}) },
    payload: payload as never,
  });
  return { status: res.statusCode, body: res.json() };
}
/** The same request in English and in Indonesian. */
async function both(method: 'POST' | 'PUT', url: string, payload: unknown) {
  const [en, id] = [await call(method, url, payload, 'en'), await call(method, url, payload, 'id')];
  expect(en.status).toBe(400);
  expect(id.status).toBe(400);
  return { en: en.body, id: id.body };
}

const rule = { name: 'Aturan uji', start_date: '2024-01-01', end_date: '2024-12-31', amount_per_point: 1000 };

describe('schema issues as catalogue problems', () => {
  it('should word a missing field (invalid_type, nothing sent) as required', async () => {
    const { name: _, ...noName } = rule;
    const { en, id } = await both('POST', '/point_rules/', noName);
    expect(en.err_detail).toEqual([{ code: 'required', field: 'name', message: 'name: is required' }]);
    expect(id.err_msg).toEqual(['name: wajib diisi']);
    // Without Accept-Language: zod's own English, as API clients have always read it.
    const plain = await call('POST', '/point_rules/', noName);
    expect(plain.body).toEqual({
      data: null,
      err_code: 'VALIDATION_ERROR',
      err_msg: ['name: Invalid input: expected string, received undefined'],
    });
  });

  it('should word a value of the wrong type (invalid_type, value sent) by the expected type', async () => {
    const { en, id } = await both('POST', '/point_rules/', { ...rule, amount_per_point: 'x', active: 'ya' });
    expect(en.err_detail).toEqual([
      {
        code: 'type',
        field: 'amount_per_point',
        params: { expected: 'number' },
        message: 'amount_per_point: must be a number',
      },
      {
        code: 'type',
        field: 'active',
        params: { expected: 'boolean' },
        message: 'active: must be true or false',
      },
    ]);
    expect(id.err_msg).toEqual([
      'amount_per_point: harus berupa angka',
      'active: harus berupa true atau false',
    ]);
  });

  it('should word too_small and too_big by what they bound (text, number)', async () => {
    const long = await both('POST', '/point_rules/', { ...rule, name: 'x'.repeat(300) });
    expect(long.en.err_detail).toEqual([
      {
        code: 'max_chars',
        field: 'name',
        params: { max: 200 },
        message: 'name: must be at most 200 characters',
      },
    ]);
    expect(long.id.err_msg).toEqual(['name: maksimal 200 karakter']);

    const user = await both('POST', '/web/_user', { name: 'A', email: 'x@example.com', password: 'pendek' });
    const byField = (b: Answer['body']) => Object.fromEntries((b.err_detail ?? []).map((d) => [d.field, d]));
    expect(byField(user.en).name).toEqual({
      code: 'min_chars',
      field: 'name',
      params: { min: 2 },
      message: 'name: must be at least 2 characters',
    });
    expect(byField(user.id).password).toMatchObject({
      code: 'min_chars',
      message: 'password: minimal 8 karakter',
    });

    const cap = await both('PUT', `/web/customer/id/${customerId}`, { monthly_max_point: -5 });
    expect(cap.en.err_detail).toEqual([
      {
        code: 'min',
        field: 'monthly_max_point',
        params: { min: 0 },
        message: 'monthly_max_point: must be 0 or more',
      },
    ]);
    expect(cap.id.err_msg).toEqual(['monthly_max_point: harus 0 atau lebih']);
  });

  it('should word a bad format (invalid_format) and a union of formats by the first concrete issue', async () => {
    // The customer's e-mail is "an e-mail or empty": a union whose e-mail member fails.
    const { en, id } = await both('PUT', `/web/customer/id/${customerId}`, { email: 'bukan-email' });
    expect(en.err_detail).toEqual([
      { code: 'email', field: 'email', message: 'email: must be a valid e-mail address' },
    ]);
    expect(id.err_msg).toEqual(['email: harus alamat e-mail yang benar']);
  });

  it('should word a value outside the choices (invalid_value) with the choices', async () => {
    const { en, id } = await both('POST', '/broadcast/add', { title: 'T', message: 'M', audience: 'semua' });
    const values = 'all, branch, region, region_group, customer_type, customers';
    expect(en.err_detail).toEqual([
      {
        code: 'choice',
        field: 'audience',
        params: { values, count: 6 },
        message: `audience: must be one of: ${values}`,
      },
    ]);
    expect(id.err_msg).toEqual([`audience: harus salah satu dari: ${values}`]);
  });

  it('should word a refinement by the code it names, with its parameters', async () => {
    const period = await both('POST', '/point_rules/', { ...rule, end_date: '2023-12-31' });
    expect(period.en.err_detail).toEqual([
      {
        code: 'end_before_start',
        field: 'end_date',
        message: 'end_date: must be on or after the start date',
      },
    ]);
    expect(period.id.err_msg).toEqual(['end_date: harus sama dengan atau setelah tanggal mulai']);

    const audience = await both('POST', '/broadcast/add', { title: 'T', message: 'M', audience: 'branch' });
    expect(audience.en.err_detail).toEqual([
      {
        code: 'audience_required',
        field: 'branch_ids',
        params: { audience: 'branch' },
        message: 'branch_ids: is required for the audience branch',
      },
    ]);
    expect(audience.id.err_msg).toEqual(['branch_ids: wajib diisi untuk sasaran branch']);

    const inject = await both('POST', '/point/inject/', { customer_codes: [], points: 5, reason: 'Uji' });
    expect(inject.en.err_detail).toEqual([
      {
        code: 'pick_customer',
        field: 'customer_codes',
        message: 'customer_codes: name at least one customer',
      },
    ]);
    expect(inject.id.err_msg).toEqual(['customer_codes: pilih minimal satu pelanggan']);
  });

  it('should word unknown fields (unrecognized_keys) and a refinement on a strict body', async () => {
    const send = async (lang: string) => {
      const res = await vaApp.inject({
        method: 'POST',
        url: '/v1/api/integration/va_payment',
        headers: { 'x-callback-token': TOKEN, 'accept-language': lang },
        payload: {
          payment_id: 'P-1',
          invoice_number: 'INV-1',
          amount: 10.123,
          paid_at: 'kemarin',
          bank: 'X',
        },
      });
      expect(res.statusCode).toBe(400);
      return res.json() as Answer['body'];
    };
    const en = await send('en');
    const id = await send('id');
    expect(en.err_detail).toEqual(
      expect.arrayContaining([
        {
          code: 'unknown_field',
          field: 'body',
          params: { keys: 'bank', count: 1 },
          message: 'body: unknown field bank',
        },
        {
          code: 'decimals',
          field: 'amount',
          params: { max: 2 },
          message: 'amount: may have at most 2 decimals',
        },
        {
          code: 'pattern',
          field: 'paid_at',
          params: { format: 'datetime' },
          message: 'paid_at: must be a date and time (ISO 8601)',
        },
      ]),
    );
    expect(id.err_msg).toEqual(
      expect.arrayContaining([
        'body: kolom tidak dikenal: bank',
        'amount: paling banyak 2 angka desimal',
        'paid_at: harus berupa tanggal dan waktu (ISO 8601)',
      ]),
    );
  });

  it('should word the kinds no route of the contract makes today (multiple_of, an unknown kind)', () => {
    expect(zodDetail('qty', 'not_multiple_of', 'x', { divisor: 0.01 }, 'id')).toEqual({
      code: 'decimals',
      field: 'qty',
      params: { max: 2 },
      message: 'qty: paling banyak 2 angka desimal',
    });
    expect(zodDetail('qty', 'not_multiple_of', 'x', { divisor: 5 }, 'en').message).toBe(
      'qty: must be a multiple of 5',
    );
    expect(zodDetail('tags', 'invalid_element', 'Invalid input', {}, 'id')).toEqual({
      code: 'invalid',
      field: 'tags',
      message: 'tags: tidak valid',
    });
    expect(zodDetail('tags', 'invalid_element', 'Invalid input', {}, null).message).toBe(
      'tags: Invalid input',
    );
  });
});
