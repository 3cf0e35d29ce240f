// The scope walk over imports: for every registered import and every reference field of its row
// schema that reaches a branch (contract `ref`, found in the schema, not listed here), a scoped writer
// sends one row naming the other branch's record in that field and the caller's own records in every
// other. The answer must be a 403 naming row 1 and that field, and the same row with the caller's own
// record must pass (as a dry run): the refusal comes from the field, not from anything else in the row.
import { PERMISSION_AREAS, type PermissionArea } from '@lbo/contract/common';
import type { ImportContract } from '@lbo/contract/import';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vouchers } from '../src/db/schema/vouchers';
import { scopeCondition } from '../src/resources/define';
import { importContracts } from '../src/resources/imports';
import { baseQuery } from '../src/resources/records';
import {
  type ReferenceField,
  reachesBranch,
  referenceFields,
  referenceKind,
} from '../src/resources/references';
import { makeCustomer, makeItem, makeItemCategory, makeStaff } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let writer: string;
let ownBranch: number;
let foreignBranch: number;
const writerReq = { user: { branches: [] as number[] } } as unknown as FastifyRequest;

type ZDef = { type: string; [k: string]: unknown };
const zdef = (s: unknown): ZDef | undefined => (s as any)?._zod?.def;

/** A record of `kind` of the caller's branches (`own`) or of another branch, by id and by code. */
async function recordOf(kind: string, own: boolean): Promise<{ id: number; code: string } | undefined> {
  const def = referenceKind(kind);
  if (!def) return undefined;
  const cond = scopeCondition(def, writerReq);
  const q = baseQuery(h.database.db, def, { id: def.table.id, code: def.code ?? def.table.id });
  const where = cond ? (own ? cond : sql`not (${cond})`) : sql`true`;
  const [r] = (await q.where(where).orderBy(def.table.id).limit(1)) as { id: number; code: unknown }[];
  return r ? { id: r.id, code: String(r.code) } : undefined;
}

async function valueFor(f: ReferenceField, own: boolean): Promise<unknown> {
  if (f.kind === 'branch') return own ? ownBranch : foreignBranch;
  const r = await recordOf(f.kind, own || !reachesBranch(f.kind));
  if (!r) throw new Error(`no ${own ? 'own' : 'foreign'} record of ${f.kind} to name in ${f.path}`);
  return f.by === 'code' ? r.code : r.id;
}

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
    case 'string':
      return (s as { format?: string }).format === 'date' ? '2030-01-01' : 'WALK-1';
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

/** Sets `path` (`customer_code`, `lines[].item_code`) in `row` to `value`, every element of a list. */
function setAt(row: unknown, path: string, value: unknown): void {
  const [head, ...rest] = path.split('.');
  if (!row || typeof row !== 'object') return;
  const list = head.endsWith('[]');
  const key = list ? head.slice(0, -2) : head;
  const o = row as Record<string, unknown>;
  if (rest.length === 0) {
    o[key] = list ? [value] : value;
    return;
  }
  if (list) for (const el of (o[key] as unknown[] | undefined) ?? []) setAt(el, rest.join('.'), value);
  else setAt(o[key], rest.join('.'), value);
}

/** The contract's template row (typed as its columns say), else a generic sample of the row schema. */
function baseRow(c: ImportContract): Record<string, unknown> {
  const t = c.template;
  if (!t) return sample(c.row) as Record<string, unknown>;
  const numbers = new Set(t.numbers ?? []);
  return Object.fromEntries(
    Object.entries(t.example)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => [k, numbers.has(k) ? Number(v) : v]),
  );
}

/** The row with the caller's own records in every reference field and `field` set to `value`. */
async function rowWith(c: ImportContract, field: ReferenceField, value: unknown) {
  const fields = referenceFields(c.row);
  const full = baseRow(c);
  for (const f of fields) setAt(full, f.path, await valueFor(f, true));
  setAt(full, field.path, value);
  if (c.row.safeParse(full).success) return full;
  // A row naming its record one way or another (customer_code or customer_id): the field alone.
  const alone = baseRow(c);
  for (const f of fields) {
    if (f.kind === field.kind && f.path !== field.path) delete alone[f.path];
    else setAt(alone, f.path, await valueFor(f, true));
  }
  setAt(alone, field.path, value);
  return alone;
}

async function paramsOf(c: ImportContract): Promise<Record<string, unknown>> {
  if (!c.params) return {};
  const params = sample(c.params) as Record<string, unknown>;
  for (const f of referenceFields(c.params)) setAt(params, f.path, await valueFor(f, true));
  return params;
}

const send = (c: ImportContract, rows: unknown[], params: Record<string, unknown>, dryRun: boolean) =>
  h.app.inject({
    method: 'POST',
    url: `/v1/api${c.path}`,
    headers: { authorization: `Bearer ${writer}`, 'accept-language': 'en' },
    payload: { [c.rowsKey]: rows, ...params, ...(dryRun ? { dry_run: true } : {}) },
  });

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  const { b1, b2, b3 } = h.fixture.branches;
  ownBranch = b1.id;
  foreignBranch = b2.id;
  (writerReq.user as { branches: number[] }).branches = [b1.id, b3.id];
  const grants = Object.fromEntries(
    PERMISSION_AREAS.filter((a) => a !== 'staff_user' && a !== 'role').map((a) => [a, 'vcud']),
  ) as Record<PermissionArea, string>;
  const w = await makeStaff(db, { email: 'import.walker@example.com', grants, branches: [b1.id, b3.id] });
  writer = await h.login(w);
  const salesmanOf = new Map(h.fixture.salesmen.map((s) => [s.branch_id, s.id]));
  for (const branch of [b1, b2, b3])
    await makeCustomer(db, { branch_id: branch.id, salesman_id: salesmanOf.get(branch.id) ?? null });
  // What the template rows name beside their references: an item category by name, an item.
  const names = new Set(
    [...importContracts.values()].flatMap((c) => {
      const name = c.template?.example.name;
      return typeof name === 'string' ? [name] : [];
    }),
  );
  let cat = await makeItemCategory(db, { name: 'Walk', code: 'WALK-I' });
  for (const [i, name] of [...names].entries())
    cat = await makeItemCategory(db, { name, code: `WALK-I${i}` });
  await makeItem(db, { item_category_id: cat.id });
  await db.insert(vouchers).values({
    code: 'WALK-V',
    name: 'Walk',
    nominal: 1000,
    start_date: '2030-01-01',
    end_date: '2030-12-31',
  });
});
afterAll(async () => {
  await h?.close();
});

describe('scope walk: every import, another branch’s record in each reference field of a row', () => {
  it('should answer 403 naming the row and the field, and pass the same row with an own record', async () => {
    const problems: string[] = [];
    let walked = 0;
    expect(importContracts.size).toBeGreaterThanOrEqual(8);
    for (const c of importContracts.values()) {
      const params = await paramsOf(c);
      const fields = referenceFields(c.row).filter((f) => reachesBranch(f.kind));
      if (fields.length === 0) continue;
      for (const field of fields) {
        const own = await rowWith(c, field, await valueFor(field, true));
        const control = await send(c, [own], params, true);
        if (control.statusCode >= 300) {
          problems.push(
            `${c.path} ${field.path} own record: ${control.statusCode} ${control.body.slice(0, 300)}`,
          );
          continue;
        }
        const row = await rowWith(c, field, await valueFor(field, false));
        const res = await send(c, [row], params, false);
        walked++;
        const body = res.json();
        const named = (body.err_detail ?? []).some(
          (d: { row?: number; field?: string; code: string }) =>
            d.row === 1 && d.field === field.path.replace(/\[\]/g, '') && /outside_scope$/.test(d.code),
        );
        if (res.statusCode !== 403 || !named)
          problems.push(
            `${c.path} ${field.path} ${JSON.stringify(row)}: ${res.statusCode} ${res.body.slice(0, 300)}`,
          );
      }
    }
    expect(problems).toEqual([]);
    // Every import naming a store was walked (the eight of the API, some with several fields).
    expect(walked).toBeGreaterThanOrEqual(8);
  }, 120_000);
});
