// Sales promos for the stores' app (SPEC.md section 7, "Promotions and content"): a promo (image,
// priority, validity, optional targeting) holds lines (a rule: buy a minimum quantity or amount of
// the listed items, get a discount and/or bonus items); a line lists the items it applies to (item
// lines) and the items it gives (bonus item lines).
import { z } from 'zod';
import {
  BusinessDate,
  Id,
  imageRef,
  Money,
  moneyInput,
  qBool,
  qDate,
  qInt,
  qtyInput,
  ref,
  Timestamp,
} from './common';
import { withPeriod } from './period';
import { defineContract, updateSchema } from './resource';

const name = () => z.string().trim().min(1, { error: 'is required' }).max(200);

// ---------------------------------------------------------------------------------------------
// Promo: GET /web/promo/select, GET /web/promo/id/{promo_id}, POST /web/promo,
// PUT /web/promo/id/{promo_id}, DELETE /apps/promo/id/{promo_id}

export const Promo = z.object({
  id: Id,
  promo_id: Id,
  name: z.string(),
  description: z.string(),
  /** Lower first: the order of the promos in the stores' app. */
  priority: z.number().int(),
  /** URL of the promo image ('' when none). */
  image: z.string(),
  start_date: BusinessDate,
  end_date: BusinessDate,
  active: z.boolean(),
  /** Only the stores of this branch; null: every branch. */
  branch_id: Id.nullable(),
  branch_name: z.string().nullable(),
  /** Only stores of these customer types; empty: every type. */
  customer_type_ids: z.array(Id),
  line_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Promo = z.infer<typeof Promo>;

const idList = (kind: string) => z.array(ref(kind, Id)).max(200, { error: 'may list at most 200 ids' });

const promoFields = {
  name: name(),
  description: z.string().trim().max(2000),
  priority: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(1_000_000),
  start_date: BusinessDate,
  end_date: BusinessDate,
  active: z.boolean(),
  branch_id: ref('branch', Id).nullable(),
  customer_type_ids: idList('customer_type'),
  /** An image uploaded earlier; in a multipart create/update the file field `image` wins. */
  image: imageRef(),
};

/**
 * POST /web/promo: JSON, or multipart with this object as JSON in the text field `form_data` plus an
 * optional `image` file (JPEG, PNG or WebP, at most 5 MiB). `promo_id` (the original client sends 0
 * or nothing) is ignored. Without `priority` the promo goes last.
 */
export const PromoCreate = withPeriod(
  z.object({
    // Ignored, but still an id: above int4 it is refused as every other id is (the column's range).
    promo_id: ref('self', z.number().int().min(0).max(2_147_483_647)).nullable().optional(),
    ...promoFields,
    description: promoFields.description.optional().default(''),
    priority: promoFields.priority.optional(),
    active: promoFields.active.optional().default(true),
    branch_id: promoFields.branch_id.optional().default(null),
    customer_type_ids: promoFields.customer_type_ids.optional().default([]),
    image: promoFields.image.optional().default(''),
  }),
);
/** PUT /web/promo/id/{promo_id} (same multipart): partial; `promo_id`, when sent, must match the path (400). */
export const PromoUpdate = updateSchema({ promo_id: ref('self', Id), ...promoFields });

export const promoContract = defineContract({
  name: 'promo',
  area: 'promo',
  idKey: 'promo_id',
  listKey: 'list_promo',
  paths: {
    // The promo screen's list: paged, by=pc.priority sort=asc, search (SPEC.md names it /select).
    list: '/web/promo/select',
    get: '/web/promo/id/:promo_id',
    create: '/web/promo',
    update: '/web/promo/id/:promo_id',
    remove: '/apps/promo/id/:promo_id',
  },
  record: Promo,
  create: PromoCreate,
  update: PromoUpdate,
  filters: z.object({
    /** With end_date: promos whose period overlaps the range. */
    start_date: qDate(),
    end_date: qDate(),
    active: qBool(),
    branch_id: qInt(),
  }),
  sortKeys: ['priority', 'id', 'promo_id', 'name', 'start_date', 'end_date', 'created_at'],
  defaultSort: { by: 'pc.priority', dir: 'asc' },
  searchFields: ['name', 'description'],
  upload: { field: 'image' },
});

// ---------------------------------------------------------------------------------------------
// Promo lines: GET /apps/promo_line/, POST /apps/promo_line/add, PUT /apps/promo_line/update/{id},
// DELETE /apps/promo_line/delete/{id}

export const PromoLine = z.object({
  id: Id,
  promo_id: Id,
  name: z.string(),
  description: z.string(),
  /** Buy at least this quantity of the line's items (0: no minimum). */
  min_qty: z.number(),
  /** ... or at least this amount (0: no minimum). */
  min_amount: Money,
  discount_percent: z.number(),
  discount_amount: Money,
  item_count: z.number().int(),
  bonus_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PromoLine = z.infer<typeof PromoLine>;

const percent = () =>
  z
    .number({ error: 'must be a percentage' })
    .min(0, { error: 'must be 0 or more' })
    .max(100, { error: 'must be at most 100' })
    .multipleOf(0.01, { error: 'may have at most 2 decimals' });
const minQty = () =>
  z
    .number({ error: 'must be a quantity' })
    .min(0, { error: 'must be 0 or more' })
    .max(1e12, { error: 'is too large' })
    .multipleOf(0.0001, { error: 'may have at most 4 decimals' });

const lineFields = {
  name: name(),
  description: z.string().trim().max(2000),
  min_qty: minQty(),
  min_amount: moneyInput(),
  discount_percent: percent(),
  discount_amount: moneyInput(),
};

/**
 * A new line names the items it applies to (a line without items is refused): `item_ids`, and/or
 * every item of the categories in `item_category_ids`. They become its item lines in the same
 * transaction.
 */
export const PromoLineCreate = z
  .object({
    promo_id: ref('promo', Id),
    ...lineFields,
    description: lineFields.description.optional().default(''),
    min_qty: lineFields.min_qty.optional().default(0),
    min_amount: lineFields.min_amount.optional().default(0),
    discount_percent: lineFields.discount_percent.optional().default(0),
    discount_amount: lineFields.discount_amount.optional().default(0),
    item_ids: idList('item').optional().default([]),
    item_category_ids: idList('item_category').optional().default([]),
  })
  .superRefine((v, ctx) => {
    if (v.item_ids.length === 0 && v.item_category_ids.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['item_ids'],
        message: 'a line needs at least one item: give item_ids or item_category_ids',
      });
    }
  });
export const PromoLineUpdate = updateSchema(lineFields);

export const promoLineContract = defineContract({
  name: 'promo_line',
  area: 'promo',
  idKey: 'id',
  listKey: 'list_promo_line',
  paths: {
    list: '/apps/promo_line/',
    get: '/apps/promo_line/id/:id',
    create: '/apps/promo_line/add',
    update: '/apps/promo_line/update/:id',
    remove: '/apps/promo_line/delete/:id',
  },
  record: PromoLine,
  create: PromoLineCreate,
  update: PromoLineUpdate,
  filters: z.object({ promo_id: qInt() }),
  sortKeys: ['id', 'name', 'min_qty', 'min_amount'],
  defaultSort: { by: 'pl.id', dir: 'asc' },
  searchFields: ['name', 'description'],
});

// ---------------------------------------------------------------------------------------------
// Promo item lines: GET /web/promo_item_line/, POST /web/promo_item_line/add,
// POST /web/promo_item_line/add/by/category, DELETE /web/promo_item_line/delete/{id}

export const PromoItemLine = z.object({
  id: Id,
  promo_line_id: Id,
  item_id: Id,
  item_code: z.string(),
  item_name: z.string(),
  item_category_name: z.string(),
  uom: z.string(),
  created_at: Timestamp,
});
export type PromoItemLine = z.infer<typeof PromoItemLine>;

export const PromoItemLineCreate = z.object({
  promo_line_id: ref('promo_line', Id),
  item_id: ref('item', Id),
});

export const promoItemLineContract = defineContract({
  name: 'promo_item_line',
  area: 'promo',
  idKey: 'id',
  paths: {
    list: '/web/promo_item_line/',
    create: '/web/promo_item_line/add',
    remove: '/web/promo_item_line/delete/:id',
  },
  record: PromoItemLine,
  create: PromoItemLineCreate,
  filters: z.object({ promo_line_id: qInt(), item_id: qInt() }),
  sortKeys: ['id', 'item_name', 'item_code'],
  defaultSort: { by: 'item_name', dir: 'asc' },
  searchFields: ['item_name', 'item_code'],
});

// ---------------------------------------------------------------------------------------------
// Promo bonus item lines: GET /web/promo_bonus_item_line/select, POST /web/promo_bonus_item_line/add,
// DELETE /web/promo_bonus_item_line/{id}

export const PromoBonusItemLine = z.object({
  id: Id,
  promo_line_id: Id,
  item_id: Id,
  item_code: z.string(),
  item_name: z.string(),
  qty: z.number(),
  uom: z.string(),
  created_at: Timestamp,
});
export type PromoBonusItemLine = z.infer<typeof PromoBonusItemLine>;

/** `uom` empty: the item's base unit. */
export const PromoBonusItemLineCreate = z.object({
  promo_line_id: ref('promo_line', Id),
  item_id: ref('item', Id),
  qty: qtyInput(),
  uom: z.string().trim().max(20).optional().default(''),
});

export const promoBonusItemLineContract = defineContract({
  name: 'promo_bonus_item_line',
  area: 'promo',
  idKey: 'id',
  paths: {
    select: '/web/promo_bonus_item_line/select',
    create: '/web/promo_bonus_item_line/add',
    remove: '/web/promo_bonus_item_line/:id',
  },
  record: PromoBonusItemLine,
  create: PromoBonusItemLineCreate,
  filters: z.object({ promo_line_id: qInt() }),
  sortKeys: ['id', 'item_name'],
  defaultSort: { by: 'id', dir: 'asc' },
  searchFields: ['item_name', 'item_code'],
});
