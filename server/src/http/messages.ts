// The catalogue of error messages in the two languages of the app (CONTRACT.md section 2).
//
// A module throws a problem `{code, params, field?, row?}` (errors.ts); the catalogue words it from
// its code and parameters. The web app shows `message` (already in the request's language) next to
// `field` or on the import row `row`; `code` and `params` are stable for other clients.
// Without an `Accept-Language` header each entry's `plain` text is answered (the English API clients
// and tests have always read, ids and all); with one, the entry's wording in that language.
import type { ErrDetail as ContractErrDetail } from '@lbo/contract/common';

export type Lang = 'en' | 'id';
export type ErrDetail = ContractErrDetail;
export type Params = Record<string, string | number>;

/** `id` when the request's Accept-Language prefers Indonesian over English, `en` when it names a language, else null. */
export function requestLang(header: string | string[] | undefined): Lang | null {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (!raw?.trim()) return null;
  let best: { lang: Lang; q: number } | null = null;
  for (const part of raw.split(',')) {
    const [tag, ...attrs] = part.trim().toLowerCase().split(';');
    const qAttr = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
    const q = qAttr ? Number(qAttr.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const base = tag.split('-')[0];
    const lang: Lang | null = base === 'id' || base === 'in' ? 'id' : base === 'en' ? 'en' : null;
    if (lang && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? 'en';
}

/** Indonesian names of the things messages talk about (resource names, tables, fields). */
const NOUNS: Record<string, string> = {
  customer: 'pelanggan',
  customers: 'pelanggan',
  'customer type': 'jenis pelanggan',
  'customer types': 'jenis pelanggan',
  'customer log': 'log pelanggan',
  'customer code': 'kode pelanggan',
  point: 'entri poin',
  'point ledger': 'entri poin',
  'point rule': 'aturan poin',
  'point rules': 'aturan poin',
  'point max customer': 'maksimal poin pelanggan',
  'point promo': 'promo poin',
  'point promos': 'promo poin',
  item: 'produk',
  items: 'produk',
  'item code': 'kode produk',
  'item category': 'kategori produk',
  'item categories': 'kategori produk',
  'item uom line': 'satuan produk',
  'item uom lines': 'satuan produk',
  'item old price': 'harga lama',
  'item old prices': 'harga lama',
  branch: 'cabang',
  branches: 'cabang',
  salesman: 'salesman',
  salesmen: 'salesman',
  'salesman code': 'kode salesman',
  'salesman type': 'jenis salesman',
  'salesman types': 'jenis salesman',
  partner: 'mitra',
  partners: 'mitra',
  region: 'wilayah',
  regions: 'wilayah',
  'region group': 'grup wilayah',
  'region groups': 'grup wilayah',
  'region area': 'area wilayah',
  'region areas': 'area wilayah',
  'staff user': 'pengguna staf',
  'staff users': 'pengguna staf',
  role: 'peran',
  roles: 'peran',
  'role group': 'grup peran',
  'role groups': 'grup peran',
  'saved view': 'tampilan tersimpan',
  'audit log': 'jejak audit',
  job: 'tugas',
  jobs: 'tugas',
  'customer order': 'pesanan',
  'customer orders': 'pesanan',
  'sales invoice': 'faktur',
  'sales invoices': 'faktur',
  'document no': 'nomor dokumen',
  email: 'e-mail',
  name: 'nama',
  code: 'kode',
  value: 'nilai',
  record: 'data',
  store: 'toko',
  'inbox message': 'pesan kotak masuk',
  'upload folder': 'folder unggahan',
  invoice: 'faktur',
  'profile change': 'perubahan profil',
  coupon: 'kupon',
  coupons: 'kupon',
  'coupon redeem': 'penukaran kupon',
  'coupon redeemed': 'penukaran kupon',
  voucher: 'voucher',
  'voucher redeem': 'penukaran voucher',
  broadcast: 'siaran',
  'broadcast delivery': 'pengiriman siaran',
  news: 'berita',
  popup: 'popup',
  'promo video': 'video promo',
  promo: 'promo',
  'promo line': 'baris promo',
  'promo item line': 'produk baris promo',
  'promo bonus item line': 'produk bonus baris promo',
  lottery: 'kupon undian',
  upload: 'unggahan',
  'customer last seen': 'kunjungan terakhir pelanggan',
  'customer activity': 'aktivitas pelanggan',
  'point customer balance': 'saldo poin pelanggan',
  'point expiring report': 'laporan poin kedaluwarsa',
  'point report': 'laporan poin',
  'point store report': 'laporan poin toko',
};

const noun = (thing: string, lang: Lang) => {
  const human = thing.replace(/_/g, ' ');
  return lang === 'id' ? (NOUNS[human.toLowerCase()] ?? human) : human;
};
const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

// biome-ignore lint/suspicious/noExplicitAny: each entry reads the parameters its throw sites give
type P = Record<string, any>;
type Entry = {
  /** Without Accept-Language: the English the API has always answered (default: `en`). */
  plain?: (p: P) => string;
  en: (p: P) => string;
  id: (p: P) => string;
};
const fixed = (en: string, id: string): Entry => ({ en: () => en, id: () => id });
const ACTION_ID: Record<string, string> = {
  view: 'melihat',
  create: 'menambah',
  update: 'mengubah',
  delete: 'menghapus',
};
const outside = 'di luar cabang yang ditugaskan kepada Anda';
/** A record as a message names it: its id, its code, or a value in quotes. */
const shown = (p: P) => p.id ?? p.code ?? `'${p.value}'`;

const TYPE_EN: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'a text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};
const TYPE_ID: Record<string, string> = {
  number: 'angka',
  int: 'bilangan bulat',
  string: 'teks',
  boolean: 'true atau false',
  array: 'daftar',
  object: 'objek',
  date: 'tanggal',
};
const FORMAT_EN: Record<string, string> = {
  datetime: 'must be a date and time (ISO 8601)',
  time: 'must be a time as HH:MM or HH:MM:SS',
  url: 'must be an http:// or https:// address',
  uuid: 'must be a UUID',
};
const FORMAT_ID: Record<string, string> = {
  datetime: 'harus berupa tanggal dan waktu (ISO 8601)',
  time: 'harus berupa waktu HH:MM atau HH:MM:SS',
  url: 'harus alamat http:// atau https://',
  uuid: 'harus berupa UUID',
};

const CATALOGUE = {
  /** Free text of a throw site not (yet) in the catalogue: answered as written in every language. */
  message: { en: (p) => String(p.text), id: (p) => String(p.text) },
  more: { en: (p) => `... and ${p.count} more`, id: (p) => `... dan ${p.count} lagi` },

  // The contract's own wording (schema refinements, row checks), found by CONTRACT_PHRASES.
  required: {
    plain: (p) => (p.thing ? `${p.thing} is required` : 'is required'),
    en: (p) => (p.thing ? `${cap(noun(p.thing, 'en'))} is required` : 'is required'),
    id: (p) => (p.thing ? `${cap(noun(p.thing, 'id'))} wajib diisi` : 'wajib diisi'),
  },
  amount: fixed('must be an amount', 'harus berupa jumlah'),
  number: fixed('must be a number', 'harus berupa angka'),
  min: {
    en: (p) => (p.exclusive ? `must be more than ${p.min}` : `must be ${p.min} or more`),
    id: (p) => (p.exclusive ? `harus lebih dari ${p.min}` : `harus ${p.min} atau lebih`),
  },
  not_negative: fixed('must not be negative', 'tidak boleh negatif'),
  not_zero: fixed('must not be 0', 'tidak boleh 0'),
  /** `max` (with `exclusive`) from a bound; without: the contract's "is too large". */
  max: {
    en: (p) =>
      p.max === undefined
        ? 'is too large'
        : p.exclusive
          ? `must be less than ${p.max}`
          : `must be at most ${p.max}`,
    id: (p) =>
      p.max === undefined
        ? 'terlalu besar'
        : p.exclusive
          ? `harus kurang dari ${p.max}`
          : `maksimal ${p.max}`,
  },
  decimals: {
    en: (p) => `may have at most ${p.max} decimals`,
    id: (p) => `paling banyak ${p.max} angka desimal`,
  },
  integer: fixed('must be a whole number', 'harus bilangan bulat'),
  positive_integer: fixed('must be a whole positive number', 'harus bilangan bulat positif'),
  positive_points: fixed(
    'must be a whole positive number (the point type decides the sign)',
    'harus bilangan bulat positif (jenis poin menentukan tandanya)',
  ),
  positive_id: fixed('must be a positive id', 'harus berupa id positif'),
  id: fixed('must be an id', 'harus berupa id'),
  customer_code: fixed('must be a customer code', 'harus berupa kode pelanggan'),
  phone: fixed('must be a phone number', 'harus berupa nomor telepon'),
  boolean: fixed('must be true or false', 'harus true atau false'),
  not_empty: fixed('must not be empty', 'tidak boleh kosong'),
  year: fixed('must be a year', 'harus berupa tahun'),
  year_range: fixed('must be a year between 2000 and 2100', 'harus tahun antara 2000 dan 2100'),
  month: fixed('must be a month 1..12', 'harus bulan 1..12'),
  date: fixed('must be a date as YYYY-MM-DD', 'harus berupa tanggal (YYYY-MM-DD)'),
  date_range: fixed(
    'must be a date between 2000-01-01 and 2100-12-31',
    'harus tanggal antara 2000-01-01 dan 2100-12-31',
  ),
  date_ahead: fixed('must not be more than 31 days ahead', 'tidak boleh lebih dari 31 hari ke depan'),
  end_before_start: {
    plain: () => 'must be on or after start_date',
    en: () => 'must be on or after the start date',
    id: () => 'harus sama dengan atau setelah tanggal mulai',
  },
  not_before_start: fixed('must not be before start_date', 'tidak boleh sebelum tanggal mulai'),
  max_chars: { en: (p) => `must be at most ${p.max} characters`, id: (p) => `maksimal ${p.max} karakter` },
  min_chars: { en: (p) => `must be at least ${p.min} characters`, id: (p) => `minimal ${p.min} karakter` },
  email: fixed('must be a valid e-mail address', 'harus alamat e-mail yang benar'),
  latitude: fixed('must be between -90 and 90', 'harus antara -90 dan 90'),
  longitude: fixed('must be between -180 and 180', 'harus antara -180 dan 180'),
  min_rupiah_per_point: fixed('must be at least 1 rupiah per point', 'minimal 1 rupiah per poin'),
  json_object: fixed('must be a JSON object', 'harus berupa objek JSON'),
  object_of_fields: fixed('must be an object of fields', 'harus berupa objek berisi kolom'),
  control_chars: fixed('must not contain control characters', 'tidak boleh berisi karakter kontrol'),
  rule_target_both: fixed(
    'give either item_id or item_category_id (or neither for every item), not both',
    'isi item_id atau item_category_id (atau keduanya kosong untuk semua produk), jangan keduanya',
  ),
  promo_boost: fixed(
    'give a multiplier above 1 or bonus_points above 0',
    'isi pengali di atas 1 atau bonus_points di atas 0',
  ),
  // Schema issues by kind (zodProblem), when the contract has no wording of its own for them.
  type: {
    en: (p) => `must be ${TYPE_EN[p.expected] ?? 'a valid value'}`,
    id: (p) => `harus berupa ${TYPE_ID[p.expected] ?? 'nilai yang benar'}`,
  },
  min_items: {
    en: (p) => (p.min <= 1 ? 'must hold at least one' : `must hold at least ${p.min}`),
    id: (p) => (p.min <= 1 ? 'pilih minimal satu' : `minimal ${p.min} pilihan`),
  },
  max_items: { en: (p) => `may hold at most ${p.max}`, id: (p) => `maksimal ${p.max} pilihan` },
  pattern: {
    en: (p) => FORMAT_EN[p.format] ?? 'has the wrong format',
    id: (p) => FORMAT_ID[p.format] ?? 'formatnya tidak sesuai',
  },
  choice: {
    en: (p) => (p.count === 1 ? `must be ${p.values}` : `must be one of: ${p.values}`),
    id: (p) => (p.count === 1 ? `harus ${p.values}` : `harus salah satu dari: ${p.values}`),
  },
  unknown_field: {
    en: (p) => `unknown field${p.count === 1 ? '' : 's'} ${p.keys}`,
    id: (p) => `kolom tidak dikenal: ${p.keys}`,
  },
  multiple_of: { en: (p) => `must be a multiple of ${p.of}`, id: (p) => `harus kelipatan ${p.of}` },
  invalid: fixed('is not valid', 'tidak valid'),
  required_with: {
    en: (p) => `is required with ${p.other}`,
    id: (p) => `wajib diisi bersama ${p.other}`,
  },
  target_both: fixed(
    'give either month + amount or the month columns jan..dec, not both',
    'isi month + amount atau kolom bulan jan..dec, jangan keduanya',
  ),
  target_none: fixed(
    'has no target: fill the month columns jan..dec, or month and amount',
    'tidak ada target: isi kolom bulan jan..dec, atau month dan amount',
  ),
  discount_over_line: fixed('is more than qty x price', 'lebih besar dari qty x harga'),
  line_no_repeats: {
    en: (p) => `line_no ${p.no} repeats ${p.first}`,
    id: (p) => `line_no ${p.no} mengulang ${p.first}`,
  },
  customer_code_or_id: fixed(
    'give either customer_code or customer_id',
    'isi customer_code atau customer_id, salah satu saja',
  ),
  promo_line_items: fixed(
    'a line needs at least one item: give item_ids or item_category_ids',
    'satu baris perlu minimal satu produk: isi item_ids atau item_category_ids',
  ),
  bulk_no_change: fixed(
    'name at least one field to change besides customer_ids',
    'pilih minimal satu kolom yang diubah selain customer_ids',
  ),
  repeated_id: fixed('must not repeat an id', 'tidak boleh mengulang id'),
  upload_url: fixed(
    'must be the url answered by the photo upload, or empty',
    'harus alamat yang dijawab unggahan foto, atau kosong',
  ),
  app_link: fixed(
    'must be an app path starting with / (e.g. /promo/3) or an http(s) address',
    'harus jalur aplikasi yang diawali / (mis. /promo/3) atau alamat http(s)',
  ),
  id_list: fixed(
    'must be ids: positive whole numbers separated by commas',
    'harus berupa id: bilangan bulat positif dipisah koma',
  ),
  audience_required: {
    en: (p) => `is required for the audience ${p.audience}`,
    id: (p) => `wajib diisi untuk sasaran ${p.audience}`,
  },

  // Signing in and permissions.
  wrong_credentials: fixed('Wrong e-mail or password', 'E-mail atau kata sandi salah'),
  account_inactive: fixed('This account is no longer active', 'Akun ini sudah tidak aktif'),
  account_not_active_yet: fixed(
    'This account is not active yet; ask an administrator to activate it',
    'Akun ini belum aktif; minta administrator untuk mengaktifkannya',
  ),
  session_ended: fixed('The session has ended; sign in again', 'Sesi telah berakhir; silakan masuk lagi'),
  session_expired: fixed(
    'The session has expired; sign in again',
    'Sesi telah kedaluwarsa; silakan masuk lagi',
  ),
  sign_in_first: fixed(
    'Sign in first: the token is missing, invalid or expired',
    'Silakan masuk dulu: token tidak ada, tidak sah atau kedaluwarsa',
  ),
  refresh_invalid: fixed(
    'The refresh token is invalid, expired or already used; sign in again',
    'Token penyegar tidak sah, kedaluwarsa atau sudah dipakai; silakan masuk lagi',
  ),
  sign_in_locked: {
    en: (p) => `Too many failed sign-ins; try again in ${p.minutes} minute${p.minutes === 1 ? '' : 's'}`,
    id: (p) => `Terlalu banyak percobaan masuk yang gagal; coba lagi dalam ${p.minutes} menit`,
  },
  callback_token: fixed('The callback token is missing or wrong', 'Token callback tidak ada atau salah'),
  forbidden: fixed('You do not have permission for this action', 'Anda tidak berhak melakukan tindakan ini'),
  forbidden_area: {
    en: (p) => `You may not ${p.action} ${p.area} data`,
    id: (p) => `Anda tidak berhak ${ACTION_ID[p.action] ?? p.action} data ${noun(p.area, 'id')}`,
  },
  must_be_own_id: {
    en: (p) => `${p.param} must be your own user id; results are scoped from your sign-in`,
    id: (p) => `${p.param} harus id pengguna Anda sendiri; hasil dibatasi menurut akun Anda`,
  },
  delete_self: fixed('You cannot delete your own account', 'Anda tidak dapat menghapus akun Anda sendiri'),
  branch_outside_scope: fixed('That branch is outside your assigned branches', `Cabang itu ${outside}`),
  grant_all_branches: fixed(
    'only a user who sees every branch may grant every branch',
    'hanya pengguna yang melihat semua cabang yang boleh memberi akses ke semua cabang',
  ),
  region_outside_scope: {
    en: (p) => `region ${p.id} holds branches outside your assigned branches`,
    id: (p) => `wilayah ${p.id} berisi cabang ${outside}`,
  },

  // Records: missing, outside the caller's branches, taken, in use.
  /** `id` (a record), `value` (a code, quoted), `ids` (a list) or nothing (a path). */
  not_found: {
    plain: (p) =>
      p.id !== undefined
        ? `${p.thing} ${p.id} not found`
        : p.value !== undefined
          ? `${p.thing} '${p.value}' not found`
          : p.ids !== undefined
            ? `${p.thing} ${p.ids} not found`
            : 'Not found',
    en: (p) =>
      p.id !== undefined
        ? `${cap(noun(p.thing, 'en'))} not found; it may have been deleted`
        : p.value !== undefined
          ? `${cap(noun(p.thing, 'en'))} '${p.value}' not found`
          : p.ids !== undefined
            ? `${cap(noun(p.thing, 'en'))} ${p.ids} not found`
            : 'Not found',
    id: (p) =>
      p.id !== undefined
        ? `${cap(noun(p.thing, 'id'))} tidak ditemukan; mungkin sudah dihapus`
        : p.value !== undefined
          ? `${cap(noun(p.thing, 'id'))} '${p.value}' tidak ditemukan`
          : p.ids !== undefined
            ? `${cap(noun(p.thing, 'id'))} ${p.ids} tidak ditemukan`
            : 'Tidak ditemukan',
  },
  codes_not_found: {
    en: (p) => `${p.values}${p.more ? ' and more' : ''} not found`,
    id: (p) => `${p.values}${p.more ? ' dan lainnya' : ''} tidak ditemukan`,
  },
  unknown_ids: { en: (p) => `unknown id(s) ${p.ids}`, id: (p) => `id tidak dikenal: ${p.ids}` },
  /** `id` (a record, not shown in words), `code` (shown as is) or `value` (shown quoted). */
  outside_scope: {
    plain: (p) => `${p.thing} ${shown(p)} is outside your assigned branches`,
    en: (p) =>
      p.id !== undefined
        ? `This ${noun(p.thing, 'en')} belongs to a branch outside your assigned branches`
        : `${cap(noun(p.thing, 'en'))} ${shown(p)} belongs to a branch outside your assigned branches`,
    id: (p) =>
      p.id !== undefined
        ? `${cap(noun(p.thing, 'id'))} ini milik cabang ${outside}`
        : `${cap(noun(p.thing, 'id'))} ${shown(p)} milik cabang ${outside}`,
  },
  list_name: {
    en: () => 'must be a list name (letters, digits, _ . / -)',
    id: () => 'harus nama daftar (huruf, angka, _ . / -)',
  },
  too_many_filters: {
    en: (p) => `must have at most ${p.max} filters`,
    id: (p) => `maksimal ${p.max} filter`,
  },
  too_many_saved_views: {
    en: (p) => `You have ${p.max} saved views of this list already; delete one first`,
    id: (p) => `Anda sudah punya ${p.max} tampilan tersimpan untuk daftar ini; hapus salah satu dulu`,
  },
  id_mismatch: {
    en: (p) => `${p.key} in the body (${p.body}) does not match the path (${p.path})`,
    id: (p) => `${p.key} di isi permintaan (${p.body}) tidak sama dengan alamat (${p.path})`,
  },
  /** The unique value taken (`thing`, `value`), or without them: some unique value. */
  duplicate: {
    plain: (p) =>
      p.thing
        ? `${p.thing} '${p.value}' already exists`
        : 'A record with the same unique value already exists',
    en: (p) =>
      p.thing
        ? `${cap(noun(p.thing, 'en'))} '${p.value}' is already in use`
        : 'A record with the same unique value already exists',
    id: (p) =>
      p.thing
        ? `${cap(noun(p.thing, 'id'))} '${p.value}' sudah dipakai`
        : 'Sudah ada data dengan nilai unik yang sama',
  },
  /** Still used by the records of `thing`, or without it: linked to some other data. */
  in_use: {
    en: (p) =>
      p.thing
        ? `This record is still used by ${p.thing}; remove or reassign those first`
        : 'The record is linked to other data',
    id: (p) =>
      p.thing
        ? `Data ini masih dipakai oleh ${noun(p.thing, 'id')}; hapus atau pindahkan dulu`
        : 'Data ini terhubung dengan data lain',
  },
  missing_reference: {
    plain: (p) => `${p.thing} ${p.value} does not exist`,
    en: (p) => `The chosen ${noun(p.thing, 'en')} does not exist (any more)`,
    id: (p) => `${cap(noun(p.thing, 'id'))} yang dipilih tidak ada (lagi)`,
  },
  check_failed: {
    en: (p) => `A value breaks the rule ${p.rule}`,
    id: (p) => `Ada nilai yang melanggar aturan ${p.rule}`,
  },
  format: fixed(
    'A value has the wrong format or is out of range',
    'Ada nilai dengan format salah atau di luar batas',
  ),
  concurrent_change: fixed(
    'The record was changed by another request at the same time; try again',
    'Data ini diubah oleh permintaan lain pada saat yang sama; coba lagi',
  ),
  count_changed: {
    plain: (p) => `the number of rows changed from ${p.from} to ${p.to}; check again`,
    en: (p) => `The number of rows changed from ${p.from} to ${p.to}; check again`,
    id: (p) => `Jumlah baris berubah dari ${p.from} menjadi ${p.to}; periksa lagi`,
  },

  // The request itself.
  internal: fixed('Internal server error', 'Terjadi kesalahan di server'),
  rate_limited: fixed('Too many requests; try again later', 'Terlalu banyak permintaan; coba lagi nanti'),
  too_large: fixed('The request body is too large', 'Isi permintaan terlalu besar'),
  media_type: fixed('Unsupported content type', 'Jenis isi tidak didukung'),
  no_route: {
    en: (p) => `No route ${p.method} ${p.path}`,
    id: (p) => `Tidak ada rute ${p.method} ${p.path}`,
  },
  no_file: { en: (p) => `No file at ${p.path}`, id: (p) => `Tidak ada berkas di ${p.path}` },
  repeated_param: {
    en: (p) => `give this parameter once (it was given ${p.times} times)`,
    id: (p) => `isi parameter ini sekali saja (diisi ${p.times} kali)`,
  },
  sort_unknown: {
    en: (p) => `unknown sort column '${p.by}'; use one of: ${p.allowed}`,
    id: (p) => `kolom urutan '${p.by}' tidak dikenal; pakai salah satu dari: ${p.allowed}`,
  },
  columns_unknown: {
    en: (p) => `unknown column ${p.columns}`,
    id: (p) => `kolom tidak dikenal: ${p.columns}`,
  },
  columns_empty: fixed('name at least one column of the list', 'pilih minimal satu kolom daftar'),
  multipart_malformed: {
    en: (p) =>
      `The multipart body is malformed${p.detail ? `: ${p.detail}` : ''}; send multipart/form-data with a boundary`,
    id: (p) =>
      `Isi multipart rusak${p.detail ? `: ${p.detail}` : ''}; kirim multipart/form-data dengan boundary`,
  },
  multipart_photo: fixed(
    'send multipart/form-data with the image in the field photo',
    'kirim multipart/form-data dengan gambar di kolom photo',
  ),
  multipart_store_photo: fixed(
    'send multipart/form-data with folder, customer_code and the image in the field photo',
    'kirim multipart/form-data dengan folder, customer_code dan gambar di kolom photo',
  ),
  unexpected_file: {
    en: (p) => `unexpected file; send the image as ${p.fields}`,
    id: (p) => `berkas tidak diharapkan; kirim gambar sebagai ${p.fields}`,
  },
  image_type: {
    en: (p) => `must be a JPEG, PNG or WebP image${p.got ? ` (got ${p.got})` : ''}`,
    id: (p) => `harus gambar JPEG, PNG atau WebP${p.got ? ` (diterima ${p.got})` : ''}`,
  },
  image_unreadable: fixed(
    'the image could not be read (damaged or incomplete file)',
    'gambar tidak dapat dibaca (berkas rusak atau tidak lengkap)',
  ),
  upload_missing: fixed(
    'no image was uploaded at that address; upload the photo first',
    'tidak ada gambar yang diunggah di alamat itu; unggah fotonya dulu',
  ),

  // Imports.
  duplicate_row: {
    en: (p) => `duplicate of ${p.first} (${p.key})`,
    id: (p) => `duplikat dari ${rowWord(String(p.first), 'id')} (${p.key})`,
  },
  repeats_row: {
    en: (p) => `'${p.value}' repeats ${p.first}`,
    id: (p) => `'${p.value}' mengulang ${rowWord(String(p.first), 'id')}`,
  },
  lines_max: {
    en: (p) => `may hold at most ${p.max} lines in all (got ${p.got})`,
    id: (p) => `paling banyak ${p.max} baris rincian seluruhnya (diterima ${p.got})`,
  },
  discount_over: {
    en: (p) => `discount_amount ${p.discount} is more than the lines' total ${p.total}`,
    id: (p) => `discount_amount ${p.discount} lebih besar dari total rincian ${p.total}`,
  },
  not_category: {
    en: (p) => `name '${p.name}' is not an item category`,
    id: (p) => `nama '${p.name}' bukan kategori produk`,
  },
  pick_customer: fixed('name at least one customer', 'pilih minimal satu pelanggan'),
  inject_max: {
    en: (p) => `at most ${p.max} customers per injection`,
    id: (p) => `paling banyak ${p.max} pelanggan per injeksi`,
  },

  // Points.
  point_type_manual: fixed(
    'must be 2 (injected), 5 (deduction) or 7 (correction)',
    'harus 2 (injeksi), 5 (potongan) atau 7 (koreksi)',
  ),
  already_void: {
    plain: (p) => `point ${p.id} is already void`,
    en: () => 'This point movement is already void',
    id: () => 'Entri poin ini sudah dibatalkan',
  },
  nothing_to_revert: {
    plain: (p) => `point ${p.id} is void; there is nothing to revert`,
    en: () => 'This point movement is void; there is nothing to revert',
    id: () => 'Entri poin ini sudah dibatalkan; tidak ada yang perlu dikembalikan',
  },
  already_reverted: {
    plain: (p) => `point ${p.id} was already reverted (by point ${p.by})`,
    en: () => 'This point movement was already reverted',
    id: () => 'Entri poin ini sudah dikembalikan',
  },
  system_point: {
    plain: (p) =>
      `point ${p.id} was written by the system from ${p.origin}; it cannot be ${p.action} here (send the source again or revert it there)`,
    en: (p) =>
      `This point movement was written by the system from ${p.origin}; it cannot be ${p.action} here`,
    id: (p) => `Entri poin ini dibuat sistem dari ${p.origin}; tidak dapat diubah di sini`,
  },
  insufficient_points: {
    en: (p) =>
      `insufficient points: customer ${p.customer} has ${p.balance} points and this movement takes ${p.takes}`,
    id: (p) =>
      `poin tidak cukup: pelanggan ${p.customer} punya ${p.balance} poin dan gerakan ini mengambil ${p.takes}`,
  },
  lots_short: {
    en: (p) =>
      `not enough points that are still valid: customer ${p.customer} has ${p.open} points it may use and this movement takes ${p.takes}, ${p.short} short (expired points wait for the expiry run)`,
    id: (p) =>
      `poin yang masih berlaku tidak cukup: pelanggan ${p.customer} punya ${p.open} poin yang bisa dipakai dan gerakan ini mengambil ${p.takes}, kurang ${p.short} (poin kedaluwarsa menunggu proses kedaluwarsa)`,
  },
  rollups_rebuild_running: fixed(
    'a rebuild of the dashboard figures is already running; wait for it to finish',
    'pembangunan ulang angka dasbor sedang berjalan; tunggu sampai selesai',
  ),
  all_branches_only: fixed(
    'only staff who see every branch may do this: it concerns every store',
    'hanya staf yang melihat semua cabang yang boleh melakukan ini: ini menyangkut semua toko',
  ),
  settings_expire_from: {
    en: (p) =>
      `Points earned from ${p.date} on expire at the end of the month ${p.months} months after the month they were earned; points earned before keep their expiry dates.`,
    id: (p) =>
      `Poin yang diperoleh mulai ${p.date} kedaluwarsa pada akhir bulan ke-${p.months} setelah bulan perolehannya; poin yang diperoleh sebelumnya tetap dengan tanggal kedaluwarsanya.`,
  },
  settings_never_expire: {
    en: (p) => `Points earned from ${p.date} on never expire; points earned before keep their expiry dates.`,
    id: (p) =>
      `Poin yang diperoleh mulai ${p.date} tidak pernah kedaluwarsa; poin yang diperoleh sebelumnya tetap dengan tanggal kedaluwarsanya.`,
  },
  tier_name_twice: {
    en: (p) => `the tier name ${p.name} is used twice`,
    id: (p) => `nama tingkat ${p.name} dipakai dua kali`,
  },
  tier_first_zero: fixed('the first tier must start at 0', 'tingkat pertama harus mulai dari 0'),
  tier_min_ascending: fixed(
    'must be more than the minimum of the tier before',
    'harus lebih besar dari minimum tingkat sebelumnya',
  ),
  insufficient_points_invoice: {
    en: (p) =>
      `insufficient points: invoice ${p.invoices} takes ${p.takes} points back from customer ${p.customer}, who has ${p.balance}`,
    id: (p) =>
      `poin tidak cukup: faktur ${p.invoices} menarik kembali ${p.takes} poin dari pelanggan ${p.customer}, yang punya ${p.balance}`,
  },
  invoice_points_too_many: {
    en: (p) =>
      `invoice ${p.invoice}: its points come to more than ${p.max} in one movement; check its amounts and the point rule`,
    id: (p) =>
      `faktur ${p.invoice}: poinnya lebih dari ${p.max} dalam satu gerakan; periksa jumlahnya dan aturan poin`,
  },
  period_overlap: {
    plain: (p) => `the period overlaps entry ${p.id} (${p.start} to ${p.end}) of this customer`,
    en: (p) => `the period overlaps another maximum of this customer (${p.start} to ${p.end})`,
    id: (p) => `periode ini bertumpuk dengan maksimal lain milik pelanggan ini (${p.start} s.d. ${p.end})`,
  },
  promo_overlap: {
    plain: (p) =>
      `the period overlaps promo ${p.id} '${p.name}' (${p.start} to ${p.end}) covering the same items`,
    en: (p) => `the period overlaps promo '${p.name}' (${p.start} to ${p.end}) covering the same items`,
    id: (p) =>
      `periode ini bertumpuk dengan promo '${p.name}' (${p.start} s.d. ${p.end}) untuk produk yang sama`,
  },

  // Promos and broadcasts.
  promo_id_mismatch: {
    en: (p) => `${p.body} in the body does not match the promo of the path (${p.path})`,
    id: (p) => `${p.body} di isi permintaan tidak sama dengan promo di alamat (${p.path})`,
  },
  promo_linked: {
    en: (p) => `promo ${p.id} is still linked from ${p.links}; change or delete those links first`,
    id: (p) => `promo ${p.id} masih ditautkan dari ${p.links}; ubah atau hapus tautan itu dulu`,
  },
  category_no_items: {
    en: (p) => `item category ${p.ids} has no items`,
    id: (p) => `kategori produk ${p.ids} tidak berisi produk`,
  },
  item_on_line: {
    en: (p) => `item ${p.item} is already on promo line ${p.line}`,
    id: (p) => `produk ${p.item} sudah ada di baris promo ${p.line}`,
  },
  bonus_on_line: {
    en: (p) => `item ${p.item} is already a bonus of promo line ${p.line}`,
    id: (p) => `produk ${p.item} sudah menjadi bonus baris promo ${p.line}`,
  },
  promo_last_item: {
    en: (p) =>
      `this is the last item of promo line ${p.line}; a line needs at least one item (delete the line instead)`,
    id: (p) =>
      `ini produk terakhir baris promo ${p.line}; satu baris perlu minimal satu produk (hapus barisnya saja)`,
  },
  broadcast_locked: {
    en: (p) => `broadcast ${p.id} is ${p.status}: only a draft or queued broadcast can be changed`,
    id: (p) => `siaran ${p.id} berstatus ${p.status}: hanya siaran draf atau antre yang dapat diubah`,
  },
  audience_outside_scope: {
    en: (p) =>
      `the audience reaches stores outside your assigned branches: ${p.branches}${p.more ? ' and more' : ''}`,
    id: (p) => `penerimanya mencakup toko ${outside}: ${p.branches}${p.more ? ' dan lainnya' : ''}`,
  },
  broadcast_outside_scope: {
    plain: (p) =>
      `broadcast ${p.id} reaches stores outside your assigned branches: ${p.branches}${p.more ? ' and more' : ''}; only a user who sees all of them may change, delete or send it`,
    en: (p) =>
      `This broadcast reaches stores outside your assigned branches (${p.branches}${p.more ? ' and more' : ''}); only a user who sees all of them may change, delete or send it`,
    id: (p) =>
      `Siaran ini menjangkau toko ${outside} (${p.branches}${p.more ? ' dan lainnya' : ''}); hanya pengguna yang melihat semua cabang itu yang boleh mengubah, menghapus atau mengirimnya`,
  },
  more_outside_scope: {
    en: () => 'more stores are outside your assigned branches',
    id: () => `toko lain juga ${outside}`,
  },
  broadcast_sending_delete: {
    en: (p) => `broadcast ${p.id} is being delivered right now; delete it when that has finished`,
    id: (p) => `siaran ${p.id} sedang dikirim; hapus setelah selesai`,
  },
  broadcast_delivered: {
    en: (p) =>
      `broadcast ${p.id} was already delivered${p.when ? ` on ${p.when} UTC` : ''} to ${p.count} stores; it is sent only once`,
    id: (p) =>
      `siaran ${p.id} sudah dikirim${p.when ? ` pada ${p.when} UTC` : ''} ke ${p.count} toko; siaran hanya dikirim sekali`,
  },
  broadcast_cancelled: {
    en: (p) => `broadcast ${p.id} was cancelled; it cannot be sent`,
    id: (p) => `siaran ${p.id} dibatalkan; tidak dapat dikirim`,
  },
  broadcast_sending: {
    en: (p) => `broadcast ${p.id} is being delivered right now`,
    id: (p) => `siaran ${p.id} sedang dikirim`,
  },
  job_not_failed: {
    en: (p) => `job ${p.id} is ${p.state}: only a failed or cancelled job can be retried`,
    id: (p) =>
      `tugas ${p.id} berstatus ${p.state}: hanya tugas yang gagal atau dibatalkan yang dapat diulang`,
  },
  broadcast_deleted: {
    en: (p) => `broadcast ${p.id} was deleted meanwhile`,
    id: (p) => `siaran ${p.id} sudah dihapus sementara itu`,
  },

  // Coupons and vouchers.
  store_inactive: {
    en: (p) => `store ${p.code} is inactive and cannot redeem coupons`,
    id: (p) => `toko ${p.code} tidak aktif dan tidak dapat menukar kupon`,
  },
  store_excluded: {
    en: (p) => `store ${p.code} is excluded from points and cannot redeem coupons`,
    id: (p) => `toko ${p.code} dikecualikan dari poin dan tidak dapat menukar kupon`,
  },
  coupon_inactive: {
    en: (p) => `coupon '${p.name}' is inactive`,
    id: (p) => `kupon '${p.name}' tidak aktif`,
  },
  coupon_not_yet: {
    en: (p) => `coupon '${p.name}' is not valid yet (from ${p.from})`,
    id: (p) => `kupon '${p.name}' belum berlaku (mulai ${p.from})`,
  },
  coupon_expired: {
    en: (p) => `coupon '${p.name}' has expired (valid until ${p.until})`,
    id: (p) => `kupon '${p.name}' sudah kedaluwarsa (berlaku sampai ${p.until})`,
  },
  coupon_not_offered: {
    en: (p) => `coupon '${p.name}' is not offered to this store's branch or customer type`,
    id: (p) => `kupon '${p.name}' tidak ditawarkan untuk cabang atau jenis pelanggan toko ini`,
  },
  out_of_stock: {
    en: (p) => `out of stock: coupon '${p.name}' has no stock left`,
    id: (p) => `stok habis: kupon '${p.name}' tidak punya stok lagi`,
  },
  coupon_points_short: {
    en: (p) =>
      `insufficient points: store ${p.customer} has ${p.balance} points and coupon '${p.name}' costs ${p.cost}`,
    id: (p) =>
      `poin tidak cukup: toko ${p.customer} punya ${p.balance} poin dan kupon '${p.name}' butuh ${p.cost}`,
  },
  redemption_already: {
    en: (p) => `redemption ${p.id} is already ${p.status}`,
    id: (p) => `penukaran ${p.id} sudah berstatus ${p.status}`,
  },
  redemption_transition: {
    en: (p) =>
      `redemption ${p.id} is ${p.from}; it cannot become ${p.to}${p.handed ? ' (the gift was handed over)' : ''}`,
    id: (p) =>
      `penukaran ${p.id} berstatus ${p.from}; tidak dapat menjadi ${p.to}${p.handed ? ' (hadiah sudah diserahkan)' : ''}`,
  },
  redemption_no_ledger: {
    en: (p) => `redemption ${p.id} has no ledger row to revert`,
    id: (p) => `penukaran ${p.id} tidak punya entri poin untuk dikembalikan`,
  },
  redemption_ledger_missing: {
    en: (p) => `redemption ${p.id}: its ledger row ${p.ledger} is missing`,
    id: (p) => `penukaran ${p.id}: entri poin ${p.ledger} tidak ada`,
  },
  quota_below_redeemed: {
    en: (p) => `${p.count} stores already redeemed this voucher; the quota cannot be below that`,
    id: (p) => `${p.count} toko sudah menukar voucher ini; kuota tidak boleh di bawah itu`,
  },
  voucher_has_redemptions: {
    en: (p) =>
      `voucher ${p.id} has ${p.count} redemption(s); delete those first or deactivate the voucher (active = false)`,
    id: (p) =>
      `voucher ${p.id} punya ${p.count} penukaran; hapus dulu atau nonaktifkan vouchernya (active = false)`,
  },
  voucher_quota_left: {
    en: (p) =>
      `voucher ${p.code} has a quota of ${p.quota}: only ${p.left} more store(s) can redeem it, this request adds ${p.adds}`,
    id: (p) =>
      `voucher ${p.code} berkuota ${p.quota}: hanya ${p.left} toko lagi yang dapat menukarnya, permintaan ini menambah ${p.adds}`,
  },
  voucher_inactive: {
    en: (p) => `voucher ${p.code} is inactive`,
    id: (p) => `voucher ${p.code} tidak aktif`,
  },
  coupon_no_outside: {
    en: (p) => `coupon_no ${p.coupon_no} belongs to a store outside your assigned branches`,
    id: (p) => `coupon_no ${p.coupon_no} milik toko ${outside}`,
  },

  // Store photos and their folders.
  folder_outside_scope: {
    plain: (p) => `${p.lower ? 'that' : 'That'} folder belongs to a branch outside your assigned branches`,
    en: (p) => `${p.lower ? 'that' : 'That'} folder belongs to a branch outside your assigned branches`,
    id: () => `Folder itu milik cabang ${outside}`,
  },
  folder_inactive: {
    en: (p) => `the folder '${p.name}' is not active`,
    id: (p) => `folder '${p.name}' tidak aktif`,
  },
  folder_for_customer: {
    en: (p) => `the folder is for customer ${p.code} only`,
    id: (p) => `folder ini hanya untuk pelanggan ${p.code}`,
  },
  folder_has_photos: {
    en: (p) =>
      `The folder holds ${p.count} photo${p.count === 1 ? '' : 's'}; deactivate it instead (edit it and clear "active")`,
    id: (p) => `Folder ini berisi ${p.count} foto; nonaktifkan saja (ubah dan hapus centang "aktif")`,
  },
  not_branch_store: {
    en: (p) => `customer ${p.code} is not a store of the folder's branch`,
    id: (p) => `pelanggan ${p.code} bukan toko di cabang folder ini`,
  },
  photo_outside_scope: fixed(
    'That photo belongs to a store outside your assigned branches',
    `Foto itu milik toko ${outside}`,
  ),

  // The stores' companion app.
  otp_wrong_code: fixed(
    'The code is wrong or has expired; request a new code',
    'Kode salah atau sudah kedaluwarsa; minta kode baru',
  ),
  otp_too_many: {
    en: (p) => `Too many codes requested; try again in ${p.minutes} minute${p.minutes === 1 ? '' : 's'}`,
    id: (p) => `Terlalu banyak permintaan kode; coba lagi dalam ${p.minutes} menit`,
  },
  otp_code_format: fixed('must be the 6 digits of the code', 'harus 6 angka kode'),
  store_choose: fixed(
    'this phone number belongs to several stores; choose one',
    'nomor telepon ini terdaftar untuk beberapa toko; pilih salah satu',
  ),
  idempotency_key_reused: fixed(
    'this key was already used for another request; use a new key',
    'kunci ini sudah dipakai untuk permintaan lain; gunakan kunci baru',
  ),
  profile_change_empty: fixed(
    'send at least one of owner_name, address, photo',
    'kirim minimal salah satu dari owner_name, address, photo',
  ),
  idempotency_key_format: fixed(
    'must be 1 to 100 visible ASCII characters',
    'harus 1 sampai 100 karakter ASCII yang terlihat',
  ),

  // Virtual-account payments.
  payment_replayed: {
    en: (p) => `'${p.payment_id}' was received before with another invoice number, amount or time`,
    id: (p) => `'${p.payment_id}' sudah pernah diterima dengan nomor faktur, jumlah atau waktu lain`,
  },
} satisfies Record<string, Entry>;

/** The stable codes of the messages the API words. */
export type MsgCode = keyof typeof CATALOGUE;
export const MSG_CODES = Object.keys(CATALOGUE) as MsgCode[];

/**
 * One problem of a refused request, as a module throws it: the code, its parameters, the field it
 * concerns and, for an import, the row (1-based) with the label the import names rows by.
 */
export type Problem = {
  code: MsgCode;
  params?: Params;
  field?: string;
  /** The sentence names its field itself (`customer_code 'X' not found`): no `field: ` before it. */
  named?: boolean;
  row?: number;
  /** The row's label with the field (`row 7: customer_code`, `documents[6].lines[0]`), before the text. */
  at?: string;
  /** The text answered without Accept-Language when it is not the catalogue's: zod's own English. */
  plain?: string;
};

export const problem = (
  code: MsgCode,
  params?: Params,
  where?: string | Omit<Problem, 'code' | 'params'>,
): Problem => ({
  code,
  ...(params ? { params } : {}),
  ...(typeof where === 'string' ? { field: where } : where),
});

/**
 * The contract's own English wording (custom messages of its schemas, the row checks of the
 * imports) with its code: what a zod issue or a contract helper says becomes a problem.
 */
const CONTRACT_PHRASES: Record<string, [MsgCode, Params?]> = {
  'is required': ['required'],
  'must be an amount': ['amount'],
  'must be a number': ['number'],
  'must be 0 or more': ['min', { min: 0 }],
  'must be 1 or more': ['min', { min: 1 }],
  'must be more than 0': ['min', { min: 0, exclusive: 1 }],
  'must not be negative': ['not_negative'],
  'must not be 0': ['not_zero'],
  'is too large': ['max'],
  'may have at most 2 decimals': ['decimals', { max: 2 }],
  'may have at most 4 decimals': ['decimals', { max: 4 }],
  'must be a whole number': ['integer'],
  'must be a whole positive number': ['positive_integer'],
  'must be a whole positive number (the point type decides the sign)': ['positive_points'],
  'must be a positive id': ['positive_id'],
  'must be an id': ['id'],
  'must be a customer code': ['customer_code'],
  'must be a phone number': ['phone'],
  'must be true or false': ['boolean'],
  'must not be empty': ['not_empty'],
  'must be a year': ['year'],
  'must be a year between 2000 and 2100': ['year_range'],
  'must be a month 1..12': ['month'],
  'must be a date as YYYY-MM-DD': ['date'],
  'must be a date between 2000-01-01 and 2100-12-31': ['date_range'],
  'must not be more than 31 days ahead': ['date_ahead'],
  'must be on or after start_date': ['end_before_start'],
  'must not be before start_date': ['not_before_start'],
  'must be at least 2 characters': ['min_chars', { min: 2 }],
  'must be at least 8 characters': ['min_chars', { min: 8 }],
  'must be at most 50 characters': ['max_chars', { max: 50 }],
  'must be at most 100 characters': ['max_chars', { max: 100 }],
  'must be at most 200 characters': ['max_chars', { max: 200 }],
  'must be at most 500 characters': ['max_chars', { max: 500 }],
  'must be at most 1000 characters': ['max_chars', { max: 1000 }],
  'send at least one of owner_name, address, photo': ['profile_change_empty'],
  'must be a valid e-mail address': ['email'],
  'must be between -90 and 90': ['latitude'],
  'must be between -180 and 180': ['longitude'],
  'must be at least 1 rupiah per point': ['min_rupiah_per_point'],
  'must be a JSON object': ['json_object'],
  'must be an object of fields': ['object_of_fields'],
  'give either item_id or item_category_id (or neither for every item), not both': ['rule_target_both'],
  'give a multiplier above 1 or bonus_points above 0': ['promo_boost'],
  'name at least one customer': ['pick_customer'],
  'must not contain control characters': ['control_chars'],
  'must be the 6 digits of the code': ['otp_code_format'],
  'must be 1 to 100 visible ASCII characters': ['idempotency_key_format'],
  'is required with month': ['required_with', { other: 'month' }],
  'is required with amount': ['required_with', { other: 'amount' }],
  'give either month + amount or the month columns jan..dec, not both': ['target_both'],
  'has no target: fill the month columns jan..dec, or month and amount': ['target_none'],
  'is more than qty x price': ['discount_over_line'],
  'give either customer_code or customer_id': ['customer_code_or_id'],
  'a line needs at least one item: give item_ids or item_category_ids': ['promo_line_items'],
  'name at least one field to change besides customer_ids': ['bulk_no_change'],
  'must not repeat an id': ['repeated_id'],
  'lists a promo more than once': ['repeated_id'],
  'must be the url answered by the photo upload, or empty': ['upload_url'],
  'must be an app path starting with / (e.g. /promo/3) or an http(s) address': ['app_link'],
  'must be ids: positive whole numbers separated by commas': ['id_list'],
  'must be an http:// or https:// address': ['pattern', { format: 'url' }],
  'must be a text': ['type', { expected: 'string' }],
  'must be a year from 2000 to 2100': ['year_range'],
  'must be a list name': ['list_name'],
  'must have at most 100 filters': ['too_many_filters', { max: 100 }],
};

/** A sentence of the contract (or any free text) as a problem of `field`: its code when the contract's wording is known. */
export function phrase(text: string, where?: string | Omit<Problem, 'code' | 'params'>): Problem {
  const known = CONTRACT_PHRASES[text];
  return known ? problem(known[0], known[1], where) : problem('message', { text }, where);
}

const rowWord = (label: string, lang: Lang) =>
  lang === 'id' ? label.replace(/^row (?=\d)/, 'baris ') : label;

/** A problem worded in `lang` (null: the English the API has always answered) as its detail. */
export function wordProblem(pr: Problem, lang: Lang | null): ErrDetail {
  const entry: Entry = CATALOGUE[pr.code] ?? CATALOGUE.message;
  const p = pr.params ?? {};
  const text = lang === null ? (pr.plain ?? (entry.plain ?? entry.en)(p)) : entry[lang](p);
  const where = pr.at !== undefined ? rowWord(pr.at, lang ?? 'en') : pr.named ? undefined : pr.field;
  // Free text keeps its parameter in the message only: the detail's params are the catalogue's.
  const params = pr.code === 'message' ? undefined : pr.params;
  return {
    code: pr.code,
    ...(pr.field ? { field: pr.field } : {}),
    ...(pr.row !== undefined ? { row: pr.row } : {}),
    ...(params && Object.keys(params).length > 0 ? { params } : {}),
    message: where ? `${where}: ${text}` : text,
  };
}

/** A zod issue as fastify-type-provider-zod hands it over (the issue's fields beside its code). */
type ZodIssueParams = {
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  inclusive?: boolean;
  values?: unknown[];
  keys?: string[];
  divisor?: number;
  /** The value the issue is about, when known (the error handler reads it from the request). */
  input?: unknown;
  /** A refinement's own parameters; `code` names its catalogue entry. */
  params?: Record<string, unknown>;
  /** invalid_union: the issues of each member of the union. */
  errors?: { code: string; message: string; path?: PropertyKey[]; [k: string]: unknown }[][];
};

const isCode = (c: unknown): c is MsgCode => typeof c === 'string' && Object.hasOwn(CATALOGUE, c);
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const listed = (xs: readonly unknown[]) =>
  xs.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', ');

/**
 * A schema validation issue as a problem of the catalogue, of `field`. A refinement names its own
 * code (`params: {code}`); a contract message with a known code keeps that code; any other issue
 * gets the code of its kind with the issue's bounds, values or keys as parameters. Zod's own English
 * (or the contract's) stays the answer of a request without Accept-Language.
 */
export function zodProblem(
  field: string,
  keyword: string,
  zodMessage: string,
  params: ZodIssueParams,
): Problem {
  const at = (code: MsgCode, p?: Params): Problem => ({
    ...problem(code, p, field || undefined),
    plain: zodMessage,
  });
  if (keyword === 'invalid_union' && params.errors?.length) {
    // The first concrete issue of a union ("an e-mail or empty" fails as an e-mail), as the web does.
    const branch =
      params.errors.find((e) => e.length > 0 && e[0].code !== 'invalid_value') ?? params.errors[0];
    const inner = branch?.[0];
    if (inner) {
      const sub = (inner.path ?? [])
        .map((s) => (typeof s === 'number' ? `[${s}]` : `.${String(s)}`))
        .join('');
      const { code, message, ...rest } = inner;
      const p = zodProblem(`${field}${sub}`, code, message, {
        ...(rest as ZodIssueParams),
        input: params.input,
      });
      return { ...p, plain: zodMessage };
    }
  }
  const own = params.params?.code;
  if (isCode(own)) {
    const { code: _, ...rest } = params.params ?? {};
    const p: Params = {};
    for (const [k, v] of Object.entries(rest)) if (typeof v === 'string' || typeof v === 'number') p[k] = v;
    return at(own, p);
  }
  const min = params.minimum !== undefined ? Number(params.minimum) : undefined;
  const max = params.maximum !== undefined ? Number(params.maximum) : undefined;
  const phrased = CONTRACT_PHRASES[zodMessage];
  if (phrased) {
    // The contract's wording, with the bound the issue broke (`min`, `max`) for other clients; a
    // required field has no bound to tell.
    const bound: Params =
      phrased[0] === 'required' ? {} : min !== undefined ? { min } : max !== undefined ? { max } : {};
    return at(phrased[0], { ...bound, ...phrased[1] });
  }
  const exclusive: Params = params.inclusive === false ? { exclusive: 1 } : {};
  switch (keyword) {
    case 'invalid_type':
      // Missing when the request lacks the value; else (value unknown) when zod saw nothing.
      return 'input' in params
        ? isBlank(params.input)
          ? at('required')
          : at('type', { expected: params.expected ?? 'value' })
        : /received undefined/.test(zodMessage)
          ? at('required')
          : at('type', { expected: params.expected ?? 'value' });
    case 'too_small':
      if (params.origin === 'string') {
        return (min ?? 0) <= 1 || ('input' in params && isBlank(params.input))
          ? at('required')
          : at('min_chars', { min: min ?? 0 });
      }
      if (params.origin === 'array' || params.origin === 'set') return at('min_items', { min: min ?? 0 });
      return at('min', { min: min ?? 0, ...exclusive });
    case 'too_big':
      if (params.origin === 'string') return at('max_chars', { max: max ?? 0 });
      if (params.origin === 'array' || params.origin === 'set') return at('max_items', { max: max ?? 0 });
      return at('max', { max: max ?? 0, ...exclusive });
    case 'invalid_format':
      if (params.format === 'email') return at('email');
      if (params.format === 'date') return at('date');
      return at('pattern', { format: params.format ?? 'regex' });
    case 'invalid_value':
      return at('choice', { values: listed(params.values ?? []), count: params.values?.length ?? 0 });
    case 'unrecognized_keys':
      return at('unknown_field', { keys: listed(params.keys ?? []), count: params.keys?.length ?? 0 });
    case 'not_multiple_of': {
      const d = params.divisor ?? 1;
      const decimals = Math.round(-Math.log10(d));
      return decimals > 0 && Math.abs(10 ** -decimals - d) < 1e-12
        ? at('decimals', { max: decimals })
        : at('multiple_of', { of: d });
    }
    default:
      return at('invalid');
  }
}

/** A schema validation issue (fastify-type-provider-zod's shape) as a detail in `lang`. */
export function zodDetail(
  field: string,
  keyword: string,
  zodMessage: string,
  params: ZodIssueParams,
  lang: Lang | null,
): ErrDetail {
  return wordProblem(zodProblem(field, keyword, zodMessage, params), lang);
}
