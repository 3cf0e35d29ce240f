// The stores' companion app (STORE-API.md): sign-in by phone number and one-time code, and what a
// signed-in store reads and does. Paths are under /v1/api/store.
import { z } from 'zod';
import { ErrorBody, Id, imageRef, ListQuery, PageMeta, ref, Timestamp } from './common';
import { LotteryCoupon } from './lottery';
import { Promo, PromoBonusItemLine, PromoItemLine, PromoLine } from './promos';
import { SalesInvoice, SalesInvoiceLine } from './sales';
import { CustomerTargetPeriod, TargetYearQuery } from './targets';
import { UploadFolder, UploadPhoto } from './uploads';
import { POINT_TYPE_WORDS, type Words } from './wording';

/**
 * A phone number as stores write it (spaces, dashes, dots, a +62 or 62 prefix allowed), normalised
 * to the 0812... form customer records hold.
 */
export const StorePhone = z
  .string()
  .max(30)
  .transform((s) => s.replace(/[\s().-]/g, '').replace(/^\+?62/, '0'))
  .pipe(z.string().regex(/^0\d{8,14}$/, { error: 'must be a phone number' }));

export const StoreOtpBody = z.object({ phone_number: StorePhone });
export type StoreOtpBody = z.infer<typeof StoreOtpBody>;

export const StoreOtpResult = z.object({ sent: z.boolean(), expires_in: z.number().int() });

export const StoreAuthBody = z.object({
  phone_number: StorePhone,
  code: z.string().regex(/^\d{6}$/, { error: 'must be the 6 digits of the code' }),
  /** Which store, when the number belongs to several. */
  customer_id: z.number().int().positive().optional(),
});
export type StoreAuthBody = z.infer<typeof StoreAuthBody>;

export const StoreChoice = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_code: z.string(),
});
export type StoreChoice = z.infer<typeof StoreChoice>;

export const StoreLoginResult = z.object({
  token: z.string(),
  refresh_token: z.string(),
  expired_date: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_code: z.string(),
  /** Every store the phone number signs in to (choose with `customer_id`). */
  stores: z.array(StoreChoice),
});
export type StoreLoginResult = z.infer<typeof StoreLoginResult>;

/** The 409 of a number that owns several stores: the error envelope with the stores to choose from. */
export const StoreChoiceConflict = ErrorBody.extend({
  err_code: z.literal('CONFLICT'),
  stores: z.array(StoreChoice),
});

export const StoreRefreshBody = z.object({ refresh_token: z.string().min(10).max(200) });
export const StoreLogoutBody = z.object({ refresh_token: z.string().min(10).max(200).optional() });

// ---------------------------------------------------------------------------------------------
// Profile changes: the store asks, the back office approves or rejects.

/**
 * Text a store types, trimmed. Control characters (but line breaks: an address has several lines) are
 * refused for every body by the server's input guard before validation.
 */
const storeText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

/**
 * PUT /store/me: the fields a store may change, each optional (only those sent change); at least one.
 * `photo` is a url answered by POST /store/photo. Any other field (the name, the phone number) is a 400:
 * those change only through the back office.
 */
export const StoreMeUpdate = z
  .strictObject({
    owner_name: storeText(200).min(1, { error: 'is required' }).optional(),
    address: storeText(1000).min(1, { error: 'is required' }).optional(),
    photo: imageRef().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'send at least one of owner_name, address, photo',
  });
export type StoreMeUpdate = z.infer<typeof StoreMeUpdate>;

/**
 * A store's profile change waiting for the back office (one at a time: a new request adds the fields
 * it sends to the waiting one). Null fields are not changed by it; `current_*` are the values it would
 * replace.
 */
export const StoreProfileChange = z.object({
  id: Id,
  customer_id: Id,
  owner_name: z.string().nullable(),
  address: z.string().nullable(),
  photo_url: z.string().nullable(),
  current_owner_name: z.string(),
  current_address: z.string(),
  current_photo_url: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requested_at: Timestamp,
  decided_at: Timestamp.nullable(),
  /** The staff user who approved or rejected it. */
  decided_by: Id.nullable(),
  note: z.string(),
});
export type StoreProfileChange = z.infer<typeof StoreProfileChange>;

/** GET /store/me: the signed-in store. */
export const StoreMe = z.object({
  customer_id: z.number().int(),
  customer_code: z.string(),
  customer_name: z.string(),
  owner_name: z.string(),
  phone_number: z.string(),
  address: z.string(),
  city: z.string(),
  photo_url: z.string(),
  branch_id: z.number().int(),
  branch_name: z.string(),
  salesman_name: z.string().nullable(),
  salesman_phone: z.string().nullable(),
  customer_type_id: z.number().int().nullable(),
  customer_type_name: z.string().nullable(),
  point_balance: z.number().int(),
  /** The cap on points earned this calendar month (a per-period entry, else the store's own); null: none. */
  monthly_max_point: z.number().int().nullable(),
  /** Points earned from invoices and promos this month (Asia/Jakarta), what the cap counts. */
  points_this_month: z.number().int(),
  /** The store's tier and what it multiplies its invoices' points by; null: no tier. */
  tier_name: z.string().nullable(),
  tier_multiplier: z.number().nullable(),
  /** Set while the store keeps its tier for a grace month although its turnover fell below it. */
  tier_grace_from: z.string().nullable(),
  admin_validate: z.boolean(),
  registered_at: z.string().nullable(),
  /** The profile change the store asked for (PUT /store/me), waiting for the back office; null: none. */
  pending_change: StoreProfileChange.nullable(),
});
export type StoreMe = z.infer<typeof StoreMe>;

/** page and limit of the store's own lists (always newest first). */
export const StorePageQuery = ListQuery.pick({ page: true, limit: true });
export type StorePageQuery = z.infer<typeof StorePageQuery>;

/**
 * The ledger's point types as the app names them (by the request's language; Indonesian by
 * default): the same words as the back office's screens and exports.
 */
export const POINT_TYPE_NAMES: Record<number, Words> = POINT_TYPE_WORDS;

/** GET /store/points: one live ledger row of the store. */
export const StorePointRow = z.object({
  id: z.number().int(),
  point_type: z.number().int(),
  type_name: z.string(),
  points: z.number().int(),
  balance_after: z.number().int().nullable(),
  /** The invoice the points came from, else the movement's reference (a redemption number). */
  document_no: z.string(),
  reason: z.string(),
  entry_date: z.string(),
  created_at: z.string(),
});
export type StorePointRow = z.infer<typeof StorePointRow>;
export const StorePointsMeta = PageMeta.extend({ balance: z.number().int() });

/**
 * `expiring` on GET /store/points: the soonest date on which some of the store's points expire and
 * how many, and the points expiring within the notice window (the next notify_days_before days).
 */
export const StorePointsExpiring = z.object({
  /** null: none of the store's points has an expiry date ahead. */
  next_date: z.string().nullable(),
  next_points: z.number().int(),
  /** Points expiring from today to today + notify_days_before (what the inbox notices speak of). */
  within_days: z.number().int(),
  within_points: z.number().int(),
});
export type StorePointsExpiring = z.infer<typeof StorePointsExpiring>;

/** GET /store/redemptions: one of the store's coupon redemptions. */
export const StoreRedemption = z.object({
  id: z.number().int(),
  coupon_id: z.number().int(),
  coupon_name: z.string(),
  photo_url: z.string(),
  points: z.number().int(),
  status: z.enum(['redeemed', 'processed', 'delivered', 'reverted']),
  redeemed_at: z.string(),
  delivered_at: z.string().nullable(),
  reverted_at: z.string().nullable(),
});
export type StoreRedemption = z.infer<typeof StoreRedemption>;

/** GET /store/vouchers: a voucher the store holds (its wallet). */
export const StoreVoucher = z.object({
  id: z.number().int(),
  voucher_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  nominal: z.number(),
  photo_url: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  redeemed_at: z.string(),
});
export type StoreVoucher = z.infer<typeof StoreVoucher>;

/** GET /store/inbox: a broadcast delivered to the store. */
export const StoreInboxRow = z.object({
  id: z.number().int(),
  broadcast_id: z.number().int(),
  title: z.string(),
  message: z.string(),
  image_url: z.string(),
  link: z.string(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
});
export type StoreInboxRow = z.infer<typeof StoreInboxRow>;
export const StoreInboxMeta = PageMeta.extend({ unread: z.number().int() });
export const StoreInboxIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET /store/feed: what the app's home shows, the same for every store. */
export const StoreFeed = z.object({
  news: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      content: z.string(),
      photo_url: z.string(),
      priority: z.number().int(),
      start_date: z.string(),
      end_date: z.string(),
    }),
  ),
  popups: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      photo_url: z.string(),
      link: z.string(),
      start_date: z.string(),
      end_date: z.string(),
    }),
  ),
  promo_videos: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      url: z.string(),
      description: z.string(),
      thumbnail_url: z.string(),
      start_date: z.string(),
      end_date: z.string(),
    }),
  ),
});
export type StoreFeed = z.infer<typeof StoreFeed>;

/** GET /store/coupons: a coupon offered to the store now. */
export const StoreCoupon = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  photo_url: z.string(),
  points_required: z.number().int(),
  /** Coupons left. */
  stock: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
});
export type StoreCoupon = z.infer<typeof StoreCoupon>;

export const StoreCouponIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /store/coupons/{id}/redeem: an optional note for the back office. */
export const StoreRedeemBody = z.object({
  note: z
    .string()
    .max(500)
    .regex(/^[^\p{Cc}]*$/u, { error: 'must not contain control characters' })
    .optional(),
});

/** `Idempotency-Key`: the same key answers the first result again (one redemption, one debit). */
export const StoreRedeemHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, { error: 'must be 1 to 100 visible ASCII characters' })
    .optional(),
});

/** The redemption and the store's balance right after it. */
export const StoreRedeemResult = StoreRedemption.extend({ point_balance: z.number().int() });
export type StoreRedeemResult = z.infer<typeof StoreRedeemResult>;

// ---------------------------------------------------------------------------------------------
// Promos, lottery, targets

/** GET /store/promos: a promo that applies to this store now, with its lines, items and bonus items. */
export const StorePromoLine = PromoLine.extend({
  items: z.array(PromoItemLine),
  bonus_items: z.array(PromoBonusItemLine),
});
export const StorePromo = Promo.extend({ lines: z.array(StorePromoLine) });
export type StorePromo = z.infer<typeof StorePromo>;

/** GET /store/lottery: one of the store's lottery coupon numbers. */
export const StoreLotteryCoupon = LotteryCoupon.pick({
  id: true,
  coupon_no: true,
  period: true,
  batch: true,
  imported_at: true,
});
export type StoreLotteryCoupon = z.infer<typeof StoreLotteryCoupon>;

/** GET /store/targets?year: the year (default: this year, Asia/Jakarta). */
export const StoreTargetsQuery = TargetYearQuery.pick({ year: true });

/**
 * GET /store/targets: the store's targets and achievement over the year's quarters, semesters and the
 * whole year, each exactly the back office's answer (GET /customer/target/quarter, /semester, /year).
 */
export const StoreTargets = z.object({
  year: z.number().int(),
  quarters: z.array(CustomerTargetPeriod),
  semesters: z.array(CustomerTargetPeriod),
  full_year: CustomerTargetPeriod,
});
export type StoreTargets = z.infer<typeof StoreTargets>;

// ---------------------------------------------------------------------------------------------
// Invoices

/** GET /store/invoices: one of the store's invoices with the points it earned (live ledger rows). */
export const StoreInvoice = SalesInvoice.extend({ points_earned: z.number().int() });
export type StoreInvoice = z.infer<typeof StoreInvoice>;

/** GET /store/invoices/{id}: the invoice, its lines and the ledger rows tied to it. */
export const StoreInvoiceDetail = StoreInvoice.extend({
  lines: z.array(SalesInvoiceLine),
  points: z.array(StorePointRow),
});
export type StoreInvoiceDetail = z.infer<typeof StoreInvoiceDetail>;

export const StoreInvoiceIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

// ---------------------------------------------------------------------------------------------
// Photos

/** POST /store/photo (multipart, field `photo`): where the stored image is. */
export const StorePhoto = z.object({ url: z.string(), path: z.string() });
export type StorePhoto = z.infer<typeof StorePhoto>;

/** GET /store/upload-folders: a folder open to this store now, with how many photos the store put in it. */
export const StoreUploadFolder = UploadFolder.pick({
  id: true,
  name: true,
  description: true,
  start_date: true,
  end_date: true,
}).extend({ photo_count: z.number().int() });
export type StoreUploadFolder = z.infer<typeof StoreUploadFolder>;

/** POST /store/uploads: a photo (the url POST /store/photo answered) into a folder open to this store. */
export const StoreUploadBody = z.strictObject({
  upload_folder_id: ref('upload_folder', Id.max(2_147_483_647)),
  photo: imageRef().pipe(z.string().min(1, { error: 'is required' })),
  note: storeText(500).optional(),
});
export type StoreUploadBody = z.infer<typeof StoreUploadBody>;

export const StoreUpload = UploadPhoto;
export type StoreUpload = z.infer<typeof StoreUpload>;
