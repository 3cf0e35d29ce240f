// How the points rules apply, shown on the rules screen (in both languages). Kept apart from the
// points contract (points.ts), whose schemas a screen's messages need not build.

/** Shown on the rules screen. */
export const POINT_RULES_NOTE = {
  en:
    'Rules apply to invoices stored after they change; points already earned stay as they are until the ' +
    'invoice is sent again. The most specific rule wins: an item rule over a category rule over an ' +
    'all-items rule; a rule for the customer type over one for every type; then the one that started last.',
  id:
    'Aturan berlaku untuk faktur yang disimpan setelah aturan diubah; poin yang sudah diperoleh tetap sampai ' +
    'faktur dikirim ulang. Aturan paling spesifik yang dipakai: aturan produk, lalu kategori, lalu semua ' +
    'produk; aturan untuk tipe pelanggan didahulukan; lalu aturan yang mulai berlaku paling akhir.',
} as const;
