// Monthly turnover targets and category targets of the customers.
import type { SeedScale, SeedUnit } from './plan';
import { CATEGORIES } from './products';
import { mod, u } from './sql';

export function targetsUnit(scale: SeedScale): SeedUnit {
  const thisYear = 'extract(year from current_date)::int';
  return {
    label: 'targets',
    statements: [
      // Monthly turnover targets near each customer's average month.
      `insert into customer_targets (customer_id, year, month, target_amount)
       select c.id, y, m,
         greatest(500000, round(coalesce(s.avg_month, 1000000) * (0.9 + ${mod('c.id::int8 * 100 + m', 192, 40)} / 100.0) / 50000) * 50000)
       from customers c
       left join (select customer_id, sum(net_amount) / 24.0 as avg_month from sales_invoices
                  where status <> 'cancelled' group by customer_id) s on s.customer_id = c.id
       cross join generate_series(${thisYear} - ${scale.targetYears - 1}, ${thisYear}) y
       cross join generate_series(1, 12) m
       where c.active and ${mod('c.id', 193, 10)} < 7`,
      `insert into target_category_volumes (customer_code, customer_id, name, period_start, period_end, target_volume, actual_volume, uom, import_batch)
       select c.customer_code, c.id, cat.name, p.qs, (p.qs + interval '3 months' - interval '1 day')::date, p.tv,
         case when p.qs + interval '3 months' <= current_date then round(p.tv * (0.55 + ${u('c.id::int8 * 64 + k * 8 + q', 203)} * 0.8)) end,
         'DUS', 'TCV-' || ${thisYear}
       from customers c
       cross join generate_series(0, 2) k
       join item_categories cat on cat.id = 1 + (${mod('c.id', 200, CATEGORIES.length)} + k * 4) % ${CATEGORIES.length}
       cross join generate_series(1, 4) q
       cross join lateral (select make_date(${thisYear}, q * 3 - 2, 1) as qs,
         (10 + ${mod('c.id::int8 * 64 + k * 8 + q', 202, 90)})::numeric as tv) p
       where c.active and ${mod('c.id', 201, 4)} = 0`,
      `insert into target_categories (customer_code, customer_id, name, year, month, target)
       select c.customer_code, c.id, cat.name, ${thisYear} - 1, m,
         (5 + ${mod('c.id::int8 * 64 + k * 16 + m', 211, 46)}) * 100000
       from customers c
       cross join generate_series(0, 1) k
       join item_categories cat on cat.id = 1 + (${mod('c.id', 212, CATEGORIES.length)} + k * 5) % ${CATEGORIES.length}
       cross join generate_series(1, 12) m
       where ${mod('c.id', 210, 5)} = 0`,
    ],
  };
}
