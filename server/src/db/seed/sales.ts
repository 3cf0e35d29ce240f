// Sales invoices and customer orders, priced from the item price history of their day.
import type { SeedScale, SeedUnit } from './plan';
import { N_ITEMS } from './products';
import { arr, mod, pick, u } from './sql';

const priceTables = [
  `create temp table seed_prices as
     select item_id, from_date, coalesce(lead(from_date) over (partition by item_id order by from_date), date '9999-12-31') as to_date, price
     from (select item_id, effective_date as from_date, price from item_old_prices
           union all select id, current_date - 90, price from items) p`,
  `create temp table seed_units as
     select distinct on (i.id) i.id as item_id, i.uom as base_uom, l.uom as case_uom, l.conversion_qty as case_qty
     from items i join item_uom_lines l on l.item_id = i.id and not l.is_base
     order by i.id, l.conversion_qty desc`,
];

export function invoiceUnits(scale: SeedScale): SeedUnit[] {
  const C = scale.customers;
  const invoiceUnits: SeedUnit[] = [];
  for (let lo = 1; lo <= scale.invoices; lo += scale.invoiceBatch) {
    const hi = Math.min(scale.invoices, lo + scale.invoiceBatch - 1);
    const N = scale.invoices;
    invoiceUnits.push({
      label: `invoices ${lo}-${hi} of ${N}`,
      statements: [
        ...priceTables,
        `create temp table seed_inv as
         select g as id, current_date - 730 + ((g - 1)::int8 * 731 / ${N})::int as invoice_date,
           c.id as customer_id, c.branch_id, c.salesman_id, b.code as bcode
         from generate_series(${lo}, ${hi}) g
         join customers c on c.id = 1 + ${mod('g', 101, C)}
         join branches b on b.id = c.branch_id`,
        `create temp table seed_lines as
         select x.invoice_id, x.line_no, x.item_id, x.qty, x.uom, x.price, round(x.qty * x.price * x.disc, 0) as discount
         from (
           select v.id as invoice_id, n as line_no, s.item_id,
             case when k.big then 1 + ${mod('k.k', 104, 5)} else 6 + ${mod('k.k', 105, 55)} end::numeric as qty,
             case when k.big then s.case_uom else s.base_uom end as uom,
             case when k.big then round(p.price * s.case_qty * 0.97, 0) else p.price end as price,
             case when ${u('k.k', 107)} < 0.25 then 0.02 + ${mod('k.k', 108, 4)} * 0.01 else 0 end as disc
           from seed_inv v
           cross join lateral generate_series(1, 1 + ${mod('v.id', 102, 5)}) n
           cross join lateral (select v.id::int8 * 8 + n as k, ${u('v.id::int8 * 8 + n', 106)} < 0.3 as big) k
           join seed_units s on s.item_id = 1 + ${mod('k.k', 103, N_ITEMS)}
           join seed_prices p on p.item_id = s.item_id and v.invoice_date >= p.from_date and v.invoice_date < p.to_date
         ) x`,
        `insert into sales_invoices (id, document_no, invoice_date, due_date, customer_id, branch_id, salesman_id,
           gross_amount, discount_amount, net_amount, status, payment_method, virtual_account_no, paid_at, created_at, updated_at)
         select v.id, 'INV/' || v.bcode || '/' || to_char(v.invoice_date, 'YYMM') || '/' || lpad(v.id::text, 7, '0'),
           v.invoice_date, s.due_date, v.customer_id, v.branch_id, v.salesman_id,
           t.gross, t.disc, t.gross - t.disc, s.status, s.pm,
           case when s.pm = 'virtual_account' then '8808' || lpad(v.customer_id::text, 10, '0') end,
           case when s.status = 'paid' then least(now(), (v.invoice_date + least(${mod('v.id', 113, 'greatest(s.due_date - v.invoice_date, 0) + 1')}, current_date - v.invoice_date))::timestamptz
             + time '09:00' + ${mod('v.id', 114, 480)} * interval '1 minute') end,
           v.invoice_date::timestamptz + time '18:00', v.invoice_date::timestamptz + time '18:00'
         from seed_inv v
         join (select invoice_id, sum(qty * price) as gross, sum(discount) as disc from seed_lines group by invoice_id) t on t.invoice_id = v.id
         cross join lateral (
           select pm, due_date,
             case when ${mod('v.id', 110, 1000)} < 15 then 'cancelled'
                  when pm = 'cash' then 'paid'
                  when due_date < current_date - 15 then case when ${mod('v.id', 111, 100)} < 2 then 'partial' else 'paid' end
                  when ${u('v.id', 112)} < 0.5 then 'paid' when ${u('v.id', 112)} < 0.6 then 'partial' else 'unpaid' end as status
           from (select pm, v.invoice_date + case pm when 'cash' then 0 when 'transfer' then 7 when 'virtual_account' then 14 else 30 end as due_date
                 from (select case when ${u('v.id', 109)} < 0.40 then 'cash' when ${u('v.id', 109)} < 0.55 then 'credit'
                                   when ${u('v.id', 109)} < 0.75 then 'transfer' else 'virtual_account' end as pm) a) b
         ) s`,
        `insert into sales_invoice_lines (invoice_id, line_no, item_id, qty, uom, price, discount, net_amount)
         select invoice_id, line_no, item_id, qty, uom, price, discount, qty * price - discount from seed_lines order by invoice_id, line_no`,
        'drop table seed_inv, seed_lines, seed_prices, seed_units',
      ],
    });
  }
  return invoiceUnits;
}

export function orderUnits(scale: SeedScale): SeedUnit[] {
  const C = scale.customers;
  const orderUnits: SeedUnit[] = [];
  for (let lo = 1; lo <= scale.orders; lo += scale.orderBatch) {
    const hi = Math.min(scale.orders, lo + scale.orderBatch - 1);
    const N = scale.orders;
    orderUnits.push({
      label: `customer orders ${lo}-${hi} of ${N}`,
      statements: [
        ...priceTables,
        `create temp table seed_ord as
         select g as id, current_date - 180 + ((g - 1)::int8 * 181 / ${N})::int as d,
           make_time(7 + ${mod('g', 120, 14)}, ${mod('g', 121, 60)}, 0) as tm,
           c.id as customer_id, c.branch_id, c.salesman_id, b.code as bcode
         from generate_series(${lo}, ${hi}) g
         join customers c on c.id = 1 + ${mod('g', 122, C)}
         join branches b on b.id = c.branch_id`,
        `create temp table seed_ord_lines as
         select x.*, round(x.qty * x.price * x.disc, 0) as discount from (
           select o.id as order_id, n as line_no, s.item_id,
             case when k.big then 1 + ${mod('k.k', 125, 3)} else 3 + ${mod('k.k', 126, 30)} end::numeric as qty,
             case when k.big then s.case_uom else s.base_uom end as uom,
             case when k.big then round(p.price * s.case_qty * 0.97, 0) else p.price end as price,
             case when ${u('k.k', 127)} < 0.2 then 0.03 else 0 end as disc
           from seed_ord o
           cross join lateral generate_series(1, 1 + ${mod('o.id', 123, 4)}) n
           cross join lateral (select o.id::int8 * 8 + n as k, ${u('o.id::int8 * 8 + n', 128)} < 0.25 as big) k
           join seed_units s on s.item_id = 1 + ${mod('k.k', 124, N_ITEMS)}
           join seed_prices p on p.item_id = s.item_id and o.d >= p.from_date and o.d < p.to_date
         ) x`,
        `insert into customer_order_headers (id, document_no, transaction_date, transaction_time, customer_id, branch_id, salesman_id,
           gross_amount, discount_amount, net_amount, status, note, created_at, updated_at)
         select o.id, 'SO/' || o.bcode || '/' || to_char(o.d, 'YYMM') || '/' || lpad(o.id::text, 7, '0'), o.d, o.tm,
           o.customer_id, o.branch_id, o.salesman_id, t.gross, t.disc, t.gross - t.disc,
           case when current_date - o.d > 14 then case when ${u('o.id', 130)} < 0.85 then 'delivered' when ${u('o.id', 130)} < 0.95 then 'cancelled' else 'shipped' end
                when current_date - o.d > 3 then (${arr(['processed', 'shipped', 'delivered', 'delivered', 'cancelled'])})[1 + ${mod('o.id', 131, 5)}]
                else (${arr(['new', 'new', 'confirmed', 'processed'])})[1 + ${mod('o.id', 132, 4)}] end,
           case when ${u('o.id', 133)} < 0.15 then ${pick(['Kirim pagi sebelum jam 10', 'Tolong sertakan faktur', 'Barang ditaruh di gudang belakang', 'Bayar saat barang datang', 'Hubungi dulu sebelum kirim'], 'o.id', 134)} else '' end,
           least(now(), o.d + o.tm), least(now(), o.d + o.tm)
         from seed_ord o
         join (select order_id, sum(qty * price) as gross, sum(discount) as disc from seed_ord_lines group by order_id) t on t.order_id = o.id`,
        `insert into customer_order_lines (customer_order_header_id, line_no, item_id, qty, uom, price, discount, net_amount)
         select order_id, line_no, item_id, qty, uom, price, discount, qty * price - discount from seed_ord_lines order by order_id, line_no`,
        'drop table seed_ord, seed_ord_lines, seed_prices, seed_units',
      ],
    });
  }
  return orderUnits;
}

/**
 * The bank's virtual-account notifications for the invoices paid that way in the last four months
 * (matched), and a few the bank sent for numbers no invoice carries (unmatched), as the VA payments
 * screen shows them.
 */
export function vaPaymentsUnit(): SeedUnit {
  return {
    label: 'virtual-account payments',
    statements: [
      `insert into va_payments (payment_id, invoice_number, virtual_account_no, amount, paid_at, invoice_id, branch_id, matched, note)
       select 'VA' || to_char(paid_at, 'YYMMDD') || lpad(id::text, 9, '0'), document_no, virtual_account_no, net_amount,
         paid_at, id, branch_id, true, ''
       from sales_invoices
       where payment_method = 'virtual_account' and status = 'paid' and paid_at > now() - interval '120 days' and net_amount > 0`,
      `insert into va_payments (payment_id, invoice_number, virtual_account_no, amount, paid_at, invoice_id, branch_id, matched, note)
       select 'VA-X-' || g, 'INV/TIDAK-DIKENAL/' || g, '8808' || lpad((9000000000 + g)::text, 10, '0'), 125000 * g,
         now() - g * interval '3 days', null, null, false, 'Nomor faktur tidak dikenal'
       from generate_series(1, 3) g`,
    ],
  };
}
