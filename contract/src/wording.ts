// Words that the screens and the server's files (exports, the stores' app) both show, kept once so
// a CSV says what the list says. Each entry carries its Indonesian and English wording.

export type Words = { id: string; en: string };

/** `{key: {id, en}}` → `{key: text}` in one language (for the web's message files). */
export function wordsIn<K extends string | number>(
  words: Record<K, Words>,
  lang: 'id' | 'en',
): Record<K, string> {
  return Object.fromEntries(Object.entries<Words>(words).map(([k, w]) => [k, w[lang]])) as Record<K, string>;
}

/** The ledger's point types. */
export const POINT_TYPE_WORDS = {
  1: { id: 'Poin master (faktur)', en: 'Master points (invoice)' },
  2: { id: 'Injeksi poin', en: 'Injected points' },
  3: { id: 'Bonus poin promo', en: 'Promo bonus points' },
  4: { id: 'Penukaran kupon', en: 'Coupon redemption' },
  5: { id: 'Pengurangan poin', en: 'Deduction' },
  6: { id: 'Pembatalan penukaran', en: 'Redemption revert' },
  7: { id: 'Koreksi', en: 'Correction' },
  8: { id: 'Poin kedaluwarsa', en: 'Expired points' },
} satisfies Record<number, Words>;

/** A ledger row's status: void, written by staff (editable) or by the system. */
export const LEDGER_STATUS_WORDS = {
  void: { id: 'Dianulir', en: 'Void' },
  staff: { id: 'Staf', en: 'Staff' },
  system: { id: 'Sistem', en: 'System' },
} satisfies Record<string, Words>;
export type LedgerStatus = keyof typeof LEDGER_STATUS_WORDS;

export function ledgerStatus(r: { void?: unknown; editable?: unknown }): LedgerStatus {
  return r.void === true ? 'void' : r.editable === true ? 'staff' : 'system';
}

/**
 * A customer's flags: only what deviates from an ordinary store (active, validated, shown in the
 * app), so most rows carry one at most. `reads` are the record's fields the flags are judged from.
 */
type CustomerFlagFields = {
  active?: unknown;
  show_in_app?: unknown;
  admin_validate?: unknown;
  is_data_complete?: unknown;
  class_mekar?: unknown;
  exclude_all_point?: unknown;
};
export type CustomerFlag =
  | 'inactive'
  | 'not_in_app'
  | 'not_validated'
  | 'incomplete'
  | 'class_mekar'
  | 'no_points';
export const CUSTOMER_FLAGS: { key: CustomerFlag; on(r: CustomerFlagFields): boolean; words: Words }[] = [
  { key: 'inactive', on: (r) => r.active === false, words: { id: 'Nonaktif', en: 'Inactive' } },
  {
    key: 'not_in_app',
    on: (r) => r.show_in_app === false,
    words: { id: 'Tak tampil di aplikasi', en: 'Hidden in app' },
  },
  {
    key: 'not_validated',
    on: (r) => r.admin_validate === false,
    words: { id: 'Belum divalidasi', en: 'Not validated' },
  },
  {
    key: 'incomplete',
    on: (r) => r.is_data_complete === false,
    words: { id: 'Data belum lengkap', en: 'Data incomplete' },
  },
  { key: 'class_mekar', on: (r) => r.class_mekar === true, words: { id: 'Mekar', en: 'Mekar' } },
  { key: 'no_points', on: (r) => r.exclude_all_point === true, words: { id: 'Tanpa poin', en: 'No points' } },
];
export const CUSTOMER_FLAG_FIELDS = [
  'active',
  'show_in_app',
  'admin_validate',
  'is_data_complete',
  'class_mekar',
  'exclude_all_point',
] as const satisfies readonly (keyof CustomerFlagFields)[];
export const CUSTOMER_FLAG_WORDS = Object.fromEntries(CUSTOMER_FLAGS.map((f) => [f.key, f.words])) as Record<
  CustomerFlag,
  Words
>;

/**
 * A dated record's state as the lists show it: switched off, not started, over, or running. An
 * active coupon past its end date is "over", not "active".
 */
export const PERIOD_STATUS_WORDS = {
  active: { id: 'Aktif', en: 'Active' },
  inactive: { id: 'Nonaktif', en: 'Inactive' },
  upcoming: { id: 'Belum mulai', en: 'Not started' },
  expired: { id: 'Berakhir', en: 'Ended' },
} satisfies Record<string, Words>;
export type PeriodStatus = keyof typeof PERIOD_STATUS_WORDS;

/** `today` is the Asia/Jakarta business day (`jakartaDate()`); dates are `YYYY-MM-DD`, ends included. */
export function periodStatus(
  r: { active?: unknown; start_date?: unknown; end_date?: unknown },
  today: string,
): PeriodStatus {
  if (r.active !== true) return 'inactive';
  if (typeof r.start_date === 'string' && r.start_date.slice(0, 10) > today) return 'upcoming';
  if (typeof r.end_date === 'string' && r.end_date.slice(0, 10) < today) return 'expired';
  return 'active';
}
