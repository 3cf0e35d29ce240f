// The action registrar (resources/actions.ts) on its own: two small actions declared here against the
// real customers table, mounted on a bare Fastify app with the real auth, error envelope and OpenAPI.
// A record action (deactivate one customer; 409 when already inactive) and a list action with a
// confirmed count (deactivate every active customer of a branch, like DELETE /lottary/all).

import { ActionPreview, defineAction } from '@lbo/contract/action';
import { BusinessDate, Id } from '@lbo/contract/common';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rows } from '../src/db/client';
import { assertBranchInScope } from '../src/http/auth';
import { conflict } from '../src/http/errors';
import { customerResource } from '../src/modules/customers/customers.resource';
import { registerAction } from '../src/resources/actions';
import { makeCustomer } from './factories';
import { createHarness, type Harness } from './harness';
import { type BareApp, createBareApp } from './support/bare-app';

const deactivate = defineAction({
  name: 'test_deactivate',
  resource: 'customer',
  method: 'POST',
  path: '/test/customer/deactivate/:id',
  placement: 'record',
  body: z.object({
    reason: z.string().min(3, { error: 'must be at least 3 characters' }),
    until: BusinessDate,
    /** Fails after writing, to show the rollback. */
    fail: z.boolean().optional(),
  }),
  result: z.object({ id: Id, active: z.boolean() }),
  area: 'customer',
  action: 'update',
  summary: 'Test: deactivate one customer',
});

const deactivateBranch = defineAction({
  name: 'test_deactivate_branch',
  resource: 'customer',
  method: 'DELETE',
  path: '/test/customer/branch/:branch_id/active',
  placement: 'list',
  params: z.object({ branch_id: z.coerce.number().int().positive({ error: 'must be a positive id' }) }),
  result: z.object({ updated: z.number().int() }),
  area: 'customer',
  action: 'update',
  confirm: { preview: ActionPreview.extend({ branch_id: Id }), echoCount: true },
  summary: 'Test: deactivate every active customer of a branch',
});

let h: Harness;
let app: FastifyInstance;
let token: BareApp['token'];
let call: BareApp['call'];
const b = { b1: 0, b2: 0, b3: 0 };

const activeIn = async (branchId: number) =>
  (
    await rows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from customers where branch_id = ${branchId} and active`,
    )
  )[0].n;
const isActive = async (id: number) =>
  (await rows<{ active: boolean }>(h.database.db, sql`select active from customers where id = ${id}`))[0]
    .active;
const audits = (action: string) =>
  rows<{ entity: string; entity_id: string | null; user_id: number; before: any; after: any }>(
    h.database.db,
    sql`select entity, entity_id, user_id, before, after from audit_log where action = ${action} order by id`,
  );

beforeAll(async () => {
  h = await createHarness();
  b.b1 = h.fixture.branches.b1.id;
  b.b2 = h.fixture.branches.b2.id;
  b.b3 = h.fixture.branches.b3.id;
  const db = h.database.db;
  ({ app, token, call } = await createBareApp(h, {
    secret: 'actions-test-secret-actions-test-secret',
    grants: { customer: 'vcud' },
    mount(api) {
      registerAction(api, db, {
        contract: deactivate,
        resource: customerResource,
        async handler({ tx, id, record, body }) {
          if (!record?.active) throw conflict(`customer ${id} is already inactive`);
          await tx.execute(sql`update customers set active = false, note = ${body.reason} where id = ${id}`);
          if (body.fail) throw new Error('failed after writing');
          return { id: id!, active: false };
        },
      });
      registerAction(api, db, {
        contract: deactivateBranch,
        async preview({ tx, req, params }) {
          assertBranchInScope(req, params.branch_id);
          const [{ n }] = await rows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from customers where branch_id = ${params.branch_id} and active`,
          );
          return { count: n, branch_id: params.branch_id };
        },
        async handler({ tx, params }) {
          const changed = await rows(
            tx,
            sql`update customers set active = false where branch_id = ${params.branch_id} and active returning id`,
          );
          return { updated: changed.length };
        },
      });
    },
  }));
});

afterAll(async () => {
  await app?.close();
  await h?.close();
});

describe('record action', () => {
  it('should answer 401 without a token and 403 without the role action, changing nothing', async () => {
    const c = await makeCustomer(h.database.db, { branch_id: b.b1 });
    const body = { reason: 'closed', until: '2025-01-31' };
    const anon = await call(null, 'POST', `/test/customer/deactivate/${c.id}`, body);
    expect(anon.status).toBe(401);
    expect(anon.body.err_code).toBe('UNAUTHENTICATED');
    const viewOnly = await call(
      await token({ grants: { customer: 'v' } }),
      'POST',
      `/test/customer/deactivate/${c.id}`,
      body,
    );
    expect(viewOnly.status).toBe(403);
    expect(viewOnly.body).toEqual({
      data: null,
      err_code: 'FORBIDDEN',
      err_msg: ['You may not update customer data'],
    });
    expect(await isActive(c.id)).toBe(true);
  });

  it('should answer 404 for an unknown record and 403 for one outside the caller branches', async () => {
    const far = await makeCustomer(h.database.db, { branch_id: b.b3 });
    const scoped = await token({ branches: [b.b1, b.b2] });
    const body = { reason: 'closed', until: '2025-01-31' };
    const outside = await call(scoped, 'POST', `/test/customer/deactivate/${far.id}`, body);
    expect(outside.status).toBe(403);
    expect(outside.body.err_msg).toEqual([`customer ${far.id} is outside your assigned branches`]);
    const missing = await call(scoped, 'POST', '/test/customer/deactivate/987654', body);
    expect(missing.status).toBe(404);
    expect(missing.body.err_msg).toEqual(['customer 987654 not found']);
    expect(await isActive(far.id)).toBe(true);
  });

  it('should answer 400 naming every invalid field', async () => {
    const c = await makeCustomer(h.database.db, { branch_id: b.b1 });
    const admin = await token();
    const bad = await call(admin, 'POST', `/test/customer/deactivate/${c.id}`, {
      reason: 'x',
      until: '2025-13-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.err_code).toBe('VALIDATION_ERROR');
    expect(bad.body.err_msg).toEqual([
      'reason: must be at least 3 characters',
      'until: must be a date as YYYY-MM-DD',
    ]);
    const badId = await call(admin, 'POST', '/test/customer/deactivate/abc', {
      reason: 'closed',
      until: '2025-01-31',
    });
    expect(badId.status).toBe(400);
    expect(badId.body.err_msg).toEqual(['id: must be a positive id']);
    expect(await isActive(c.id)).toBe(true);
  });

  it('should write the change and one audit row with the record before and the answer', async () => {
    const c = await makeCustomer(h.database.db, { branch_id: b.b1 });
    const res = await call(await token(), 'POST', `/test/customer/deactivate/${c.id}`, {
      reason: 'tutup permanen',
      until: '2025-01-31',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: c.id, active: false } });
    expect(await isActive(c.id)).toBe(false);
    const rowsFor = (await audits('test_deactivate')).filter((a) => a.entity_id === String(c.id));
    expect(rowsFor).toHaveLength(1);
    expect(rowsFor[0]).toMatchObject({
      entity: 'customer',
      user_id: h.fixture.adminId,
      before: { id: c.id, customer_code: c.customer_code, active: true },
      after: {
        params: { id: c.id },
        body: { reason: 'tutup permanen', until: '2025-01-31' },
        result: { id: c.id, active: false },
      },
    });
    // The handler's own refusal: the second call finds it inactive.
    const again = await call(await token(), 'POST', `/test/customer/deactivate/${c.id}`, {
      reason: 'tutup permanen',
      until: '2025-01-31',
    });
    expect(again.status).toBe(409);
    expect(again.body.err_msg).toEqual([`customer ${c.id} is already inactive`]);
  });

  it('should roll back everything when the handler throws after writing', async () => {
    const c = await makeCustomer(h.database.db, { branch_id: b.b1, note: 'before' });
    const auditsBefore = (await audits('test_deactivate')).length;
    const res = await call(await token(), 'POST', `/test/customer/deactivate/${c.id}`, {
      reason: 'half written',
      until: '2025-01-31',
      fail: true,
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ data: null, err_code: 'INTERNAL', err_msg: ['Internal server error'] });
    const [row] = await rows<{ active: boolean; note: string }>(
      h.database.db,
      sql`select active, note from customers where id = ${c.id}`,
    );
    expect(row).toEqual({ active: true, note: 'before' });
    expect((await audits('test_deactivate')).length).toBe(auditsBefore);
  });

  it('should run the same call twice at once one after the other: one 200, one 409', async () => {
    const c = await makeCustomer(h.database.db, { branch_id: b.b2 });
    const tok = await token();
    const body = { reason: 'dua kali', until: '2025-01-31' };
    const both = await Promise.all([
      call(tok, 'POST', `/test/customer/deactivate/${c.id}`, body),
      call(tok, 'POST', `/test/customer/deactivate/${c.id}`, body),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await audits('test_deactivate')).filter((a) => a.entity_id === String(c.id))).toHaveLength(1);
  });
});

describe('list action with a confirmed count', () => {
  it('should preview the count, scoped, with the same permission', async () => {
    for (let i = 0; i < 3; i++) await makeCustomer(h.database.db, { branch_id: b.b3 });
    await makeCustomer(h.database.db, { branch_id: b.b3, active: false });
    const expected = await activeIn(b.b3);
    expect(expected).toBeGreaterThanOrEqual(3);
    const res = await call(await token(), 'GET', `/test/customer/branch/${b.b3}/active/preview`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { count: expected, branch_id: b.b3 } });
    expect((await call(null, 'GET', `/test/customer/branch/${b.b3}/active/preview`)).status).toBe(401);
    const viewOnly = await token({ grants: { customer: 'v' } });
    expect((await call(viewOnly, 'GET', `/test/customer/branch/${b.b3}/active/preview`)).status).toBe(403);
    const scoped = await token({ branches: [b.b1] });
    const outside = await call(scoped, 'GET', `/test/customer/branch/${b.b3}/active/preview`);
    expect(outside.status).toBe(403);
    expect(outside.body.err_msg).toEqual(['That branch is outside your assigned branches']);
  });

  it('should refuse a missing confirm_count (400) and a stale one (409), changing nothing', async () => {
    const n = await activeIn(b.b3);
    const admin = await token();
    const missing = await call(admin, 'DELETE', `/test/customer/branch/${b.b3}/active`);
    expect(missing.status).toBe(400);
    expect(missing.body.err_msg).toEqual([
      'confirm_count: must be the number of rows the confirmation named',
    ]);
    const stale = await call(admin, 'DELETE', `/test/customer/branch/${b.b3}/active?confirm_count=${n + 7}`);
    expect(stale.status).toBe(409);
    expect(stale.body.err_msg).toEqual([`the number of rows changed from ${n + 7} to ${n}; check again`]);
    expect(await activeIn(b.b3)).toBe(n);
    const scoped = await token({ branches: [b.b1] });
    expect(
      (await call(scoped, 'DELETE', `/test/customer/branch/${b.b3}/active?confirm_count=${n}`)).status,
    ).toBe(403);
    expect(await activeIn(b.b3)).toBe(n);
  });

  it('should apply with the right count, audit it, and refuse the same request sent twice at once', async () => {
    const admin = await token();
    const n = await activeIn(b.b3);
    const both = await Promise.all([
      call(admin, 'DELETE', `/test/customer/branch/${b.b3}/active?confirm_count=${n}`),
      call(admin, 'DELETE', `/test/customer/branch/${b.b3}/active?confirm_count=${n}`),
    ]);
    const ok = both.find((r) => r.status === 200);
    const refused = both.find((r) => r.status === 409);
    expect(ok?.body).toEqual({ data: { updated: n } });
    expect(refused?.body.err_msg).toEqual([`the number of rows changed from ${n} to 0; check again`]);
    expect(await activeIn(b.b3)).toBe(0);
    const [entry] = await audits('test_deactivate_branch');
    expect(entry).toMatchObject({
      entity: 'customer',
      entity_id: null,
      before: null,
      after: { params: { branch_id: b.b3 }, query: { confirm_count: n }, result: { updated: n } },
    });
    expect(await audits('test_deactivate_branch')).toHaveLength(1);
    const preview = await call(admin, 'GET', `/test/customer/branch/${b.b3}/active/preview`);
    expect(preview.body.data.count).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('should describe each action and its preview with schemas, tags and the confirmation rules', () => {
    const doc = app.swagger() as any;
    const post = doc.paths['/v1/api/test/customer/deactivate/{id}'].post;
    expect(post.tags).toEqual(['customer']);
    expect(post.summary).toBe('Test: deactivate one customer');
    expect(post.operationId).toBe('customer_test_deactivate');
    expect(post.parameters.map((p: any) => [p.in, p.name])).toEqual([['path', 'id']]);
    expect(Object.keys(post.requestBody.content['application/json'].schema.properties)).toEqual([
      'reason',
      'until',
      'fail',
    ]);
    expect(
      Object.keys(post.responses['200'].content['application/json'].schema.properties.data.properties),
    ).toEqual(['id', 'active']);
    const del = doc.paths['/v1/api/test/customer/branch/{branch_id}/active'].delete;
    expect(del.parameters.map((p: any) => [p.in, p.name])).toContainEqual(['query', 'confirm_count']);
    expect(del.description).toMatch(/confirm_count/);
    const preview = doc.paths['/v1/api/test/customer/branch/{branch_id}/active/preview'].get;
    expect(preview.tags).toEqual(['customer']);
    expect(
      Object.keys(preview.responses['200'].content['application/json'].schema.properties.data.properties),
    ).toEqual(['count', 'branch_id']);
  });
});
