// The import pipeline (resources/imports.ts) on its own: a small import declared here over the real
// customer_targets table (natural key customer_code + year + month, codes resolved to ids, branch
// scope), mounted on a bare Fastify app with the real auth, error envelope and OpenAPI document.

import { defineImport } from '@lbo/contract/import';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rows } from '../src/db/client';
import { registerImport, upsertRows } from '../src/resources/imports';
import { makeCustomer } from './factories';
import { createHarness, type Harness } from './harness';
import { type BareApp, createBareApp } from './support/bare-app';

const targetImport = defineImport({
  name: 'test_customer_target',
  path: '/test/customer_target/import',
  area: 'target',
  row: z.object({
    customer_code: z.string({ error: 'must be a customer code' }).trim().min(1, { error: 'is required' }),
    year: z.number({ error: 'must be a year' }).int().min(2000).max(2100),
    month: z
      .number({ error: 'must be a month 1-12' })
      .int()
      .min(1)
      .max(12, { error: 'must be a month 1-12' }),
    target_amount: z.number({ error: 'must be an amount' }).min(0, { error: 'must be 0 or more' }),
  }),
  /** Test only: throw inside the write after its statements ran. */
  params: z.object({ crash: z.boolean().optional() }),
  key: ['customer_code', 'year', 'month'],
  maxRows: 10_000,
  summary: 'Test: monthly customer targets',
  template: {
    columns: ['customer_code', 'year', 'month', 'target_amount'],
    required: ['customer_code', 'year', 'month', 'target_amount'],
    example: { customer_code: 'C-00001', year: 2025, month: 1, target_amount: 1_000_000 },
  },
});

type Resolved = { customer_id: number; year: number; month: number; target_amount: number }[];

let h: Harness;
let app: FastifyInstance;
let token: BareApp['token'];
let call: BareApp['call'];
const codes: string[] = [];
let foreignCode = '';

const post = (tok: string | null, payload: unknown) => call(tok, 'POST', targetImport.path, payload);

const stored = () =>
  rows<{ customer_code: string; year: number; month: number; target_amount: number; xmin: string }>(
    h.database.db,
    sql`select c.customer_code, t.year, t.month, t.target_amount, t.xmin::text as xmin
        from customer_targets t join customers c on c.id = t.customer_id
        order by c.customer_code, t.year, t.month`,
  );
const auditCount = async () =>
  (
    await rows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from audit_log where entity = 'test_customer_target'`,
    )
  )[0].n;

const row = (i: number, overrides: Record<string, unknown> = {}) => ({
  customer_code: codes[i % codes.length],
  year: 2025,
  month: 1 + Math.floor(i / codes.length),
  target_amount: 1_000_000 + i,
  ...overrides,
});

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  for (let i = 0; i < 3; i++) {
    codes.push(
      (await makeCustomer(db, { branch_id: h.fixture.branches.b1.id, customer_code: `IMP-${i}` }))
        .customer_code,
    );
  }
  foreignCode = (await makeCustomer(db, { branch_id: h.fixture.branches.b3.id, customer_code: 'IMP-SBY' }))
    .customer_code;
  ({ app, token, call } = await createBareApp(h, {
    secret: 'imports-test-secret-imports-test-secret',
    grants: { target: 'vc' },
    mount(api) {
      registerImport<typeof targetImport, Resolved>(api, db, {
        contract: targetImport,
        async resolve(tx, parsed, ctx) {
          const found = await rows<{ id: number; customer_code: string; branch_id: number }>(
            tx,
            sql`select id, customer_code, branch_id from customers
                where customer_code in (select json_array_elements_text(${JSON.stringify(parsed.map((r) => r.row.customer_code))}::json))`,
          );
          const byCode = new Map(found.map((c) => [c.customer_code, c]));
          const scope = ctx.req.user.branches;
          const out: Resolved = [];
          for (const { index, row } of parsed) {
            const c = byCode.get(row.customer_code);
            if (!c) ctx.fail(index, `customer_code '${row.customer_code}' not found`);
            else if (scope !== 'all' && !scope.includes(c.branch_id)) {
              ctx.outside(index, `customer_code '${row.customer_code}' is outside your assigned branches`);
            } else
              out.push({
                customer_id: c.id,
                year: row.year,
                month: row.month,
                target_amount: row.target_amount,
              });
          }
          return out;
        },
        async write(tx, resolved, ctx) {
          const r = await upsertRows(tx, {
            table: 'customer_targets',
            key: [
              { name: 'customer_id', type: 'integer' },
              { name: 'year', type: 'integer' },
              { name: 'month', type: 'integer' },
            ],
            columns: [{ name: 'target_amount', type: 'numeric(18,2)' }],
            touch: ['updated_at'],
            rows: resolved,
          });
          if (ctx.params?.crash) throw new Error('crashed after writing');
          return { result: { inserted: r.inserted, updated: r.updated, unchanged: r.unchanged } };
        },
      });
    },
  }));
});
afterAll(async () => {
  await app?.close();
  await h?.close();
});

describe('registerImport', () => {
  it('should report every bad row with its number and field, and write nothing', async () => {
    const tok = await token();
    const res = await post(tok, {
      rows: [
        row(0),
        { year: 2025, month: 1, target_amount: 5 },
        row(2, { month: 13, target_amount: -1 }),
        row(3, { customer_code: 'NOPE' }),
        row(4),
        row(0, { target_amount: 7 }),
        'not a row',
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe('VALIDATION_ERROR');
    expect(res.body.err_msg).toEqual([
      'row 2: customer_code: is required',
      'row 3: month: must be a month 1-12',
      'row 3: target_amount: must be 0 or more',
      "row 4: customer_code 'NOPE' not found",
      'row 6: duplicate of row 1 (customer_code IMP-0, year 2025, month 1)',
      expect.stringMatching(/^row 7: /),
    ]);
    expect(await stored()).toEqual([]);
    expect(await auditCount()).toBe(0);
  });

  it('should insert, then answer all unchanged on a re-send without touching a row', async () => {
    const tok = await token();
    const body = { rows: Array.from({ length: 9 }, (_, i) => row(i)) };
    const first = await post(tok, body);
    expect(first).toEqual({ status: 200, body: { data: { inserted: 9, updated: 0, unchanged: 0 } } });
    const before = await stored();
    expect(before).toHaveLength(9);
    const again = await post(tok, body);
    expect(again.body.data).toEqual({ inserted: 0, updated: 0, unchanged: 9 });
    // No new row versions: an unchanged row is not rewritten.
    expect(await stored()).toEqual(before);
    const [audit] = await rows<{ after: Record<string, number> }>(
      h.database.db,
      sql`select after from audit_log where entity = 'test_customer_target' order by id desc limit 1`,
    );
    expect(audit.after).toEqual({ rows: 9, inserted: 0, updated: 0, unchanged: 9 });
  });

  it('should count a changed row as updated and a new key as inserted', async () => {
    const tok = await token();
    const res = await post(tok, {
      rows: [row(0, { target_amount: 42 }), row(1), row(20, { month: 12 })],
    });
    expect(res.body.data).toEqual({ inserted: 1, updated: 1, unchanged: 1 });
    const all = await stored();
    expect(all.find((r) => r.customer_code === 'IMP-0' && r.month === 1)?.target_amount).toBe(42);
    expect(all).toHaveLength(10);
  });

  it('should answer the counts of a dry run and write nothing', async () => {
    const tok = await token();
    const before = await stored();
    const audits = await auditCount();
    const res = await post(tok, {
      rows: [row(0, { target_amount: 43 }), row(21, { month: 11 })],
      dry_run: true,
    });
    expect(res.body.data).toEqual({ inserted: 1, updated: 1, unchanged: 0, dry_run: true });
    expect(await stored()).toEqual(before);
    expect(await auditCount()).toBe(audits);
    // A dry run reports bad rows the same way.
    const bad = await post(tok, { rows: [row(0, { customer_code: 'NOPE' })], dry_run: true });
    expect(bad.status).toBe(400);
    expect(bad.body.err_msg).toEqual(["row 1: customer_code 'NOPE' not found"]);
  });

  it('should roll everything back when the write fails after its statements', async () => {
    const tok = await token();
    const before = await stored();
    const audits = await auditCount();
    const res = await post(tok, {
      rows: [row(0, { target_amount: 99 }), row(22, { month: 10 })],
      crash: true,
    });
    expect(res.status).toBe(500);
    expect(res.body.err_msg).toEqual(['Internal server error']);
    expect(await stored()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('should write the same import sent twice at once exactly once', async () => {
    const tok = await token();
    const body = { rows: Array.from({ length: 30 }, (_, i) => row(i, { year: 2030 })) };
    const [a, b] = await Promise.all([post(tok, body), post(tok, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const answers = [a.body.data, b.body.data].sort((x, y) => y.inserted - x.inserted);
    expect(answers).toEqual([
      { inserted: 30, updated: 0, unchanged: 0 },
      { inserted: 0, updated: 0, unchanged: 30 },
    ]);
    expect((await stored()).filter((r) => r.year === 2030)).toHaveLength(30);
  });

  it('should need a token (401), the role (403) and rows in the caller branches (403, each named)', async () => {
    expect((await post(null, { rows: [row(0)] })).status).toBe(401);
    const viewer = await token({ grants: { target: 'v' } });
    const refused = await post(viewer, { rows: [row(0)] });
    expect(refused.status).toBe(403);
    expect(refused.body.err_code).toBe('FORBIDDEN');
    const branch = await token({ branches: [h.fixture.branches.b1.id] });
    const before = await stored();
    const outside = await post(branch, {
      rows: [
        row(0, { target_amount: 5 }),
        row(1, { customer_code: foreignCode }),
        row(2, { customer_code: foreignCode, month: 2 }),
      ],
    });
    expect(outside.status).toBe(403);
    expect(outside.body.err_msg).toEqual([
      "row 2: customer_code 'IMP-SBY' is outside your assigned branches",
      "row 3: customer_code 'IMP-SBY' is outside your assigned branches",
    ]);
    expect(await stored()).toEqual(before);
    // Row problems (400) win over scope problems (403).
    const both = await post(branch, { rows: [row(1, { customer_code: foreignCode }), row(0, { month: 0 })] });
    expect(both.status).toBe(400);
    expect(both.body.err_msg).toEqual(['row 2: month: must be a month 1-12']);
  });

  it('should check the envelope first: a list, 1..maxRows rows, the params', async () => {
    const tok = await token();
    const cases: [unknown, string][] = [
      [{}, 'rows: must be a list of rows'],
      [{ rows: [] }, 'rows: must hold at least one row'],
      [{ rows: 'x' }, 'rows: must be a list of rows'],
      [{ rows: Array.from({ length: 10_001 }, () => ({})) }, 'rows: may hold at most 10000 rows'],
      [{ rows: [row(0)], dry_run: 'yes' }, 'dry_run: must be true or false'],
    ];
    for (const [body, message] of cases) {
      const res = await post(tok, body);
      expect({ body: JSON.stringify(body).slice(0, 40), status: res.status, msg: res.body.err_msg }).toEqual({
        body: JSON.stringify(body).slice(0, 40),
        status: 400,
        msg: [message],
      });
    }
  });

  it('should cap the messages at 500 and count the rest', async () => {
    const tok = await token();
    const res = await post(tok, { rows: Array.from({ length: 700 }, (_, i) => row(i, { month: 99 })) });
    expect(res.status).toBe(400);
    expect(res.body.err_msg).toHaveLength(501);
    expect(res.body.err_msg[500]).toBe('... and 200 more');
  });

  it('should document the rows with their schema and the rules in OpenAPI', async () => {
    const doc = app.swagger() as any;
    const op = doc.paths['/v1/api/test/customer_target/import'].post;
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema.properties.rows.maxItems).toBe(10_000);
    expect(schema.properties.rows.items.properties.customer_code).toBeDefined();
    expect(op.description).toMatch(/All or nothing/);
    expect(op.description).toMatch(/Idempotent on customer_code \+ year \+ month/);
    expect(op.description).toMatch(/dry_run/);
  });
});

describe('POST /point/inject/ on the pipeline', () => {
  const balance = async (code: string) =>
    (
      await rows<{ point_balance: number }>(
        h.database.db,
        sql`select point_balance from customers where customer_code = ${code}`,
      )
    )[0].point_balance;

  it('should credit rows by code and by id, and a dry run credits nothing', async () => {
    const admin = await h.login();
    const [c1] = await rows<{ id: number }>(
      h.database.db,
      sql`select id from customers where customer_code = 'IMP-1'`,
    );
    const before = [await balance('IMP-0'), await balance('IMP-1')];
    const body = {
      rows: [{ customer_code: 'IMP-0' }, { customer_id: c1.id }],
      points: 15,
      reason: 'Import test',
    };
    const dry = await h.call(admin, 'POST', '/point/inject/', { ...body, dry_run: true });
    expect(dry.status).toBe(201);
    expect(dry.body.data).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
      count: 2,
      points: 15,
      total_points: 30,
      ids: [],
      dry_run: true,
    });
    expect([await balance('IMP-0'), await balance('IMP-1')]).toEqual(before);
    const res = await h.call(admin, 'POST', '/point/inject/', body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ inserted: 2, count: 2, total_points: 30 });
    expect(res.body.data.ids).toHaveLength(2);
    expect([await balance('IMP-0'), await balance('IMP-1')]).toEqual([before[0] + 15, before[1] + 15]);
  });

  it('should refuse a customer named by code and by id, and a row naming neither', async () => {
    const admin = await h.login();
    const [c0] = await rows<{ id: number }>(
      h.database.db,
      sql`select id from customers where customer_code = 'IMP-0'`,
    );
    const res = await h.call(admin, 'POST', '/point/inject/', {
      rows: [
        { customer_code: 'IMP-0' },
        { customer_id: c0.id },
        {},
        { customer_code: 'IMP-0', customer_id: c0.id },
      ],
      points: 5,
      reason: 'x',
    });
    expect(res.status).toBe(400);
    expect(res.body.err_msg).toEqual([
      'row 2: duplicate of row 1 (customer IMP-0)',
      'row 3: customer_code: give either customer_code or customer_id',
      'row 4: customer_code: give either customer_code or customer_id',
    ]);
  });

  it('should say in OpenAPI that an injection is not idempotent', async () => {
    const doc = await h.call(null, 'GET', '/openapi.json');
    const op = doc.body.paths['/v1/api/point/inject/'].post;
    expect(op.description).toMatch(/NOT idempotent/);
    expect(op.requestBody.content['application/json'].schema.properties.customer_codes).toBeDefined();
  });
});
