// The app's words in Indonesian (the default) and English. One plain object per language, no
// library: the home's script stays small. A key missing in English is a type error.
import { createContext, useContext } from 'react';

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
  cap_reached: 'Batas bulan ini sudah tercapai.',
  news: 'Berita',
  no_news: 'Belum ada berita.',
  read_more: 'Baca selengkapnya',
  read_less: 'Tutup',
  open_link: 'Buka tautan',
  quick_promos: 'Promo',
  quick_targets: 'Target',
  quick_photos: 'Kirim foto',
  // Coupons.
  coupons_title: 'Kupon',
  tab_catalogue: 'Katalog',
  tab_mine: 'Penukaran saya',
  no_coupons: 'Belum ada kupon untuk toko Anda saat ini.',
  stock_left: (p: { n: string }) => `Sisa ${p.n}`,
  redeem: 'Tukar',
  not_enough: 'Poin belum cukup',
  confirm_title: 'Tukar kupon?',
  confirm_text: (p: { name: string; points: string; after: string }) =>
    `${p.name} ditukar dengan ${p.points} poin. Sisa saldo Anda menjadi ${p.after} poin.`,
  confirm_yes: (p: { points: string }) => `Ya, tukar ${p.points} poin`,
  redeeming: 'Menukar…',
  redeemed_ok: (p: { name: string; balance: string }) =>
    `${p.name} berhasil ditukar. Saldo Anda sekarang ${p.balance} poin.`,
  redeem_lost: 'Koneksi terputus sebelum ada jawaban. Penukaran mungkin sudah tercatat.',
  redeem_lost_retry: 'Coba lagi: poin Anda tidak akan terpotong dua kali.',
  no_redemptions: 'Anda belum pernah menukar kupon.',
  status_redeemed: 'Ditukar',
  status_processed: 'Diproses',
  status_delivered: 'Dikirim',
  status_reverted: 'Dibatalkan',
  // Inbox.
  inbox_title: 'Pesan',
  inbox_empty: 'Belum ada pesan.',
  unread: 'Baru',
  // Account.
  account_title: 'Akun',
  profile_title: 'Profil toko',
  store_code: 'Kode toko',
  owner_name: 'Nama pemilik',
  address: 'Alamat',
  city: 'Kota',
  branch: 'Cabang',
  salesman: 'Salesman',
  store_type: 'Tipe toko',
  phone: 'Nomor HP',
  sign_out: 'Keluar',
  signing_out: 'Keluar…',
  language: 'Bahasa',
  promos_title: 'Promo',
  targets_title: 'Target',
  photos_title: 'Foto toko',
  // Promos.
  no_promos: 'Belum ada promo untuk toko Anda saat ini.',
  period: (p: { from: string; to: string }) => `${p.from} s/d ${p.to}`,
  min_qty: (p: { n: string }) => `Beli minimal ${p.n}`,
  min_amount: (p: { n: string }) => `Belanja minimal ${p.n}`,
  discount_percent: (p: { n: string }) => `Diskon ${p.n}%`,
  discount_amount: (p: { n: string }) => `Potongan ${p.n}`,
  items: 'Barang',
  bonus: 'Bonus',
  // Targets.
  year: 'Tahun',
  prev_year: 'Tahun sebelumnya',
  next_year: 'Tahun berikutnya',
  quarter: (p: { n: number }) => `Kuartal ${p.n}`,
  semester: (p: { n: number }) => `Semester ${p.n}`,
  full_year: (p: { n: number }) => `Setahun ${p.n}`,
  target: 'Target',
  achieved: 'Tercapai',
  no_target: 'Belum ada target untuk periode ini.',
  // Photos.
  photos_intro: 'Pilih folder, lalu ambil foto dengan kamera ponsel.',
  no_folders: 'Belum ada folder foto yang dibuka untuk toko Anda.',
  photo_count: (p: { n: number }) => `${p.n} foto terkirim`,
  take_photo: 'Ambil foto',
  uploading: 'Mengirim foto…',
  sent_ok: 'Foto terkirim.',
  sent_list: 'Foto yang Anda kirim',
  note_label: 'Catatan (boleh kosong)',
  choose_folder: 'Pilih folder',
  // Profile changes.
  edit_profile: 'Ubah profil',
  store_photo: 'Foto toko',
  change_photo: 'Ganti foto toko',
  send_changes: 'Kirim perubahan',
  sending: 'Mengirim…',
  no_changes: 'Tidak ada yang berubah.',
  changes_wait: 'Perubahan dikirim. Perubahan menunggu validasi back office sebelum tampil.',
  pending_title: 'Menunggu validasi back office',
  pending_since: (p: { when: string }) => `Dikirim ${p.when}. Data lama tetap berlaku sampai disetujui.`,
  new_value: (p: { label: string; value: string }) => `${p.label}: ${p.value}`,
  new_photo: 'Foto toko baru',
  not_validated: 'Data toko Anda belum divalidasi back office.',
} as const;

type Dict = { [K in keyof typeof id]: (typeof id)[K] extends string ? string : (typeof id)[K] };

const en: Dict = {
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
  cap_reached: "This month's cap is reached.",
  news: 'News',
  no_news: 'No news yet.',
  read_more: 'Read more',
  read_less: 'Close',
  open_link: 'Open the link',
  quick_promos: 'Promos',
  quick_targets: 'Targets',
  quick_photos: 'Send a photo',
  coupons_title: 'Coupons',
  tab_catalogue: 'Catalogue',
  tab_mine: 'My redemptions',
  no_coupons: 'No coupons for your store right now.',
  stock_left: (p) => `${p.n} left`,
  redeem: 'Redeem',
  not_enough: 'Not enough points',
  confirm_title: 'Redeem this coupon?',
  confirm_text: (p) => `${p.name} for ${p.points} points. Your balance becomes ${p.after} points.`,
  confirm_yes: (p) => `Yes, redeem for ${p.points} points`,
  redeeming: 'Redeeming…',
  redeemed_ok: (p) => `${p.name} redeemed. Your balance is now ${p.balance} points.`,
  redeem_lost: 'The connection was lost before an answer came. The redemption may already be recorded.',
  redeem_lost_retry: 'Try again: your points will never be taken twice.',
  no_redemptions: 'You have not redeemed a coupon yet.',
  status_redeemed: 'Redeemed',
  status_processed: 'Processing',
  status_delivered: 'Delivered',
  status_reverted: 'Cancelled',
  inbox_title: 'Inbox',
  inbox_empty: 'No messages yet.',
  unread: 'New',
  account_title: 'Account',
  profile_title: 'Store profile',
  store_code: 'Store code',
  owner_name: 'Owner name',
  address: 'Address',
  city: 'City',
  branch: 'Branch',
  salesman: 'Salesman',
  store_type: 'Store type',
  phone: 'Phone number',
  sign_out: 'Sign out',
  signing_out: 'Signing out…',
  language: 'Language',
  promos_title: 'Promos',
  targets_title: 'Targets',
  photos_title: 'Store photos',
  no_promos: 'No promos for your store right now.',
  period: (p) => `${p.from} to ${p.to}`,
  min_qty: (p) => `Buy at least ${p.n}`,
  min_amount: (p) => `Spend at least ${p.n}`,
  discount_percent: (p) => `${p.n}% off`,
  discount_amount: (p) => `${p.n} off`,
  items: 'Items',
  bonus: 'Bonus',
  year: 'Year',
  prev_year: 'Previous year',
  next_year: 'Next year',
  quarter: (p) => `Quarter ${p.n}`,
  semester: (p) => `Semester ${p.n}`,
  full_year: (p) => `Year ${p.n}`,
  target: 'Target',
  achieved: 'Achieved',
  no_target: 'No target for this period yet.',
  photos_intro: "Choose a folder, then take a photo with the phone's camera.",
  no_folders: 'No photo folder is open to your store yet.',
  photo_count: (p) => `${p.n} photo${p.n === 1 ? '' : 's'} sent`,
  take_photo: 'Take a photo',
  uploading: 'Sending the photo…',
  sent_ok: 'Photo sent.',
  sent_list: 'Photos you sent',
  note_label: 'Note (optional)',
  choose_folder: 'Choose a folder',
  edit_profile: 'Edit the profile',
  store_photo: 'Store photo',
  change_photo: 'Change the store photo',
  send_changes: 'Send the changes',
  sending: 'Sending…',
  no_changes: 'Nothing has changed.',
  changes_wait: 'Changes sent. They wait for the back office to validate them before they show.',
  pending_title: 'Waiting for the back office to validate',
  pending_since: (p) => `Sent ${p.when}. The current details stay until it is approved.`,
  new_value: (p) => `${p.label}: ${p.value}`,
  new_photo: 'New store photo',
  not_validated: 'Your store details are not validated by the back office yet.',
};

export const DICTS: Record<Lang, Dict> = { id, en };
export type Key = keyof Dict;
type Params<K extends Key> = Dict[K] extends (p: infer P) => string ? P : undefined;

export type T = <K extends Key>(key: K, ...params: Params<K> extends undefined ? [] : [Params<K>]) => string;

export function translator(lang: Lang): T {
  const dict = DICTS[lang];
  return ((key: Key, params?: unknown) => {
    const v = dict[key] as string | ((p: unknown) => string);
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

/** Rupiah without decimals: Rp 12.500 (the stores never see cents). */
export const formatMoney = (lang: Lang, n: number) =>
  new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'id-ID', {
    style: 'currency',
    currency: 'IDR',
    maximumFractionDigits: 0,
  }).format(n);
