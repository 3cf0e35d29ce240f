// The earning engine: points for stored invoices, computed set-based in the caller's transaction
// (the ERP import calls it right after writing invoices and their lines).
//
// For each invoice (cancelled ones, and customers marked exclude_all_point, earn nothing):
// 1. Each line takes ONE rule, the most specific active rule whose period covers the invoice date
//    and whose customer type is empty or the customer's: an item rule over a category rule over an
//    all-items rule; then a rule for the customer's type over one for every type; then the one that
//    started last (then the newest). Lines without a rule earn nothing.
// 2. Base points = floor(sum over the lines of net amount / the line's amount per point): fractions
//    of lines add up before the one rounding down per invoice.
// 3. Promo: each line falls in at most one active promo period covering the invoice date (one for
//    its category, else one for every item; overlaps are refused when promos are saved). Per invoice
//    and promo: floor(its lines' unrounded points x (multiplier - 1)) + bonus_points (once).
// 3b. Tier: the store's tier in force on the invoice date (customer_tier_history) multiplies base and
//    promo: base' = floor(base x m), promo' = floor((base + promo) x m) - base'. Its name is in the
//    movements' reason.
// 4. Monthly maximum: the customer's cap for the invoice's calendar month is the max_point of an
//    active point_max_customers entry whose period touches that month (latest start wins), else
//    customers.monthly_max_point, else none. Points earned from invoices (master + promo) that
//    month by other invoices count first; invoices of the same batch count in (date, document no)
//    order. The invoice gets min(base + promo, what is left); the base is kept before the promo.
// 5. The ledger then holds, per invoice, rows of source 'invoice' (type 1 master) and 'promo'
//    (type 3 bonus), dated on the invoice date. Re-processing compares the computed figures with
//    the live rows of the invoice and writes the difference as a type 7 correction (same source);
//    an unchanged invoice writes nothing. A moved customer or date is handled the same way.
// 6. The movements are posted through the shared ledger service (domain/ledger.ts postMovements): one
//    set-based statement, balances moved conditionally: if a correction would take a balance
//    below zero the whole call is refused with 409 (the import's transaction rolls back).

import { MAX_POINTS_PER_MOVEMENT } from '@lbo/contract/points';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { intArray, postMovements } from '../../domain/ledger';
import { badRequest, problem } from '../../http/errors';

export type InvoicePointsResult = {
  /** Invoices that got their first points (a type 1 and/or type 3 row). */
  credited: number;
  /** Invoices whose existing points were corrected (type 7 rows only). */
  adjusted: number;
};

export async function applyInvoicePoints(tx: Tx, invoiceIds: number[]): Promise<InvoicePointsResult> {
  const ids = [...new Set(invoiceIds.filter((n) => Number.isInteger(n) && n > 0))];
  if (ids.length === 0) return { credited: 0, adjusted: 0 };
  const idArr = intArray(ids);

  // Lock the customers involved (in id order, so concurrent imports cannot deadlock): the monthly
  // maximum counts points of other invoices, which must not change under this computation.
  await rows(
    tx,
    sql`select id from customers where id in (
          select customer_id from sales_invoices where id = any(${idArr}::int[])
          union
          select l.customer_id from point_ledger l
          where l.invoice_document_no in (select document_no from sales_invoices where id = any(${idArr}::int[]))
        ) order by id for update`,
  );

  // JIT compilation costs seconds on a statement this size and saves nothing: off for this transaction.
  await rows(tx, sql`set local jit = off`);
  const moves = await rows<{
    customer_id: number;
    document_no: string;
    entry_date: string;
    kind: 'invoice' | 'promo';
    point_type: number;
    delta: number;
    tier_name: string | null;
    tier_mult: number | null;
  }>(tx, invoicePointsStatement(idArr));
  // Amounts far beyond any real invoice (or a rule of 1 rupiah per point on a huge one) must not
  // overflow the ledger: refuse them, naming the documents, before anything is posted.
  const tooLarge = moves.filter((m) => Math.abs(Number(m.delta)) > MAX_POINTS_PER_MOVEMENT);
  if (tooLarge.length > 0) {
    throw badRequest(
      [...new Set(tooLarge.map((m) => m.document_no))].map((d) =>
        problem('invoice_points_too_many', { invoice: d, max: MAX_POINTS_PER_MOVEMENT.toLocaleString('en') }),
      ),
    );
  }
  // The movements go through the shared ledger service: one set-based, all-or-nothing statement that
  // moves each balance conditionally (credits first per customer, so a history never dips below zero).
  await postMovements(
    tx,
    moves.map((m) => ({
      customerId: m.customer_id,
      pointType: m.point_type,
      points: Number(m.delta),
      source: m.kind,
      reason: (REASON[m.point_type] ?? REASON[7]) + tierNote(m.tier_name, m.tier_mult),
      invoiceDocumentNo: m.document_no,
      entryDate: m.entry_date,
    })),
    {
      refusedMessage: (r, mine) =>
        problem('insufficient_points_invoice', {
          invoices: [...new Set(mine.map((m) => m.invoiceDocumentNo))].join(', '),
          takes: -mine.reduce((s, m) => s + m.points, 0),
          customer: String(r.customer_code),
          balance: String(r.point_balance),
        }),
    },
  );
  const touched = (types: (t: number) => boolean) =>
    new Set(moves.filter((m) => types(m.point_type)).map((m) => m.document_no));
  const credited = touched((t) => t === 1 || t === 3);
  const adjusted = [...touched((t) => t === 7)].filter((d) => !credited.has(d));
  return { credited: credited.size, adjusted: adjusted.length };
}

/** Which tier multiplied the invoice's points, as the movement's reason says it (the ERP feed's explanation). */
export function tierNote(name: string | null, multiplier: number | null): string {
  return name ? ` (tier ${name} x${Number(multiplier ?? 1)})` : '';
}

const REASON: Record<number, string> = {
  1: 'Earned from invoice',
  3: 'Promo points for invoice',
  7: 'Invoice sent again: points recomputed',
};

/** The set-based statement computing applyInvoicePoints' movements (exported for EXPLAIN in benchmarks). */
export function invoicePointsStatement(idArr: string): SQL {
  return sql`
with inv as (
  select i.id, i.document_no, i.invoice_date, i.customer_id, i.status,
         c.customer_type_id, c.exclude_all_point, c.monthly_max_point,
         date_trunc('month', i.invoice_date)::date as month_start,
         th.tier_name, coalesce(th.multiplier, 1) as tier_mult
  from sales_invoices i join customers c on c.id = i.customer_id
  -- The store's tier in force on the invoice date (its name and multiplier as they were then).
  left join lateral (
    select h.tier_name, h.multiplier from customer_tier_history h
    where h.customer_id = i.customer_id and h.effective_from <= i.invoice_date
    order by h.effective_from desc, h.id desc limit 1
  ) th on true
  where i.id = any(${idArr}::int[])
),
ruled as (
  select inv.id as invoice_id, l.net_amount / r.amount_per_point as raw,
         p.id as promo_id, p.multiplier, p.bonus_points
  from sales_invoice_lines l
  join inv on inv.id = l.invoice_id
  join items it on it.id = l.item_id
  join lateral (
    select r.amount_per_point from point_rules r
    where r.active and inv.invoice_date between r.start_date and r.end_date
      and (r.customer_type_id is null or r.customer_type_id = inv.customer_type_id)
      and (r.item_id = l.item_id or r.item_category_id = it.item_category_id
           or (r.item_id is null and r.item_category_id is null))
    order by (r.item_id is not null) desc, (r.item_category_id is not null) desc,
             (r.customer_type_id is not null) desc, r.start_date desc, r.id desc
    limit 1
  ) r on true
  left join lateral (
    select p.id, p.multiplier, p.bonus_points from point_promos p
    where p.active and inv.invoice_date between p.start_date and p.end_date
      and (p.item_category_id is null or p.item_category_id = it.item_category_id)
    order by (p.item_category_id is not null) desc, p.id desc
    limit 1
  ) p on true
  where l.invoice_id = any(${idArr}::int[]) and not inv.exclude_all_point and inv.status <> 'cancelled'
),
per_promo as (
  select invoice_id, sum(raw) as raw,
         case when promo_id is null or sum(raw) <= 0 then 0
              else floor(sum(raw) * (max(multiplier) - 1))::bigint + max(bonus_points) end as extra
  from ruled group by invoice_id, promo_id
),
earned as (
  -- The tier multiplies what the rules and the promo give (base and promo each, rounded down once
  -- over both), before the cap.
  select inv.*, floor(coalesce(floor(sum(pp.raw)), 0) * inv.tier_mult)::bigint as base,
         (floor((coalesce(floor(sum(pp.raw)), 0) + coalesce(sum(pp.extra), 0)) * inv.tier_mult)
          - floor(coalesce(floor(sum(pp.raw)), 0) * inv.tier_mult))::bigint as extra,
         coalesce((
           select m.max_point from point_max_customers m
           where m.customer_id = inv.customer_id and m.active
             and m.start_date < (inv.month_start + interval '1 month')::date and m.end_date >= inv.month_start
           order by m.start_date desc, m.id desc limit 1
         ), inv.monthly_max_point) as cap
  from inv left join per_promo pp on pp.invoice_id = inv.id
  group by inv.id, inv.document_no, inv.invoice_date, inv.customer_id, inv.status, inv.customer_type_id,
           inv.exclude_all_point, inv.monthly_max_point, inv.month_start, inv.tier_name, inv.tier_mult
),
-- Points already earned from invoices in the same customer-month, by invoices outside this call;
-- only for capped customer-months (a lateral sum per pair uses the (customer_id, id) index).
pairs as (
  select distinct customer_id, month_start from earned where cap is not null
),
others as (
  select k.customer_id, k.month_start, o.pts
  from pairs k
  cross join lateral (
    select coalesce(sum(l.points), 0)::bigint as pts from point_ledger l
    where l.customer_id = k.customer_id and not l.void and l.source in ('invoice', 'promo')
      and l.entry_date >= k.month_start and l.entry_date < (k.month_start + interval '1 month')::date
      and l.invoice_document_no not in (select document_no from inv)
  ) o
),
allowed as (
  select e.document_no, e.customer_id, e.invoice_date, e.base,
         case when e.cap is null then e.base + e.extra
              else greatest(0, least(e.base + e.extra, e.cap - coalesce(o.pts, 0) - coalesce(sum(e.base + e.extra) over (
                     partition by e.customer_id, e.month_start order by e.invoice_date, e.document_no
                     rows between unbounded preceding and 1 preceding), 0)))
         end as pts
  from earned e left join others o on o.customer_id = e.customer_id and o.month_start = e.month_start
),
target as (
  select document_no, customer_id, invoice_date as entry_date, 'invoice'::text as kind, least(base, pts) as pts from allowed
  union all
  select document_no, customer_id, invoice_date, 'promo', pts - least(base, pts) from allowed
),
cur as (
  select l.invoice_document_no as document_no, l.customer_id, l.entry_date, l.source as kind, sum(l.points)::bigint as pts
  from point_ledger l
  where not l.void and l.source in ('invoice', 'promo') and l.invoice_document_no in (select document_no from inv)
  group by 1, 2, 3, 4
),
moves as (
  select coalesce(t.document_no, c.document_no) as document_no,
         coalesce(t.customer_id, c.customer_id) as customer_id,
         coalesce(t.entry_date, c.entry_date) as entry_date,
         coalesce(t.kind, c.kind) as kind,
         coalesce(t.pts, 0) - coalesce(c.pts, 0) as delta
  from target t
  full join cur c on c.document_no = t.document_no and c.customer_id = t.customer_id
                 and c.entry_date = t.entry_date and c.kind = t.kind
),
typed as (
  select m.*,
         case when m.delta > 0 and not exists (
                select 1 from cur c2 where c2.document_no = m.document_no and c2.kind = m.kind)
              then (case when m.kind = 'invoice' then 1 else 3 end)
              else 7 end as point_type
  from moves m where m.delta <> 0
)
select t.customer_id, t.document_no, t.entry_date::text as entry_date, t.kind, t.point_type, t.delta,
       i.tier_name, i.tier_mult::float8 as tier_mult
from typed t left join inv i on i.document_no = t.document_no
order by t.customer_id, (t.delta < 0), t.document_no, t.point_type, t.kind`;
}
