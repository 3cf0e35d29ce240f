// Coupons bought with points, vouchers, the lottery coupons and the voucher redemptions.
import type { SeedContext, SeedScale, SeedUnit } from './plan';
import { color, day, h, mod, placeholder, values } from './sql';

// Coupons bought with points: [name, description, points, stock, start offset, end offset].
const COUPONS: [string, string, number, number, number, number][] = [
  ['Pulsa Rp25.000', 'Pulsa semua operator senilai Rp25.000', 250, 500, -760, 365],
  ['Voucher Belanja Rp50.000', 'Potongan belanja Rp50.000 untuk faktur berikutnya', 500, 400, -760, 365],
  ['Payung Lipat Eksklusif', 'Payung lipat dengan logo distributor', 300, 250, -700, 200],
  ['Kaos Polo Toko Mitra', 'Kaos polo katun, ukuran M/L/XL', 400, 300, -760, 365],
  ['Tumbler Stainless 500 ml', 'Tumbler tahan panas dan dingin', 600, 150, -400, 365],
  ['Jam Dinding Toko', 'Jam dinding diameter 30 cm', 200, 200, -760, -200],
  ['Voucher Belanja Rp100.000', 'Potongan belanja Rp100.000 untuk faktur berikutnya', 1000, 200, -760, 365],
  ['Rice Cooker 1 Liter', 'Rice cooker serbaguna 1 liter', 2000, 60, -500, 365],
  ['Kipas Angin Berdiri 16 inci', 'Kipas angin berdiri tiga kecepatan', 2500, 40, -760, 365],
  ['Etalase Kaca Mini', 'Etalase kaca untuk meja kasir', 3500, 20, -365, 365],
  ['Emas 0,5 gram', 'Logam mulia 0,5 gram bersertifikat', 5000, 10, -760, 365],
  ['Kulkas Minuman 1 Pintu', 'Lemari pendingin minuman untuk toko', 8000, 5, -300, 365],
];

// Vouchers: [code, name, description, nominal, start offset, end offset, quota].
const VOUCHERS: [string, string, string, number, number, number, number | null][] = [
  [
    'HEMAT25',
    'Voucher Hemat Rp25.000',
    'Potongan Rp25.000 minimal belanja Rp500.000',
    25000,
    -700,
    -400,
    300,
  ],
  [
    'TOKOBARU50',
    'Voucher Toko Baru Rp50.000',
    'Untuk toko yang baru memasang aplikasi',
    50000,
    -600,
    120,
    null,
  ],
  ['RAMADHAN75', 'Voucher Ramadhan Rp75.000', 'Spesial bulan Ramadhan', 75000, -330, -290, 200],
  ['MERDEKA17', 'Voucher Merdeka Rp17.000', 'Semarak HUT Kemerdekaan RI', 17000, -470, -440, 500],
  ['GROSIR100', 'Voucher Grosir Rp100.000', 'Minimal belanja Rp5.000.000', 100000, -200, 60, 150],
  ['AKHIRTAHUN', 'Voucher Akhir Tahun Rp50.000', 'Belanja akhir tahun lebih hemat', 50000, -120, -80, 400],
  [
    'SETIA150',
    'Voucher Pelanggan Setia Rp150.000',
    'Untuk pelanggan level Gold dan Platinum',
    150000,
    -90,
    90,
    100,
  ],
  ['APOTEK30', 'Voucher Apotek Rp30.000', 'Khusus pelanggan apotek', 30000, -60, 120, null],
  ['GAJIAN20', 'Voucher Gajian Rp20.000', 'Berlaku setiap akhir bulan', 20000, -30, 150, null],
  ['LEBARAN200', 'Voucher Lebaran Rp200.000', 'Segera hadir', 200000, 60, 100, 50],
];

/** The coupon and voucher catalogues (part of the loyalty setup). */
export function couponSetupStatements(): string[] {
  return [
    `insert into coupons (id, name, description, points_required, stock, photo_url, start_date, end_date, active) values ${values(
      COUPONS.map(([name, desc, points, stock, s, e], i) => [
        i + 1,
        name,
        desc,
        points,
        stock,
        placeholder(name, color(i)),
        day(s),
        day(e),
        true,
      ]),
    )}`,
    `insert into vouchers (id, code, name, description, nominal, photo_url, start_date, end_date, quota, active) values ${values(
      VOUCHERS.map(([code, name, desc, nominal, s, e, quota], i) => [
        i + 1,
        code,
        name,
        desc,
        nominal,
        placeholder(name, color(i + 3)),
        day(s),
        day(e),
        quota,
        true,
      ]),
    )}`,
  ];
}

export function lotteryAndVouchersUnit(scale: SeedScale, ctx: SeedContext): SeedUnit {
  const C = scale.customers;
  const A = ctx.adminId;
  return {
    label: 'lottery coupons and voucher redemptions',
    statements: [
      // Four completed quarters, each imported a few days after it ended.
      `insert into lottery_coupons (coupon_no, customer_id, branch_id, region_id, period, batch, imported_at, created_at, updated_at)
       select 'UND-' || p.code || '-' || lpad(g::text, 7, '0'), c.id, c.branch_id, b.region_id, p.code, 'IMPORT-' || p.code,
         p.imported, p.imported, p.imported
       from generate_series(1, ${scale.lotteryCoupons}) g
       join customers c on c.id = 1 + ${mod('g', 160, C)}
       join branches b on b.id = c.branch_id
       cross join lateral (select date_trunc('quarter', current_date)::date - ((1 + ${mod('g', 161, 4)}) * interval '3 months') as qd) qq
       cross join lateral (select to_char(qq.qd, 'YYYY') || '-Q' || extract(quarter from qq.qd) as code,
         least(now(), qq.qd + interval '3 months 3 days' + time '09:00') as imported) p`,
      `insert into voucher_redemptions (voucher_id, customer_id, branch_id, redeemed_at, note, created_by, created_at, updated_at)
       select voucher_id, customer_id, branch_id, ts, '', ${A}, ts, ts
       from (
         select v.id as voucher_id, c.id as customer_id, c.branch_id, v.quota,
           least(now(), (v.start_date + ${mod('c.id::int8 * 16 + v.id', 171, 'least(v.end_date, current_date) - v.start_date + 1')})::timestamptz
             + time '10:00' + ${mod('c.id::int8 * 16 + v.id', 172, 480)} * interval '1 minute') as ts,
           row_number() over (partition by v.id order by ${h('c.id::int8 * 16 + v.id', 173)}, c.id) as rn
         from vouchers v join customers c on c.active and ${mod('c.id::int8 * 16 + v.id', 170, 100)} < 4
         where v.start_date <= current_date
       ) x where quota is null or rn <= quota`,
    ],
  };
}
