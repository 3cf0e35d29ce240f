// The compiled response serialiser (src/http/serializer.ts): answers are written by a
// fast-json-stringify function compiled from the route's zod schema, equal to what zod would write
// (with CHECK_RESPONSES, which the tests turn on, every answer is also cross-checked against zod's).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PageMeta } from '@lbo/contract/common';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { compileStringify, createSerializerCompiler, simplifyNullable } from '../src/http/serializer';
import { createHarness, type Harness } from './harness';

describe('compiled response serialiser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ seed: false });
  });
  afterAll(() => h.close());

  it('compiles the response schema of every API route: none falls back to zod', () => {
    const failed: string[] = [];
    let compiled = 0;
    for (const route of h.app.routeTable) {
      for (const [status, schema] of Object.entries(route.responses ?? {})) {
        if (!(schema instanceof $ZodType)) continue;
        if (compileStringify(schema)) compiled++;
        else failed.push(`${route.method} ${route.url} ${status}`);
      }
    }
    expect(failed).toEqual([]);
    expect(compiled).toBeGreaterThan(500);
  });

  it('builds each error envelope once for every route, and compiles each schema once', () => {
    // A route's 401 answer is the same schema object as every other route's: the start-up builds
    // nine envelopes, not one per route and status (~3,000 zod extends), and compiles each once.
    const unauthenticated = new Set(
      h.app.routeTable.map((r) => r.responses?.[401]).filter((s) => s instanceof $ZodType),
    );
    expect(unauthenticated.size).toBe(1);
    const [schema] = unauthenticated as Set<$ZodType>;
    expect(compileStringify(schema)).toBe(compileStringify(schema));
  });

  it('writes what zod writes and leaves out keys the schema does not name', () => {
    const Row = z.object({
      id: z.number().int(),
      name: z.string(),
      note: z.string().nullable(),
      at: z.number().nullable(),
    });
    const schema = z.object({ data: z.array(Row), meta: PageMeta });
    const stringify = compileStringify(schema);
    const body = {
      data: [
        { id: 1, name: 'Toko "A"\n', note: null, at: 2.5, secret: 'x' },
        { id: 2, name: 'B', note: 'n', at: null },
      ],
      meta: { page: 1, limit: 10, total_data: 2, total_page: 1 },
    };
    expect(stringify?.(body)).toBe(JSON.stringify(schema.parse(body)));
    expect(stringify?.(body)).not.toContain('secret');
  });

  it('turns nullable scalars into a type list and leaves other unions alone', () => {
    expect(simplifyNullable({ anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] })).toEqual({
      type: ['integer', 'null'],
      minimum: 1,
    });
    const nullableObject = { anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] };
    expect(simplifyNullable(nullableObject)).toEqual(nullableObject);
    const union = { anyOf: [{ type: 'string' }, { type: 'integer' }] };
    expect(simplifyNullable(union)).toEqual(union);
  });

  it("should serialise each answer once with the configuration npm start uses, twice with the tests'", async () => {
    expect(loadConfig({}).checkResponses).toBe(false);
    expect(loadConfig({ CHECK_RESPONSES: 'true' }).checkResponses).toBe(true);
    expect(() => loadConfig({ CHECK_RESPONSES: 'yes' })).toThrow(/CHECK_RESPONSES/);
    const startEnv = {}; // what `npm start` has without a .env file or variables
    for (const [env, zodPasses] of [
      [startEnv, 0],
      [{ CHECK_RESPONSES: 'true' }, 1],
    ] as const) {
      const dir = mkdtempSync(path.join(tmpdir(), 'lbo-serialiser-'));
      const config = loadConfig(env, {
        dataDir: dir,
        uploadDir: path.join(dir, 'uploads'),
        jwtSecret: 'test-secret-test-secret-test-secret-0123',
      });
      const app = await buildApp({ config, database: h.database, logger: false, webDistDir: '/nonexistent' });
      // A refinement runs only when zod itself walks the answer; the compiled serialiser ignores it.
      let walked = 0;
      const Answer = z.object({ n: z.number().int() }).refine(() => {
        walked++;
        return true;
      });
      app.get('/probe', { schema: { response: { 200: Answer } } }, async () => ({ n: 1 }));
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/probe' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ n: 1 });
      expect(walked).toBe(zodPasses);
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an off-contract answer when strict; otherwise writes the compiled output', async () => {
    for (const strict of [true, false]) {
      const app = Fastify({ logger: false });
      app.setSerializerCompiler(createSerializerCompiler({ strict }));
      app.get(
        '/x',
        { schema: { response: { 200: z.object({ n: z.number().int(), s: z.string() }) } } },
        async () => ({
          n: 5,
          s: 7,
        }),
      );
      const res = await app.inject({ method: 'GET', url: '/x' });
      expect(res.statusCode).toBe(strict ? 500 : 200);
      if (!strict) expect(res.json()).toEqual({ n: 5, s: '7' });
      await app.close();
    }
  });
});
