// The promos' workflow calls as actions (contract/src/action.ts): reordering the promo list and adding
// every item of a category to a promo line.
import { z } from 'zod';
import { defineAction } from './action';
import { Id, ref } from './common';
import { PromoItemLine } from './promos';

/**
 * PUT /web/promo/priority: one call saves a new order. `promo_ids` lists promos in their new order
 * (all of them, or only those moved, e.g. two neighbours swapped): they take the places in the
 * whole list (by priority, then id) that they held before, in the order given, and every promo's
 * priority becomes its position (1, 2, 3, ...). A promo listed twice or unknown is a 400.
 */
export const PromoReorder = z.object({
  promo_ids: z
    .array(ref('promo', Id))
    .min(2, { error: 'list at least two promos to reorder' })
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'lists a promo more than once' }),
});
export const PromoReorderResult = z.object({
  list_promo: z.array(z.object({ promo_id: Id, priority: z.number().int() })),
});

export const promoReorderAction = defineAction({
  name: 'reorder',
  resource: 'promo',
  method: 'PUT',
  path: '/web/promo/priority',
  placement: 'list',
  body: PromoReorder,
  result: PromoReorderResult,
  area: 'promo',
  action: 'update',
  summary: 'Save a new order of the promos (priority = position, 1 first)',
  description:
    'The listed promos take, in the order given, the positions they held in the whole list (by priority, then id); then every promo is numbered 1, 2, 3, ... in one statement.',
});

/** POST /web/promo_item_line/add/by/category: every item of the category not yet on the line. */
export const PromoItemLinesByCategory = z.object({
  promo_line_id: ref('promo_line', Id),
  item_category_id: ref('item_category', Id),
});

export const promoItemLinesByCategoryAction = defineAction({
  name: 'add_by_category',
  resource: 'promo_item_line',
  related: ['promo_line'],
  method: 'POST',
  path: '/web/promo_item_line/add/by/category',
  placement: 'list',
  body: PromoItemLinesByCategory,
  result: z.array(PromoItemLine),
  area: 'promo',
  action: 'create',
  status: 201,
  summary: 'Add every item of a category to a promo line (answers the new item lines)',
  description:
    'Items already on the line are skipped (answered only when new). 404 for an unknown line, 400 for an unknown category or one without items.',
});
