// Indonesian labels of this area's screens (features/content, promos and broadcasts): the same keys as
// en.content.ts.
import type { messages as en } from './en.content';

export const messages: typeof en = {
  resources: {
    promo: {
      title: 'Promo',
      one: 'promo',
      summary: 'Promo di aplikasi toko, menurut prioritas, dengan aturannya',
      fields: {
        priority: 'Prioritas',
        image: 'Gambar',
        customer_type_ids: 'Khusus tipe pelanggan',
        line_count: 'Aturan',
      },
      descriptions: {
        priority: 'Angka kecil tampil lebih dulu. Kosongkan untuk menaruh promo di akhir.',
        branch_id: 'Kosongkan untuk semua cabang.',
        customer_type_ids: 'Kosongkan untuk semua tipe pelanggan.',
        image: 'JPEG, PNG atau WebP, paling besar 5 MiB; dikirim saat menyimpan.',
      },
      hints: { end_date: 'Harus sama dengan atau setelah tanggal mulai.' },
    },
    promo_line: {
      title: 'Aturan promo',
      one: 'aturan promo',
      fields: {
        name: 'Aturan',
        min_qty: 'Jumlah min.',
        min_amount: 'Belanja min.',
        discount_percent: 'Diskon %',
        discount_amount: 'Diskon (Rp)',
        item_count: 'Produk',
        bonus_count: 'Barang bonus',
        item_ids: 'Produk',
        item_category_ids: 'Semua produk dari kategori',
      },
      descriptions: {
        item_ids: 'Produk yang terkena aturan ini. Isi produk, kategori, atau keduanya.',
        item_category_ids: 'Semua produk dari kategori ini ditambahkan.',
      },
    },
    promo_item_line: {
      title: 'Produk dalam aturan',
      one: 'produk',
      fields: { item_code: 'Kode', item_category_name: 'Kategori' },
    },
    promo_bonus_item_line: {
      title: 'Barang bonus',
      one: 'barang bonus',
      fields: { item_name: 'Produk bonus', item_id: 'Produk bonus', qty: 'Jumlah' },
      descriptions: { uom: 'Kosongkan untuk satuan dasar produk.' },
    },
    news: {
      title: 'Berita & info',
      one: 'berita',
      summary: 'Berita dan informasi di aplikasi toko',
      fields: { title: 'Judul', content: 'Isi', photo: 'Foto', priority: 'Prioritas' },
      descriptions: {
        priority: 'Angka kecil tampil lebih dulu.',
        photo: 'JPEG, PNG atau WebP, paling besar 5 MiB.',
      },
    },
    popup: {
      title: 'Popup',
      one: 'popup',
      summary: 'Popup di layar utama aplikasi',
      fields: { title: 'Judul', photo: 'Foto', link: 'Membuka' },
      descriptions: {
        link: 'Alamat di aplikasi seperti /promo/3, atau alamat web (https://…). Kosongkan bila tidak ada.',
      },
    },
    promo_video: {
      title: 'Video promo',
      one: 'video promo',
      summary: 'Video di aplikasi toko',
      fields: { title: 'Judul', url: 'Alamat video', thumbnail: 'Gambar kecil' },
      descriptions: { url: 'Alamat http:// atau https://; berkas .mp4 atau .webm bisa diputar di sini.' },
    },
    broadcast: {
      title: 'Siaran',
      one: 'siaran',
      summary: 'Pesan ke kotak masuk aplikasi toko, dikirim sekali',
      fields: {
        title: 'Judul',
        message: 'Pesan',
        image: 'Gambar',
        link: 'Membuka',
        audience: 'Penerima',
        branch_ids: 'Cabang',
        region_ids: 'Wilayah',
        region_group_ids: 'Grup wilayah',
        customer_type_ids: 'Tipe pelanggan',
        customer_codes: 'Kode toko',
        installed_only: 'Hanya toko yang memasang aplikasi',
        delivered_count: 'Terkirim',
        executed_at: 'Dikirim pada',
      },
      descriptions: {
        customer_codes: 'Satu kode toko per baris (atau dipisah koma).',
        link: 'Alamat di aplikasi seperti /promo/3, atau alamat web. Kosongkan bila tidak ada.',
      },
      actions: {
        execute: {
          label: 'Kirim',
          title: 'Kirim siaran ini?',
          message: '“{{name}}” masuk ke kotak masuk {{count}} toko. Siaran hanya dikirim sekali.',
          confirm: 'Kirim ke {{count}} toko',
          done: 'Dalam antrean untuk {{count}} toko: jumlah terkirim bertambah selama pengiriman.',
        },
      },
    },
    broadcast_delivery: {
      title: 'Pengiriman',
      one: 'pengiriman',
      fields: { delivered_at: 'Diterima pada' },
    },
  },
  pages: {},
  texts: {
    preview: {
      title: 'Di aplikasi toko',
      newsHeader: 'Berita & info',
      open: 'Buka',
      close: 'Tutup',
      inbox: 'Kotak masuk',
    },
    promo: {
      allBranches: 'Semua cabang',
      changeOrder: 'Ubah urutan',
      orderHint:
        'Pindahkan promo ke atas atau ke bawah; aplikasi menampilkannya dengan urutan ini. Simpan untuk menerapkan.',
      up: 'Naikkan {{name}}',
      down: 'Turunkan {{name}}',
      resetOrder: 'Batalkan perubahan',
      saveOrder: 'Simpan urutan',
      orderSaved: 'Urutan baru tersimpan.',
      addCategory: 'Tambah satu kategori',
      addCategoryTo: 'Tambah kategori ke {{name}}',
      addCategoryHint: 'Semua produk kategori ini yang belum ada di “{{name}}” ditambahkan.',
      addItems: 'Tambah produk',
      categoryAdded_one: '{{count}} produk ditambahkan.',
      categoryAdded_other: '{{count}} produk ditambahkan.',
    },
    video: {
      preview: 'Pratinjau',
      notDirect: 'Alamat ini halaman video, bukan berkas yang bisa diputar browser di sini.',
      open: 'Buka di tab baru',
    },
    broadcast: {
      audienceCount: '{{audience}} ({{count}})',
      audiences: {
        all: 'Semua toko',
        branch: 'Cabang',
        region: 'Wilayah',
        region_group: 'Grup wilayah',
        customer_type: 'Tipe pelanggan',
        customers: 'Toko pilihan',
      },
      statuses: {
        draft: 'Draf',
        queued: 'Dalam antrean',
        sending: 'Sedang dikirim',
        sent: 'Terkirim',
        failed: 'Gagal',
        cancelled: 'Dibatalkan',
      },
      deliveryStatuses: {
        pending: 'Menunggu',
        sent: 'Dikirim',
        delivered: 'Diterima',
        read: 'Dibaca',
        failed: 'Gagal',
      },
    },
  },
};
