// What the speed work must not change. Counts with and without the joins the filters
// need, the estimated total and its flag, deep pages read from the end, the cache of verified
// tokens against sign-out and a change of rights, and the web app's compressed, cached assets.
// No timings here: the figures live in bench/areas/*.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, staticCacheControl } from '../src/app';
import { loadConfig } from '../src/config';
import { customers } from '../src/db/schema/customers';
import { branches, regions } from '../src/db/schema/organisation';
import { staff_users } from '../src/db/schema/staff';
import { onlyTable, orderings } from '../src/http/list-query';
import { customerResource } from '../src/modules/customers/customers.resource';
import { forgetRowEstimates, pagedList } from '../src/resources/list';
import { selectColumns } from '../src/resources/records';
import { makeCustomer, makeInvoice, makeItem, makeItemCategory, makeStaff } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
const db = () => h.database.db;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  const { b1, b2, b3 } = h.fixture.branches;
  // 75 customers over three branches, some with equal names and empty balances (ties and NULLs).
  for (let i = 0; i < 75; i++) {
    await makeCustomer(db(), {
      branch_id: [b1.id, b2.id, b3.id][i % 3],
      customer_name: `Toko Sama ${i % 7}`,
      monthly_max_point: i % 4 === 0 ? null : (i % 5) * 100,
    });
  }
});
afterAll(() => h.close());

const list = async (query: string) => {
  const res = await h.call(admin, 'GET', `/web/customer/?${query}`);
  expect(res.status).toBe(200);
  return res.body as { data: { list_customer?: unknown[] } | unknown[]; meta: Record<string, unknown> };
};
const rowsOf = (body: { data: unknown }) =>
  (Array.isArray(body.data) ? body.data : Object.values(body.data as object)[0]) as { id: number }[];

describe('list counts', () => {
  it('should tell conditions on the base table from those that need a join', () => {
    const t = customers;
    expect(onlyTable(undefined, t)).toBe(true);
    expect(onlyTable(and(eq(t.branch_id, 1), gte(t.created_at, '2026-01-01')), t)).toBe(true);
    expect(onlyTable(sql`${t.id} = any(${[1, 2]})`, t)).toBe(true);
    expect(onlyTable(eq(branches.region_id, 1), t)).toBe(false);
    expect(onlyTable(and(eq(t.active, true), eq(regions.region_group_id, 2)), t)).toBe(false);
    // Raw SQL that could name another table keeps the joins.
    expect(onlyTable(sql`b.name = 'x'`, t)).toBe(false);
    expect(onlyTable(sql`exists (select 1 from branches where branches.id = ${t.branch_id})`, t)).toBe(false);
  });

  it('should count the same as SQL with and without filters on joined tables', async () => {
    const { regions: r, regionGroups, branches: b } = h.fixture;
    const exact = async (where: ReturnType<typeof sql>) =>
      Number(
        (
          (await db().execute(
            sql`select count(*)::int as n from customers c join branches b on b.id = c.branch_id
                join regions r on r.id = b.region_id where ${where}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0].n,
      );
    const cases: [string, ReturnType<typeof sql>][] = [
      ['', sql`true`],
      [`branch_id=${b.b2.id}`, sql`c.branch_id = ${b.b2.id}`],
      [`region_id=${r.bdg.id}`, sql`b.region_id = ${r.bdg.id}`],
      [`region_group_id=${regionGroups.jatim.id}`, sql`r.region_group_id = ${regionGroups.jatim.id}`],
      [`region_id=${r.bdg.id}&branch_id=${b.b3.id}`, sql`false`],
      ['search=sama%203', sql`c.customer_name ilike '%sama 3%'`],
      [
        `search=sama&region_id=${r.sby.id}`,
        sql`c.customer_name ilike '%sama%' and b.region_id = ${r.sby.id}`,
      ],
    ];
    for (const [query, where] of cases) {
      const body = await list(`limit=10&${query}`);
      const total = await exact(where);
      expect(body.meta.total_data, query).toBe(total);
      expect(body.meta.total_page, query).toBe(Math.ceil(total / 10));
      expect(body.meta.total_estimated, query).toBeUndefined();
    }
  });

  it("should count only a branch user's own customers", async () => {
    const token = await h.login({ email: 'branch@example.com', password: 'branch123' });
    const res = await h.call(token, 'GET', '/web/customer/?limit=100');
    expect(res.status).toBe(200);
    const rows = rowsOf(res.body);
    expect(res.body.meta.total_data).toBe(rows.length);
    const [{ n }] = (
      (await db().execute(
        sql`select count(*)::int as n from customers where branch_id in
            (select branch_id from staff_user_branches where user_id = ${h.fixture.branchUserId})`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(res.body.meta.total_data).toBe(n);
  });
});

describe('estimated totals', () => {
  const run = (opts: { where?: ReturnType<typeof eq>; estimateFrom?: number }) => {
    const { order } = orderings(
      customerResource.sort,
      customerResource.contract.sortKeys,
      undefined,
      undefined,
      customerResource.contract.defaultSort,
      customers.id,
    );
    return pagedList(db(), customerResource, selectColumns(customerResource), {
      where: opts.where,
      order,
      page: 1,
      limit: 10,
      estimate: true,
      estimateFrom: opts.estimateFrom,
    });
  };

  it('should answer an exact count for a small table, without the flag', async () => {
    const body = await list('limit=10');
    const [{ n }] = (
      (await db().execute(sql`select count(*)::int as n from customers`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(body.meta.total_data).toBe(n);
    expect('total_estimated' in body.meta).toBe(false);
  });

  it("should answer PostgreSQL's estimate for a large unfiltered list, with the flag, and count filtered ones", async () => {
    await db().execute(sql`analyze customers`);
    forgetRowEstimates(db()); // estimates are reused for 10 s
    const [{ est, n }] = (
      (await db().execute(
        sql`select reltuples::bigint as est, (select count(*) from customers)::int as n
            from pg_class where oid = 'customers'::regclass`,
      )) as unknown as { rows: { est: string; n: number }[] }
    ).rows;
    const unfiltered = await run({ estimateFrom: 1 });
    expect(unfiltered.estimated).toBe(true);
    expect(unfiltered.total).toBe(Number(est));
    expect(unfiltered.rows).toHaveLength(10);
    // Below the threshold, or with any condition, the total is counted.
    const small = await run({ estimateFrom: n + 1_000_000 });
    expect(small.estimated).toBe(false);
    expect(small.total).toBe(n);
    const filtered = await run({ where: eq(customers.branch_id, h.fixture.branches.b1.id), estimateFrom: 1 });
    expect(filtered.estimated).toBe(false);
    const [{ m }] = (
      (await db().execute(
        sql`select count(*)::int as m from customers where branch_id = ${h.fixture.branches.b1.id}`,
      )) as unknown as { rows: { m: number }[] }
    ).rows;
    expect(filtered.total).toBe(m);
  });
});

describe('deep pages', () => {
  it('should give every page the same rows whether read from the start or from the end', async () => {
    const sorts: [string, 'asc' | 'desc'][] = [
      ['id', 'desc'],
      ['customer_name', 'asc'],
      ['customer_name', 'desc'],
      ['monthly_max_point', 'asc'],
      ['monthly_max_point', 'desc'],
      ['branch_name', 'asc'],
    ];
    for (const [by, dir] of sorts) {
      const { order, reversed } = orderings(
        customerResource.sort,
        customerResource.contract.sortKeys,
        by,
        dir,
        customerResource.contract.defaultSort,
        customers.id,
      );
      const pages = async (deepFrom: number) => {
        const out: number[][] = [];
        for (let page = 1; page <= 12; page++) {
          const r = await pagedList(
            db(),
            customerResource,
            { id: customers.id },
            {
              where: undefined,
              order,
              reversed,
              page,
              limit: 7,
              deepFrom,
            },
          );
          out.push(r.rows.map((x) => x.id as number));
        }
        return out;
      };
      const forward = await pages(Number.POSITIVE_INFINITY);
      const fromEnd = await pages(0);
      expect(fromEnd, `${by} ${dir}`).toEqual(forward);
      // The same as one plain ordered query.
      const all = (await db()
        .select({ id: customers.id })
        .from(customers)
        .leftJoin(branches, eq(branches.id, customers.branch_id))
        .orderBy(...order)) as { id: number }[];
      expect(forward.flat(), `${by} ${dir}`).toEqual(all.map((x) => x.id).slice(0, 84));
    }
  });

  it('should answer an empty page past the end, and the last partial page through the API', async () => {
    const first = await list('limit=7&by=customer_name&sort=asc');
    const lastPage = first.meta.total_page as number;
    const last = await list(`limit=7&by=customer_name&sort=asc&page=${lastPage}`);
    const expected = (first.meta.total_data as number) - 7 * (lastPage - 1);
    expect(rowsOf(last)).toHaveLength(expected);
    const past = await list(`limit=7&by=customer_name&sort=asc&page=${lastPage + 1}`);
    expect(rowsOf(past)).toEqual([]);
  });

  it('should keep search results and their order on pages read from the end', async () => {
    const { order, reversed } = orderings(
      customerResource.sort,
      customerResource.contract.sortKeys,
      'customer_name',
      'desc',
      customerResource.contract.defaultSort,
      customers.id,
    );
    const where = sql`${customers.customer_name} ilike '%sama%'`;
    const read = async (deepFrom: number) => {
      const out: unknown[] = [];
      for (let page = 1; page <= 12; page++) {
        const r = await pagedList(
          db(),
          customerResource,
          { id: customers.id },
          {
            where,
            order,
            reversed,
            page,
            limit: 7,
            search: 'sama',
            deepFrom,
          },
        );
        out.push(r.rows.map((x) => x.id));
      }
      return out;
    };
    expect(await read(0)).toEqual(await read(Number.POSITIVE_INFINITY));
  });
});

describe('search', () => {
  const search = (term: string, fewMatches?: number) => {
    const { order } = orderings(
      customerResource.sort,
      customerResource.contract.sortKeys,
      'customer_name',
      'asc',
      customerResource.contract.defaultSort,
      customers.id,
    );
    return pagedList(
      db(),
      customerResource,
      { id: customers.id },
      {
        where: sql`${customers.search_text} like ${`%${term}%`}`,
        order,
        page: 1,
        limit: 5,
        search: term,
        fewMatches,
      },
    );
  };

  it('should answer an estimate, flagged, for a search matching more than it counts, with the same first page', async () => {
    await db().execute(sql`analyze customers`);
    const exact = await search('a');
    expect(exact.estimated).toBeFalsy();
    expect(exact.total).toBeGreaterThan(3);
    const broad = await search('a', 3);
    expect(broad.estimated).toBe(true);
    expect(broad.total).toBeGreaterThan(3);
    expect(broad.rows).toEqual(exact.rows);
    // A search matching no more than it counts keeps its exact total.
    const narrow = await search('a', exact.total);
    expect(narrow).toEqual(exact);
  });

  it('should find a customer by name, code or owner, in any letter case, through the API', async () => {
    const [row] = (
      (await db().execute(
        sql`update customers set owner_name = 'Ibu Wulandari Uji' where id = (select min(id) from customers)
            returning id, customer_name, customer_code`,
      )) as unknown as { rows: { id: number; customer_name: string; customer_code: string }[] }
    ).rows;
    for (const term of [row.customer_name.toUpperCase(), row.customer_code.toLowerCase(), 'WULANDARI UJI']) {
      const body = await list(`limit=100&search=${encodeURIComponent(term)}`);
      expect(rowsOf(body).map((r) => (r as { id: number }).id)).toContain(row.id);
    }
  });
});

describe('invoice list count from the daily rollup', () => {
  it('should count the same as the invoices, with dates, branch, scope and other filters', async () => {
    const { b1, b2, b3 } = h.fixture.branches;
    const buyers = (await db()
      .select({ id: customers.id, branch_id: customers.branch_id })
      .from(customers)
      .limit(3)) as { id: number; branch_id: number }[];
    const item = await makeItem(db(), { item_category_id: (await makeItemCategory(db())).id });
    const dates = ['2025-01-31', '2025-02-01', '2025-02-14', '2025-02-28', '2025-03-01', '2025-06-30'];
    const made: { id: number }[] = [];
    for (const [i, date] of dates.entries()) {
      for (const buyer of buyers) {
        made.push(
          await makeInvoice(db(), {
            customer: buyer,
            invoice_date: date,
            status: i % 2 === 0 ? 'paid' : 'cancelled',
            lines: [{ item_id: item.id, qty: 1, price: 1000 }],
          }),
        );
      }
    }
    // A deleted invoice leaves the count too.
    await db().execute(sql`delete from sales_invoices where id = ${made[0].id}`);
    const exact = async (from: string, to: string, extra = sql`true`) =>
      Number(
        (
          (await db().execute(
            sql`select count(*)::int as n from sales_invoices where invoice_date between ${from}::date and ${to}::date and ${extra}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0].n,
      );
    const total = async (token: string, query: string) => {
      const res = await h.call(token, 'GET', `/apps/sales_invoice/?limit=10&${query}`);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.meta.total_data as number;
    };
    const cases: [string, string, string, ReturnType<typeof sql>][] = [
      ['start_date=2025-02-01&end_date=2025-02-28', '2025-02-01', '2025-02-28', sql`true`],
      ['start_date=2025-01-01&end_date=2025-12-31', '2025-01-01', '2025-12-31', sql`true`],
      ['start_date=2025-01-31&end_date=2025-01-31', '2025-01-31', '2025-01-31', sql`true`],
      [
        `start_date=2025-01-01&end_date=2025-12-31&branch_id=${b2.id}`,
        '2025-01-01',
        '2025-12-31',
        sql`branch_id = ${b2.id}`,
      ],
      [
        'start_date=2025-01-01&end_date=2025-12-31&status=paid',
        '2025-01-01',
        '2025-12-31',
        sql`status = 'paid'`,
      ],
      [
        'start_date=2025-01-01&end_date=2025-12-31&search=INV',
        '2025-01-01',
        '2025-12-31',
        sql`document_no ilike '%INV%'`,
      ],
    ];
    for (const [query, from, to, extra] of cases) {
      expect(await total(admin, query), query).toBe(await exact(from, to, extra));
    }
    expect(await total(admin, 'start_date=2025-01-01&end_date=2025-12-31')).toBeGreaterThan(0);
    // A user of two branches counts only those, from the rollup too.
    await makeStaff(db(), {
      email: 'perf-sales@example.com',
      grants: { sales: 'v' },
      branches: [b1.id, b3.id],
    });
    const branchToken = await h.login({ email: 'perf-sales@example.com', password: 'secret-123' });
    const own = sql`branch_id in (${b1.id}, ${b3.id})`;
    expect(await total(branchToken, 'start_date=2025-01-01&end_date=2025-12-31')).toBe(
      await exact('2025-01-01', '2025-12-31', own),
    );
    expect(await total(branchToken, `start_date=2025-01-01&end_date=2025-12-31&branch_id=${b3.id}`)).toBe(
      await exact('2025-01-01', '2025-12-31', sql`branch_id = ${b3.id}`),
    );
    expect(await total(branchToken, `start_date=2025-01-01&end_date=2025-12-31&branch_id=${b2.id}`)).toBe(0);
    expect(await exact('2025-01-01', '2025-12-31', sql`branch_id = ${b2.id}`)).toBeGreaterThan(0);
  });
});

describe('verified-token cache', () => {
  it('should refuse a token at once after sign-out, though it was verified before', async () => {
    const token = await h.login();
    expect((await h.call(token, 'GET', '/web/customer/?limit=1')).status).toBe(200);
    expect((await h.call(token, 'GET', '/web/customer/?limit=1')).status).toBe(200);
    expect((await h.call(token, 'POST', '/web/auth/logout')).status).toBe(200);
    expect((await h.call(token, 'GET', '/web/customer/?limit=1')).status).toBe(401);
  });

  it('should apply a change of rights and a deactivation on the next request', async () => {
    await makeStaff(db(), {
      email: 'perf-viewer@example.com',
      grants: { customer: 'v' },
      branches: 'all',
    });
    const token = await h.login({ email: 'perf-viewer@example.com', password: 'secret-123' });
    expect((await h.call(token, 'GET', '/web/customer/?limit=1')).status).toBe(200);
    await db().execute(
      sql`update roles set can_view = false where id in
          (select role_id from role_group_roles where role_group_id =
            (select role_group_id from staff_users where email = 'perf-viewer@example.com'))`,
    );
    expect((await h.call(token, 'GET', '/web/customer/?limit=1')).status).toBe(403);
    await db()
      .update(staff_users)
      .set({ active: false })
      .where(eq(staff_users.email, 'perf-viewer@example.com'));
    expect((await h.call(token, 'GET', '/web/customer/?limit=1')).status).toBe(401);
  });

  it('should still refuse a tampered or foreign token', async () => {
    const token = await h.login();
    expect((await h.call(token, 'GET', '/web/customer/?limit=1')).status).toBe(200);
    const [head, body, sig] = token.split('.');
    const flipped = `${head}.${body}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await h.call(flipped, 'GET', '/web/customer/?limit=1')).status).toBe(401);
    expect((await h.call(`${token}x`, 'GET', '/web/customer/?limit=1')).status).toBe(401);
  });
});

describe('web app assets', () => {
  let dir: string;
  let app: FastifyInstance;
  const js = `export const big = ${JSON.stringify('lorem ipsum '.repeat(500))};\n`;
  const html = `<!doctype html><html><head><script type="module" src="./assets/index-AbCdEf12.js"></script></head><body>${'<p>x</p>'.repeat(200)}</body></html>`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lbo-web-'));
    mkdirSync(path.join(dir, 'assets'));
    const write = (name: string, content: string, compressed = true) => {
      writeFileSync(path.join(dir, name), content);
      if (!compressed) return;
      writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(content));
      writeFileSync(path.join(dir, `${name}.gz`), gzipSync(content));
    };
    write('index.html', html);
    write('assets/index-AbCdEf12.js', js);
    write('assets/plain-XyZ98765.css', 'body{margin:0}', false);
    const config = loadConfig(
      { CHECK_RESPONSES: 'true' },
      { dataDir: dir, uploadDir: path.join(dir, 'uploads'), jwtSecret: 'x'.repeat(40), logLevel: 'silent' },
    );
    app = await buildApp({ config, database: h.database, logger: false, webDistDir: dir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('should send hashed assets in the encoding the browser prefers, cached for a year', async () => {
    const url = '/assets/index-AbCdEf12.js';
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const identity = await get(url, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(js);
  });

  it('should send a file without compressed copies as it is', async () => {
    const res = await get('/assets/plain-XyZ98765.css', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('body{margin:0}');
  });

  it('should revalidate index.html on every load and answer 304 when unchanged', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
      const etag = String(res.headers.etag);
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
    }
    const plain = await get('/');
    expect(plain.body).toBe(html);
  });

  it('should name only hashed asset files immutable', () => {
    expect(staticCacheControl('assets/shell-CEc2LyHi.js')).toMatch(/immutable/);
    expect(staticCacheControl('assets/points-D--Jveq2.js.br')).toMatch(/immutable/);
    expect(staticCacheControl('index.html')).toBe('no-cache');
    expect(staticCacheControl('index.html.br')).toBe('no-cache');
    expect(staticCacheControl('assets/logo.png')).toBe('no-cache');
  });

  it('should not serve files outside the web folder or compressed copies by name tricks', async () => {
    expect((await get('/../package.json')).statusCode).not.toBe(200);
    expect((await get('/%2e%2e/package.json')).statusCode).not.toBe(200);
  });
});
