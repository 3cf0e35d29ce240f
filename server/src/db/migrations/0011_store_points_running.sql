-- The store points report (GET /point/report/store) at a cost that does not grow
-- with the date range.
--
-- point_report_running: per customer and calendar month, the running totals of the customer's
--   report groups (point_report_docs, the live ledger rows) from its first movement up to the end of
--   that month: entries, docs (single-day invoice groups) and the points by kind. Dense: one row for
--   every month from the customer's first row to its latest (`last`), so the totals at the end of
--   any month X are the row (X, customer) if there is one, else the `last` row if it is before X,
--   else zero. A range's sums are (totals up to its end) - (totals up to the day before its start):
--   at most two rows per customer, whatever the range, plus point_report_docs for the days between a
--   range's edge and the nearest month end (at most half a month on each side).
--   It replaces point_report_months (0007: monthly sums, as many rows per customer as the range has
--   months).
--
-- Kept in the writing transaction by point_report_refresh (the ledger's statement triggers, 0007),
-- which now first locks the touched customers' rows (FOR NO KEY UPDATE, in id order: the lock the
-- ledger service takes anyway to move a balance, so no new lock order), and then rewrites the
-- customers' rows from the earliest month touched to their latest month from a snapshot taken after
-- that lock. Two writers for one customer therefore apply their differences one after the other.
-- `npm run points:verify` compares the table with the ledger; point_report_rebuild() rebuilds it.
CREATE TABLE IF NOT EXISTS "point_report_running" (
	"month" date NOT NULL,
	"customer_id" integer NOT NULL,
	"last" boolean NOT NULL,
	"entries" integer NOT NULL,
	"docs" integer NOT NULL,
	"master_points" integer NOT NULL,
	"promo_points" integer NOT NULL,
	"injected_points" integer NOT NULL,
	"redeemed_points" integer NOT NULL,
	"deducted_points" integer NOT NULL,
	"correction_points" integer NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "point_report_running_pk" PRIMARY KEY ("month", "customer_id")
) WITH (fillfactor = 90);--> statement-breakpoint
-- One customer's rows (the write path, a customer filter).
CREATE INDEX IF NOT EXISTS "point_report_running_customer_idx" ON "point_report_running" USING btree ("customer_id", "month");--> statement-breakpoint
-- The latest row of every customer (its totals after its last month).
CREATE INDEX IF NOT EXISTS "point_report_running_last_idx" ON "point_report_running" USING btree ("customer_id", "month") WHERE "last";--> statement-breakpoint
-- Moves point_report_running by the signed day rows `src` (point_report_docs columns plus `sign`):
-- every touched customer's rows from its earliest touched month (or its latest row, if that is
-- earlier) to the later of its latest row and its latest touched month, rewritten with their new
-- totals. Run under the customers' row locks (see point_report_refresh) or a table lock (rebuild).
CREATE OR REPLACE FUNCTION "point_report_running_sql"(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
select format($f$
with d as (
  select d.customer_id, date_trunc('month', d.entry_date)::date as month, sum(d.sign * d.entries) as entries,
         coalesce(sum(d.sign) filter (where d.solo_id = 0 and not d.multi), 0) as docs,
         sum(d.sign * d.master_points) as master_points, sum(d.sign * d.promo_points) as promo_points,
         sum(d.sign * d.injected_points) as injected_points, sum(d.sign * d.redeemed_points) as redeemed_points,
         sum(d.sign * d.deducted_points) as deducted_points, sum(d.sign * d.correction_points) as correction_points,
         sum(d.sign * d.points) as points
  from (%s) d
  group by 1, 2
),
dn as (
  select * from d
  where (entries, docs, master_points, promo_points, injected_points, redeemed_points, deducted_points,
         correction_points, points) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
),
span as (
  select c.customer_id, least(c.lo, coalesce(l.month, c.lo)) as lo, greatest(c.hi, coalesce(l.month, c.hi)) as hi,
         l.month as last_month, l.entries, l.docs, l.master_points, l.promo_points, l.injected_points,
         l.redeemed_points, l.deducted_points, l.correction_points, l.points
  from (select customer_id, min(month) as lo, max(month) as hi from dn group by 1) c
  left join point_report_running l on l.customer_id = c.customer_id and l.last
),
grid as (
  select s.customer_id, g.month::date as month, g.month = s.hi as last
  from span s cross join generate_series(s.lo, s.hi, interval '1 month') g(month)
),
base as (
  -- A month's totals before the change: its row, else (after the latest row) the latest row, else zero.
  select g.customer_id, g.month, g.last,
         coalesce(r.entries, case when g.month > s.last_month then s.entries end, 0) as entries,
         coalesce(r.docs, case when g.month > s.last_month then s.docs end, 0) as docs,
         coalesce(r.master_points, case when g.month > s.last_month then s.master_points end, 0) as master_points,
         coalesce(r.promo_points, case when g.month > s.last_month then s.promo_points end, 0) as promo_points,
         coalesce(r.injected_points, case when g.month > s.last_month then s.injected_points end, 0) as injected_points,
         coalesce(r.redeemed_points, case when g.month > s.last_month then s.redeemed_points end, 0) as redeemed_points,
         coalesce(r.deducted_points, case when g.month > s.last_month then s.deducted_points end, 0) as deducted_points,
         coalesce(r.correction_points, case when g.month > s.last_month then s.correction_points end, 0) as correction_points,
         coalesce(r.points, case when g.month > s.last_month then s.points end, 0) as points
  from grid g
  join span s on s.customer_id = g.customer_id
  -- Lateral: one key lookup per month (a plain join lets the planner, blind to the grid's size, hash the table).
  left join lateral (
    select * from point_report_running r where r.month = g.month and r.customer_id = g.customer_id limit 1
  ) r on true
)
insert into point_report_running as t (month, customer_id, last, entries, docs, master_points, promo_points,
  injected_points, redeemed_points, deducted_points, correction_points, points)
select b.month, b.customer_id, b.last,
       b.entries + coalesce(sum(dn.entries) over w, 0), b.docs + coalesce(sum(dn.docs) over w, 0),
       b.master_points + coalesce(sum(dn.master_points) over w, 0),
       b.promo_points + coalesce(sum(dn.promo_points) over w, 0),
       b.injected_points + coalesce(sum(dn.injected_points) over w, 0),
       b.redeemed_points + coalesce(sum(dn.redeemed_points) over w, 0),
       b.deducted_points + coalesce(sum(dn.deducted_points) over w, 0),
       b.correction_points + coalesce(sum(dn.correction_points) over w, 0),
       b.points + coalesce(sum(dn.points) over w, 0)
from base b
left join dn on dn.customer_id = b.customer_id and dn.month = b.month
window w as (partition by b.customer_id order by b.month)
order by b.month, b.customer_id
on conflict (month, customer_id) do update set last = excluded.last, entries = excluded.entries,
  docs = excluded.docs, master_points = excluded.master_points, promo_points = excluded.promo_points,
  injected_points = excluded.injected_points, redeemed_points = excluded.redeemed_points,
  deducted_points = excluded.deducted_points, correction_points = excluded.correction_points,
  points = excluded.points
$f$, src)
$$;--> statement-breakpoint
-- Recomputes the report groups of the documents `docs` and the document-less ledger rows `solo`
-- (0007), now with the running totals. The customers of those ledger rows are locked first, so the
-- recomputation reads what their earlier writers committed.
CREATE OR REPLACE FUNCTION "point_report_refresh"(docs text[], solo integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone point_report_docs[];
  fresh point_report_docs[];
BEGIN
  IF coalesce(cardinality(docs), 0) = 0 AND coalesce(cardinality(solo), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM customers c
  WHERE c.id IN (select l.customer_id from point_ledger l where l.invoice_document_no = any(docs)
                 union select l.customer_id from point_ledger l where l.id = any(solo))
  ORDER BY c.id
  FOR NO KEY UPDATE OF c;
  EXECUTE format('select coalesce(array_agg(g::point_report_docs), ''{}'') from (%s) g', point_report_groups_sql(
    'select * from point_ledger where invoice_document_no = any($1)
     union all select * from point_ledger where id = any($2) and invoice_document_no is null'))
    INTO fresh USING docs, solo;
  WITH o AS (
    DELETE FROM point_report_docs d
    WHERE (d.solo_id = 0 AND d.doc = any(docs)) OR (d.doc = '' AND d.solo_id = any(solo))
    RETURNING d.*
  )
  SELECT coalesce(array_agg(o::point_report_docs), '{}') INTO gone FROM o;
  IF cardinality(gone) = 0 AND cardinality(fresh) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO point_report_docs SELECT * FROM unnest(fresh);
  EXECUTE point_report_running_sql(
    'select *, -1 as sign from unnest($1::point_report_docs[]) union all select *, 1 from unnest($2::point_report_docs[])')
    USING gone, fresh;
END $$;--> statement-breakpoint
-- Rebuilds the report summaries from the ledger (the backfill below; a repair if they were ever edited by hand).
CREATE OR REPLACE FUNCTION "point_report_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE point_report_docs, point_report_running IN EXCLUSIVE MODE;
  DELETE FROM point_report_docs;
  DELETE FROM point_report_running;
  EXECUTE format('insert into point_report_docs select * from (%s) g order by g.entry_date, g.id',
    point_report_groups_sql('select * from point_ledger'));
  EXECUTE point_report_running_sql('select *, 1 as sign from point_report_docs');
END $$;--> statement-breakpoint
DROP FUNCTION IF EXISTS "point_report_months_sql"(text);--> statement-breakpoint
DROP TABLE IF EXISTS "point_report_months";--> statement-breakpoint
-- The backfill: from point_report_docs, which 0007 keeps equal to the ledger.
DO $$ BEGIN EXECUTE point_report_running_sql('select *, 1 as sign from point_report_docs'); END $$;--> statement-breakpoint
ANALYZE point_report_running;
