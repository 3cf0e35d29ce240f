// Shared API vocabulary (CONTRACT.md sections 2-5): envelope, paging, list query, errors, permissions.
import { z } from 'zod';
import { ERR_CODES } from './codes';

// The codes as plain values live in codes.ts (no zod: the web app's sign-in route imports them).
export { ERR_CODES, ERR_STATUS } from './codes';
export const ErrCode = z.enum(ERR_CODES);
export type ErrCode = z.infer<typeof ErrCode>;

/**
 * One problem of an error answer: a stable code, the field it concerns, for an import the row
 * (1-based, as the file counts its rows), the parameters the message is worded from, and the
 * message in the request's language (the same text as its entry of err_msg).
 */
export const ErrDetail = z.object({
  code: z.string(),
  field: z.string().optional(),
  row: z.number().int().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  message: z.string(),
});
export type ErrDetail = z.infer<typeof ErrDetail>;

export const ErrorBody = z.object({
  data: z.null(),
  err_code: ErrCode,
  /** Readable messages in the request's language (Accept-Language `id` or `en`). */
  err_msg: z.array(z.string()).min(1),
  /** The same problems, one entry per message, for a client that shows them next to their fields. */
  err_detail: z.array(ErrDetail).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const PageMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total_data: z.number().int(),
  total_page: z.number().int(),
  /** Present (true) when total_data is PostgreSQL's estimate for a large unfiltered list: show "about N". */
  total_estimated: z.literal(true).optional(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
export const SELECT_CAP = 1000;

/** Business date `YYYY-MM-DD` (Asia/Jakarta). */
export const BusinessDate = z.iso
  .date({ error: 'must be a date as YYYY-MM-DD' })
  .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', {
    error: 'must be a date between 2000-01-01 and 2100-12-31',
  });

/** Asia/Jakarta (WIB) is UTC+7 all year: Indonesia has kept no daylight saving time since 1964. */
const JAKARTA_OFFSET_MS = 7 * 3_600_000;

/**
 * Today in the distributor's time zone, `YYYY-MM-DD`, shifted by `days`. From the fixed offset,
 * not `Intl.DateTimeFormat` with a time zone: the first such formatter loads the browser's time
 * zone data, which costs a screen's first render tens of milliseconds.
 */
export function jakartaDate(days = 0): string {
  return new Date(Date.now() + JAKARTA_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);
}

/** The date of a ledger movement: from 2000 up to 31 days ahead (a mistyped year would skew every report). */
export const LedgerDate = BusinessDate.refine((v) => v <= jakartaDate(31), {
  error: 'must not be more than 31 days ahead',
});
export const Timestamp = z.string();
export const Id = z.number().int().positive();

/**
 * What an input field names (CONTRACT.md section 5): a record of a resource (`customer`, `promo_line`,
 * by the contract name), a `branch`, or `self` (the record of the path itself). The server checks every
 * such field of every body it accepts against the caller's branches (unknown: 404, another branch's:
 * 403), and the scope walk test puts other branches' records into each of them.
 * `by: 'code'` names the record by its code (`customer_code`) instead of its id.
 */
export type Reference = { kind: string; by?: 'id' | 'code' };
export const references = z.registry<Reference>();

/** `schema` (an id, a code, or a list of them), declared as naming a record of `kind`. */
export function ref<T extends z.ZodType>(kind: string, schema: T, by: Reference['by'] = 'id'): T {
  // A copy: the same schema object (`Id`) serves many fields naming different things.
  const own = schema.clone() as T;
  references.add(own, { kind, by });
  return own;
}
export const Money = z.number();

const hasAtMostDecimals = (v: number, places: number) => {
  const scaled = v * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};
/** An amount sent by a client: rupiah, 0 or more, at most 2 decimals (stored as numeric(18,2)). */
export const moneyInput = () =>
  z
    .number({ error: 'must be an amount' })
    .min(0, { error: 'must be 0 or more' })
    .max(1e15, { error: 'is too large' })
    .refine((v) => hasAtMostDecimals(v, 2), { error: 'may have at most 2 decimals' });
/** A quantity sent by a client: more than 0, at most 4 decimals (stored as numeric(18,4)). */
export const qtyInput = () =>
  z
    .number({ error: 'must be a quantity' })
    .gt(0, { error: 'must be more than 0' })
    .max(1e12, { error: 'is too large' })
    .refine((v) => hasAtMostDecimals(v, 4), { error: 'may have at most 4 decimals' });

/** Query parameters arrive as strings: an empty string means "no filter". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const qInt = () => z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional());
export const qBool = () =>
  z.preprocess((v) => {
    const b = blankToUndefined(v);
    if (b === undefined) return undefined;
    if (b === true || b === 'true' || b === '1' || b === 1) return true;
    if (b === false || b === 'false' || b === '0' || b === 0) return false;
    return b;
  }, z.boolean({ error: 'must be 1/0 or true/false' }).optional());
export const qString = () => z.preprocess(blankToUndefined, z.string().max(200).optional());
export const qDate = () => z.preprocess(blankToUndefined, BusinessDate.optional());
/** Where the server serves uploaded images (CONTRACT.md section 6). */
export const UPLOADS_URL_PREFIX = '/uploads/';
/**
 * `/uploads/<kind>/<uuid>.<ext>`, alone or after an origin and path segments that are names (never
 * `.`, `..` or an escape): no spelling of it leaves the upload folder. Which origin is this server's
 * own (PUBLIC_URL) only the server knows; it checks that, and that the file exists.
 */
const ISSUED_UPLOAD =
  /^(https?:\/\/([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*)?\/uploads\/[a-z0-9_-]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;
/** Whether a string has the shape of an address this server's photo upload answers. */
export const isIssuedUploadUrl = (v: string) => ISSUED_UPLOAD.test(v);
/** Inline placeholder images (the demo data's); a record may keep one, a client may not set a new one. */
const INLINE_IMAGE = /^data:image\/(png|jpeg|webp|svg\+xml)[;,]/;
/**
 * An image field a client sets: '' (none) or the `url` a photo upload answered. Anything else (another
 * site, `javascript:...`) is a 400. The server also checks that the file exists, and accepts an inline
 * placeholder only when it is the value the record already has (an edit that keeps the photo).
 */
export const imageRef = () =>
  z
    .string()
    .trim()
    .max(20_000)
    .refine((v) => v === '' || isIssuedUploadUrl(v) || INLINE_IMAGE.test(v), {
      error: 'must be the url answered by the photo upload, or empty',
    });

/** page / limit / by / sort / search, shared by every paged list (CONTRACT.md section 3). */
export const ListQuery = z.object({
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(1_000_000, { error: 'must be at most 1000000' })
      .default(DEFAULT_PAGE),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(MAX_LIMIT, { error: `must be at most ${MAX_LIMIT}` })
      .default(DEFAULT_LIMIT),
  ),
  by: qString(),
  sort: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
    z.enum(['asc', 'desc'], { error: "must be 'asc' or 'desc'" }).optional(),
  ),
  search: qString(),
  /** Accepted for compatibility with the original clients; scope comes from the token (403 if foreign). */
  user_id: qInt(),
  admin_user_id: qInt(),
  user_id_for_branch: qInt(),
});
export type ListQuery = z.infer<typeof ListQuery>;

export const SelectQuery = ListQuery.omit({ page: true, limit: true });

export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });
export const DeletedBody = z.object({ data: z.object({ id: z.number() }) });

/** Permission areas: a role grants one area the actions view / create / update / delete. */
export const PERMISSION_AREAS = [
  'dashboard',
  'region',
  'branch',
  'salesman',
  'partner',
  'customer',
  'item',
  'sales',
  'point',
  'coupon',
  'lottery',
  'voucher',
  'promo',
  'content',
  'broadcast',
  'target',
  'upload',
  'report',
  'staff_user',
  'role',
  'integration',
] as const;
export const PermissionArea = z.enum(PERMISSION_AREAS);
export type PermissionArea = z.infer<typeof PermissionArea>;
export const ACTIONS = ['view', 'create', 'update', 'delete'] as const;
export const Action = z.enum(ACTIONS);
export type Action = z.infer<typeof Action>;

/** One entry of the sign-in `role_list`. */
export const RoleGrant = z.object({
  id_role: z.number().int(),
  name: z.string(),
  area: PermissionArea,
  can_view: z.boolean(),
  can_create: z.boolean(),
  can_update: z.boolean(),
  can_delete: z.boolean(),
});
export type RoleGrant = z.infer<typeof RoleGrant>;

export function can(roleList: readonly RoleGrant[], area: PermissionArea, action: Action): boolean {
  const key = `can_${action}` as const;
  return roleList.some((r) => r.area === area && r[key]);
}

/** A customer code in an import row: declared as naming a customer, so its branch is checked. */
export const customerCodeRef = () =>
  ref(
    'customer',
    z
      .string({ error: 'must be a customer code' })
      .trim()
      .min(1, { error: 'is required' })
      .max(50, { error: 'must be at most 50 characters' }),
    'code',
  );
