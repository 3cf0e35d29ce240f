// Store tiers: a store whose rolling 12-month turnover reaches a tier's minimum takes the highest such
// tier, computed monthly (with a grace month before a downgrade), and its invoices earn the rules'
// points (after the promo boost, before the monthly cap) times the tier's multiplier. One schema for
// the route, the OpenAPI document and the web form.
import { z } from 'zod';
import { defineAction } from './action';
import { BusinessDate, Id, Timestamp } from './common';
import { POINT_RESOURCES } from './points.actions';

export const MAX_TIERS = 10;
export const MIN_TIER_MULTIPLIER = 1;
export const MAX_TIER_MULTIPLIER = 10;

export const PointTierInput = z.object({
  name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(50),
  /** The rolling 12-month turnover (rupiah, every invoice line of the store) from which the tier applies. */
  min_turnover_12m: z.number().min(0, { error: 'must be 0 or more' }).max(1e15),
  /** What the earning rules give is multiplied by this (1: as the rules say), two decimals at most. */
  multiplier: z
    .number()
    .min(MIN_TIER_MULTIPLIER)
    .max(MAX_TIER_MULTIPLIER)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      error: 'may have at most 2 decimals',
    }),
});
export type PointTierInput = z.infer<typeof PointTierInput>;

/**
 * PUT /point/tiers: the whole list, lowest first. Names unique (whatever the case), minimums strictly
 * ascending, the first at 0 (every store has a tier). A tier keeps its id (and its stores) while its
 * name stays; a tier left out is removed and its stores take theirs at the next computation.
 */
export const PointTiersUpdate = z
  .object({
    tiers: z.array(PointTierInput, { error: 'must be a list of tiers' }).min(1).max(MAX_TIERS),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.tiers.forEach((t, i) => {
      const key = t.name.trim().toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', i, 'name'],
          message: `the tier name ${t.name} is used twice`,
          params: { code: 'tier_name_twice', name: t.name },
        });
      seen.add(key);
      if (i === 0 && t.min_turnover_12m !== 0)
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', 0, 'min_turnover_12m'],
          message: 'the first tier must start at 0',
          params: { code: 'tier_first_zero' },
        });
      if (i > 0 && t.min_turnover_12m <= body.tiers[i - 1].min_turnover_12m)
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', i, 'min_turnover_12m'],
          message: 'must be more than the minimum of the tier before',
          params: { code: 'tier_min_ascending' },
        });
    });
  });
export type PointTiersUpdate = z.infer<typeof PointTiersUpdate>;

export const PointTier = PointTierInput.extend({
  id: Id,
  /** Stores holding the tier now. */
  stores: z.number().int(),
  updated_at: Timestamp,
});
export type PointTier = z.infer<typeof PointTier>;

/** GET and PUT /point/tiers' answer: the tiers, lowest first. */
export const PointTiers = z.object({ tiers: z.array(PointTier) });
export type PointTiers = z.infer<typeof PointTiers>;

/** What a computation did. */
export const PointTierRunResult = z.object({
  /** The day from which the tiers taken apply (the computation's day). */
  as_of: BusinessDate,
  /** The 12 months counted: from this day up to the day before as_of's month. */
  window_start: BusinessDate,
  stores: z.number().int(),
  upgraded: z.number().int(),
  downgraded: z.number().int(),
  /** Stores below their tier kept in it for the grace month. */
  in_grace: z.number().int(),
});
export type PointTierRunResult = z.infer<typeof PointTierRunResult>;

/**
 * POST /point/tiers/recompute: computes every store's tier now (what the monthly run does on the 1st).
 * Staff who see every branch and may change points only.
 */
export const pointTiersRecomputeAction = defineAction({
  name: 'tiers_recompute',
  resource: 'point',
  related: POINT_RESOURCES,
  method: 'POST',
  path: '/point/tiers/recompute',
  placement: 'list',
  result: PointTierRunResult,
  area: 'point',
  action: 'update',
  summary:
    "Compute every store's tier now from its rolling 12-month turnover, as the monthly run does (a store below its tier keeps it for a grace month). Only for staff who see every branch.",
});
