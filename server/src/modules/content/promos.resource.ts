// Promos and their lines, item lines and bonus item lines, declared once (contract/src/promos.ts).
// The promo update (multipart, promo_id checked against the path) is a route of its own in
// promos.routes.ts; everything else comes from the resource machinery.
import {
  promoBonusItemLineContract,
  promoContract,
  promoItemLineContract,
  promoLineContract,
} from '@lbo/contract/promos';
import type { ResourcePaths } from '@lbo/contract/resource';
import { eq, gte, lte, sql } from 'drizzle-orm';
import { type DbOrTx, rows, type Tx } from '../../db/client';
import { customer_types } from '../../db/schema/customers';
import { branches } from '../../db/schema/organisation';
import { item_categories, items } from '../../db/schema/products';
import { promo_bonus_item_lines, promo_item_lines, promo_lines, promos } from '../../db/schema/promos';
import { badRequest, conflict, notFound, type Problem, problem } from '../../http/errors';
import { defineResource, outerColumn } from '../../resources/define';
import { baseQuery, selectColumns } from '../../resources/routes';

/** `{1,2,3}`: an int[] literal, the same on PGlite and pg. */
export const intArray = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

const promoColumns = {
  id: promos.id,
  promo_id: promos.id,
  name: promos.name,
  description: promos.description,
  priority: promos.priority,
  image: promos.image_url,
  start_date: promos.start_date,
  end_date: promos.end_date,
  active: promos.active,
  branch_id: promos.branch_id,
  branch_name: branches.name,
  customer_type_ids: promos.customer_type_ids,
  line_count: sql<number>`(select count(*)::int from promo_lines pl where pl.promo_id = ${outerColumn(promos.id)})`,
  created_at: promos.created_at,
  updated_at: promos.updated_at,
};

/** 400 naming the customer types that do not exist. */
export async function assertCustomerTypes(tx: Tx, ids: readonly number[] | undefined): Promise<void> {
  if (!ids || ids.length === 0) return;
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from ${customer_types} where id = any(${intArray(ids)}::int[])`,
  );
  const known = new Set(found.map((r) => r.id));
  const missing = [...new Set(ids)].filter((id) => !known.has(id));
  if (missing.length > 0)
    throw badRequest(
      problem('not_found', { thing: 'customer type', ids: missing.join(', ') }, 'customer_type_ids'),
    );
}

/** 400 when the branch does not exist. */
export async function assertBranch(tx: Tx, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const [b] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, id));
  if (!b) throw badRequest(problem('not_found', { thing: 'branch', id }, 'branch_id'));
}

/** Table values of a promo create/update body (the image field is `image`, its column `image_url`). */
export function promoValues(input: Record<string, unknown>): Record<string, unknown> {
  const { image, promo_id: _ignored, ...rest } = input;
  const out: Record<string, unknown> = { ...rest };
  if (image !== undefined && out.image_url === undefined) out.image_url = image;
  return out;
}

/**
 * 409 when something still points at the promo: a popup or a broadcast whose link opens it
 * (`/promo/<id>`), named in the message so staff know what to change first.
 */
export async function assertPromoUnreferenced(tx: Tx, id: number): Promise<void> {
  const link = `/promo/${id}`;
  const refs = await rows<{ kind: string; title: string }>(
    tx,
    sql`select 'popup' as kind, title from popups where link = ${link} or link like ${`${link}?%`}
        union all
        select 'broadcast' as kind, title from broadcasts where link = ${link} or link like ${`${link}?%`}
        order by 1, 2 limit 5`,
  );
  if (refs.length > 0) {
    throw conflict(
      problem('promo_linked', { id, links: refs.map((r) => `${r.kind} '${r.title}'`).join(', ') }),
    );
  }
}

export const promoResource = defineResource({
  // The update is promos.routes.ts' own route (promo_id in the body must match the path: 400).
  contract: {
    ...promoContract,
    paths: { ...promoContract.paths, update: undefined } as ResourcePaths,
  },
  table: promos,
  columns: promoColumns,
  joins: (q) => q.leftJoin(branches, eq(branches.id, promos.branch_id)),
  sort: {
    priority: promos.priority,
    id: promos.id,
    promo_id: promos.id,
    name: promos.name,
    start_date: promos.start_date,
    end_date: promos.end_date,
    created_at: promos.created_at,
  },
  search: [promos.name, promos.description],
  filters: {
    start_date: (v: string) => gte(promos.end_date, v),
    end_date: (v: string) => lte(promos.start_date, v),
    active: promos.active,
    branch_id: promos.branch_id,
  },
  scope: { branchColumn: promos.branch_id, nullVisible: true },
  upload: { column: 'image_url', folder: 'promo' },
  images: ['image'],
  hooks: {
    beforeCreate: async (input, { tx }) => {
      await assertBranch(tx, input.branch_id);
      await assertCustomerTypes(tx, input.customer_type_ids);
      const values = promoValues(input as Record<string, unknown>);
      if (input.priority === undefined) {
        // Last by default: one more than the highest priority.
        const [{ next }] = await rows<{ next: number }>(
          tx,
          sql`select coalesce(max(priority), 0) + 1 as next from promos`,
        );
        values.priority = Number(next);
      }
      return values;
    },
    beforeDelete: async (id, _before, { tx }) => {
      await assertPromoUnreferenced(tx, id);
      // The lines (and their item and bonus lines) go by ON DELETE CASCADE in the same statement.
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Lines

const lineColumns = {
  id: promo_lines.id,
  promo_id: promo_lines.promo_id,
  name: promo_lines.name,
  description: promo_lines.description,
  min_qty: promo_lines.min_qty,
  min_amount: promo_lines.min_amount,
  discount_percent: promo_lines.discount_percent,
  discount_amount: promo_lines.discount_amount,
  item_count: sql<number>`(select count(*)::int from promo_item_lines il where il.promo_line_id = ${outerColumn(promo_lines.id)})`,
  bonus_count: sql<number>`(select count(*)::int from promo_bonus_item_lines bl where bl.promo_line_id = ${outerColumn(promo_lines.id)})`,
  created_at: promo_lines.created_at,
  updated_at: promo_lines.updated_at,
};

/** Locks the promo line (its item lists change together); 404 when absent. */
export async function lockLine(tx: Tx, id: number): Promise<void> {
  const found = await tx
    .select({ id: promo_lines.id })
    .from(promo_lines)
    .where(eq(promo_lines.id, id))
    .for('update');
  if (found.length === 0) throw notFound(problem('not_found', { thing: 'promo line', id }));
}

/** The items a new line names: `item_ids` plus every item of `item_category_ids`; 400 for unknown ones. */
async function lineItems(tx: Tx, itemIds: number[], categoryIds: number[]): Promise<number[]> {
  const errors: Problem[] = [];
  if (itemIds.length > 0) {
    const found = await rows<{ id: number }>(
      tx,
      sql`select id from items where id = any(${intArray(itemIds)}::int[])`,
    );
    const known = new Set(found.map((r) => r.id));
    const missing = [...new Set(itemIds)].filter((id) => !known.has(id));
    if (missing.length > 0) {
      errors.push(problem('not_found', { thing: 'item', ids: missing.join(', ') }, 'item_ids'));
    }
  }
  let fromCategories: number[] = [];
  if (categoryIds.length > 0) {
    const cats = await rows<{ id: number; n: number }>(
      tx,
      sql`select c.id, (select count(*)::int from items i where i.item_category_id = c.id) as n
          from item_categories c where c.id = any(${intArray(categoryIds)}::int[])`,
    );
    const known = new Map(cats.map((c) => [c.id, Number(c.n)]));
    const missing = [...new Set(categoryIds)].filter((id) => !known.has(id));
    if (missing.length > 0) {
      errors.push(
        problem('not_found', { thing: 'item category', ids: missing.join(', ') }, 'item_category_ids'),
      );
    }
    const empty = cats.filter((c) => Number(c.n) === 0).map((c) => c.id);
    if (empty.length > 0) {
      errors.push(problem('category_no_items', { ids: empty.join(', ') }, 'item_category_ids'));
    }
    const found = await rows<{ id: number }>(
      tx,
      sql`select id from items where item_category_id = any(${intArray(categoryIds)}::int[])`,
    );
    fromCategories = found.map((r) => r.id);
  }
  if (errors.length > 0) throw badRequest(errors);
  return [...new Set([...itemIds, ...fromCategories])];
}

export const promoLineResource = defineResource({
  scope: { parent: () => promoResource, via: promo_lines.promo_id },
  contract: promoLineContract,
  table: promo_lines,
  columns: lineColumns,
  sort: {
    id: promo_lines.id,
    name: promo_lines.name,
    min_qty: promo_lines.min_qty,
    min_amount: promo_lines.min_amount,
  },
  search: [promo_lines.name, promo_lines.description],
  filters: { promo_id: promo_lines.promo_id },
  hooks: {
    beforeCreate: async (input, { tx }) => {
      const [promo] = await tx
        .select({ id: promos.id })
        .from(promos)
        .where(eq(promos.id, input.promo_id))
        .for('update');
      if (!promo) throw badRequest(problem('not_found', { thing: 'promo', id: input.promo_id }, 'promo_id'));
      const { item_ids: _i, item_category_ids: _c, ...values } = input;
      return values;
    },
    afterCreate: async (id, input, { tx }) => {
      const itemIds = await lineItems(tx, input.item_ids, input.item_category_ids);
      await tx.execute(
        sql`insert into promo_item_lines (promo_line_id, item_id)
            select ${id}, x from unnest(${intArray(itemIds)}::int[]) as x
            on conflict (promo_line_id, item_id) do nothing`,
      );
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Item lines

export const itemLineColumns = {
  id: promo_item_lines.id,
  promo_line_id: promo_item_lines.promo_line_id,
  item_id: promo_item_lines.item_id,
  item_code: items.item_code,
  item_name: items.item_name,
  item_category_name: item_categories.name,
  uom: items.uom,
  created_at: promo_item_lines.created_at,
};

export const promoItemLineResource = defineResource({
  scope: { parent: () => promoLineResource, via: promo_item_lines.promo_line_id },
  contract: promoItemLineContract,
  table: promo_item_lines,
  columns: itemLineColumns,
  joins: (q) =>
    q
      .innerJoin(items, eq(items.id, promo_item_lines.item_id))
      .innerJoin(item_categories, eq(item_categories.id, items.item_category_id)),
  sort: { id: promo_item_lines.id, item_name: items.item_name, item_code: items.item_code },
  search: [items.item_name, items.item_code],
  filters: { promo_line_id: promo_item_lines.promo_line_id, item_id: promo_item_lines.item_id },
  hooks: {
    beforeCreate: async (input, { tx }) => {
      const [line] = await tx
        .select({ id: promo_lines.id })
        .from(promo_lines)
        .where(eq(promo_lines.id, input.promo_line_id));
      if (!line) {
        throw badRequest(
          problem('not_found', { thing: 'promo line', id: input.promo_line_id }, 'promo_line_id'),
        );
      }
      const [item] = await tx.select({ id: items.id }).from(items).where(eq(items.id, input.item_id));
      if (!item) throw badRequest(problem('not_found', { thing: 'item', id: input.item_id }, 'item_id'));
      const [dup] = await tx
        .select({ id: promo_item_lines.id })
        .from(promo_item_lines)
        .where(
          sql`${promo_item_lines.promo_line_id} = ${input.promo_line_id} and ${promo_item_lines.item_id} = ${input.item_id}`,
        );
      if (dup) throw conflict(problem('item_on_line', { item: input.item_id, line: input.promo_line_id }));
      return input;
    },
    beforeDelete: async (_id, before, { tx }) => {
      // A line without items would apply to nothing: its last item goes only with the line.
      const lineId = before.promo_line_id as number;
      await lockLine(tx, lineId);
      const [{ n }] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from promo_item_lines where promo_line_id = ${lineId}`,
      );
      if (Number(n) <= 1) {
        throw conflict(problem('promo_last_item', { line: lineId }));
      }
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Bonus item lines

export const promoBonusItemLineResource = defineResource({
  scope: { parent: () => promoLineResource, via: promo_bonus_item_lines.promo_line_id },
  contract: promoBonusItemLineContract,
  table: promo_bonus_item_lines,
  columns: {
    id: promo_bonus_item_lines.id,
    promo_line_id: promo_bonus_item_lines.promo_line_id,
    item_id: promo_bonus_item_lines.item_id,
    item_code: items.item_code,
    item_name: items.item_name,
    qty: promo_bonus_item_lines.qty,
    uom: promo_bonus_item_lines.uom,
    created_at: promo_bonus_item_lines.created_at,
  },
  joins: (q) => q.innerJoin(items, eq(items.id, promo_bonus_item_lines.item_id)),
  sort: { id: promo_bonus_item_lines.id, item_name: items.item_name },
  search: [items.item_name, items.item_code],
  filters: { promo_line_id: promo_bonus_item_lines.promo_line_id },
  hooks: {
    beforeCreate: async (input, { tx }) => {
      const errors: Problem[] = [];
      const [line] = await tx
        .select({ id: promo_lines.id })
        .from(promo_lines)
        .where(eq(promo_lines.id, input.promo_line_id));
      if (!line) {
        errors.push(problem('not_found', { thing: 'promo line', id: input.promo_line_id }, 'promo_line_id'));
      }
      const [item] = await tx
        .select({ id: items.id, uom: items.uom })
        .from(items)
        .where(eq(items.id, input.item_id));
      if (!item) errors.push(problem('not_found', { thing: 'item', id: input.item_id }, 'item_id'));
      if (errors.length > 0) throw badRequest(errors);
      const [dup] = await tx
        .select({ id: promo_bonus_item_lines.id })
        .from(promo_bonus_item_lines)
        .where(
          sql`${promo_bonus_item_lines.promo_line_id} = ${input.promo_line_id} and ${promo_bonus_item_lines.item_id} = ${input.item_id}`,
        );
      if (dup) throw conflict(problem('bonus_on_line', { item: input.item_id, line: input.promo_line_id }));
      return { ...input, uom: input.uom || item!.uom };
    },
  },
});

export const promoResources = [
  promoResource,
  promoLineResource,
  promoItemLineResource,
  promoBonusItemLineResource,
];

// ---------------------------------------------------------------------------------------------
// What a store sees

/**
 * The promos that apply to one store now, as their definitions say: active, today (Asia/Jakarta)
 * within their dates, for the store's branch or every branch (branch_id null), and for its customer
 * type or every type (customer_type_ids empty); in priority order, each with its lines and their items
 * and bonus items, as the back office's lists show them.
 */
export async function promosForStore(
  db: DbOrTx,
  store: { branch_id: number; customer_type_id: number | null },
) {
  const today = sql`(now() at time zone 'Asia/Jakarta')::date`;
  const list = (await baseQuery(db, promoResource, selectColumns(promoResource))
    .where(
      sql`${promos.active} and ${today} between ${promos.start_date} and ${promos.end_date}
          and (${promos.branch_id} is null or ${promos.branch_id} = ${store.branch_id})
          and (cardinality(${promos.customer_type_ids}) = 0
               or ${store.customer_type_id}::int = any(${promos.customer_type_ids}))`,
    )
    .orderBy(promos.priority, promos.id)) as Record<string, unknown>[];
  if (list.length === 0) return [];
  const promoIds = intArray(list.map((p) => p.id as number));
  const lines = (await baseQuery(db, promoLineResource, selectColumns(promoLineResource))
    .where(sql`${promo_lines.promo_id} = any(${promoIds}::int[])`)
    .orderBy(promo_lines.promo_id, promo_lines.id)) as Record<string, unknown>[];
  const lineIds = intArray(lines.map((l) => l.id as number));
  const [itemRows, bonusRows] = (await Promise.all([
    baseQuery(db, promoItemLineResource, selectColumns(promoItemLineResource))
      .where(sql`${promo_item_lines.promo_line_id} = any(${lineIds}::int[])`)
      .orderBy(items.item_name, promo_item_lines.id),
    baseQuery(db, promoBonusItemLineResource, selectColumns(promoBonusItemLineResource))
      .where(sql`${promo_bonus_item_lines.promo_line_id} = any(${lineIds}::int[])`)
      .orderBy(promo_bonus_item_lines.id),
  ])) as Record<string, unknown>[][];
  const byLine = (rowsOf: Record<string, unknown>[]) => {
    const m = new Map<number, Record<string, unknown>[]>();
    for (const r of rowsOf)
      m.set(r.promo_line_id as number, [...(m.get(r.promo_line_id as number) ?? []), r]);
    return m;
  };
  const itemsOf = byLine(itemRows);
  const bonusOf = byLine(bonusRows);
  const linesOf = new Map<number, Record<string, unknown>[]>();
  for (const l of lines) {
    const full = {
      ...l,
      items: itemsOf.get(l.id as number) ?? [],
      bonus_items: bonusOf.get(l.id as number) ?? [],
    };
    linesOf.set(l.promo_id as number, [...(linesOf.get(l.promo_id as number) ?? []), full]);
  }
  return list.map((p) => ({ ...p, lines: linesOf.get(p.id as number) ?? [] }));
}
