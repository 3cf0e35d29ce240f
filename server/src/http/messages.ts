// The catalogue of error messages in the two languages of the app (CONTRACT.md section 2).
//
// Every message the API answers is turned into a detail `{code, field?, params?, message}`:
// a schema validation issue by its zod issue kind, any other message (thrown as English text by a
// module, a constraint error, an import row) by the patterns below. The web app shows `message`
// (already in the request's language) next to `field`; `code` and `params` are stable for other clients.
// Without an `Accept-Language` header the English text is answered unchanged (what API clients and
// tests have always seen); with one, the catalogue's wording in that language (ids left out).

export type Lang = 'en' | 'id';
export type ErrDetail = {
  code: string;
  field?: string;
  params?: Record<string, string | number>;
  message: string;
};

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
};

const noun = (thing: string, lang: Lang) => {
  const human = thing.replace(/_/g, ' ');
  return lang === 'id' ? (NOUNS[human.toLowerCase()] ?? human) : human;
};
const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

type Params = Record<string, string>;
type Pattern = {
  code: string;
  re: RegExp;
  en: (p: Params) => string;
  id: (p: Params) => string;
  /** Names the captured groups (in order). */
  keys?: string[];
};

/** Whole English phrases the contract and the modules use, with their Indonesian wording. */
const PHRASES: Record<string, { code: string; id: string; en?: string }> = {
  'is required': { code: 'required', id: 'wajib diisi' },
  'must be an amount': { code: 'number', id: 'harus berupa jumlah' },
  'must be a number': { code: 'number', id: 'harus berupa angka' },
  'must be 0 or more': { code: 'min', id: 'harus 0 atau lebih' },
  'must be 1 or more': { code: 'min', id: 'harus 1 atau lebih' },
  'must be more than 0': { code: 'min', id: 'harus lebih dari 0' },
  'is too large': { code: 'max', id: 'terlalu besar' },
  'may have at most 2 decimals': { code: 'decimals', id: 'paling banyak 2 angka desimal' },
  'must be a whole number': { code: 'integer', id: 'harus bilangan bulat' },
  'must be a date as YYYY-MM-DD': { code: 'date', id: 'harus berupa tanggal (YYYY-MM-DD)' },
  'must be a date between 2000-01-01 and 2100-12-31': {
    code: 'date_range',
    id: 'harus tanggal antara 2000-01-01 dan 2100-12-31',
  },
  'must not be more than 31 days ahead': {
    code: 'date_ahead',
    id: 'tidak boleh lebih dari 31 hari ke depan',
  },
  'must be on or after start_date': {
    code: 'end_before_start',
    id: 'harus sama dengan atau setelah tanggal mulai',
    en: 'must be on or after the start date',
  },
  'must be a valid e-mail address': { code: 'email', id: 'harus alamat e-mail yang benar' },
  'must be between -90 and 90': { code: 'latitude', id: 'harus antara -90 dan 90' },
  'must be between -180 and 180': { code: 'longitude', id: 'harus antara -180 dan 180' },
  'must be at least 1 rupiah per point': {
    code: 'min_rupiah_per_point',
    id: 'minimal 1 rupiah per poin',
  },
  'must not be negative': { code: 'min', id: 'tidak boleh negatif' },
  'must be a JSON object': { code: 'json_object', id: 'harus berupa objek JSON' },
  'Wrong e-mail or password': { code: 'wrong_credentials', id: 'E-mail atau kata sandi salah' },
  'This account is no longer active': { code: 'account_inactive', id: 'Akun ini sudah tidak aktif' },
  'This account is not active yet; ask an administrator to activate it': {
    code: 'account_not_active_yet',
    id: 'Akun ini belum aktif; minta administrator untuk mengaktifkannya',
  },
  'The session has ended; sign in again': {
    code: 'session_ended',
    id: 'Sesi telah berakhir; silakan masuk lagi',
  },
  'The session has expired; sign in again': {
    code: 'session_expired',
    id: 'Sesi telah kedaluwarsa; silakan masuk lagi',
  },
  'Sign in first: the token is missing, invalid or expired': {
    code: 'sign_in_first',
    id: 'Silakan masuk dulu: token tidak ada, tidak sah atau kedaluwarsa',
  },
  'The refresh token is invalid, expired or already used; sign in again': {
    code: 'refresh_invalid',
    id: 'Token penyegar tidak sah, kedaluwarsa atau sudah dipakai; silakan masuk lagi',
  },
  'You do not have permission for this action': {
    code: 'forbidden',
    id: 'Anda tidak berhak melakukan tindakan ini',
  },
  'You cannot delete your own account': {
    code: 'delete_self',
    id: 'Anda tidak dapat menghapus akun Anda sendiri',
  },
  'That branch is outside your assigned branches': {
    code: 'branch_outside_scope',
    id: 'Cabang itu di luar cabang yang ditugaskan kepada Anda',
  },
  'only a user who sees every branch may grant every branch': {
    code: 'grant_all_branches',
    id: 'hanya pengguna yang melihat semua cabang yang boleh memberi akses ke semua cabang',
  },
  'A record with the same unique value already exists': {
    code: 'duplicate',
    id: 'Sudah ada data dengan nilai unik yang sama',
  },
  'The record is linked to other data': { code: 'in_use', id: 'Data ini terhubung dengan data lain' },
  'A value has the wrong format or is out of range': {
    code: 'format',
    id: 'Ada nilai dengan format salah atau di luar batas',
  },
  'The record was changed by another request at the same time; try again': {
    code: 'concurrent_change',
    id: 'Data ini diubah oleh permintaan lain pada saat yang sama; coba lagi',
  },
  'Internal server error': { code: 'internal', id: 'Terjadi kesalahan di server' },
  'Too many requests; try again later': {
    code: 'rate_limited',
    id: 'Terlalu banyak permintaan; coba lagi nanti',
  },
  'The request body is too large': { code: 'too_large', id: 'Isi permintaan terlalu besar' },
  'Unsupported content type': { code: 'media_type', id: 'Jenis isi tidak didukung' },
  'Not found': { code: 'not_found', id: 'Tidak ditemukan' },
  'name at least one customer': { code: 'pick_customer', id: 'pilih minimal satu pelanggan' },
};

const PATTERNS: Pattern[] = [
  {
    code: 'not_found',
    re: /^(.+?) \d+ not found$/,
    keys: ['thing'],
    en: (p) => `${cap(noun(p.thing, 'en'))} not found; it may have been deleted`,
    id: (p) => `${cap(noun(p.thing, 'id'))} tidak ditemukan; mungkin sudah dihapus`,
  },
  {
    code: 'not_found',
    re: /^(.+?) '(.*)' not found$/,
    keys: ['thing', 'value'],
    en: (p) => `${cap(noun(p.thing, 'en'))} '${p.value}' not found`,
    id: (p) => `${cap(noun(p.thing, 'id'))} '${p.value}' tidak ditemukan`,
  },
  {
    code: 'outside_scope',
    re: /^(.+?) \d+ is outside your assigned branches$/,
    keys: ['thing'],
    en: (p) => `This ${noun(p.thing, 'en')} belongs to a branch outside your assigned branches`,
    id: (p) => `${cap(noun(p.thing, 'id'))} ini milik cabang di luar cabang yang ditugaskan kepada Anda`,
  },
  {
    code: 'outside_scope',
    re: /^(.+?) (\S+) is outside your assigned branches$/,
    keys: ['thing', 'value'],
    en: (p) => `${cap(noun(p.thing, 'en'))} ${p.value} belongs to a branch outside your assigned branches`,
    id: (p) =>
      `${cap(noun(p.thing, 'id'))} ${p.value} milik cabang di luar cabang yang ditugaskan kepada Anda`,
  },
  {
    code: 'duplicate',
    re: /^(.+?) '(.*)' already exists$/,
    keys: ['thing', 'value'],
    en: (p) => `${cap(noun(p.thing, 'en'))} '${p.value}' is already in use`,
    id: (p) => `${cap(noun(p.thing, 'id'))} '${p.value}' sudah dipakai`,
  },
  {
    code: 'in_use',
    re: /^This record is still used by (.+); remove or reassign those first$/,
    keys: ['thing'],
    en: (p) => `This record is still used by ${p.thing}; remove or reassign those first`,
    id: (p) => `Data ini masih dipakai oleh ${noun(p.thing, 'id')}; hapus atau pindahkan dulu`,
  },
  {
    code: 'missing_reference',
    re: /^(.+?) \S+ does not exist$/,
    keys: ['thing'],
    en: (p) => `The chosen ${noun(p.thing, 'en')} does not exist (any more)`,
    id: (p) => `${cap(noun(p.thing, 'id'))} yang dipilih tidak ada (lagi)`,
  },
  {
    code: 'check_failed',
    re: /^A value breaks the rule (.+)$/,
    keys: ['rule'],
    en: (p) => `A value breaks the rule ${p.rule}`,
    id: (p) => `Ada nilai yang melanggar aturan ${p.rule}`,
  },
  {
    code: 'required',
    re: /^(.+) is required$/,
    keys: ['thing'],
    en: (p) => `${cap(noun(p.thing, 'en'))} is required`,
    id: (p) => `${cap(noun(p.thing, 'id'))} wajib diisi`,
  },
  {
    code: 'sign_in_locked',
    re: /^Too many failed sign-ins; try again in (\d+) minutes?$/,
    keys: ['minutes'],
    en: (p) => `Too many failed sign-ins; try again in ${p.minutes} minute${p.minutes === '1' ? '' : 's'}`,
    id: (p) => `Terlalu banyak percobaan masuk yang gagal; coba lagi dalam ${p.minutes} menit`,
  },
  {
    code: 'forbidden_area',
    re: /^You may not (view|create|update|delete) (.+) data$/,
    keys: ['action', 'area'],
    en: (p) => `You may not ${p.action} ${p.area} data`,
    id: (p) =>
      `Anda tidak berhak ${{ view: 'melihat', create: 'menambah', update: 'mengubah', delete: 'menghapus' }[p.action] ?? p.action} data ${noun(p.area, 'id')}`,
  },
  {
    code: 'already_void',
    re: /^point \d+ is already void$/,
    en: () => 'This point movement is already void',
    id: () => 'Entri poin ini sudah dibatalkan',
  },
  {
    code: 'nothing_to_revert',
    re: /^point \d+ is void; there is nothing to revert$/,
    en: () => 'This point movement is void; there is nothing to revert',
    id: () => 'Entri poin ini sudah dibatalkan; tidak ada yang perlu dikembalikan',
  },
  {
    code: 'already_reverted',
    re: /^point \d+ was already reverted \(by point \d+\)$/,
    en: () => 'This point movement was already reverted',
    id: () => 'Entri poin ini sudah dikembalikan',
  },
  {
    code: 'system_point',
    re: /^point \d+ was written by the system from (.+?); it cannot be (\w+) here/,
    keys: ['origin', 'action'],
    en: (p) =>
      `This point movement was written by the system from ${p.origin}; it cannot be ${p.action} here`,
    id: (p) => `Entri poin ini dibuat sistem dari ${p.origin}; tidak dapat diubah di sini`,
  },
  {
    code: 'count_changed',
    re: /^the number of rows changed from (\d+) to (\d+); check again$/,
    keys: ['from', 'to'],
    en: (p) => `The number of rows changed from ${p.from} to ${p.to}; check again`,
    id: (p) => `Jumlah baris berubah dari ${p.from} menjadi ${p.to}; periksa lagi`,
  },
  {
    code: 'period_overlap',
    re: /^the period overlaps (?:another maximum|entry \d+) \(?(\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)\)?.*of this customer/,
    keys: ['start', 'end'],
    en: (p) => `the period overlaps another maximum of this customer (${p.start} to ${p.end})`,
    id: (p) => `periode ini bertumpuk dengan maksimal lain milik pelanggan ini (${p.start} s.d. ${p.end})`,
  },
  {
    code: 'promo_overlap',
    re: /^the period overlaps promo \d+ '(.*)' \((\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)\)/,
    keys: ['name', 'start', 'end'],
    en: (p) => `the period overlaps promo '${p.name}' (${p.start} to ${p.end}) covering the same items`,
    id: (p) =>
      `periode ini bertumpuk dengan promo '${p.name}' (${p.start} s.d. ${p.end}) untuk produk yang sama`,
  },
  {
    code: 'must_be_own_id',
    re: /^must be your own user id/,
    en: () => 'must be your own user id; results are scoped from your sign-in',
    id: () => 'harus id pengguna Anda sendiri; hasil dibatasi menurut akun Anda',
  },
  {
    code: 'duplicate_row',
    re: /^duplicate of (.+?) \((.+)\)$/,
    keys: ['first', 'what'],
    en: (p) => `duplicate of ${p.first} (${p.what})`,
    id: (p) =>
      `duplikat dari ${p.first.replace(/^row /, 'baris ')} (${p.what.replace(/^customer /, 'pelanggan ')})`,
  },
  {
    code: 'audience_outside_scope',
    re: /^the audience reaches stores outside your assigned branches: (.+)$/,
    keys: ['branches'],
    en: (p) => `the audience reaches stores outside your assigned branches: ${p.branches}`,
    id: (p) =>
      `penerimanya mencakup toko di luar cabang yang ditugaskan kepada Anda: ${p.branches.replace(/ and more$/, ' dan lainnya')}`,
  },
  {
    code: 'broadcast_outside_scope',
    re: /^broadcast \d+ reaches stores outside your assigned branches: (.+); only a user who sees all of them may change, delete or send it$/,
    keys: ['branches'],
    en: (p) =>
      `This broadcast reaches stores outside your assigned branches (${p.branches}); only a user who sees all of them may change, delete or send it`,
    id: (p) =>
      `Siaran ini menjangkau toko di luar cabang yang ditugaskan kepada Anda (${p.branches.replace(/ and more$/, ' dan lainnya')}); hanya pengguna yang melihat semua cabang itu yang boleh mengubah, menghapus atau mengirimnya`,
  },
];

/** Splits `row 7: documents[2].qty: message` into its location prefixes and the last field. */
function splitField(message: string): { prefix: string[]; field?: string; text: string } {
  const prefix: string[] = [];
  let rest = message;
  for (;;) {
    const row = /^(row \d+): /.exec(rest);
    if (row) {
      prefix.push(row[1]);
      rest = rest.slice(row[0].length);
      continue;
    }
    break;
  }
  // A field prefix: a lower-case name (with dots and [n]) before ': '.
  const m = /^([a-z_][a-z0-9_]*(?:\[\d+\])?(?:\.[a-z_][a-z0-9_]*(?:\[\d+\])?)*): (.+)$/s.exec(rest);
  if (m) return { prefix, field: m[1], text: m[2] };
  return { prefix, text: rest };
}

const rowWord = (p: string, lang: Lang) => (lang === 'id' ? p.replace(/^row /, 'baris ') : p);

/** The detail of one English message, worded in `lang` (null: the message as it was). */
export function detailOf(message: string, lang: Lang | null): ErrDetail {
  const { prefix, field, text } = splitField(message);
  let code = 'message';
  let params: Params | undefined;
  let worded: string | undefined;
  const phrase = PHRASES[text];
  if (phrase) {
    code = phrase.code;
    if (lang) worded = lang === 'id' ? phrase.id : (phrase.en ?? text);
  } else {
    for (const p of PATTERNS) {
      const m = p.re.exec(text);
      if (!m) continue;
      code = p.code;
      params = {};
      (p.keys ?? []).forEach((k, i) => {
        (params as Params)[k] = m[i + 1];
      });
      if (lang) worded = p[lang](params);
      break;
    }
  }
  const out =
    worded === undefined
      ? message
      : [...prefix.map((x) => rowWord(x, lang ?? 'en')), field, worded].filter(Boolean).join(': ');
  // A unique value taken (`salesman code 'S-01' already exists`) concerns that column's field.
  const column =
    !field && code === 'duplicate' && params?.thing && !params.thing.includes(',')
      ? params.thing.replace(/ /g, '_')
      : undefined;
  return {
    code,
    ...(field || column ? { field: field ?? column } : {}),
    ...(params && Object.keys(params).length > 0 ? { params } : {}),
    message: out,
  };
}

type ZodIssueParams = {
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  inclusive?: boolean;
  values?: unknown[];
  input?: unknown;
};

/** A schema validation issue (fastify-type-provider-zod's shape) as a detail in `lang`. */
export function zodDetail(
  field: string,
  keyword: string,
  zodMessage: string,
  params: ZodIssueParams,
  lang: Lang | null,
): ErrDetail {
  const p: Record<string, string | number> = {};
  if (params.minimum !== undefined) p.min = Number(params.minimum);
  if (params.maximum !== undefined) p.max = Number(params.maximum);
  if (params.expected) p.expected = params.expected;
  if (params.format) p.format = params.format;
  const origin = params.origin;
  // A contract's own wording (refinements, custom errors) goes through the phrase catalogue.
  const own = PHRASES[zodMessage] ?? PATTERNS.find((x) => x.re.test(zodMessage));
  let code = `invalid_${keyword}`;
  let en = zodMessage;
  let id = zodMessage;
  if (own) {
    const d = detailOf(zodMessage, lang ?? 'en');
    code = d.code;
    en = detailOf(zodMessage, 'en').message;
    id = detailOf(zodMessage, 'id').message;
  } else if (keyword === 'invalid_type') {
    const missing = params.input === undefined || /received undefined/.test(zodMessage);
    code = missing ? 'required' : 'type';
    en = missing ? 'is required' : `must be a ${params.expected ?? 'valid value'}`;
    id = missing
      ? 'wajib diisi'
      : `harus berupa ${{ number: 'angka', string: 'teks', boolean: 'ya/tidak', array: 'daftar', object: 'objek', int: 'bilangan bulat' }[params.expected ?? ''] ?? 'nilai yang benar'}`;
  } else if (keyword === 'too_small') {
    code = 'min';
    const n = p.min;
    if (origin === 'string') {
      en = Number(n) <= 1 ? 'is required' : `must be at least ${n} characters`;
      id = Number(n) <= 1 ? 'wajib diisi' : `minimal ${n} karakter`;
    } else if (origin === 'array' || origin === 'set') {
      en = `must hold at least ${n}`;
      id = `minimal ${n} pilihan`;
    } else {
      en = params.inclusive === false ? `must be more than ${n}` : `must be ${n} or more`;
      id = params.inclusive === false ? `harus lebih dari ${n}` : `minimal ${n}`;
    }
  } else if (keyword === 'too_big') {
    code = 'max';
    const n = p.max;
    if (origin === 'string') {
      en = `must be at most ${n} characters`;
      id = `maksimal ${n} karakter`;
    } else if (origin === 'array' || origin === 'set') {
      en = `may hold at most ${n}`;
      id = `maksimal ${n} pilihan`;
    } else {
      en = params.inclusive === false ? `must be less than ${n}` : `must be at most ${n}`;
      id = params.inclusive === false ? `harus kurang dari ${n}` : `maksimal ${n}`;
    }
  } else if (keyword === 'invalid_format') {
    code = params.format === 'email' ? 'email' : params.format === 'date' ? 'date' : 'format';
    en =
      code === 'email'
        ? 'must be a valid e-mail address'
        : code === 'date'
          ? 'must be a date as YYYY-MM-DD'
          : zodMessage;
    id =
      code === 'email'
        ? 'harus alamat e-mail yang benar'
        : code === 'date'
          ? 'harus berupa tanggal (YYYY-MM-DD)'
          : 'formatnya tidak sesuai';
  } else if (keyword === 'invalid_value') {
    code = 'choice';
    id = 'bukan pilihan yang tersedia';
  } else if (keyword === 'unrecognized_keys') {
    code = 'unknown_field';
    id = `berisi kolom yang tidak dikenal`;
  } else if (keyword === 'not_multiple_of') {
    code = 'decimals';
    id = 'terlalu banyak angka desimal';
  }
  const text = lang === 'id' ? id : lang === 'en' ? en : zodMessage;
  return {
    code,
    ...(field ? { field } : {}),
    ...(Object.keys(p).length > 0 ? { params: p } : {}),
    message: field ? `${field}: ${text}` : text,
  };
}
