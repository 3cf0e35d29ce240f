// The stores' companion app (STORE-API.md): sign-in by phone number and one-time code, and what a
// signed-in store reads and does. Paths are under /v1/api/store.
import { z } from 'zod';
import { ErrorBody } from './common';

/**
 * A phone number as stores write it (spaces, dashes, dots, a +62 or 62 prefix allowed), normalised
 * to the 0812... form customer records hold.
 */
export const StorePhone = z
  .string()
  .max(30)
  .transform((s) => s.replace(/[\s().-]/g, '').replace(/^\+?62/, '0'))
  .pipe(z.string().regex(/^0\d{8,14}$/, { error: 'must be a phone number such as 081234567890' }));

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
