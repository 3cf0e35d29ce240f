// What the companion app reads: every query is keyed by the signed-in store (req.store), so another
// store's records are out of reach by construction.
import type { StoreMe } from '@lbo/contract/store';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rows } from '../../db/client';
import { notFound } from '../../http/errors';

const MONTH_START = sql`date_trunc('month', now() at time zone 'Asia/Jakarta')::date`;

/** GET /store/me: the store with its branch, salesman, type, balance and this month against the cap. */
export async function storeMe(db: DbOrTx, customerId: number): Promise<StoreMe> {
  const [me] = await rows<StoreMe>(
    db,
    sql`select c.id as customer_id, c.customer_code, c.customer_name, c.owner_name, c.phone_number,
               c.address, c.city, c.photo_url, c.branch_id, b.name as branch_name,
               s.salesman_name, s.phone_number as salesman_phone,
               c.customer_type_id, t.name as customer_type_name, c.point_balance,
               coalesce((
                 select m.max_point from point_max_customers m
                 where m.customer_id = c.id and m.active
                   and m.start_date < (${MONTH_START} + interval '1 month')::date and m.end_date >= ${MONTH_START}
                 order by m.start_date desc, m.id desc limit 1
               ), c.monthly_max_point) as monthly_max_point,
               (select coalesce(sum(l.points), 0)::int from point_ledger l
                 where l.customer_id = c.id and not l.void and l.source in ('invoice', 'promo')
                   and l.entry_date >= ${MONTH_START}) as points_this_month,
               c.admin_validate, c.registered_at
        from customers c
        join branches b on b.id = c.branch_id
        left join salesmen s on s.id = c.salesman_id
        left join customer_types t on t.id = c.customer_type_id
        where c.id = ${customerId}`,
  );
  if (!me) throw notFound(`store ${customerId} not found`);
  return { ...me, registered_at: me.registered_at ? new Date(me.registered_at).toISOString() : null };
}
