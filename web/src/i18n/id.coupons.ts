// Indonesian labels of this area's screens (features/coupons, vouchers and lottery): the same keys as
// en.coupons.ts.
import type { messages as en } from './en.coupons';

const status = {
  redeemed: 'Ditukar',
  processed: 'Diproses',
  delivered: 'Diserahkan',
  reverted: 'Dibatalkan',
};

export const messages: typeof en = {
  resources: {
    coupon: {
      title: 'Kupon',
      one: 'kupon',
      summary: 'Hadiah yang ditukar toko dengan poin: foto, harga poin, stok, masa berlaku',
      fields: {
        photo: 'Foto',
        points_required: 'Harga poin',
        stock: 'Stok',
        redeemed_count: 'Ditukar',
        customer_type_ids: 'Hanya untuk tipe pelanggan',
        branch_ids: 'Hanya untuk cabang',
        in_stock: 'Stok tersedia',
      },
      descriptions: {
        customer_type_ids: 'Kosongkan untuk semua tipe pelanggan.',
        branch_ids: 'Kosongkan untuk semua cabang.',
        stock: 'Setiap penukaran mengambil satu; pembatalan mengembalikannya.',
        photo: 'Ditampilkan di aplikasi seluler.',
      },
      hints: { end_date: 'Harus sama dengan atau setelah tanggal mulai.' },
      actions: {
        delete: {
          label: 'Hapus',
          title: 'Hapus kupon ini?',
          message:
            '“{{name}}” dihapus. Jika sudah ada toko yang menukarnya, kupon dinonaktifkan saja agar riwayatnya tetap ada.',
          confirm: 'Hapus',
          done: '“{{name}}” sudah dihapus.',
          deactivated: '“{{name}}” sudah pernah ditukar, jadi dinonaktifkan, bukan dihapus.',
        },
      },
    },
    coupon_redeem: {
      title: 'Penukaran kupon',
      one: 'penukaran kupon',
      summary: 'Laporan penukaran: tukar untuk toko, serahkan, batalkan',
      fields: {
        coupon_id: 'Kupon',
        coupon_name: 'Kupon',
        coupon_status: 'Status',
        redeemed: 'Tanggal tukar',
        redeemed_at: 'Waktu tukar',
        delivered_at: 'Waktu diserahkan',
        reverted_at: 'Waktu dibatalkan',
        reverted_by_name: 'Dibatalkan oleh',
        revert_reason: 'Alasan pembatalan',
        points: 'Poin terpakai',
      },
      descriptions: {
        customer_id: 'Ketik kode atau nama toko untuk mencari.',
        coupon_id: 'Hanya kupon aktif; toko perlu poin yang cukup dan stok kupon harus ada.',
      },
      texts: { add: 'Tukar untuk toko', createTitle: 'Tukar kupon untuk toko' },
      actions: {
        revert: {
          label: 'Batalkan',
          title: 'Batalkan penukaran ini?',
          message:
            '“{{name}}”: poin dikembalikan ke toko (baris pembatalan di buku poin), kupon kembali ke stok dan penukaran ditandai dibatalkan. Tindakan ini tidak bisa diurungkan.',
          confirm: 'Batalkan',
          done: '“{{name}}” dibatalkan. Saldo toko sekarang {{balance}} poin.',
        },
        processed: {
          label: 'Tandai diproses',
          title: 'Tandai diproses?',
          message: '“{{name}}”: hadiah sedang disiapkan atau dikirim.',
          confirm: 'Tandai diproses',
          done: '“{{name}}” diproses.',
        },
        delivered: {
          label: 'Tandai diserahkan',
          title: 'Tandai diserahkan?',
          message:
            '“{{name}}”: hadiah sudah diserahkan. Penukaran yang sudah diserahkan tidak bisa dibatalkan lagi.',
          confirm: 'Tandai diserahkan',
          done: '“{{name}}” sudah diserahkan.',
        },
      },
    },
    coupon_redeemed: {
      title: 'Kupon yang ditukar',
      one: 'kupon',
      summary: 'Per kupon: penukaran dalam periode, poin terpakai, toko',
      fields: {
        coupon_name: 'Kupon',
        points_required: 'Harga poin',
        redeemed: 'Ditukar',
        processed: 'Diproses',
        delivered: 'Diserahkan',
        reverted: 'Dibatalkan',
        points: 'Poin terpakai',
        stock: 'Sisa stok',
        last_redeemed_at: 'Terakhir ditukar',
      },
    },
    voucher: {
      title: 'Voucher',
      one: 'voucher',
      summary: 'Voucher dengan nominal, foto, periode dan kuota',
      fields: {
        photo: 'Foto',
        nominal: 'Nominal',
        quota: 'Kuota (toko)',
        redeemed_count: 'Ditukar',
        show_all: 'Termasuk yang berakhir dan nonaktif',
      },
      descriptions: {
        quota: 'Berapa toko yang boleh menukarnya; kosongkan jika tanpa batas.',
        code: 'Hanya huruf, angka dan . _ / -; harus unik.',
      },
    },
    voucher_redeem: {
      title: 'Penukaran voucher',
      one: 'penukaran voucher',
      summary: 'Toko yang menukar voucher; tambah banyak sekaligus dari daftar',
      fields: {
        voucher_id: 'Voucher',
        voucher_code: 'Kode voucher',
        voucher_name: 'Voucher',
        nominal: 'Nominal',
        redeemed_at: 'Waktu tukar',
        created_by_name: 'Ditambahkan oleh',
      },
    },
    lottery: {
      title: 'Kupon undian',
      one: 'kupon undian',
      summary: 'Nomor kupon undian per toko: daftar, impor, hapus semua',
      fields: {
        coupon_no: 'Nomor kupon',
        batch: 'Batch',
        imported_at: 'Waktu impor',
      },
      actions: {
        delete_all: {
          label: 'Hapus semua',
          title: 'Hapus semua kupon undian?',
          message:
            'Ini menghapus {{count}} kupon undian: semua yang bisa Anda lihat (hanya milik cabang Anda jika akun Anda dibatasi cabang). Tindakan ini tidak bisa diurungkan.',
          confirm: 'Hapus {{count}} kupon',
          done: '{{count}} kupon undian sudah dihapus.',
        },
      },
    },
  },
  pages: {
    lottery_report: {
      title: 'Laporan undian',
      summary: 'Kupon undian per wilayah, cabang dan periode',
    },
  },
  texts: {
    status,
    export: 'Ekspor',
    bulk: {
      voucher: 'Voucher',
      voucherPlaceholder: 'Pilih voucher',
      button: 'Tambah banyak toko',
      title: 'Tambah toko yang menukar voucher',
      hint: 'Tempel kode toko atau baca file CSV/XLSX. Toko yang sudah memegang voucher ini dibiarkan.',
    },
    lottery: {
      import: 'Impor kupon',
      importTitle: 'Impor kupon undian',
      total_one: '{{total}} kupon undian',
      total_other: '{{total}} kupon undian',
      byRegion: 'Per wilayah',
      byBranch: 'Per cabang',
      byPeriod: 'Per periode undian',
      count: 'Kupon',
    },
  },
};
