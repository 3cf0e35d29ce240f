// One table-driven test walks every route and every resource definition: auth, 403, paging, the sort
// allow-list, 404 and validation, so each new resource gets the same guarantees for free.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/modules/index';
import { VIEWER } from './fixtures';
import { createHarness, type Harness } from './harness';

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

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

describe('every protected route', () => {
  it('should answer 401 without a token', async () => {
    const api = h.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/v1/api/') &&
        !r.url.startsWith('/v1/api/docs') &&
        !r.public &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS',
    );
    expect(api.length).toBeGreaterThan(30);
    for (const route of api) {
      const res = await h.call(
        null,
        route.method as 'GET',
        concrete(route.url),
        route.method === 'GET' ? undefined : {},
      );
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
      const res = await h.call(
        viewer,
        route.method as 'GET',
        concrete(route.url),
        route.method === 'GET' ? undefined : {},
      );
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
    const key = def.contract.selectKey ?? listKey;
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
