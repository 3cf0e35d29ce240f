// One table-driven test walks every route and every resource definition: auth, 403, paging, the sort
// allow-list, 404 and validation, so each new resource gets the same guarantees for free.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { resources } from '../src/modules/index';
import { makeCustomer, makeCustomerType, makeItem, makeItemCategory, multipart } from './factories';
import { VIEWER } from './fixtures';
import { createHarness, type Harness } from './harness';
import { callRoute, protectedRoutes } from './support/routes';

let h: Harness;
let admin: string;
let viewer: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  viewer = await h.login(VIEWER);
});
afterAll(async () => {
  await h?.close();
});

describe('every protected route', () => {
  it('should answer 401 without a token', async () => {
    const api = protectedRoutes(h);
    expect(api.length).toBeGreaterThan(30);
    for (const route of api) {
      const res = await callRoute(h, null, route);
      expect({ route: `${route.method} ${route.url}`, status: res.status }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      expect(res.body.err_code).toBe('UNAUTHENTICATED');
    }
  });

  it('should answer 403 to a user without the role', async () => {
    const guarded = h.app.routeTable.filter(
      (r) => r.url.startsWith('/v1/api/') && r.area && r.method !== 'HEAD',
    );
    expect(guarded.length).toBeGreaterThan(30);
    for (const route of guarded) {
      const res = await callRoute(h, viewer, route);
      expect({ route: `${route.method} ${route.url}`, status: res.status }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });

  it('should serve an OpenAPI document listing the routes', async () => {
    const res = await h.call(null, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/v1/api/web/branch/');
    expect(res.body.paths['/v1/api/web/salesman'].post.requestBody).toBeDefined();
  });

  it('should accept the alias sort forms the original clients send', async () => {
    for (const url of [
      '/web/customertype/select?by=def.customer_type_id',
      '/customer_activities/?by=def.customer_id',
    ]) {
      const res = await h.call(admin, 'GET', url);
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
    }
  });

  it('should declare the error answers of every route in the OpenAPI document', async () => {
    const doc = (await h.call(null, 'GET', '/openapi.json')).body;
    const routes = h.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/v1/api/') &&
        !r.url.startsWith('/v1/api/docs') &&
        !r.url.endsWith('/openapi.json') &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const route of routes) {
      const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      if (!op) {
        missing.push(`${route.method} ${path}: not documented`);
        continue;
      }
      const expected = ['400', '500'];
      if (!route.public) expected.push('401', '403');
      if (path.includes('{')) expected.push('404');
      if (route.method !== 'GET') expected.push('409');
      if (route.method === 'POST' || route.method === 'PUT') expected.push('413', '415');
      for (const status of expected) {
        const schema = op.responses?.[status]?.content?.['application/json']?.schema;
        if (!schema?.properties?.err_code || !schema.properties.err_msg) {
          missing.push(`${route.method} ${path}: ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // The accepted sort columns are documented on every list.
    const by = doc.paths['/v1/api/web/customertype/'].get.parameters.find((p: any) => p.name === 'by');
    expect(by.description).toContain('customer_type_id');
    expect(by.description).toContain('def.<name>');
    const login = doc.paths['/v1/api/web/auth'].post.responses;
    expect(Object.keys(login)).toEqual(expect.arrayContaining(['401', '429']));
    expect(login['401'].content['application/json'].schema.properties.err_code.enum).toEqual([
      'UNAUTHENTICATED',
    ]);
  });

  it('should answer 404 in the error envelope for an unknown route', async () => {
    const res = await h.call(admin, 'GET', '/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ data: null, err_code: 'NOT_FOUND' });
  });
});

describe.each(resources.map((d) => [d.contract.name, d] as const))('resource %s', (_name, def) => {
  const { paths, listKey, sortKeys } = def.contract;
  const listOf = (body: any) => (listKey ? body.data[listKey] : body.data);

  it.runIf(!!paths.list)('should page with meta and break ties by id', async () => {
    const res = await h.call(admin, 'GET', `${paths.list}?page=1&limit=2`);
    expect(res.status).toBe(200);
    expect(Array.isArray(listOf(res.body))).toBe(true);
    expect(res.body.meta).toMatchObject({ page: 1, limit: 2 });
    expect(res.body.meta.total_page).toBe(Math.ceil(res.body.meta.total_data / 2));
    expect(listOf(res.body).length).toBe(Math.min(2, res.body.meta.total_data));
  });

  it.runIf(!!paths.list)('should accept every documented sort key in both directions', async () => {
    for (const by of sortKeys) {
      for (const sort of ['asc', 'DESC']) {
        const res = await h.call(admin, 'GET', `${paths.list}?by=${encodeURIComponent(by)}&sort=${sort}`);
        expect({ by, status: res.status }).toEqual({ by, status: 200 });
      }
    }
  });

  it.runIf(!!paths.list || !!paths.select)(
    'should accept the table-alias form of every sort key generically',
    async () => {
      const path = paths.list ?? paths.select!;
      for (const by of sortKeys) {
        const res = await h.call(admin, 'GET', `${path}?by=def.${by}&sort=desc`);
        expect({ by: `def.${by}`, status: res.status }).toEqual({ by: `def.${by}`, status: 200 });
      }
      for (const prefix of ['pc', 'pl', 'b']) {
        const res = await h.call(admin, 'GET', `${path}?by=${prefix}.${sortKeys[0]}`);
        expect({ prefix, status: res.status }).toEqual({ prefix, status: 200 });
      }
      const bad = await h.call(admin, 'GET', `${path}?by=xx.${sortKeys[0]}`);
      expect(bad.status).toBe(400);
      expect(bad.body.err_msg[0]).toContain(sortKeys.join(', '));
    },
  );

  it('should declare no alias sort keys by hand', () => {
    expect(sortKeys.filter((k) => /^(def|pc|pl|b)\./.test(k))).toEqual([]);
    expect(Object.keys(def.sort).filter((k) => /^(def|pc|pl|b)\./.test(k))).toEqual([]);
  });

  it.runIf(!!paths.list)(
    'should refuse unknown sort columns, injection attempts and bad paging with 400',
    async () => {
      for (const q of [
        'by=nope',
        'by=id;drop table x',
        'sort=sideways',
        'page=0',
        'limit=101',
        'limit=abc',
        'page=-1',
      ]) {
        const res = await h.call(
          admin,
          'GET',
          `${paths.list}?${q.replace(/ /g, '%20').replace(/;/g, '%3B')}`,
        );
        expect({ q, status: res.status }).toEqual({ q, status: 400 });
        expect(res.body.err_code).toBe('VALIDATION_ERROR');
        expect(res.body.err_msg.length).toBeGreaterThan(0);
      }
    },
  );

  it.runIf(!!paths.list)('should treat search as a literal substring', async () => {
    const res = await h.call(admin, 'GET', `${paths.list}?search=${encodeURIComponent('%_zz-no-match')}`);
    expect(res.status).toBe(200);
    expect(listOf(res.body)).toEqual([]);
    expect(res.body.meta.total_data).toBe(0);
  });

  it.runIf(!!paths.select)('should list for dropdowns without meta', async () => {
    const res = await h.call(admin, 'GET', paths.select!);
    expect(res.status).toBe(200);
    expect(res.body.meta).toBeUndefined();
    const key = def.contract.selectKey;
    expect(Array.isArray(key ? res.body.data[key] : res.body.data)).toBe(true);
  });

  it.runIf(!!paths.get)('should answer 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await h.call(admin, 'GET', paths.get!.replace(/:[a-z_]+/, '987654'));
    expect(missing.status).toBe(404);
    expect(missing.body.err_code).toBe('NOT_FOUND');
    const bad = await h.call(admin, 'GET', paths.get!.replace(/:[a-z_]+/, 'abc'));
    expect(bad.status).toBe(400);
  });

  it.runIf(!!paths.create)('should answer 400 with a message per field for an empty create', async () => {
    const res = await h.call(admin, 'POST', paths.create!, {});
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe('VALIDATION_ERROR');
    expect(res.body.err_msg.every((m: string) => /: /.test(m))).toBe(true);
  });

  it.runIf(!!paths.update)('should answer 404 when updating an unknown id', async () => {
    const res = await h.call(admin, 'PUT', paths.update!.replace(/:[a-z_]+/, '987654'), {});
    expect(res.status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
// Partial updates (CONTRACT.md section 2): a field absent from a PUT is left as it is.

type Sample = {
  /** A full create body with non-default values (so a reset to a default would show). */
  create?: () => Promise<Record<string, unknown>>;
  /** For resources without a create route: an existing record's id. */
  existing?: () => Promise<number>;
  /** The one field the update sends, and its new value. */
  change: [string, unknown];
};

const dates = { start_date: '2031-01-01', end_date: '2031-03-31' };
/** The url of a stored (fake) image, for an image field of a content sample. */
const storedImage = async (folder: string) =>
  (
    await h.app.uploads.save(
      { buffer: Buffer.from('png'), mime: 'image/png', ext: 'png', field: 'photo' },
      folder,
    )
  ).url;
/** One sample per resource with an update route; a resource missing here fails the test below. */
const samples: Record<string, Sample> = {
  branch: { existing: async () => h.fixture.branches.b3.id, change: ['name', 'Cabang Surabaya Kota'] },
  salesman: {
    create: async () => ({
      salesman_code: 'S-RT-1',
      salesman_name: 'Rudi Tanjung',
      branch_id: h.fixture.branches.b1.id,
      salesman_type_id: h.fixture.salesmanTypeId,
      phone_number: '0812 3456 789',
      email: 'rudi@example.com',
      active: false,
    }),
    change: ['salesman_name', 'Rudi T.'],
  },
  partner: {
    create: async () => ({
      partner_code: 'P-RT-1',
      partner_name: 'PT Uji Coba',
      contact_name: 'Ibu Sari',
      phone_number: '021 555 0101',
      email: 'sari@example.com',
      address: 'Jl. Asia Afrika 1, Bandung',
      branch_id: h.fixture.branches.b1.id,
      active: false,
    }),
    change: ['partner_name', 'PT Uji Coba Baru'],
  },
  staff_user: {
    create: async () => ({
      name: 'Staf Uji',
      email: 'staf.uji@example.com',
      password: 'rahasia-123',
      phone_number: '0811 222 333',
      role_group_id: h.fixture.branchGroupId,
      all_branches: false,
      branch_ids: [h.fixture.branches.b1.id],
      region_ids: [h.fixture.regions.sby.id],
      active: false,
    }),
    change: ['name', 'Staf Uji Dua'],
  },
  role: {
    create: async () => ({
      name: 'Kupon penuh',
      area: 'coupon',
      description: 'Semua aksi kupon kecuali lihat',
      can_view: false,
      can_create: true,
      can_update: true,
      can_delete: true,
    }),
    change: ['name', 'Kupon penuh (uji)'],
  },
  role_group: {
    create: async () => {
      const found = await rows<{ id: number }>(h.database.db, sql`select id from roles order by id limit 2`);
      return { name: 'Grup Uji', description: 'Untuk uji', role_ids: found.map((r) => r.id) };
    },
    change: ['name', 'Grup Uji Dua'],
  },
  point_rule: {
    create: async () => ({
      name: 'Aturan uji',
      item_category_id: (await makeItemCategory(h.database.db)).id,
      item_id: null,
      customer_type_id: (await makeCustomerType(h.database.db)).id,
      amount_per_point: 2500,
      ...dates,
      active: false,
      note: 'catatan',
    }),
    change: ['name', 'Aturan uji dua'],
  },
  point_max_customer: {
    create: async () => ({
      customer_id: (await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id })).id,
      max_point: 40,
      ...dates,
      active: false,
      note: 'catatan',
    }),
    change: ['max_point', 55],
  },
  point_promo: {
    create: async () => ({
      name: 'Promo uji',
      description: 'Deskripsi',
      ...dates,
      multiplier: 2,
      bonus_points: 5,
      item_category_id: (await makeItemCategory(h.database.db)).id,
      photo: (
        await h.app.uploads.save(
          { buffer: Buffer.from('png'), mime: 'image/png', ext: 'png', field: 'photo' },
          'point_promo',
        )
      ).url,
      active: false,
      note: 'catatan',
    }),
    change: ['name', 'Promo uji dua'],
  },
  // Content area.
  promo_line: {
    existing: async () => {
      const admin = await h.login();
      const item = await makeItem(h.database.db, {
        item_category_id: (await makeItemCategory(h.database.db)).id,
      });
      const promo = await h.call(admin, 'POST', '/web/promo', { name: 'Promo uji', ...dates });
      const line = await h.call(admin, 'POST', '/apps/promo_line/add', {
        promo_id: promo.body.data.promo_id,
        name: 'Baris uji',
        description: 'Deskripsi',
        min_qty: 3,
        min_amount: 150000,
        discount_percent: 2.5,
        discount_amount: 1000,
        item_ids: [item.id],
      });
      return line.body.data.id;
    },
    change: ['name', 'Baris uji dua'],
  },
  news: {
    create: async () => ({
      title: 'Berita uji',
      content: 'Isi berita',
      photo: await storedImage('news'),
      priority: 7,
      active: false,
      ...dates,
    }),
    change: ['title', 'Berita uji dua'],
  },
  popup: {
    create: async () => ({
      title: 'Popup uji',
      photo: await storedImage('popup'),
      link: '/kupon',
      active: false,
      ...dates,
    }),
    change: ['title', 'Popup uji dua'],
  },
  promo_video: {
    create: async () => ({
      title: 'Video uji',
      url: 'https://cdn.example.com/uji.mp4',
      description: 'Deskripsi',
      thumbnail: await storedImage('promo_video'),
      active: false,
      ...dates,
    }),
    change: ['title', 'Video uji dua'],
  },
  broadcast: {
    create: async () => ({
      title: 'Siaran uji',
      message: 'Pesan uji',
      link: '/promo/99',
      audience: 'branch',
      branch_ids: [h.fixture.branches.b1.id],
      installed_only: true,
    }),
    change: ['title', 'Siaran uji dua'],
  },
  customer: {
    existing: async () => (await nonDefaultCustomer()).id,
    change: ['customer_name', 'Toko Uji Baru'],
  },
  item: {
    existing: async () => (await nonDefaultItem()).id,
    change: ['item_name', 'Produk Uji Baru'],
  },
  coupon: {
    create: async () => ({
      name: 'Kupon uji',
      description: 'Deskripsi',
      points_required: 250,
      stock: 7,
      photo: (
        await h.app.uploads.save(
          { buffer: Buffer.from('png'), mime: 'image/png', ext: 'png', field: 'photo' },
          'coupon',
        )
      ).url,
      ...dates,
      active: false,
      customer_type_ids: [(await makeCustomerType(h.database.db)).id],
      branch_ids: [h.fixture.branches.b1.id],
    }),
    change: ['name', 'Kupon uji dua'],
  },
  voucher: {
    create: async () => ({
      code: 'VC-UJI-1',
      name: 'Voucher uji',
      description: 'Deskripsi',
      nominal: 25000,
      photo: '',
      ...dates,
      quota: 9,
      active: false,
    }),
    change: ['name', 'Voucher uji dua'],
  },
  upload_folder: {
    create: async () => ({
      name: 'Folder uji',
      branch_id: h.fixture.branches.b1.id,
      customer_code: (await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id }))
        .customer_code,
      description: 'Deskripsi folder',
      ...dates,
      active: false,
    }),
    change: ['name', 'Folder uji dua'],
  },
};

async function nonDefaultCustomer() {
  const type = await makeCustomerType(h.database.db);
  return makeCustomer(h.database.db, {
    branch_id: h.fixture.branches.b1.id,
    owner_name: 'Pak Haji',
    customer_type_id: type.id,
    salesman_id: h.fixture.salesmen[0].id,
    email: 'toko@example.com',
    address: 'Jl. Braga 5',
    city: 'Bandung',
    latitude: -6.9,
    longitude: 107.6,
    show_in_app: false,
    is_data_complete: true,
    active: false,
    admin_validate: true,
    class_mekar: true,
    exclude_all_point: true,
    note: 'pelanggan lama',
    monthly_max_point: 300,
  });
}

async function nonDefaultItem() {
  const category = await makeItemCategory(h.database.db);
  return makeItem(h.database.db, {
    item_category_id: category.id,
    brand: 'Merek',
    description: 'Deskripsi produk',
    image_url: 'https://example.com/p.png',
    active: false,
  });
}

const recordOf = (def: (typeof resources)[number], body: any) =>
  def.contract.detail && body.data.customer ? body.data.customer : body.data;
const without = (rec: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(rec).filter(([k]) => !keys.includes(k)));

describe('partial updates', () => {
  const updatable = resources.filter((d) => d.contract.update);

  it.each(updatable.map((d) => [d.contract.name, d] as const))(
    '%s: an empty update body parses to {} (no defaults filled in)',
    (_name, def) => {
      expect((def.contract.update as { parse(v: unknown): unknown }).parse({})).toEqual({});
    },
  );

  it('should have a round-trip sample for every resource with an update route', () => {
    const names = resources.filter((d) => d.contract.paths.update).map((d) => d.contract.name);
    expect(names.filter((n) => !samples[n])).toEqual([]);
  });

  it.each(resources.filter((d) => d.contract.paths.update).map((d) => [d.contract.name, d] as const))(
    '%s: updating one field leaves every other field as it was',
    async (_name, def) => {
      const admin = await h.login();
      const sample = samples[def.contract.name];
      const { paths, idKey } = def.contract;
      let id: number;
      if (sample.create) {
        const body = await sample.create();
        const created = await h.call(admin, 'POST', paths.create!, body);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        id = created.body.data.id;
        // The sample's values really went in (password is never shown).
        const shown = without(body, 'password');
        expect(created.body.data).toMatchObject(shown);
      } else {
        id = await sample.existing!();
      }
      const url = (p: string) => p.replace(/:[A-Za-z_]+/, String(id));
      const before = await h.call(admin, 'GET', url(paths.get!));
      expect(before.status).toBe(200);
      const [field, value] = sample.change;
      const upd = await h.call(admin, 'PUT', url(paths.update!), { [field]: value });
      expect(upd.status, JSON.stringify(upd.body)).toBe(200);
      const after = await h.call(admin, 'GET', url(paths.get!));
      const a = recordOf(def, after.body);
      const b = recordOf(def, before.body);
      expect(a[field]).toEqual(value);
      expect(a[idKey]).toBe(id);
      expect(without(a, field, 'updated_at')).toEqual(without(b, field, 'updated_at'));
    },
  );

  it.each([
    ['customer', '/web/customer/id/', nonDefaultCustomer, 'customer_name'],
    ['item', '/web/item/id/', nonDefaultItem, 'item_name'],
  ] as const)(
    '%s: a multipart update with one field leaves the rest as it was',
    async (name, base, make, field) => {
      const admin = await h.login();
      const { id } = await make();
      const get = async () => {
        const res = await h.call(admin, 'GET', `${base}${id}`);
        return name === 'customer' ? res.body.data.customer : res.body.data;
      };
      const before = await get();
      const body = multipart([{ name: 'form_data', value: JSON.stringify({ [field]: `${name} via form` }) }]);
      const res = await h.app.inject({
        method: 'PUT',
        url: `/v1/api${base}${id}`,
        headers: { ...body.headers, authorization: `Bearer ${admin}` },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await get();
      expect(after[field]).toBe(`${name} via form`);
      expect(without(after, field, 'updated_at')).toEqual(without(before, field, 'updated_at'));
    },
  );
});
