// Hostile input on every route: control characters (NUL included) in any query parameter, path
// parameter, JSON body or multipart form_data, a parameter given twice, an oversized request line, a
// refused static path. Each is refused in the error envelope with a message, never a 500, and
// changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import { concrete, protectedGetRoutes } from './support/routes';

let h: Harness;
let admin: string;
let base: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = h.app.server.address() as { port: number };
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  await h?.close();
});

describe('control characters', () => {
  it('should refuse a NUL byte in a query parameter of every GET route with 400', async () => {
    const gets = protectedGetRoutes(h);
    expect(gets.length).toBeGreaterThan(40);
    for (const route of gets) {
      const res = await h.call(admin, 'GET', `${concrete(route.url)}?search=a%00b`);
      expect({ route: route.url, status: res.status, code: res.body?.err_code }).toEqual({
        route: route.url,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(res.body.err_msg[0]).toMatch(/^search: /);
    }
  });

  it('should refuse control characters in a JSON body, name the field and write nothing', async () => {
    const before = await h.database.rows<{ n: number }>(sql`select count(*)::int as n from partners`);
    const res = await h.call(admin, 'POST', '/web/partner', {
      partner_code: 'MTR-NUL',
      partner_name: 'Mitra\u0000Jaya',
      contact_name: 'Budi\u0007',
    });
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe('VALIDATION_ERROR');
    expect(res.body.err_msg).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^partner_name: /),
        expect.stringMatching(/^contact_name: /),
      ]),
    );
    const after = await h.database.rows<{ n: number }>(sql`select count(*)::int as n from partners`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('should keep line breaks and tabs in text bodies', async () => {
    const res = await h.call(admin, 'POST', '/web/partner', {
      partner_code: 'MTR-BRS',
      partner_name: 'Mitra Baris',
      address: 'Jl. Merdeka 1\nMalang\tJawa Timur',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.address).toBe('Jl. Merdeka 1\nMalang\tJawa Timur');
  });

  it('should refuse control characters inside multipart form_data', async () => {
    const boundary = '----lbo-guard';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="form_data"\r\n\r\n` +
        `${JSON.stringify({ note: 'catatan\u0000' })}\r\n--${boundary}--\r\n`,
    );
    const res = await h.app.inject({
      method: 'PUT',
      url: '/v1/api/web/customer/id/1',
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().err_msg[0]).toMatch(/^note: /);
  });
});

describe('parameters', () => {
  it('should refuse a parameter given twice instead of ignoring it', async () => {
    const res = await h.call(admin, 'GET', '/web/partner/?sort=asc&sort=desc');
    expect(res.status).toBe(400);
    expect(res.body.err_msg[0]).toMatch(/^sort: /);
  });

  it('should accept repeated id-list parameters', async () => {
    const res = await h.call(admin, 'GET', '/web/partner/?ids=1&ids=2');
    expect(res.status).toBe(200);
  });

  it('should answer an oversized request line in the error envelope', async () => {
    const res = await fetch(`${base}/v1/api/web/partner/?search=${'x'.repeat(20_000)}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ data: null, err_code: 'VALIDATION_ERROR' });
  });

  it('should answer a refused static path in the error envelope as not found', async () => {
    for (const path of ['/..%2f..%2fetc%2fpasswd', '/uploads/..%2f..%2fjwt-secret', '/uploads/.hidden']) {
      const res = await fetch(`${base}${path}`);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(await res.json()).toMatchObject({ data: null, err_code: 'NOT_FOUND' });
    }
  });
});

describe('the log of an unexpected error', () => {
  it('should keep the failed statement but not its parameters', async () => {
    const { loggable } = await import('../src/http/errors');
    const err = new Error(
      'Failed query: insert into partners (name) values ($1)\nparams: Toko Rahasia,0812345',
    );
    const logged = JSON.stringify(loggable(err));
    expect(logged).toContain('insert into partners');
    expect(logged).not.toContain('Toko Rahasia');
    expect(logged).not.toContain('0812345');
  });
});
