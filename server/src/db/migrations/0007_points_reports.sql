-- Points reports that do not grow with the date range.
--
-- point_report_docs: one row per report group and entry date, over the live (non-void) ledger rows.
--   A report group is what GET /point/report shows as one row: the rows of one invoice document for
--   one customer (doc = the document number, solo_id = 0), or a single ledger row without a document
--   (doc = '', solo_id = its id). `id` is the smallest ledger id of the group's rows that day, `multi`
--   says the group has live rows on more than one day (an invoice re-sent with another date): the
--   reports take such groups (rare) from all their day rows in the range, every other group is one row.
-- point_report_months: per customer and calendar month, the sums of point_report_docs (store points
--   report; a range's edge months are read from point_report_docs). `docs` counts the single-day
--   invoice groups; multi-day ones are counted from point_report_docs.
--
-- Both are kept by a statement trigger on point_ledger, in the writing transaction, whatever writes
-- the ledger (the ledger service, seeds, manual SQL, a cascaded document number): it recomputes the
-- touched groups from the ledger and moves the monthly sums by the difference. `npm run points:verify`
-- compares them with a computation from the ledger; point_report_rebuild() rebuilds them.
CREATE TABLE IF NOT EXISTS "point_report_docs" (
	"doc" text NOT NULL,
	"solo_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"id" integer NOT NULL,
	"point_type" smallint NOT NULL,
	"type_mask" integer NOT NULL,
	"master_points" integer NOT NULL,
	"promo_points" integer NOT NULL,
	"injected_points" integer NOT NULL,
	"redeemed_points" integer NOT NULL,
	"deducted_points" integer NOT NULL,
	"correction_points" integer NOT NULL,
	"points" integer NOT NULL,
	"entries" integer NOT NULL,
	"multi" boolean NOT NULL,
	CONSTRAINT "point_report_docs_pk" PRIMARY KEY ("doc", "solo_id", "customer_id", "entry_date")
);--> statement-breakpoint
-- Newest / oldest first over a range (the default order), and by date.
CREATE INDEX IF NOT EXISTS "point_report_docs_id_idx" ON "point_report_docs" USING btree ("id") INCLUDE ("entry_date") WHERE NOT "multi";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "point_report_docs_date_idx" ON "point_report_docs" USING btree ("entry_date", "id") WHERE NOT "multi";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "point_report_docs_customer_idx" ON "point_report_docs" USING btree ("customer_id", "entry_date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "point_report_docs_multi_idx" ON "point_report_docs" USING btree ("entry_date") WHERE "multi";--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "point_report_months" (
	"month" date NOT NULL,
	"customer_id" integer NOT NULL,
	"entries" bigint NOT NULL,
	"docs" bigint NOT NULL,
	"master_points" bigint NOT NULL,
	"promo_points" bigint NOT NULL,
	"injected_points" bigint NOT NULL,
	"redeemed_points" bigint NOT NULL,
	"deducted_points" bigint NOT NULL,
	"correction_points" bigint NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "point_report_months_pk" PRIMARY KEY ("month", "customer_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "point_report_months_customer_idx" ON "point_report_months" USING btree ("customer_id", "month");--> statement-breakpoint
-- The report groups of the live ledger rows `src` (a query over point_ledger), one row per day.
CREATE OR REPLACE FUNCTION "point_report_groups_sql"(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
select format($f$
select g.doc, g.solo_id, g.customer_id, g.entry_date, g.id, g.point_type, g.type_mask, g.master_points,
       g.promo_points, g.injected_points, g.redeemed_points, g.deducted_points, g.correction_points, g.points,
       g.entries, count(*) over (partition by g.doc, g.solo_id, g.customer_id) > 1 as multi
from (
  select coalesce(l.invoice_document_no, '') as doc, case when l.invoice_document_no is null then l.id else 0 end as solo_id,
         l.customer_id, l.entry_date, min(l.id) as id, min(l.point_type) as point_type,
         bit_or(1 << l.point_type) as type_mask,
         coalesce(sum(l.points) filter (where l.source = 'invoice'), 0)::int as master_points,
         coalesce(sum(l.points) filter (where l.source = 'promo'), 0)::int as promo_points,
         coalesce(sum(l.points) filter (where l.source = 'inject'), 0)::int as injected_points,
         coalesce(sum(l.points) filter (where l.source in ('redemption', 'revert')), 0)::int as redeemed_points,
         coalesce(sum(l.points) filter (where l.source = 'deduction'), 0)::int as deducted_points,
         coalesce(sum(l.points) filter (where l.source in ('manual', 'import')), 0)::int as correction_points,
         sum(l.points)::int as points, count(*)::int as entries
  from (%s) l
  where not l.void
  group by 1, 2, 3, 4
) g
$f$, src)
$$;--> statement-breakpoint
-- Moves point_report_months by the signed day rows `src` (point_report_docs columns plus `sign`).
CREATE OR REPLACE FUNCTION "point_report_months_sql"(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
select format($f$
insert into point_report_months as t (month, customer_id, entries, docs, master_points, promo_points,
  injected_points, redeemed_points, deducted_points, correction_points, points)
select date_trunc('month', d.entry_date)::date, d.customer_id, sum(d.sign * d.entries),
       coalesce(sum(d.sign) filter (where d.solo_id = 0 and not d.multi), 0),
       sum(d.sign * d.master_points), sum(d.sign * d.promo_points), sum(d.sign * d.injected_points),
       sum(d.sign * d.redeemed_points), sum(d.sign * d.deducted_points), sum(d.sign * d.correction_points),
       sum(d.sign * d.points)
from (%s) d
group by 1, 2 order by 1, 2
on conflict (month, customer_id) do update set entries = t.entries + excluded.entries, docs = t.docs + excluded.docs,
  master_points = t.master_points + excluded.master_points, promo_points = t.promo_points + excluded.promo_points,
  injected_points = t.injected_points + excluded.injected_points,
  redeemed_points = t.redeemed_points + excluded.redeemed_points,
  deducted_points = t.deducted_points + excluded.deducted_points,
  correction_points = t.correction_points + excluded.correction_points, points = t.points + excluded.points
$f$, src)
$$;--> statement-breakpoint
-- Recomputes the report groups of the documents `docs` and the document-less ledger rows `solo`.
CREATE OR REPLACE FUNCTION "point_report_refresh"(docs text[], solo integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone point_report_docs[];
  fresh point_report_docs[];
BEGIN
  IF coalesce(cardinality(docs), 0) = 0 AND coalesce(cardinality(solo), 0) = 0 THEN
    RETURN;
  END IF;
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
  EXECUTE point_report_months_sql(
    'select *, -1 as sign from unnest($1::point_report_docs[]) union all select *, 1 from unnest($2::point_report_docs[])')
    USING gone, fresh;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "point_report_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM point_report_refresh(
    array(select distinct invoice_document_no from point_report_new where invoice_document_no is not null and not void),
    array(select id from point_report_new where invoice_document_no is null and not void));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only rows whose report-relevant columns changed (a void, a moved document number, ...).
CREATE OR REPLACE FUNCTION "point_report_upd"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM point_report_refresh(
    array(select distinct x.doc from (
      select o.invoice_document_no as doc from point_report_old o join point_report_new n on n.id = o.id
      where (o.void, o.points, o.point_type, o.source, o.entry_date, o.customer_id, o.invoice_document_no)
            is distinct from (n.void, n.points, n.point_type, n.source, n.entry_date, n.customer_id, n.invoice_document_no)
      union all
      select n.invoice_document_no from point_report_old o join point_report_new n on n.id = o.id
      where (o.void, o.points, o.point_type, o.source, o.entry_date, o.customer_id, o.invoice_document_no)
            is distinct from (n.void, n.points, n.point_type, n.source, n.entry_date, n.customer_id, n.invoice_document_no)
    ) x where x.doc is not null),
    array(select o.id from point_report_old o join point_report_new n on n.id = o.id
      where (o.invoice_document_no is null or n.invoice_document_no is null)
        and (o.void, o.points, o.point_type, o.source, o.entry_date, o.customer_id, o.invoice_document_no)
            is distinct from (n.void, n.points, n.point_type, n.source, n.entry_date, n.customer_id, n.invoice_document_no)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "point_report_del"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM point_report_refresh(
    array(select distinct invoice_document_no from point_report_old where invoice_document_no is not null),
    array(select id from point_report_old where invoice_document_no is null));
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "point_report_ins_trg" ON "point_ledger";--> statement-breakpoint
DROP TRIGGER IF EXISTS "point_report_upd_trg" ON "point_ledger";--> statement-breakpoint
DROP TRIGGER IF EXISTS "point_report_del_trg" ON "point_ledger";--> statement-breakpoint
CREATE TRIGGER "point_report_ins_trg" AFTER INSERT ON "point_ledger" REFERENCING NEW TABLE AS point_report_new FOR EACH STATEMENT EXECUTE FUNCTION point_report_ins();--> statement-breakpoint
CREATE TRIGGER "point_report_upd_trg" AFTER UPDATE ON "point_ledger" REFERENCING OLD TABLE AS point_report_old NEW TABLE AS point_report_new FOR EACH STATEMENT EXECUTE FUNCTION point_report_upd();--> statement-breakpoint
CREATE TRIGGER "point_report_del_trg" AFTER DELETE ON "point_ledger" REFERENCING OLD TABLE AS point_report_old FOR EACH STATEMENT EXECUTE FUNCTION point_report_del();--> statement-breakpoint
-- Rebuilds both tables from the ledger (the backfill below; a repair if they were ever edited by hand).
CREATE OR REPLACE FUNCTION "point_report_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE point_report_docs, point_report_months IN EXCLUSIVE MODE;
  DELETE FROM point_report_docs;
  DELETE FROM point_report_months;
  EXECUTE format('insert into point_report_docs select * from (%s) g order by g.entry_date, g.id',
    point_report_groups_sql('select * from point_ledger'));
  EXECUTE point_report_months_sql('select *, 1 as sign from point_report_docs');
END $$;--> statement-breakpoint
SELECT point_report_rebuild();--> statement-breakpoint
ANALYZE point_report_docs, point_report_months;
