// Every key a request names (a sort column in `by`, a filter's name) is looked up as an own entry of
// a map the server built: names an object inherits (`__proto__`, `constructor`, `toString`, ...) are
// unknown keys like any other, never a crash and never a silently accepted sort.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer } from './factories';
import { createHarness, type Harness } from './harness';
import { concrete, protectedGetRoutes } from './support/routes';

let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
});
afterAll(() => h.close());

const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

describe('inherited names as sort keys', () => {
  it('every GET route answers them as an unknown sort column (400), never 500 or a sorted list', async () => {
    const failures: string[] = [];
    let sortable = 0;
    for (const route of protectedGetRoutes(h)) {
      const url = concrete(route.url);
      // A route takes `by` when a known key is accepted and a nonsense one is refused.
      const nonsense = await h.call(admin, 'GET', `${url}?by=no_such_column_x`);
      if (nonsense.status !== 400 || !/unknown sort column/.test(JSON.stringify(nonsense.body))) continue;
      sortable++;
      for (const name of INHERITED) {
        for (const by of [name, `def.${name}`]) {
          const res = await h.call(admin, 'GET', `${url}?by=${encodeURIComponent(by)}`);
          if (res.status !== 400 || !/unknown sort column/.test(JSON.stringify(res.body))) {
            failures.push(`${route.url}?by=${by} -> ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
          }
        }
      }
    }
    expect(sortable).toBeGreaterThan(30);
    expect(failures).toEqual([]);
  }, 240_000);

  it("a customer's target year (sorted in memory) refuses them too", async () => {
    const c = await makeCustomer(h.database.db, { branch_id: h.fixture.branches.b1.id });
    const base = `/customer/target/year?customer_id=${c.id}&year=2025`;
    expect((await h.call(admin, 'GET', `${base}&by=achievement_pct`)).status).toBe(200);
    for (const name of INHERITED) {
      for (const by of [name, `def.${name}`]) {
        const res = await h.call(admin, 'GET', `${base}&by=${encodeURIComponent(by)}`);
        expect(res.status, by).toBe(400);
        expect(res.body.err_code).toBe('VALIDATION_ERROR');
        expect(res.body.err_msg.join(' ')).toMatch(/unknown sort column/);
      }
    }
  });

  it('inherited names as query parameters are refused or ignored, never a 500', async () => {
    const failures: string[] = [];
    for (const route of protectedGetRoutes(h)) {
      const url = concrete(route.url);
      const res = await h.call(admin, 'GET', `${url}?__proto__=1&constructor=1&toString=1`);
      if (res.status >= 500) failures.push(`${route.url} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
