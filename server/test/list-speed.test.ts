// The customer list's search under equality filters (one GIN index over the
// search column and the filters as tags, migration 0012_list_speed) and the lists' prepared statements.
// Every answer is checked against plain SQL over the same rows: the plan may change, the rows may not.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/customers';
import { FilterTags } from '../src/http/list-query';
import { customerFilterTags, customerResource } from '../src/modules/customers/customers.resource';
import { itemResource } from '../src/modules/products/products.resource';
import { forgetRowEstimates, pagedList } from '../src/resources/list';
import { selectColumns } from '../src/resources/records';
import { makeCustomer, makeCustomerType, makeItem, makeItemCategory } from './factories';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let branchUser: string;
let toko: number;
let warung: number;
const db = () => h.database.db;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  branchUser = await h.login(BRANCH_USER);
  const { b1, b2, b3 } = h.fixture.branches;
  // Two types whose names never share a word (every "toko" is of one type, every "warung" of the
  // other): the correlation the planner cannot see. Flags and max points vary independently.
  toko = (await makeCustomerType(db(), { name: 'Toko' })).id;
  warung = (await makeCustomerType(db(), { name: 'Warung' })).id;
  for (let i = 0; i < 90; i++) {
    const isToko = i % 3 !== 0;
    await makeCustomer(db(), {
      branch_id: [b1.id, b2.id, b3.id][i % 3],
      customer_type_id: isToko ? toko : warung,
      customer_name: `${isToko ? 'Toko' : 'Warung'} Sumber ${i % 5 === 0 ? 'Rejeki' : 'Makmur'} ${i}`,
      active: i % 7 !== 0,
      installed: i % 2 === 0,
      class_mekar: i % 9 === 0,
      monthly_max_point: i % 4 === 0 ? null : 100,
    });
  }
  await db().execute(sql`analyze customers`);
  forgetRowEstimates(db());
});
afterAll(() => h.close());

type Body = { data: Record<string, { id: number }[]>; meta: { total_data: number; total_estimated?: true } };

const listIds = async (token: string, query: string) => {
  const res = await h.call(token, 'GET', `/web/customer/?${query}`);
  expect(res.status).toBe(200);
  const body = res.body as Body;
  return { ids: Object.values(body.data)[0].map((r) => r.id), meta: body.meta };
};

/** The same list in plain SQL: every match, newest first (the list's default order). */
const expected = async (where: ReturnType<typeof sql>) =>
  (
    (await db().execute(sql`select id from customers where ${where} order by id desc`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((r) => r.id);

describe('FilterTags', () => {
  it('should tag the filters present, a flag only for its rare value, and a scoped caller’s branches', () => {
    const dialect = (db() as unknown as { dialect: { sqlToQuery(q: unknown): { params: unknown[] } } })
      .dialect;
    const text = (c: ReturnType<FilterTags['condition']>) => (c ? dialect.sqlToQuery(c).params : undefined);
    expect(text(customerFilterTags.condition({ customer_type_id: 4, search: 'toko' }))).toEqual([['t4']]);
    expect(text(customerFilterTags.condition({ active: true }))).toBeUndefined();
    expect(text(customerFilterTags.condition({ active: false, class_mekar: true, branch_id: 3 }))).toEqual([
      ['b3', 'afalse', 'ktrue'],
    ]);
    expect(text(customerFilterTags.condition({ monthly_max_point: true }, [1, 2]))).toEqual([
      ['mtrue'],
      ['b1', 'b2'],
    ]);
    expect(text(customerFilterTags.condition({}, 'all'))).toBeUndefined();
    expect(FilterTags.text(false)).toBe('false');
  });
});

describe('customer list search under filters', () => {
  const cases: [string, ReturnType<typeof sql>][] = [];
  beforeAll(() => {
    const like = (w: string) => sql`${customers.search_text} like ${`%${w}%`}`;
    for (const w of ['toko', 'warung', 'sumber', 'rejeki', 'zzqx']) {
      cases.push(
        [`customer_type_id=${toko}&search=${w}`, sql`${customers.customer_type_id} = ${toko} and ${like(w)}`],
        [
          `customer_type_id=${warung}&search=${w}`,
          sql`${customers.customer_type_id} = ${warung} and ${like(w)}`,
        ],
        [`active=1&search=${w}`, sql`${customers.active} and ${like(w)}`],
        [`active=0&search=${w}`, sql`not ${customers.active} and ${like(w)}`],
        [
          `class_mekar=1&installed=0&search=${w}`,
          sql`${customers.class_mekar} and not ${customers.installed} and ${like(w)}`,
        ],
        [`monthly_max_point=0&search=${w}`, sql`${customers.monthly_max_point} is null and ${like(w)}`],
        [
          `branch_id=${h.fixture.branches.b2.id}&customer_type_id=${toko}&search=${w}`,
          sql`${customers.branch_id} = ${h.fixture.branches.b2.id} and ${customers.customer_type_id} = ${toko} and ${like(w)}`,
        ],
      );
    }
  });

  it('should answer every page and total as plain SQL does', async () => {
    for (const [query, where] of cases) {
      const all = await expected(where);
      for (const page of [1, 2, 4]) {
        const got = await listIds(admin, `page=${page}&limit=7&${query}`);
        expect({ query, page, ids: got.ids, total: got.meta.total_data }).toEqual({
          query,
          page,
          ids: all.slice((page - 1) * 7, page * 7),
          total: all.length,
        });
      }
    }
  });

  it("should answer a branch user's search within their branches only, as plain SQL does", async () => {
    const { b1, b2 } = h.fixture.branches;
    for (const query of [`customer_type_id=${toko}&search=sumber`, 'active=0&search=toko', 'search=warung']) {
      const params = new URLSearchParams(query);
      const parts = [sql`${customers.branch_id} in (${b1.id}, ${b2.id})`];
      if (params.get('customer_type_id')) parts.push(sql`${customers.customer_type_id} = ${toko}`);
      if (params.get('active') === '0') parts.push(sql`not ${customers.active}`);
      parts.push(sql`${customers.search_text} like ${`%${params.get('search')}%`}`);
      const all = await expected(sql.join(parts, sql` and `));
      const got = await listIds(branchUser, `page=1&limit=50&${query}`);
      expect({ query, ids: got.ids, total: got.meta.total_data }).toEqual({
        query,
        ids: all,
        total: all.length,
      });
    }
  });

  it('should give the same rows from the tagged condition, with few or many matches, dense or not', async () => {
    const where = sql`${customers.customer_type_id} = ${toko} and ${customers.search_text} like ${'%sumber%'}`;
    const tags = customerFilterTags.condition({ customer_type_id: toko });
    const run = (matchWhere: ReturnType<typeof sql> | undefined, fewMatches: number) =>
      pagedList(
        db(),
        customerResource,
        { id: customers.id },
        {
          where,
          matchWhere,
          order: [sql`${customers.id} desc`],
          page: 2,
          limit: 5,
          search: 'sumber',
          fewMatches,
        },
      );
    for (const few of [3, 5000]) {
      const plain = await run(undefined, few);
      const tagged = await run(sql`${where} and ${tags}`, few);
      expect(tagged).toEqual(plain);
    }
  });

  it('should write the tags exactly as the index holds them, so the index serves the tag condition', async () => {
    // Only the multicolumn index can serve a tag condition; a differently written expression would
    // leave a (disabled, still chosen) sequential scan.
    const tags = customerFilterTags.condition({ customer_type_id: warung, active: false }, [1, 2]);
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = (await tx.execute(sql`explain select id from customers where ${tags}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('customers_search_filters_trgm');
    expect(plan).not.toContain('Seq Scan');
  });
});

describe('lists with no condition (prepared statements)', () => {
  it('should answer each sort and page of the item list as plain SQL does, repeatedly', async () => {
    const category = await makeItemCategory(db());
    for (let i = 0; i < 12; i++) {
      await makeItem(db(), {
        item_category_id: category.id,
        item_name: `Barang ${i % 4}`,
        price: (i % 3) * 1000,
      });
    }
    for (let round = 0; round < 2; round++) {
      for (const [by, dir, orderSql] of [
        ['item_name', 'asc', sql`item_name asc, id asc`],
        ['price', 'desc', sql`price desc, id desc`],
        [undefined, undefined, sql`created_at desc, id desc`],
      ] as const) {
        const all = (
          (await db().execute(sql`select id from items order by ${orderSql}`)) as unknown as {
            rows: { id: number }[];
          }
        ).rows.map((r) => r.id);
        for (const page of [1, 2, 3]) {
          const query = `page=${page}&limit=5${by ? `&by=${by}&sort=${dir}` : ''}`;
          const res = await h.call(admin, 'GET', `/web/item/?${query}`);
          expect(res.status).toBe(200);
          const body = res.body as {
            data: { id: number }[] | Record<string, { id: number }[]>;
            meta: { total_data: number };
          };
          const rows = Array.isArray(body.data) ? body.data : Object.values(body.data)[0];
          expect({ query, ids: rows.map((r) => r.id), total: body.meta.total_data }).toEqual({
            query,
            ids: all.slice((page - 1) * 5, page * 5),
            total: all.length,
          });
        }
      }
    }
  });

  it('should count a list with no condition again after rows are added', async () => {
    const before = await pagedList(db(), itemResource, selectColumns(itemResource), {
      where: undefined,
      order: [sql`id desc`],
      page: 1,
      limit: 2,
    });
    const category = await makeItemCategory(db());
    await makeItem(db(), { item_category_id: category.id });
    const after = await pagedList(db(), itemResource, selectColumns(itemResource), {
      where: undefined,
      order: [sql`id desc`],
      page: 1,
      limit: 2,
    });
    expect(after.total).toBe(before.total + 1);
  });

  it('should refuse an unknown sort column every time with the same message', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await h.call(admin, 'GET', '/web/item/?page=1&limit=5&by=nope');
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain("by: unknown sort column 'nope'");
    }
  });
});
