// Every signed-in route states its scope rule, and a route without one cannot be registered; every
// reference-like field of every body declares what it names (contract: ref), so the machinery checks
// it and the scope walk reaches it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { referenceFields, referenceKind, UNSCOPED_KINDS } from '../src/resources/references';
import { createHarness, type Harness } from './harness';
import { protectedRoutes } from './support/routes';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('route scope rules', () => {
  it('should give every signed-in route a scope rule', () => {
    const routes = protectedRoutes(h);
    expect(routes.length).toBeGreaterThan(200);
    expect(routes.filter((r) => !r.scope).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('should refuse to register a new signed-in route without one, and accept it with one', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lbo-scope-'));
    const config = loadConfig({}, { dataDir, jwtSecret: 'test-secret-test-secret-test-secret-0123' });
    try {
      const without = await buildApp({ config, database: h.database, logger: false });
      without.register(async (api) => {
        api.get('/v1/api/web/new-thing', { config: { area: 'item' } }, async () => ({ data: [] }));
      });
      await expect(without.ready()).rejects.toThrow(/GET \/v1\/api\/web\/new-thing declares no scope rule/);
      await without.close().catch(() => {});
      const withRule = await buildApp({ config, database: h.database, logger: false });
      withRule.register(async (api) => {
        api.get('/v1/api/web/new-thing', { config: { area: 'item', scope: 'none' } }, async () => ({
          data: [],
        }));
      });
      await expect(withRule.ready()).resolves.toBeDefined();
      await withRule.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('should name a resource definition in every `{ resource }` rule', () => {
    const unknown = protectedRoutes(h)
      .filter((r) => typeof r.scope === 'object' && !referenceKind(r.scope.resource))
      .map((r) => `${r.method} ${r.url}: ${JSON.stringify(r.scope)}`);
    expect(unknown).toEqual([]);
  });
});

describe('reference fields of bodies', () => {
  /** Body fields whose names say they name a record, with the path they have in the body. */
  function* namedLikeReferences(schema: unknown, prefix = ''): Generator<string> {
    const d = (schema as any)?._zod?.def;
    if (!d) return;
    if (d.type === 'object') {
      for (const [k, v] of Object.entries(d.shape)) {
        const p = prefix ? `${prefix}.${k}` : k;
        if (/_(id|ids|code|codes)$/.test(k) && k !== 'err_code') yield p;
        yield* namedLikeReferences(v, p);
      }
    } else if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(d.type)) {
      yield* namedLikeReferences(d.innerType, prefix);
    } else if (d.type === 'pipe') yield* namedLikeReferences(d.in, prefix);
    else if (d.type === 'array') yield* namedLikeReferences(d.element, `${prefix}[]`);
    else if (d.type === 'union') for (const o of d.options) yield* namedLikeReferences(o, prefix);
  }

  it('should declare what every id or code field of every body names', () => {
    const missing: string[] = [];
    const unresolved: string[] = [];
    for (const r of protectedRoutes(h)) {
      if (!r.body) continue;
      const declared = new Map(referenceFields(r.body).map((f) => [f.path.replace(/\[\]$/, ''), f.kind]));
      for (const p of new Set(namedLikeReferences(r.body))) {
        if (!declared.has(p)) missing.push(`${r.method} ${r.url}: ${p}`);
      }
      for (const [p, kind] of declared) {
        if (kind !== 'branch' && !UNSCOPED_KINDS.has(kind) && !referenceKind(kind))
          unresolved.push(`${r.method} ${r.url}: ${p} names '${kind}'`);
      }
    }
    expect(missing).toEqual([]);
    expect(unresolved).toEqual([]);
  });
});
