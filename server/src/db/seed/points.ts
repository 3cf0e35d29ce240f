// Point rules, point promos, per-customer maxima and the points ledger with the coupon redemptions.
import type { SeedContext, SeedScale, SeedUnit } from './plan';
import { categoryId, itemId } from './products';
import { color, day, mod, pick, placeholder, values } from './sql';

/** The point rules, point promos and per-customer maxima (part of the loyalty setup). */
export function pointSetupStatements(): string[] {
  return [
    `insert into point_rules (id, name, item_category_id, item_id, customer_type_id, amount_per_point, start_date, end_date, active, note) values ${values(
      [
        [
          1,
          'Poin reguler semua produk',
          null,
          null,
          null,
          10000,
          day(-800),
          day(-366),
          true,
          'Rp10.000 = 1 poin',
        ],
        [
          2,
          'Poin reguler semua produk 2.0',
          null,
          null,
          null,
          8000,
          day(-365),
          day(365),
          true,
          'Rp8.000 = 1 poin',
        ],
        [
          3,
          'Poin grosir semua produk',
          null,
          null,
          2,
          15000,
          day(-800),
          day(365),
          true,
          'Pelanggan grosir: Rp15.000 = 1 poin',
        ],
        [
          4,
          'Poin kopi & teh',
          categoryId('KOPI'),
          null,
          null,
          5000,
          day(-800),
          day(365),
          true,
          'Kategori kopi & teh lebih cepat dapat poin',
        ],
        [
          5,
          'Poin minyak goreng',
          categoryId('MYK'),
          null,
          null,
          20000,
          day(-800),
          day(365),
          true,
          'Margin tipis: Rp20.000 = 1 poin',
        ],
        [6, 'Poin susu', categoryId('SUS'), null, null, 6000, day(-500), day(365), true, ''],
        [
          7,
          'Poin makanan ringan (program lama)',
          categoryId('SNK'),
          null,
          null,
          6000,
          day(-800),
          day(-550),
          true,
          'Program selesai',
        ],
        [
          8,
          'Poin spesial kopi gula aren',
          null,
          itemId('BRG-KOPI-007'),
          null,
          2500,
          day(-180),
          day(180),
          true,
          'Produk baru',
        ],
        [
          9,
          'Poin sabun (dibatalkan)',
          categoryId('SBN'),
          null,
          null,
          4000,
          day(-300),
          day(-200),
          false,
          'Tidak jadi diberlakukan',
        ],
      ],
    )}`,
    `insert into point_promos (id, name, description, start_date, end_date, multiplier, bonus_points, item_category_id, photo_url, active, note) values ${values(
      [
        [
          1,
          'Gebyar HUT RI',
          'Poin 1,75x untuk semua faktur',
          day(-470),
          day(-440),
          1.75,
          0,
          null,
          placeholder('Gebyar HUT RI', color(1)),
          true,
          '',
        ],
        [
          2,
          'Double Poin Ramadhan',
          'Poin dua kali lipat selama Ramadhan',
          day(-330),
          day(-300),
          2,
          0,
          null,
          placeholder('Double Poin Ramadhan', color(2)),
          true,
          '',
        ],
        [
          3,
          'Bonus Poin Kopi Nusantara',
          'Poin 1,5x + 10 poin untuk pembelian kopi & teh',
          day(-200),
          day(-170),
          1.5,
          10,
          categoryId('KOPI'),
          placeholder('Bonus Poin Kopi', color(3)),
          true,
          '',
        ],
        [
          4,
          'Poin Ekstra Akhir Tahun',
          'Poin 1,5x + 25 poin per faktur',
          day(-120),
          day(-90),
          1.5,
          25,
          null,
          placeholder('Poin Ekstra Akhir Tahun', color(4)),
          true,
          '',
        ],
        [
          5,
          'Promo Poin Minyak Goreng',
          'Poin dua kali lipat untuk minyak goreng',
          day(-60),
          day(-30),
          2,
          0,
          categoryId('MYK'),
          placeholder('Promo Poin Minyak Goreng', color(5)),
          true,
          '',
        ],
        [
          6,
          'Poin Berlipat Bulan Ini',
          'Poin 1,5x + 5 poin per faktur',
          day(-10),
          day(20),
          1.5,
          5,
          null,
          placeholder('Poin Berlipat', color(6)),
          true,
          '',
        ],
        [
          7,
          'Promo Poin Lebaran',
          'Segera hadir',
          day(60),
          day(90),
          2,
          20,
          null,
          placeholder('Promo Poin Lebaran', color(7)),
          true,
          '',
        ],
        [
          8,
          'Promo Poin Susu (batal)',
          'Tidak jadi diberlakukan',
          day(-250),
          day(-220),
          2,
          0,
          categoryId('SUS'),
          placeholder('Promo Poin Susu', color(8)),
          false,
          'Dibatalkan',
        ],
      ],
    )}`,
    `insert into point_max_customers (customer_id, max_point, start_date, end_date, note)
       select c.id, (2 + ${mod('c.id', 60, 9)}) * 100, m::date, (m + interval '1 month' - interval '1 day')::date,
         'Batas poin khusus bulan ' || to_char(m, 'MM/YYYY')
       from customers c
       cross join generate_series(date_trunc('month', current_date)::date - interval '2 months', date_trunc('month', current_date)::date, interval '1 month') m
       where ${mod('c.id', 61, 33)} = 0 and not c.exclude_all_point`,
  ];
}

// Points: for each range of customers, stage every movement (credits first), size the debits so no
// balance ever goes below zero, then write the ledger in date order with balance_after, the coupon
// redemptions pointing at their ledger rows, and the cached customers.point_balance.
export function ledgerUnits(scale: SeedScale, ctx: SeedContext): SeedUnit[] {
  const C = scale.customers;
  const A = ctx.adminId;
  const ledgerUnits: SeedUnit[] = [];
  const credit = (cust: string, d: string) =>
    `(select coalesce(sum(s.points), 0) from seed_ledger s where s.customer_id = ${cust} and s.entry_date <= ${d} and s.points > 0 and not s.void)`;
  for (let lo = 1; lo <= C; lo += scale.ledgerBatch) {
    const hi = Math.min(C, lo + scale.ledgerBatch - 1);
    const inRange = (col: string) => `${col} between ${lo} and ${hi}`;
    ledgerUnits.push({
      label: `points ledger, customers ${lo}-${hi} of ${C}`,
      statements: [
        // The whole history goes in at once: the lots' triggers stand aside and pointLotsUnit converts it.
        "set local lbo.point_lots = 'off'",
        // The rule of every item and customer type between consecutive rule boundary dates (the set of
        // active rules is constant inside such a span): the most specific one, as points.service does.
        `create temp table seed_rule_spans as
         with bounds as (
           select start_date as d from point_rules where active
           union select end_date + 1 from point_rules where active
           union select date '1900-01-01'),
         spans as (select d as from_date, coalesce(lead(d) over (order by d), date '9999-12-31') as to_date from bounds)
         select it.id as item_id, ct.id as customer_type_id, s.from_date, s.to_date, r.amount_per_point
         from items it
         cross join (select id from customer_types union all select 0) ct
         cross join spans s
         cross join lateral (
           select rr.amount_per_point from point_rules rr
           where rr.active and s.from_date between rr.start_date and rr.end_date
             and (rr.item_id = it.id or rr.item_category_id = it.item_category_id or (rr.item_id is null and rr.item_category_id is null))
             and (rr.customer_type_id is null or rr.customer_type_id = ct.id)
           order by (rr.item_id is not null) desc, (rr.item_category_id is not null) desc, (rr.customer_type_id is not null) desc,
             rr.start_date desc, rr.id desc
           limit 1) r`,
        // Line points per invoice and category.
        `create temp table seed_lp as
         select i.id as invoice_id, i.customer_id, i.document_no, i.invoice_date, i.status = 'cancelled' as cancelled,
           it.item_category_id, sum(l.net_amount / r.amount_per_point) as raw
         from sales_invoices i
         join customers c on c.id = i.customer_id and not c.exclude_all_point
         join sales_invoice_lines l on l.invoice_id = i.id
         join items it on it.id = l.item_id
         join seed_rule_spans r on r.item_id = l.item_id and r.customer_type_id = coalesce(c.customer_type_id, 0)
           and i.invoice_date >= r.from_date and i.invoice_date < r.to_date
         where ${inRange('i.customer_id')}
         group by i.id, i.customer_id, i.document_no, i.invoice_date, i.status, it.item_category_id`,
        `create temp table seed_ledger (customer_id int, point_type int, points int, invoice_document_no text, reference text,
           reason text, source text, void boolean, voided_at timestamptz, voided_by int, created_by int, entry_date date,
           created_at timestamptz, ord int, rkey int8)`,
        // 1 master: one per invoice, capped per calendar month (point_max_customers, else monthly_max_point);
        // a cancelled invoice's entry is written and then voided.
        `insert into seed_ledger
         select customer_id, 1, pts, document_no, '', 'Poin faktur ' || document_no, 'invoice', cancelled,
           case when cancelled then (invoice_date + 1)::timestamptz + time '10:15' end, case when cancelled then ${A} end,
           null, invoice_date, invoice_date::timestamptz + time '20:00', 1, null
         from (
           select x.*, case when x.cancelled then x.base else least(x.cum, x.cap) - least(x.cum - x.base, x.cap) end as pts
           from (
             select inv.*, coalesce(pm.max_point, c.monthly_max_point) as cap,
               sum(case when inv.cancelled then 0 else inv.base end)
                 over (partition by inv.customer_id, date_trunc('month', inv.invoice_date) order by inv.invoice_date, inv.invoice_id) as cum
             from (select invoice_id, customer_id, document_no, invoice_date, cancelled, floor(sum(raw))::int as base
                   from seed_lp group by invoice_id, customer_id, document_no, invoice_date, cancelled) inv
             join customers c on c.id = inv.customer_id
             left join point_max_customers pm on pm.customer_id = inv.customer_id and pm.active
               and inv.invoice_date between pm.start_date and pm.end_date
           ) x
         ) y where pts > 0`,
        // 3 promo bonus: (multiplier - 1) x the invoice's points in the promo's category + bonus_points.
        `insert into seed_ledger
         select customer_id, 3, pts, document_no, 'PP-' || promo_id, 'Bonus ' || name, 'promo', false, null, null, null,
           invoice_date, invoice_date::timestamptz + time '20:05', 2, null
         from (
           select lp.customer_id, lp.document_no, lp.invoice_date, p.id as promo_id, p.name,
             floor(sum(lp.raw) * (p.multiplier - 1))::int + p.bonus_points as pts
           from seed_lp lp
           join point_promos p on p.active and lp.invoice_date between p.start_date and p.end_date
             and (p.item_category_id is null or p.item_category_id = lp.item_category_id)
           where not lp.cancelled
           group by lp.customer_id, lp.document_no, lp.invoice_date, p.id, p.name, p.multiplier, p.bonus_points
         ) b where pts > 0`,
        // 2 injected: app registration bonus and a loyalty campaign; 7 positive manual corrections.
        `insert into seed_ledger
         select c.id, 2, 100, null::text, 'REG-' || c.customer_code, 'Bonus registrasi aplikasi', 'inject', false, null::timestamptz, null::int, ${A},
           c.registered_at::date, c.registered_at + interval '5 minutes', 3, null::int8
         from customers c
         where ${inRange('c.id')} and c.installed and c.registered_at is not null and not c.exclude_all_point
         union all
         select c.id, 2, 250, null, 'PRG-TOKO-SETIA', 'Program Loyalitas Toko Setia', 'inject', false, null::timestamptz, null::int, ${A},
           current_date - 200, (current_date - 200)::timestamptz + time '10:00', 3, null::int8
         from customers c
         where ${inRange('c.id')} and ${mod('c.id', 135, 20)} = 0 and not c.exclude_all_point
         union all
         select c.id, 7, 25 + ${mod('c.id', 136, 176)}, null, 'KRK-' || c.customer_code, 'Koreksi manual: poin faktur belum masuk',
           'manual', false, null::timestamptz, null::int, ${A}, current_date - ${mod('c.id', 137, 300)},
           (current_date - ${mod('c.id', 137, 300)})::timestamptz + time '14:00', 5, null
         from customers c
         where ${inRange('c.id')} and ${mod('c.id', 138, 33)} = 0 and not c.exclude_all_point`,
        'create index on seed_ledger (customer_id, entry_date)',
        // 4 coupon redemptions: up to two per app user, each at most 20% of the credits earned by then.
        `create temp table seed_rdm as
         select cc.rkey, cc.customer_id, cp.id as coupon_id, cp.name as coupon_name, cp.points_required as points, cc.d,
           cc.d::timestamptz + time '08:00' + ${mod('cc.rkey', 142, 600)} * interval '1 minute' as redeemed_at,
           case when ${mod('cc.rkey', 144, 20)} = 0 and cc.d <= current_date - 3 then 'reverted'
                when cc.d < current_date - 14 then 'delivered'
                when cc.d < current_date - 5 then 'processed' else 'redeemed' end as status
         from (
           select cand.*, ${credit('cand.customer_id', 'cand.d')} as credit
           from (
             select c.id as customer_id, c.id::int8 * 4 + k as rkey, current_date - ${mod('c.id::int8 * 4 + k', 141, 540)} as d
             from customers c cross join generate_series(1, 2) k
             where ${inRange('c.id')} and c.installed and not c.exclude_all_point and ${mod('c.id::int8 * 4 + k', 140, 3)} = 0
           ) cand
         ) cc
         cross join lateral (
           select cp.id, cp.name, cp.points_required from coupons cp
           where cp.active and cc.d between cp.start_date and cp.end_date and cp.points_required <= 0.2 * cc.credit
           order by hashint8(cp.id * 7919 + cc.rkey) limit 1) cp`,
        `insert into seed_ledger
         select customer_id, 4, -points, null::text, 'RDM-' || lpad(rkey::text, 9, '0'), 'Tukar kupon: ' || coupon_name, 'redemption',
           false, null::timestamptz, null::int, null::int, d, redeemed_at, 6, rkey
         from seed_rdm
         union all
         select customer_id, 6, points, null, 'RDM-' || lpad(rkey::text, 9, '0'), 'Pembatalan penukaran kupon: ' || coupon_name, 'revert',
           false, null, null, ${A}, d + 2, (d + 2)::timestamptz + time '11:00', 4, rkey
         from seed_rdm where status = 'reverted'`,
        // 5 deductions (returned goods, at most 15% of the credits by then) and 7 negative corrections (10%).
        `insert into seed_ledger
         select x.customer_id, 5, -x.amt, inv.document_no, 'RTR/' || x.code || '/' || to_char(x.d, 'YYMMDD'),
           ${pick(['Retur barang rusak', 'Retur barang kedaluwarsa', 'Koreksi faktur retur', 'Penyesuaian poin retur penjualan'], 'x.customer_id', 153)},
           'deduction', false, null, null, ${A}, x.d, x.d::timestamptz + time '15:30', 7, null
         from (
           select c.id as customer_id, c.customer_code as code, d.d, floor(0.15 * ${credit('c.id', 'd.d')})::int as amt
           from customers c cross join lateral (select current_date - ${mod('c.id', 150, 400)} as d) d
           where ${inRange('c.id')} and not c.exclude_all_point and ${mod('c.id', 151, 4)} = 0
         ) x
         left join lateral (
           select i.document_no from sales_invoices i
           where i.customer_id = x.customer_id and i.invoice_date <= x.d and i.status <> 'cancelled'
           order by i.invoice_date desc, i.id desc limit 1) inv on true
         where x.amt > 0`,
        `insert into seed_ledger
         select customer_id, 7, -amt, null, 'KRK-' || code || '-N', 'Koreksi manual: poin ganda dari faktur', 'manual', false,
           null, null, ${A}, d, d::timestamptz + time '16:00', 8, null
         from (
           select c.id as customer_id, c.customer_code as code, d.d, floor(0.10 * ${credit('c.id', 'd.d')})::int as amt
           from customers c cross join lateral (select current_date - ${mod('c.id', 155, 365)} as d) d
           where ${inRange('c.id')} and not c.exclude_all_point and ${mod('c.id', 154, 50)} = 1
         ) x where amt > 0`,
        `create temp table seed_ledger2 as
         select s.*, (select coalesce(max(id), 0) from point_ledger)
           + row_number() over (order by s.entry_date, s.ord, s.customer_id, s.created_at, s.reference, s.invoice_document_no) as lid
         from seed_ledger s`,
        `insert into point_ledger (id, customer_id, point_type, points, invoice_document_no, reference, reason, source, reverses_id,
           void, voided_at, voided_by, balance_after, created_by, entry_date, created_at, updated_at)
         select s.lid, s.customer_id, s.point_type, s.points, s.invoice_document_no, s.reference, s.reason, s.source, r.lid,
           s.void, s.voided_at, s.voided_by,
           (sum(case when s.void then 0 else s.points end) over w + case when s.void then s.points else 0 end)::int,
           s.created_by, s.entry_date, s.created_at, coalesce(s.voided_at, s.created_at)
         from seed_ledger2 s
         left join seed_ledger2 r on s.point_type = 6 and r.point_type = 4 and r.rkey = s.rkey
         window w as (partition by s.customer_id order by s.lid)
         order by s.lid`,
        `insert into coupon_redemptions (coupon_id, customer_id, points, coupon_status, redeemed_at, delivered_at, reverted_at,
           reverted_by, revert_reason, redeem_ledger_id, revert_ledger_id, created_at, updated_at)
         select r.coupon_id, r.customer_id, r.points, r.status, r.redeemed_at,
           case when r.status = 'delivered' then (r.d + 7)::timestamptz + time '14:00' end,
           case when r.status = 'reverted' then l6.created_at end,
           case when r.status = 'reverted' then ${A} end,
           case when r.status = 'reverted' then ${pick(['Stok hadiah habis', 'Permintaan pelanggan', 'Salah pilih hadiah', 'Alamat pengiriman tidak ditemukan'], 'r.rkey', 156)} else '' end,
           l4.lid, l6.lid, r.redeemed_at,
           coalesce(l6.created_at, case when r.status = 'delivered' then (r.d + 7)::timestamptz + time '14:00' end, r.redeemed_at)
         from seed_rdm r
         join seed_ledger2 l4 on l4.rkey = r.rkey and l4.point_type = 4
         left join seed_ledger2 l6 on l6.rkey = r.rkey and l6.point_type = 6
         order by r.redeemed_at, r.rkey`,
        `update customers c set point_balance = s.balance
         from (select customer_id, sum(points)::int as balance from point_ledger
               where ${inRange('customer_id')} and not void group by customer_id) s
         where c.id = s.customer_id`,
        'drop table seed_rule_spans, seed_lp, seed_ledger, seed_rdm, seed_ledger2',
        "set local lbo.point_lots = 'on'",
      ],
    });
  }
  return ledgerUnits;
}

/** The lots of every store, from its whole history, set-based (as the migration converts a ledger). */
export function pointLotsUnit(): SeedUnit {
  return { label: 'point lots', statements: ['select point_lots_rebuild()'] };
}
