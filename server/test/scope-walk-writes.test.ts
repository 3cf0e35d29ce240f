// The scope walk over writes: a scoped writer (create/update/delete in every area but staff and roles,
// on two branches) calls every signed-in route of the route table, every method, with records of the
// third branch in the path and in every reference field of the body and the query, generated from the
// declarations (resource scope rules, contract `ref` fields). No such call may succeed, and no record
// of the other branch may change.
import { PERMISSION_AREAS, type PermissionArea } from '@lbo/contract/common';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { type AnyResourceDef, scopeCondition } from '../src/resources/define';
import { baseQuery } from '../src/resources/records';
import { reachesBranch, referenceFields, referenceKind } from '../src/resources/references';
import { makeCustomer, makeItem, makeItemCategory, makeStaff } from './factories';
import { createHarness, type Harness } from './harness';
import { protectedRoutes } from './support/routes';

let h: Harness;
let admin: string;
let writer: string;
let foreignBranch: number;
const writerReq = { user: { branches: [] as number[] } } as unknown as FastifyRequest;
/** Records of the other branch, by resource name: ids and codes. */
const foreignOf = new Map<string, { ids: number[]; codes: string[] }>();
const scopedDefs: AnyResourceDef[] = [];

async function foreignRecords(def: AnyResourceDef) {
  const cond = scopeCondition(def, writerReq);
  if (!cond) return { ids: [], codes: [] };
  const found = (await baseQuery(h.database.db, def, {
    id: def.table.id,
    code: def.code ?? def.table.id,
  })
    .where(sql`not (${cond})`)
    .orderBy(def.table.id)
    .limit(2)) as { id: number; code: unknown }[];
  return { ids: found.map((r) => r.id), codes: found.map((r) => String(r.code)) };
}

/** A fingerprint of every record of the other branch, per scoped resource. */
async function foreignData(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const def of scopedDefs) {
    const cond = scopeCondition(def, writerReq);
    if (!cond) continue;
    const [r] = await rows<{ h: string | null }>(
      h.database.db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h from ${def.table} t
          where t.id in (${baseQuery(h.database.db, def, { id: def.table.id }).where(sql`not (${cond})`)})`,
    );
    out[def.contract.name] = r.h ?? '';
  }
  return out;
}

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  const { b1, b2, b3 } = h.fixture.branches;
  foreignBranch = b2.id;
  (writerReq.user as { branches: number[] }).branches = [b1.id, b3.id];
  const grants = Object.fromEntries(
    PERMISSION_AREAS.filter((a) => a !== 'staff_user' && a !== 'role').map((a) => [a, 'vcud']),
  ) as Record<PermissionArea, string>;
  const w = await makeStaff(db, { email: 'scoped.writer@example.com', grants, branches: [b1.id, b3.id] });
  admin = await h.login();
  writer = await h.login(w);
  // Records of every branch: stores, promos with lines, upload folders.
  const cat = await makeItemCategory(db, { name: 'Walk', code: 'WALK-W' });
  const item = await makeItem(db, { item_category_id: cat.id });
  const salesmanOf = new Map(h.fixture.salesmen.map((s) => [s.branch_id, s.id]));
  for (const branch of [b1, b2, b3]) {
    const c = await makeCustomer(db, {
      branch_id: branch.id,
      salesman_id: salesmanOf.get(branch.id) ?? null,
    });
    const p = await h.call(admin, 'POST', '/web/promo', {
      name: `Walk ${branch.id}`,
      start_date: '2030-01-01',
      end_date: '2030-12-31',
      branch_id: branch.id,
    });
    const l = await h.call(admin, 'POST', '/apps/promo_line/add', {
      promo_id: p.body.data.id,
      name: 'L',
      item_ids: [item.id],
    });
    await h.call(admin, 'POST', '/web/promo_bonus_item_line/add', {
      promo_line_id: l.body.data.id,
      item_id: item.id,
      qty: 1,
    });
    await h.call(admin, 'POST', '/upload-folder/', { name: `F ${branch.id}`, branch_id: branch.id });
    await h.call(admin, 'POST', '/point/', { customer_id: c.id, point_type: 2, points: 10, reason: 'walk' });
    await h.call(admin, 'POST', '/point_max_customer/', {
      customer_id: c.id,
      max_point: 5,
      start_date: '2030-01-01',
      end_date: '2030-01-31',
    });
  }
  const names = new Set(
    protectedRoutes(h)
      .map((r) => (typeof r.scope === 'object' ? r.scope.resource : null))
      .filter((n): n is string => !!n),
  );
  for (const name of names) {
    const def = referenceKind(name);
    if (!def || !reachesBranch(name)) continue;
    scopedDefs.push(def);
    foreignOf.set(name, await foreignRecords(def));
  }
});
afterAll(async () => {
  await h?.close();
});

type ZDef = { type: string; [k: string]: unknown };
const zdef = (s: unknown): ZDef | undefined => (s as any)?._zod?.def;

/** A value the schema accepts (as far as a generic sample goes): required fields only. */
function sample(s: unknown): unknown {
  const d = zdef(s);
  if (!d) return undefined;
  switch (d.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape as Record<string, unknown>)) {
        const t = zdef(v)?.type;
        if (t === 'optional' || t === 'default' || t === 'prefault') continue;
        out[k] = sample(v);
      }
      return out;
    }
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(d.innerType);
    case 'optional':
    case 'default':
    case 'prefault':
      return sample(d.innerType);
    case 'pipe':
      return sample(d.in);
    case 'array':
      return [sample(d.element)];
    case 'union':
      return sample((d.options as unknown[])[0]);
    case 'string': {
      const fmt = (s as { format?: string }).format;
      if (fmt === 'email') return 'walk@example.com';
      if (fmt === 'date') return '2030-01-01';
      return 'Walk';
    }
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0];
    case 'literal':
      return (d.values as unknown[])[0];
    default:
      return undefined;
  }
}

/** Sets every reference field of `body` (top level and lists) to records of the other branch. */
function withForeignReferences(schema: unknown, body: Record<string, unknown>): boolean {
  let named = false;
  for (const f of referenceFields(schema)) {
    if (f.path.includes('[].') || !reachesBranch(f.kind)) continue;
    const key = f.path.replace(/\[\]$/, '');
    let value: unknown;
    if (f.kind === 'branch') value = foreignBranch;
    else {
      const found = foreignOf.get(f.kind);
      if (!found || found.ids.length === 0) continue;
      value = f.by === 'code' ? found.codes[0] : found.ids[0];
    }
    body[key] = f.path.endsWith('[]') ? [value] : value;
    named = true;
  }
  return named;
}

/** Whether a query schema asks for the preview's count to be echoed. */
const confirmed = (schema: unknown) => {
  const shape = zdef(schema)?.shape as Record<string, unknown> | undefined;
  return !!shape && Object.hasOwn(shape, 'confirm_count');
};

describe('scope walk: a scoped writer on every route, with the other branch’s records', () => {
  it('should neither read nor change a record of the other branch', async () => {
    const before = await foreignData();
    const problems: string[] = [];
    let refused = 0;
    let calls = 0;
    for (const route of protectedRoutes(h)) {
      if (route.method === 'GET' || route.scope === 'own') continue;
      const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
      const resource = typeof route.scope === 'object' ? route.scope.resource : null;
      const ids = resource && foreignOf.has(resource) ? foreignOf.get(resource)!.ids : [];
      // A path naming a record: one of the other branch's (a route of unscoped records has none).
      if (params.length > 0 && ids.length === 0) continue;
      const url = params.reduce((u, p) => u.replace(`:${p}`, String(ids[0])), route.url);
      const body = (route.body ? sample(route.body) : undefined) as Record<string, unknown> | undefined;
      const names = body ? withForeignReferences(route.body, body) : false;
      if (body) for (const p of params) if (p in body) body[p] = ids[0];
      // The query's reference fields too (a write's filter: DELETE /lottary/all?branch_id=).
      const query: Record<string, unknown> = {};
      const queryNames = route.query ? withForeignReferences(route.query, query) : false;
      if (params.length === 0 && !names && !queryNames) continue; // names nothing of another branch
      const search = new URLSearchParams(
        Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
      );
      // A count-confirmed action is sent the count its preview answers, so the call reaches the action.
      if (queryNames && confirmed(route.query)) {
        const preview = await h.call(writer, 'GET', `${url}/preview?${search}`);
        search.set('confirm_count', String(preview.body?.data?.count ?? 0));
      }
      const target = search.size > 0 ? `${url}?${search}` : url;
      const res = await h.call(writer, route.method as 'POST', target, body);
      calls++;
      if (res.status === 403 || res.status === 404) refused++;
      if (res.status < 400 || res.status >= 500)
        problems.push(
          `${route.method} ${target} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        );
    }
    expect(problems).toEqual([]);
    expect(await foreignData()).toEqual(before);
    // The walk reached the scope checks, not only validation.
    expect(calls).toBeGreaterThan(30);
    expect(refused).toBeGreaterThan(calls / 2);
  }, 120_000);
});
