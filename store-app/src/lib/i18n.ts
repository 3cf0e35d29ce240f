// The app's words in Indonesian (the default) and English. One plain object per language, no
// library: the home's script stays small. A key missing in English is a type error.
import { createContext, useContext } from 'react';
import type { MORE_ID } from './i18n-more';

export type Lang = 'id' | 'en';
export const LANG_KEY = 'lbo_store_lang';

const id = {
  app_name: 'Poin Toko',
  lang_switch: 'English',
  lang_switch_label: 'Ganti bahasa ke English',
  loading: 'Memuat…',
  retry: 'Coba lagi',
  close: 'Tutup',
  cancel: 'Batal',
  save: 'Simpan',
  points: 'poin',
  // Errors that never reached the server.
  err_network: 'Tidak ada koneksi internet. Periksa sinyal, lalu coba lagi.',
  err_timeout: 'Server tidak menjawab. Coba lagi sebentar lagi.',
  err_server: 'Terjadi kesalahan di server. Coba lagi nanti.',
  err_chunk: 'Halaman ini belum tersimpan di ponsel. Sambungkan ke internet, lalu coba lagi.',
  offline_notice: (p: { when: string }) => `Anda sedang offline. Data ini dari koneksi terakhir (${p.when}).`,
  // Sign-in.
  signin_title: 'Masuk ke toko Anda',
  signin_intro: 'Masukkan nomor HP yang terdaftar di toko Anda. Kami kirim kode 6 angka.',
  phone_label: 'Nomor HP',
  phone_hint: 'Contoh: 0812 3456 7890',
  send_code: 'Kirim kode',
  code_label: 'Kode 6 angka',
  code_sent: (p: { phone: string }) => `Kode dikirim ke ${p.phone}. Berlaku 5 menit.`,
  signin_button: 'Masuk',
  resend_in: (p: { s: number }) => `Kirim ulang kode dalam ${p.s} detik`,
  resend: 'Kirim ulang kode',
  resent: 'Kode baru sudah dikirim.',
  change_phone: 'Ganti nomor',
  choose_store: 'Nomor ini terdaftar di beberapa toko. Pilih toko:',
  // Navigation.
  nav_home: 'Beranda',
  nav_coupons: 'Kupon',
  nav_inbox: 'Pesan',
  nav_photos: 'Foto',
  nav_account: 'Akun',
  unread_badge: (p: { n: number }) => `${p.n} belum dibaca`,
  // Home.
  balance: 'Saldo poin',
  this_month: 'Poin bulan ini',
  month_cap: (p: { n: string; cap: string }) => `${p.n} dari batas ${p.cap} poin`,
  month_no_cap: (p: { n: string }) => `${p.n} poin (tanpa batas)`,
  tier: (p: { name: string; x: string }) => `Tingkat ${p.name}: poin faktur ×${p.x}`,
  cap_reached: 'Batas bulan ini sudah tercapai.',
  news: 'Berita',
  no_news: 'Belum ada berita.',
  read_more: 'Baca selengkapnya',
  read_less: 'Tutup',
  open_link: 'Buka tautan',
  quick_promos: 'Promo',
  quick_targets: 'Target',
  quick_photos: 'Kirim foto',
} as const;

/** A language's words: the same keys as Indonesian, each a string or the same function. */
export type DictOf<D> = { [K in keyof D]: D[K] extends string ? string : D[K] };
type Dict = DictOf<typeof id> & DictOf<typeof MORE_ID>;

const en: DictOf<typeof id> = {
  app_name: 'Store Points',
  lang_switch: 'Bahasa Indonesia',
  lang_switch_label: 'Switch language to Bahasa Indonesia',
  loading: 'Loading…',
  retry: 'Try again',
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save',
  points: 'points',
  err_network: 'No internet connection. Check the signal, then try again.',
  err_timeout: 'The server did not answer. Try again in a moment.',
  err_server: 'Something went wrong on the server. Try again later.',
  err_chunk: 'This page is not saved on the phone yet. Connect to the internet, then try again.',
  offline_notice: (p) => `You are offline. This is from your last connection (${p.when}).`,
  signin_title: 'Sign in to your store',
  signin_intro: "Enter the phone number registered to your store. We'll send a 6-digit code.",
  phone_label: 'Phone number',
  phone_hint: 'Example: 0812 3456 7890',
  send_code: 'Send code',
  code_label: '6-digit code',
  code_sent: (p) => `Code sent to ${p.phone}. Valid for 5 minutes.`,
  signin_button: 'Sign in',
  resend_in: (p) => `Resend the code in ${p.s} s`,
  resend: 'Resend the code',
  resent: 'A new code has been sent.',
  change_phone: 'Change number',
  choose_store: 'This number belongs to several stores. Choose one:',
  nav_home: 'Home',
  nav_coupons: 'Coupons',
  nav_inbox: 'Inbox',
  nav_photos: 'Photos',
  nav_account: 'Account',
  unread_badge: (p) => `${p.n} unread`,
  balance: 'Point balance',
  this_month: 'Points this month',
  month_cap: (p) => `${p.n} of the ${p.cap} point cap`,
  month_no_cap: (p) => `${p.n} points (no cap)`,
  tier: (p) => `Tier ${p.name}: invoice points ×${p.x}`,
  cap_reached: "This month's cap is reached.",
  news: 'News',
  no_news: 'No news yet.',
  read_more: 'Read more',
  read_less: 'Close',
  open_link: 'Open the link',
  quick_promos: 'Promos',
  quick_targets: 'Targets',
  quick_photos: 'Send a photo',
};

/**
 * The words of the screens outside the home's script (i18n-more.ts) join when the first of those
 * screens loads: the home's script carries only its own.
 */
const DICTS: Record<Lang, Partial<Dict>> = { id: { ...id }, en: { ...en } };

export function registerWords(more: Record<Lang, Partial<Dict>>) {
  Object.assign(DICTS.id, more.id);
  Object.assign(DICTS.en, more.en);
}
export type Key = keyof Dict;
type Params<K extends Key> = Dict[K] extends (p: infer P) => string ? P : undefined;

export type T = <K extends Key>(key: K, ...params: Params<K> extends undefined ? [] : [Params<K>]) => string;

export function translator(lang: Lang): T {
  const dict = DICTS[lang];
  return ((key: Key, params?: unknown) => {
    const v = dict[key] as string | ((p: unknown) => string) | undefined;
    if (v === undefined) return key;
    return typeof v === 'function' ? v(params) : v;
  }) as T;
}

export function storedLang(): Lang {
  try {
    return localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'id';
  } catch {
    return 'id';
  }
}

export type LangState = { lang: Lang; t: T; setLang: (lang: Lang) => void };
export const LangContext = createContext<LangState>({ lang: 'id', t: translator('id'), setLang: () => {} });
export const useLang = () => useContext(LangContext);

/** Numbers as the store reads them: 1.250 in Indonesian, 1,250 in English. */
export const formatNumber = (lang: Lang, n: number) =>
  new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'id-ID').format(n);

/** A date and time for the store, in Jakarta time (WIB). */
export const formatDateTime = (lang: Lang, iso: string | number) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'id-ID', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Jakarta',
  }).format(new Date(iso));

export const formatDate = (lang: Lang, iso: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'id-ID', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Jakarta',
  }).format(new Date(iso.length === 10 ? `${iso}T00:00:00+07:00` : iso));

/** Rupiah without decimals, as Rp in both languages (English would write IDR): Rp 12.500, Rp12,500. */
export const formatMoney = (lang: Lang, n: number) =>
  new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'id-ID', {
    style: 'currency',
    currency: 'IDR',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  }).format(n);
