// Response serialisation from a precompiled JSON schema: each route's zod response schema
// is turned into JSON Schema once (zod's own `toJSONSchema`) and compiled by fast-json-stringify, the
// serialiser fastify itself uses, on the route's first answer. A list page is then written in one
// generated function instead of a zod walk plus `JSON.stringify` (about half the CPU, see
// bench/areas/throughput.ts). The zod schema stays the single source: the same schema feeds the
// OpenAPI document, the web client and this.
//
// - A schema JSON Schema cannot express (a transform, a custom type) keeps zod's serialiser.
// - With `strict` (the CHECK_RESPONSES setting, on in the tests) every answer is also checked against
//   the zod schema, so a handler that answers off-contract fails the tests, and the compiled output
//   must equal what zod's serialiser would write; the bytes sent are the compiled serialiser's always.
import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

type JsonNode = { [key: string]: unknown };

/**
 * `anyOf: [X, {type: 'null'}]` (zod's `.nullable()`) becomes `type: [X, 'null']` when X is a plain typed
 * schema: fast-json-stringify writes that inline, while an `anyOf` makes it try each branch with a
 * validator on every value.
 */
export function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== 'object') return node;
  const out: JsonNode = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplifyNullable(v);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const isNull = (x: JsonNode) => x.type === 'null' && Object.keys(x).length === 1;
    const nullAt = anyOf.findIndex((x) => isNull(x as JsonNode));
    const other = anyOf[1 - nullAt] as JsonNode | undefined;
    if (
      nullAt >= 0 &&
      other &&
      typeof other.type === 'string' &&
      other.type !== 'object' &&
      other.type !== 'array'
    ) {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

function zodSchemaOf(maybe: unknown): $ZodType | null {
  if (maybe instanceof $ZodType) return maybe;
  const props = (maybe as { properties?: unknown } | null)?.properties;
  return props instanceof $ZodType ? props : null;
}

/**
 * Compiled serialisers by schema: routes share schemas (every route's error envelopes, a list and its
 * export), and each is compiled once.
 */
const compiledBySchema = new WeakMap<$ZodType, ((data: unknown) => string) | null>();

/** Compiles the zod schema to a fast-json-stringify function, or null when JSON Schema cannot express it. */
export function compileStringify(schema: $ZodType): ((data: unknown) => string) | null {
  let compiled = compiledBySchema.get(schema);
  if (compiled === undefined) {
    compiled = compileUncached(schema);
    compiledBySchema.set(schema, compiled);
  }
  return compiled;
}

function compileUncached(schema: $ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema as z.ZodType, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-7',
    });
    const { $schema: _ignored, ...rest } = json as JsonNode;
    return fastJsonStringify(simplifyNullable(rest) as never) as (data: unknown) => string;
  } catch {
    return null;
  }
}

export function createSerializerCompiler(opts: { strict: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const schema = zodSchemaOf(route.schema);
    if (!schema) return zodSerializerCompiler(route as never) as (data: unknown) => string;
    let compiled: ((data: unknown) => string) | null | undefined;
    let fallback: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      if (compiled === undefined) compiled = compileStringify(schema);
      if (!compiled) {
        fallback ??= zodSerializerCompiler(route as never) as (data: unknown) => string;
        return fallback(data);
      }
      const text = compiled(data);
      if (opts.strict) {
        // Off-contract answers fail as with zod's serialiser, and the compiled one must write exactly
        // what zod's would (same values, nothing added or lost).
        const checked = safeEncode(schema, data);
        if (checked.error)
          throw new ResponseSerializationError(route.method, route.url, { cause: checked.error });
        const expected = JSON.stringify(checked.data);
        if (text !== expected && !isDeepStrictEqual(JSON.parse(text), JSON.parse(expected)))
          throw new Error(
            `${route.method} ${route.url}: the compiled serialiser wrote ${text}, zod ${expected}`,
          );
      }
      return text;
    };
  };
}
