// Branch scope, walked over every registered GET route: a user limited to one branch calls each one
// (with the ids and document numbers of records of every branch, and with filters naming other
// branches) and no answer may hold a row of another branch. Then the references inside bodies: a
// create or update naming another branch's record is a 403 and writes nothing.
import { PERMISSION_AREAS, type PermissionArea } from '@lbo/contract/common';
import { documentNoToPath } from '@lbo/contract/sales';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { jakartaToday } from '../src/http/dates';
import { referenceFields } from '../src/resources/references';
import {
  makeActivity,
  makeCustomer,
  makeInvoice,
  makeItem,
  makeItemCategory,
  makeOrder,
  makeStaff,
  makeTarget,
  makeVisit,
} from './factories';
import { createHarness, type Harness } from './harness';
import { credit, makeMax } from './points-factories';
import { protectedGetRoutes } from './support/routes';

let h: Harness;
let admin: string;
let user: string;
/** The one branch the user sees, and every other branch. */
let own: number;
let foreign: number[];
/** Customer ids by branch side. */
const customersOf = { own: new Set<number>(), foreign: new Set<number>() };
const ids = {
  customers: [] as number[],
  invoices: [] as number[],
  orders: [] as number[],
  ledger: [] as number[],
  max: [] as number[],
  salesmen: [] as number[],
  partners: [] as number[],
  branches: [] as number[],
  documents: [] as string[],
};
let foreignCustomer: number;
let ownCustomer: number;
let foreignSalesman: number;

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  const { b1, b2, b3 } = h.fixture.branches;
  own = b1.id;
  foreign = [b2.id, b3.id];
  ids.branches = [b1.id, b2.id, b3.id];
  // Every area, view / create / update, but only branch b1.
  const grants = Object.fromEntries(PERMISSION_AREAS.map((a) => [a, 'vcu'])) as Record<
    PermissionArea,
    string
  >;
  const walker = await makeStaff(db, { email: 'one.branch@example.com', grants, branches: [own] });
  admin = await h.login();
  user = await h.login(walker);

  const category = await makeItemCategory(db);
  const item = await makeItem(db, { item_category_id: category.id });
  const today = jakartaToday();
  const [year, month] = today.split('-').map(Number);
  const salesmanOf = new Map(h.fixture.salesmen.map((s) => [s.branch_id, s.id]));
  for (const branchId of ids.branches) {
    for (let n = 0; n < 2; n++) {
      const c = await makeCustomer(db, {
        branch_id: branchId,
        salesman_id: salesmanOf.get(branchId) ?? null,
      });
      ids.customers.push(c.id);
      (branchId === own ? customersOf.own : customersOf.foreign).add(c.id);
      const inv = await makeInvoice(db, {
        customer: c,
        invoice_date: today,
        lines: [{ item_id: item.id, qty: 1, price: 1000 }],
      });
      const ord = await makeOrder(db, {
        customer: c,
        transaction_date: today,
        lines: [{ item_id: item.id, qty: 1, price: 1000 }],
      });
      ids.invoices.push(inv.id);
      ids.orders.push(ord.id);
      ids.documents.push(inv.document_no, ord.document_no);
      const entry = await credit(db, c.id, 50);
      ids.ledger.push((entry as { id: number }).id);
      const max = await makeMax(db, {
        customer_id: c.id,
        max_point: 10,
        start_date: `${year}-01-01`,
        end_date: `${year + 1}-12-31`,
      });
      ids.max.push(max.id);
      await makeTarget(db, { customer_id: c.id, year, month, target_amount: 1000 });
      await makeActivity(db, { customer_id: c.id, activity: 'login', at: new Date().toISOString() });
      const visitor = salesmanOf.get(branchId);
      if (visitor) await makeVisit(db, { customer_id: c.id, salesman_id: visitor, visit_date: today });
      // A customer log row (made by the admin's edit).
      const edit = await h.call(admin, 'PUT', `/web/customer/id/${c.id}`, { note: `log ${c.id}` });
      expect(edit.status).toBe(200);
    }
  }
  ownCustomer = [...customersOf.own][0];
  foreignCustomer = [...customersOf.foreign][0];
  foreignSalesman = h.fixture.salesmen.find((s) => s.branch_id !== own)!.id;
  ids.salesmen = h.fixture.salesmen.map((s) => s.id);
  ids.partners = (await rows<{ id: number }>(db, sql`select id from partners`)).map((r) => r.id);
});
afterAll(async () => {
  await h?.close();
});

/** Every object in an answer (rows of lists, nested records, lines). */
function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) {
    for (const v of value) yield* objectsIn(v);
  } else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const v of Object.values(value)) yield* objectsIn(v);
  }
}

/** What in an answer belongs to another branch: a `branch_id` or a customer of another branch. */
function leaks(body: unknown): string[] {
  const found: string[] = [];
  for (const o of objectsIn(body)) {
    const branch = o.branch_id;
    if (typeof branch === 'number' && branch !== own) found.push(`branch_id ${branch}`);
    const customer = o.customer_id;
    if (typeof customer === 'number' && customersOf.foreign.has(customer))
      found.push(`customer_id ${customer}`);
    if (Array.isArray(o.customer_ids)) {
      for (const c of o.customer_ids) if (customersOf.foreign.has(c)) found.push(`customer_ids ${c}`);
    }
  }
  return found;
}

/** Values to put into a path parameter: ids of records of every branch, or document numbers. */
function candidates(param: string): string[] {
  if (/document/i.test(param))
    return ids.documents.flatMap((d) => [documentNoToPath(d), encodeURIComponent(d)]);
  const all = new Set<number>([
    ...ids.customers,
    ...ids.invoices,
    ...ids.orders,
    ...ids.ledger,
    ...ids.max,
    ...ids.salesmen,
    ...ids.partners,
    ...ids.branches,
  ]);
  return [...all].map(String);
}

function urlsFor(url: string): string[] {
  const params = [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  if (params.length === 0) return [url];
  // One parameter in every GET route today; several would take the same candidates each.
  let urls = [url];
  for (const p of params) {
    urls = urls.flatMap((u) => candidates(p).map((v) => u.replace(`:${p}`, v)));
  }
  return urls;
}

describe('scope walk: a user of one branch on every GET route', () => {
  it('should see nothing of another branch, whatever ids or filters it sends', async () => {
    const routes = protectedGetRoutes(h);
    expect(routes.length).toBeGreaterThan(30);
    // Filters naming other branches and their customers: narrowing, never widening.
    const foreignFilters = [
      '',
      '?limit=100',
      `?limit=100&branch_id=${foreign[0]}`,
      `?limit=100&branch_id=${foreign[1]}&customer_id=${foreignCustomer}`,
      `?customer_id=${foreignCustomer}`,
      '?show_all=1&limit=100',
    ];
    const problems: string[] = [];
    let answered = 0;
    let calls = 0;
    for (const route of routes) {
      const hasParams = route.url.includes(':');
      for (const base of urlsFor(route.url)) {
        for (const q of hasParams ? [''] : foreignFilters) {
          const res = await h.call(user, 'GET', `${base}${q}`);
          calls++;
          if (res.status === 200) {
            answered++;
            for (const leak of leaks(res.body)) problems.push(`GET ${base}${q}: ${leak}`);
          } else if (![400, 403, 404].includes(res.status)) {
            problems.push(`GET ${base}${q}: status ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The walk saw real data, not only refusals.
    expect(answered).toBeGreaterThan(calls / 10);
  }, 120_000); // every GET route with several id and filter variants: minutes on a loaded machine

  it('should see its own branch (the walk is not vacuous)', async () => {
    const list = await h.call(user, 'GET', '/web/customer/?limit=100');
    expect(list.status).toBe(200);
    expect(new Set(list.body.data.list_customer.map((c: { id: number }) => c.id))).toEqual(customersOf.own);
    const foreignGet = await h.call(user, 'GET', `/web/customer/id/${foreignCustomer}`);
    expect(foreignGet.status).toBe(403);
    // The admin sees every branch: the foreign rows exist.
    const all = await h.call(admin, 'GET', '/web/customer/?limit=100');
    expect(all.body.meta.total_data).toBe(ids.customers.length);
  });
});

describe('scope of references inside bodies', () => {
  const created = async (table: string) =>
    (
      await rows<{ n: number }>(h.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`)
    )[0].n;

  it.each([
    [
      'a salesman in another branch',
      'salesmen',
      'POST',
      '/web/salesman',
      () => ({
        salesman_code: 'S-OUT-1',
        salesman_name: 'Di luar',
        branch_id: foreign[1],
      }),
    ],
    [
      'a partner in another branch',
      'partners',
      'POST',
      '/web/partner',
      () => ({
        partner_code: 'P-OUT-1',
        partner_name: 'Di luar',
        branch_id: foreign[0],
      }),
    ],
    [
      'a maximum for another branch’s customer',
      'point_max_customers',
      'POST',
      '/point_max_customer/',
      () => ({
        customer_id: foreignCustomer,
        max_point: 5,
        start_date: '2099-01-01',
        end_date: '2099-01-31',
      }),
    ],
    [
      'a ledger movement for another branch’s customer',
      'point_ledger',
      'POST',
      '/point/',
      () => ({
        customer_id: foreignCustomer,
        point_type: 2,
        points: 5,
        reason: 'uji',
      }),
    ],
    [
      'a staff user for another branch',
      'staff_users',
      'POST',
      '/web/_user',
      () => ({
        name: 'Staf Luar',
        email: 'luar@example.com',
        password: 'rahasia-123',
        role_group_id: null,
        branch_ids: [foreign[0]],
      }),
    ],
    [
      'a staff user seeing every branch',
      'staff_users',
      'POST',
      '/web/_user',
      () => ({
        name: 'Staf Semua',
        email: 'semua@example.com',
        password: 'rahasia-123',
        role_group_id: null,
        all_branches: true,
      }),
    ],
    [
      'a staff user for a region with other branches',
      'staff_users',
      'POST',
      '/web/_user',
      () => ({
        name: 'Staf Wilayah',
        email: 'wilayah@example.com',
        password: 'rahasia-123',
        role_group_id: null,
        region_ids: [h.fixture.regions.bdg.id],
      }),
    ],
  ] as const)('should refuse %s with 403 and write nothing', async (_what, table, method, url, body) => {
    const before = await created(table);
    const res = await h.call(user, method, url, body());
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.err_code).toBe('FORBIDDEN');
    expect(await created(table)).toBe(before);
  });

  it('should refuse moving an own customer to another branch or salesman of another branch', async () => {
    const get = async () =>
      (await h.call(admin, 'GET', `/web/customer/id/${ownCustomer}`)).body.data.customer;
    const before = await get();
    const toBranch = await h.call(user, 'PUT', `/web/customer/id/${ownCustomer}`, { branch_id: foreign[0] });
    expect(toBranch.status).toBe(403);
    const toSalesman = await h.call(user, 'PUT', `/web/customer/id/${ownCustomer}`, {
      salesman_id: foreignSalesman,
    });
    expect(toSalesman.status).toBe(403);
    expect(toSalesman.body.err_msg[0]).toMatch(
      /^salesman_id: salesman .* is outside your assigned branches$/,
    );
    const after = await get();
    expect(after.branch_id).toBe(before.branch_id);
    expect(after.salesman_id).toBe(before.salesman_id);
    // Its own branch's salesman is fine.
    const ownSalesman = h.fixture.salesmen.find((s) => s.branch_id === own)!.id;
    const ok = await h.call(user, 'PUT', `/web/customer/id/${ownCustomer}`, { salesman_id: ownSalesman });
    expect(ok.status).toBe(200);
  });

  it('should refuse updating a maximum onto another branch’s customer, and bulk edits of foreign customers', async () => {
    const mine = (
      await rows<{ id: number }>(
        h.database.db,
        sql`select id from point_max_customers where customer_id = ${ownCustomer} limit 1`,
      )
    )[0].id;
    const moved = await h.call(user, 'PUT', `/point_max_customer/${mine}`, { customer_id: foreignCustomer });
    expect(moved.status).toBe(403);
    const unknown = await h.call(user, 'PUT', `/point_max_customer/${mine}`, { customer_id: 987654 });
    expect(unknown.status).toBe(404);
    const bulk = await h.call(user, 'PUT', '/web/customer/edit/note', {
      customer_ids: [ownCustomer, foreignCustomer],
      note: 'tidak boleh',
    });
    expect(bulk.status).toBe(403);
  });
});

type ZDef = { type: string; [k: string]: unknown };
const zdef = (s: unknown): ZDef | undefined => (s as { _zod?: { def: ZDef } })?._zod?.def;
/** The keys of a query schema (through its wrappers). */
function queryKeys(s: unknown): string[] {
  const d = zdef(s);
  if (!d) return [];
  if (d.type === 'object') return Object.keys(d.shape as object);
  if (d.type === 'pipe') return [...queryKeys(d.in), ...queryKeys(d.out)];
  return d.innerType ? queryKeys(d.innerType) : [];
}

describe('scope walk: list filters naming another branch', () => {
  // A read's filter narrows what the caller sees, never widens it: a filter naming another branch,
  // its store, salesman, region or region group answers exactly what a filter naming nothing does
  // (an empty list, zero totals), not a 403. A declared reference of a query (a write's preview:
  // GET /lottary/all/preview?branch_id=) is checked as a body's is: 403.
  it('should answer a filter naming another branch as one naming nothing, on every GET route that declares it', async () => {
    const db = h.database.db;
    const [away] = await rows<{ region_id: number; region_group_id: number | null; code: string }>(
      db,
      sql`select b.region_id, r.region_group_id, c.customer_code as code
          from customers c join branches b on b.id = c.branch_id join regions r on r.id = b.region_id
          where c.id = ${foreignCustomer}`,
    );
    const [ownRegion] = await rows<{ region_id: number }>(
      db,
      sql`select region_id from branches where id = ${own}`,
    );
    // Another branch's value and a value naming nothing, per filter.
    const values: Record<string, [string, string]> = {
      branch_id: [String(foreign[0]), '987654'],
      customer_id: [String(foreignCustomer), '987654'],
      salesman_id: [String(foreignSalesman), '987654'],
      customer_code: [away.code, 'NO-SUCH-STORE'],
      region_id: [String(away.region_id), '987654'],
      region_ids: [String(away.region_id), '987654'],
      region_group_id: [String(away.region_group_id), '987654'],
    };
    // What some lists require beside the filter: an own upload folder, a quarter, a semester.
    const folder = await h.call(admin, 'POST', '/upload-folder/', { name: 'Walk filters', branch_id: own });
    const required: Record<string, string> = {
      quarter: '1',
      semester: '1',
      upload_folder_id: String(folder.body.data.id),
    };
    const problems: string[] = [];
    let compared = 0;
    for (const route of protectedGetRoutes(h)) {
      if (route.url.includes(':')) continue;
      const extra = queryKeys(route.query)
        .filter((k) => Object.hasOwn(required, k))
        .map((k) => `&${k}=${required[k]}`)
        .join('');
      const keys = queryKeys(route.query).filter((k) => Object.hasOwn(values, k));
      const declared = new Set(referenceFields(route.query).map((f) => f.path));
      for (const key of keys) {
        // A region shared with the caller's branch is not another branch's.
        if (key.startsWith('region') && away.region_id === ownRegion.region_id) continue;
        if (key === 'region_group_id' && away.region_group_id === null) continue;
        const [foreignValue, nothing] = values[key];
        const url = (v: string) =>
          `${route.url.replace('/v1/api', '')}?limit=100${extra}&${key}=${encodeURIComponent(v)}`;
        const got = await h.call(user, 'GET', url(foreignValue));
        if (declared.has(key)) {
          if (got.status !== 403) problems.push(`GET ${url(foreignValue)}: ${got.status}, not 403`);
          continue;
        }
        const none = await h.call(user, 'GET', url(nothing));
        compared++;
        for (const leak of leaks(got.body)) problems.push(`GET ${url(foreignValue)}: ${leak}`);
        if (got.status !== 200 || JSON.stringify(got.body) !== JSON.stringify(none.body))
          problems.push(
            `GET ${url(foreignValue)}: ${got.status} ${JSON.stringify(got.body).slice(0, 160)} | naming nothing: ${none.status} ${JSON.stringify(none.body).slice(0, 160)}`,
          );
      }
    }
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThan(50);
  }, 180_000);
});
