// Points that expire: the settings, the lots a store's points sit in, the expiry run and the report
// of what expires when. A lot is the points one credit brought in; debits draw lots soonest expiry
// first, then oldest earned, lots without expiry last (CONTRACT.md, points ledger).
import { z } from 'zod';
import { defineAction } from './action';
import { BusinessDate, Id, qDate, qInt, ref, Timestamp } from './common';
import { POINT_RESOURCES } from './points.actions';
import { defineContract } from './resource';

export const MAX_EXPIRE_AFTER_MONTHS = 120;
export const MAX_NOTIFY_DAYS_BEFORE = 365;

const months = () => z.number().int().min(1).max(MAX_EXPIRE_AFTER_MONTHS).nullable();
const notifyDays = () => z.number().int().min(0).max(MAX_NOTIFY_DAYS_BEFORE);

export const PointSettings = z.object({
  /**
   * Points earned on a date expire at the end of the month lying this many months after that
   * date's month (earned 2025-11-15 with 12: they count until 2026-11-30). Null: they never expire.
   */
  expire_after_months: months(),
  /** How many days before their expiry a store is told about expiring points. */
  notify_days_before: notifyDays(),
  updated_by: Id.nullable(),
  updated_by_name: z.string().nullable(),
  updated_at: Timestamp,
});
export type PointSettings = z.infer<typeof PointSettings>;

/** PUT /point/settings: either field or both; a field left out keeps its value. */
export const PointSettingsUpdate = z.object({
  expire_after_months: months().optional(),
  notify_days_before: notifyDays().optional(),
});
export type PointSettingsUpdate = z.infer<typeof PointSettingsUpdate>;

/** The answer to PUT: the settings, and from when a changed expiry applies. */
export const PointSettingsSaved = PointSettings.extend({
  /** Lots earned from this date on take the new expiry; lots earned before keep their dates. */
  applies_from: BusinessDate,
  /** The same, said in the request's language. */
  note: z.string(),
});

export const POINT_LOT_STATUSES = ['open', 'spent', 'expired'] as const;
export const PointLotStatus = z.enum(POINT_LOT_STATUSES);

export const PointLotDraw = z.object({
  ledger_id: Id,
  point_type: z.number().int(),
  entry_date: BusinessDate,
  /** Points taken from the lot (negative: given back, by a revert or a void). */
  amount: z.number().int(),
});

export const PointLot = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  /** The credit row that brought the points in. */
  ledger_id: Id,
  point_type: z.number().int(),
  points: z.number().int(),
  remaining: z.number().int(),
  earned_on: BusinessDate,
  expires_on: BusinessDate.nullable(),
  /** open: points left that still count; spent: all drawn; expired: past its date (taken by the expiry run, or waiting for it). */
  status: PointLotStatus,
  /** Points the expiry run took from it. */
  expired_points: z.number().int(),
  draws: z.array(PointLotDraw),
});
export type PointLot = z.infer<typeof PointLot>;

export const PointLotQuery = z.object({
  /** The store the answer is about: a declared reference (another branch's store is a 403). */
  customer_id: ref('customer', z.coerce.number().int().positive()),
  status: z.preprocess((v) => (v === '' ? undefined : v), PointLotStatus.optional()),
  page: qInt(),
  limit: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v),
    z.coerce.number().int().min(1).max(500).optional(),
  ),
});

/** What a store has expiring next: the earliest date with points still open, and how many. */
export const PointExpiringNext = z.object({
  customer_id: Id,
  /** Points still open in lots with an expiry date, in total. */
  expiring_points: z.number().int(),
  /** The soonest expiry date among them, and the points expiring on it (null: nothing expires). */
  next_date: BusinessDate.nullable(),
  next_points: z.number().int(),
});

/** GET /point/expiry/run/preview: what a run today would take. */
export const PointExpiryPreview = z.object({
  /** Stores that would get an expiry row. */
  count: z.number().int().min(0),
  points: z.number().int(),
  lots: z.number().int(),
  as_of: BusinessDate,
});

export const PointExpiryResult = z.object({
  /** Stores that got one expiry row (type 8) each. */
  customers: z.number().int(),
  points: z.number().int(),
  lots: z.number().int(),
  as_of: BusinessDate,
});
export type PointExpiryResult = z.infer<typeof PointExpiryResult>;

/**
 * POST /point/expiry/run: takes every lot past its date out of its store's balance, one ledger row
 * of type 8 (expiry) per store. Running it again takes nothing more. Staff who see every branch and
 * may delete point movements only.
 */
export const pointExpiryRunAction = defineAction({
  name: 'expiry_run',
  resource: 'point',
  related: POINT_RESOURCES,
  method: 'POST',
  path: '/point/expiry/run',
  placement: 'list',
  result: PointExpiryResult,
  area: 'point',
  action: 'delete',
  confirm: { preview: PointExpiryPreview, tone: 'danger' },
  summary:
    'Expire the points of every lot past its date: one type 8 row per store drawing exactly those lots; a repeat takes nothing more. Only for staff who see every branch.',
});

/** The stores whose open points expire in a range (GET /point/report/expiring), one row a store. */
export const ExpiringPointsRow = z.object({
  id: Id,
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  region_id: Id,
  region_name: z.string(),
  region_group_id: Id,
  region_group_name: z.string(),
  /** Points still open in lots whose expiry date lies in the range. */
  expiring_points: z.number().int(),
  lots: z.number().int(),
  first_expiry: BusinessDate,
  last_expiry: BusinessDate,
  /** The store's whole balance now. */
  point_balance: z.number().int(),
});
export type ExpiringPointsRow = z.infer<typeof ExpiringPointsRow>;

/** The whole range's totals, over every page. */
export const ExpiringPointsTotals = z.object({
  customers: z.number().int(),
  points: z.number().int(),
  lots: z.number().int(),
});

export const EXPIRING_SORT_KEYS = [
  'id',
  'customer_id',
  'customer_name',
  'customer_code',
  'expiring_points',
  'first_expiry',
  'point_balance',
] as const;

export const expiringPointsContract = defineContract({
  name: 'point_expiring_report',
  area: 'point',
  idKey: 'customer_id',
  paths: { list: '/point/report/expiring' },
  record: ExpiringPointsRow,
  filters: z.object({
    /** Default: today. */
    start_date: qDate(),
    /** Default: the end of the month after start_date's. */
    end_date: qDate(),
    region_group_id: qInt(),
    region_id: qInt(),
    branch_id: qInt(),
  }),
  sortKeys: EXPIRING_SORT_KEYS,
  defaultSort: { by: 'first_expiry', dir: 'asc' },
  searchFields: ['customer_name', 'customer_code'],
});
