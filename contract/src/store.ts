// The stores' companion app (STORE-API.md): sign-in by phone number and one-time code, and what a
// signed-in store reads and does. Paths are under /v1/api/store.
import { z } from 'zod';
import { ErrorBody, ListQuery, PageMeta } from './common';

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
  admin_validate: z.boolean(),
  registered_at: z.string().nullable(),
});
export type StoreMe = z.infer<typeof StoreMe>;

/** page and limit of the store's own lists (always newest first). */
export const StorePageQuery = ListQuery.pick({ page: true, limit: true });
export type StorePageQuery = z.infer<typeof StorePageQuery>;

/** The ledger's point types as the app names them (by the request's language; Indonesian by default). */
export const POINT_TYPE_NAMES: Record<number, { id: string; en: string }> = {
  1: { id: 'Poin master (faktur)', en: 'Master points (invoice)' },
  2: { id: 'Poin injeksi', en: 'Injected points' },
  3: { id: 'Bonus poin promo', en: 'Promo bonus points' },
  4: { id: 'Penukaran kupon', en: 'Coupon redemption' },
  5: { id: 'Pengurangan poin', en: 'Points deduction' },
  6: { id: 'Pembatalan penukaran', en: 'Redemption reverted' },
  7: { id: 'Koreksi', en: 'Correction' },
};

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
