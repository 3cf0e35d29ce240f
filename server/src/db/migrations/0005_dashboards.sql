-- Turnover rollups, invoice tracking, virtual-account payments. Hand-written, statements
-- separated by breakpoint markers like 0001. Described for other areas in /work/notes/rollups.md and in
-- docs (server/src/modules/dashboards/README.md).
--
-- The rollups are kept by statement-level triggers (transition tables), so every writer keeps them in
-- step in its own transaction: the ERP feed's import (insert/upsert of headers, delete + insert of
-- lines), the VA payments (status and paid amount), the seeds and plain SQL. A cancelled invoice counts
-- in invoice_count / cancelled_count only, never in turnover.
ALTER TABLE "sales_invoices" ADD COLUMN "paid_amount" numeric(18, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "sales_invoices" SET "paid_amount" = "net_amount" WHERE "status" = 'paid';--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_paid_ck" CHECK ("paid_amount" >= 0);--> statement-breakpoint
-- An invoice written as paid (by the ERP feed, a seed) is paid in full: its paid amount follows.
CREATE FUNCTION "sales_invoices_paid_in_full"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'paid' AND NEW.paid_amount < NEW.net_amount THEN
    NEW.paid_amount := NEW.net_amount;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "sales_invoices_paid_in_full_trg" BEFORE INSERT OR UPDATE OF "status", "net_amount" ON "sales_invoices" FOR EACH ROW
  WHEN (NEW.status = 'paid') EXECUTE FUNCTION sales_invoices_paid_in_full();--> statement-breakpoint
-- Outstanding invoices (tracking, ageing): few rows beside millions of paid ones.
CREATE INDEX "sales_invoices_open_idx" ON "sales_invoices" USING btree ("branch_id", "invoice_date") INCLUDE ("due_date", "net_amount", "paid_amount") WHERE "status" in ('unpaid', 'partial');--> statement-breakpoint
-- Registrations in a range (activation report, registered stores).
CREATE INDEX "customers_registered_idx" ON "customers" USING btree ("registered_at", "id") WHERE "registered_at" is not null;--> statement-breakpoint
CREATE TABLE "dash_day_branch" (
	"day" date NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"unpaid_count" integer DEFAULT 0 NOT NULL,
	"partial_count" integer DEFAULT 0 NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"cancelled_count" integer DEFAULT 0 NOT NULL,
	"invoice_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	"paid_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	"turnover" numeric(18, 2) DEFAULT 0 NOT NULL,
	"qty" numeric(18, 4) DEFAULT 0 NOT NULL,
	CONSTRAINT "dash_day_branch_pk" PRIMARY KEY ("day", "branch_id")
);--> statement-breakpoint
CREATE INDEX "dash_day_branch_branch_idx" ON "dash_day_branch" USING btree ("branch_id", "day");--> statement-breakpoint
CREATE TABLE "dash_day_branch_item" (
	"day" date NOT NULL,
	"branch_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"item_category_id" integer,
	"turnover" numeric(18, 2) DEFAULT 0 NOT NULL,
	"qty" numeric(18, 4) DEFAULT 0 NOT NULL,
	CONSTRAINT "dash_day_branch_item_pk" PRIMARY KEY ("day", "branch_id", "item_id")
);--> statement-breakpoint
CREATE INDEX "dash_day_branch_item_item_idx" ON "dash_day_branch_item" USING btree ("item_id", "day");--> statement-breakpoint
CREATE INDEX "dash_day_branch_item_category_idx" ON "dash_day_branch_item" USING btree ("item_category_id", "day");--> statement-breakpoint
CREATE TABLE "dash_month_branch_item" (
	"month" date NOT NULL,
	"branch_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"item_category_id" integer,
	"turnover" numeric(18, 2) DEFAULT 0 NOT NULL,
	"qty" numeric(18, 4) DEFAULT 0 NOT NULL,
	CONSTRAINT "dash_month_branch_item_pk" PRIMARY KEY ("month", "branch_id", "item_id")
);--> statement-breakpoint
CREATE TABLE "dash_day_customer_category" (
	"day" date NOT NULL,
	"branch_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"item_category_id" integer NOT NULL,
	"turnover" numeric(18, 2) DEFAULT 0 NOT NULL,
	"qty" numeric(18, 4) DEFAULT 0 NOT NULL,
	CONSTRAINT "dash_day_customer_category_pk" PRIMARY KEY ("branch_id", "day", "customer_id", "item_category_id")
);--> statement-breakpoint
CREATE INDEX "dash_day_customer_category_customer_idx" ON "dash_day_customer_category" USING btree ("customer_id", "day");--> statement-breakpoint
CREATE INDEX "dash_day_customer_category_category_idx" ON "dash_day_customer_category" USING btree ("branch_id", "item_category_id", "day");--> statement-breakpoint
CREATE INDEX "dash_month_branch_item_category_idx" ON "dash_month_branch_item" USING btree ("item_category_id", "month");--> statement-breakpoint
CREATE INDEX "dash_month_branch_item_item_idx" ON "dash_month_branch_item" USING btree ("item_id", "month");--> statement-breakpoint
-- Per branch, day and customer (every category): the customer lists without a product filter. A store
-- buys about once a month, so daily rows are hardly more than monthly ones, and no range needs edges.
CREATE TABLE "dash_day_customer" (
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"customer_id" integer NOT NULL,
	"turnover" numeric(18, 2) DEFAULT 0 NOT NULL,
	"qty" numeric(18, 4) DEFAULT 0 NOT NULL,
	CONSTRAINT "dash_day_customer_pk" PRIMARY KEY ("branch_id", "day", "customer_id")
);--> statement-breakpoint
-- Per day and item over every branch: the answers for a user who sees every branch, unfiltered by branch.
CREATE TABLE "dash_day_item" (
	"day" date NOT NULL,
	"item_id" integer NOT NULL,
	"item_category_id" integer,
	"turnover" numeric(18, 2) DEFAULT 0 NOT NULL,
	"qty" numeric(18, 4) DEFAULT 0 NOT NULL,
	CONSTRAINT "dash_day_item_pk" PRIMARY KEY ("day", "item_id")
);--> statement-breakpoint
CREATE INDEX "dash_day_item_category_idx" ON "dash_day_item" USING btree ("item_category_id", "day");--> statement-breakpoint
-- Stores per branch and customer type (0: none): how many, how many registered in the app; and the
-- registrations per (Asia/Jakarta) day. Kept by triggers on customers.
CREATE TABLE "dash_store_totals" (
	"branch_id" integer NOT NULL,
	"customer_type_id" integer NOT NULL,
	"stores" integer DEFAULT 0 NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dash_store_totals_pk" PRIMARY KEY ("branch_id", "customer_type_id")
);--> statement-breakpoint
CREATE TABLE "dash_store_registrations" (
	"day" date NOT NULL,
	"branch_id" integer NOT NULL,
	"customer_type_id" integer NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dash_store_registrations_pk" PRIMARY KEY ("day", "branch_id", "customer_type_id")
);--> statement-breakpoint
CREATE TABLE "dash_points_day_branch" (
	"day" date NOT NULL,
	"branch_id" integer NOT NULL,
	"points_earned" bigint DEFAULT 0 NOT NULL,
	"points_redeemed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dash_points_day_branch_pk" PRIMARY KEY ("day", "branch_id")
);--> statement-breakpoint
CREATE TABLE "va_payments" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "va_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" text NOT NULL,
	"invoice_number" text NOT NULL,
	"virtual_account_no" text DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"invoice_id" integer,
	"branch_id" integer,
	"matched" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "va_payments_payment_id_uq" UNIQUE ("payment_id"),
	CONSTRAINT "va_payments_amount_ck" CHECK ("amount" > 0),
	CONSTRAINT "va_payments_matched_ck" CHECK ("matched" = ("invoice_id" is not null))
);--> statement-breakpoint
ALTER TABLE "va_payments" ADD CONSTRAINT "va_payments_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "va_payments" ADD CONSTRAINT "va_payments_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "va_payments_paid_idx" ON "va_payments" USING btree ("paid_at", "id");--> statement-breakpoint
CREATE INDEX "va_payments_invoice_idx" ON "va_payments" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "va_payments_branch_idx" ON "va_payments" USING btree ("branch_id", "paid_at");--> statement-breakpoint
-- The statement that adds signed line contributions `src` (columns day, branch_id, customer_id, item_id,
-- item_category_id, turnover, qty) to the four line rollups. Upserts run in key order: two imports
-- touching the same keys lock them in the same order.
CREATE FUNCTION "dash_lines_sql"(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
select format($f$
with d as (%s),
a as (
  insert into dash_day_branch as t (day, branch_id, turnover, qty)
  select day, branch_id, sum(turnover), sum(qty) from d group by 1, 2 order by 1, 2
  on conflict (day, branch_id) do update set turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
  returning 1),
b as (
  insert into dash_day_branch_item as t (day, branch_id, item_id, item_category_id, turnover, qty)
  select day, branch_id, item_id, max(item_category_id), sum(turnover), sum(qty) from d group by 1, 2, 3 order by 1, 2, 3
  on conflict (day, branch_id, item_id) do update set turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
  returning 1),
c as (
  insert into dash_month_branch_item as t (month, branch_id, item_id, item_category_id, turnover, qty)
  select date_trunc('month', day)::date, branch_id, item_id, max(item_category_id), sum(turnover), sum(qty) from d group by 1, 2, 3 order by 1, 2, 3
  on conflict (month, branch_id, item_id) do update set turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
  returning 1),
e as (
  insert into dash_day_customer as t (branch_id, day, customer_id, turnover, qty)
  select branch_id, day, customer_id, sum(turnover), sum(qty) from d group by 1, 2, 3 order by 1, 2, 3
  on conflict (branch_id, day, customer_id) do update set turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
  returning 1),
f as (
  insert into dash_day_item as t (day, item_id, item_category_id, turnover, qty)
  select day, item_id, max(item_category_id), sum(turnover), sum(qty) from d group by 1, 2 order by 1, 2
  on conflict (day, item_id) do update set turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
  returning 1)
insert into dash_day_customer_category as t (branch_id, day, customer_id, item_category_id, turnover, qty)
select branch_id, day, customer_id, coalesce(item_category_id, 0), sum(turnover), sum(qty) from d group by 1, 2, 3, 4 order by 1, 2, 3, 4
on conflict (branch_id, day, customer_id, item_category_id) do update set turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
$f$, src)
$$;--> statement-breakpoint
-- The same for signed header contributions `src` (columns day, branch_id, sign, status, net_amount, paid_amount).
CREATE FUNCTION "dash_headers_sql"(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
select format($f$
with d as (%s)
insert into dash_day_branch as t (day, branch_id, invoice_count, unpaid_count, partial_count, paid_count, cancelled_count, invoice_amount, paid_amount)
select day, branch_id, sum(sign),
  coalesce(sum(sign) filter (where status = 'unpaid'), 0), coalesce(sum(sign) filter (where status = 'partial'), 0),
  coalesce(sum(sign) filter (where status = 'paid'), 0), coalesce(sum(sign) filter (where status = 'cancelled'), 0),
  coalesce(sum(sign * net_amount) filter (where status <> 'cancelled'), 0), coalesce(sum(sign * paid_amount) filter (where status <> 'cancelled'), 0)
from d group by 1, 2 order by 1, 2
on conflict (day, branch_id) do update set invoice_count = t.invoice_count + excluded.invoice_count,
  unpaid_count = t.unpaid_count + excluded.unpaid_count, partial_count = t.partial_count + excluded.partial_count,
  paid_count = t.paid_count + excluded.paid_count, cancelled_count = t.cancelled_count + excluded.cancelled_count,
  invoice_amount = t.invoice_amount + excluded.invoice_amount, paid_amount = t.paid_amount + excluded.paid_amount
$f$, src)
$$;--> statement-breakpoint
CREATE FUNCTION "dash_lines_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE dash_lines_sql($s$
    select h.invoice_date as day, h.branch_id, h.customer_id, l.item_id, i.item_category_id, l.net_amount as turnover, l.qty
    from dash_new_lines l join sales_invoices h on h.id = l.invoice_id join items i on i.id = l.item_id
    where h.status <> 'cancelled'$s$);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dash_lines_del"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Lines of a deleted invoice find no header here: its BEFORE DELETE trigger took them out already
  -- (the cascade deletes them one invoice at a time: skip those cheaply).
  IF NOT EXISTS (SELECT 1 FROM dash_old_lines l JOIN sales_invoices h ON h.id = l.invoice_id) THEN
    RETURN NULL;
  END IF;
  EXECUTE dash_lines_sql($s$
    select h.invoice_date as day, h.branch_id, h.customer_id, l.item_id, i.item_category_id, -l.net_amount as turnover, -l.qty as qty
    from dash_old_lines l join sales_invoices h on h.id = l.invoice_id join items i on i.id = l.item_id
    where h.status <> 'cancelled'$s$);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dash_lines_upd"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE dash_lines_sql($s$
    select h.invoice_date as day, h.branch_id, h.customer_id, l.item_id, i.item_category_id, -l.net_amount as turnover, -l.qty as qty
    from dash_old_lines l join sales_invoices h on h.id = l.invoice_id join items i on i.id = l.item_id
    where h.status <> 'cancelled'
    union all
    select h.invoice_date, h.branch_id, h.customer_id, l.item_id, i.item_category_id, l.net_amount, l.qty
    from dash_new_lines l join sales_invoices h on h.id = l.invoice_id join items i on i.id = l.item_id
    where h.status <> 'cancelled'$s$);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dash_lines_ins_trg" AFTER INSERT ON "sales_invoice_lines" REFERENCING NEW TABLE AS dash_new_lines FOR EACH STATEMENT EXECUTE FUNCTION dash_lines_ins();--> statement-breakpoint
CREATE TRIGGER "dash_lines_del_trg" AFTER DELETE ON "sales_invoice_lines" REFERENCING OLD TABLE AS dash_old_lines FOR EACH STATEMENT EXECUTE FUNCTION dash_lines_del();--> statement-breakpoint
CREATE TRIGGER "dash_lines_upd_trg" AFTER UPDATE ON "sales_invoice_lines" REFERENCING OLD TABLE AS dash_old_lines NEW TABLE AS dash_new_lines FOR EACH STATEMENT EXECUTE FUNCTION dash_lines_upd();--> statement-breakpoint
CREATE FUNCTION "dash_headers_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE dash_headers_sql($s$
    select invoice_date as day, branch_id, 1 as sign, status, net_amount, paid_amount from dash_new_headers$s$);
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update moves the header's figures (always) and, when the day, branch, customer or the cancelled
-- state changed, its lines' figures: the lines are still the invoice's current ones at this point (the
-- ERP feed replaces lines after the header, and those statements subtract and add under the new key).
CREATE FUNCTION "dash_headers_upd"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE dash_headers_sql($s$
    select o.invoice_date as day, o.branch_id, -1 as sign, o.status, o.net_amount, o.paid_amount
    from dash_old_headers o join dash_new_headers n on n.id = o.id
    where (o.invoice_date, o.branch_id, o.status, o.net_amount, o.paid_amount) is distinct from (n.invoice_date, n.branch_id, n.status, n.net_amount, n.paid_amount)
    union all
    select n.invoice_date, n.branch_id, 1, n.status, n.net_amount, n.paid_amount
    from dash_old_headers o join dash_new_headers n on n.id = o.id
    where (o.invoice_date, o.branch_id, o.status, o.net_amount, o.paid_amount) is distinct from (n.invoice_date, n.branch_id, n.status, n.net_amount, n.paid_amount)$s$);
  EXECUTE dash_lines_sql($s$
    with m as (
      select o.id, o.invoice_date as o_day, o.branch_id as o_branch, o.customer_id as o_customer, o.status <> 'cancelled' as o_counts,
             n.invoice_date as n_day, n.branch_id as n_branch, n.customer_id as n_customer, n.status <> 'cancelled' as n_counts
      from dash_old_headers o join dash_new_headers n on n.id = o.id
      where (o.invoice_date, o.branch_id, o.customer_id, o.status = 'cancelled') is distinct from (n.invoice_date, n.branch_id, n.customer_id, n.status = 'cancelled')
    )
    select m.o_day as day, m.o_branch as branch_id, m.o_customer as customer_id, l.item_id, i.item_category_id, -l.net_amount as turnover, -l.qty as qty
    from m join sales_invoice_lines l on l.invoice_id = m.id join items i on i.id = l.item_id where m.o_counts
    union all
    select m.n_day, m.n_branch, m.n_customer, l.item_id, i.item_category_id, l.net_amount, l.qty
    from m join sales_invoice_lines l on l.invoice_id = m.id join items i on i.id = l.item_id where m.n_counts$s$);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A deleted invoice (row by row, before the cascade takes its lines): static statements, planned once.
CREATE FUNCTION "dash_headers_del"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dash_day_branch AS t (day, branch_id, invoice_count, unpaid_count, partial_count, paid_count, cancelled_count, invoice_amount, paid_amount)
  VALUES (OLD.invoice_date, OLD.branch_id, -1, -(OLD.status = 'unpaid')::int, -(OLD.status = 'partial')::int,
    -(OLD.status = 'paid')::int, -(OLD.status = 'cancelled')::int,
    CASE WHEN OLD.status <> 'cancelled' THEN -OLD.net_amount ELSE 0 END, CASE WHEN OLD.status <> 'cancelled' THEN -OLD.paid_amount ELSE 0 END)
  ON CONFLICT (day, branch_id) DO UPDATE SET invoice_count = t.invoice_count + excluded.invoice_count,
    unpaid_count = t.unpaid_count + excluded.unpaid_count, partial_count = t.partial_count + excluded.partial_count,
    paid_count = t.paid_count + excluded.paid_count, cancelled_count = t.cancelled_count + excluded.cancelled_count,
    invoice_amount = t.invoice_amount + excluded.invoice_amount, paid_amount = t.paid_amount + excluded.paid_amount;
  IF OLD.status <> 'cancelled' THEN
    WITH d AS (
      SELECT l.item_id, i.item_category_id, -sum(l.net_amount) AS turnover, -sum(l.qty) AS qty
      FROM sales_invoice_lines l JOIN items i ON i.id = l.item_id WHERE l.invoice_id = OLD.id GROUP BY 1, 2),
    a AS (
      INSERT INTO dash_day_branch AS t (day, branch_id, turnover, qty)
      SELECT OLD.invoice_date, OLD.branch_id, sum(turnover), sum(qty) FROM d HAVING count(*) > 0
      ON CONFLICT (day, branch_id) DO UPDATE SET turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
      RETURNING 1),
    b AS (
      INSERT INTO dash_day_branch_item AS t (day, branch_id, item_id, item_category_id, turnover, qty)
      SELECT OLD.invoice_date, OLD.branch_id, item_id, item_category_id, turnover, qty FROM d ORDER BY item_id
      ON CONFLICT (day, branch_id, item_id) DO UPDATE SET turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
      RETURNING 1),
    c AS (
      INSERT INTO dash_month_branch_item AS t (month, branch_id, item_id, item_category_id, turnover, qty)
      SELECT date_trunc('month', OLD.invoice_date)::date, OLD.branch_id, item_id, item_category_id, turnover, qty FROM d ORDER BY item_id
      ON CONFLICT (month, branch_id, item_id) DO UPDATE SET turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
      RETURNING 1),
    e AS (
      INSERT INTO dash_day_customer AS t (branch_id, day, customer_id, turnover, qty)
      SELECT OLD.branch_id, OLD.invoice_date, OLD.customer_id, sum(turnover), sum(qty) FROM d HAVING count(*) > 0
      ON CONFLICT (branch_id, day, customer_id) DO UPDATE SET turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
      RETURNING 1),
    f AS (
      INSERT INTO dash_day_item AS t (day, item_id, item_category_id, turnover, qty)
      SELECT OLD.invoice_date, item_id, item_category_id, turnover, qty FROM d ORDER BY item_id
      ON CONFLICT (day, item_id) DO UPDATE SET turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
      RETURNING 1)
    INSERT INTO dash_day_customer_category AS t (branch_id, day, customer_id, item_category_id, turnover, qty)
    SELECT OLD.branch_id, OLD.invoice_date, OLD.customer_id, coalesce(item_category_id, 0), sum(turnover), sum(qty)
    FROM d GROUP BY 4 ORDER BY 4
    ON CONFLICT (branch_id, day, customer_id, item_category_id) DO UPDATE SET turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "dash_headers_ins_trg" AFTER INSERT ON "sales_invoices" REFERENCING NEW TABLE AS dash_new_headers FOR EACH STATEMENT EXECUTE FUNCTION dash_headers_ins();--> statement-breakpoint
CREATE TRIGGER "dash_headers_upd_trg" AFTER UPDATE ON "sales_invoices" REFERENCING OLD TABLE AS dash_old_headers NEW TABLE AS dash_new_headers FOR EACH STATEMENT EXECUTE FUNCTION dash_headers_upd();--> statement-breakpoint
CREATE TRIGGER "dash_headers_del_trg" BEFORE DELETE ON "sales_invoices" FOR EACH ROW EXECUTE FUNCTION dash_headers_del();--> statement-breakpoint
-- Points per day and branch (the customer's branch when the movement is written): earned = invoice and
-- promo movements (their corrections included), redeemed = coupon redemptions less their reverts.
CREATE FUNCTION "dash_points_sql"(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
select format($f$
with d as (%s)
insert into dash_points_day_branch as t (day, branch_id, points_earned, points_redeemed)
select d.day, c.branch_id,
  coalesce(sum(d.sign * d.points) filter (where d.source in ('invoice', 'promo')), 0),
  coalesce(-sum(d.sign * d.points) filter (where d.source in ('redemption', 'revert')), 0)
from d join customers c on c.id = d.customer_id
where d.source in ('invoice', 'promo', 'redemption', 'revert')
group by 1, 2 order by 1, 2
on conflict (day, branch_id) do update set points_earned = t.points_earned + excluded.points_earned,
  points_redeemed = t.points_redeemed + excluded.points_redeemed
$f$, src)
$$;--> statement-breakpoint
CREATE FUNCTION "dash_points_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE dash_points_sql($s$
    select entry_date as day, customer_id, source, points::bigint as points, 1 as sign from dash_new_points where not void$s$);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dash_points_upd"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE dash_points_sql($s$
    select o.entry_date as day, o.customer_id, o.source, o.points::bigint as points, -1 as sign
    from dash_old_points o join dash_new_points n on n.id = o.id
    where not o.void and (o.void, o.points, o.entry_date, o.customer_id, o.source) is distinct from (n.void, n.points, n.entry_date, n.customer_id, n.source)
    union all
    select n.entry_date, n.customer_id, n.source, n.points::bigint, 1
    from dash_old_points o join dash_new_points n on n.id = o.id
    where not n.void and (o.void, o.points, o.entry_date, o.customer_id, o.source) is distinct from (n.void, n.points, n.entry_date, n.customer_id, n.source)$s$);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dash_points_del"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE dash_points_sql($s$
    select entry_date as day, customer_id, source, points::bigint as points, -1 as sign from dash_old_points where not void$s$);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dash_points_ins_trg" AFTER INSERT ON "point_ledger" REFERENCING NEW TABLE AS dash_new_points FOR EACH STATEMENT EXECUTE FUNCTION dash_points_ins();--> statement-breakpoint
CREATE TRIGGER "dash_points_upd_trg" AFTER UPDATE ON "point_ledger" REFERENCING OLD TABLE AS dash_old_points NEW TABLE AS dash_new_points FOR EACH STATEMENT EXECUTE FUNCTION dash_points_upd();--> statement-breakpoint
CREATE TRIGGER "dash_points_del_trg" AFTER DELETE ON "point_ledger" REFERENCING OLD TABLE AS dash_old_points FOR EACH STATEMENT EXECUTE FUNCTION dash_points_del();--> statement-breakpoint
-- Stores: signed rows `src` (branch_id, customer_type_id, reg_day, sign) into the two store tables.
CREATE FUNCTION "dash_stores_sql"(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
select format($f$
with d as (%s),
a as (
  insert into dash_store_totals as t (branch_id, customer_type_id, stores, registered)
  select branch_id, coalesce(customer_type_id, 0), sum(sign), coalesce(sum(sign) filter (where reg_day is not null), 0)
  from d group by 1, 2 order by 1, 2
  on conflict (branch_id, customer_type_id) do update set stores = t.stores + excluded.stores, registered = t.registered + excluded.registered
  returning 1)
insert into dash_store_registrations as t (day, branch_id, customer_type_id, registered)
select reg_day, branch_id, coalesce(customer_type_id, 0), sum(sign) from d where reg_day is not null group by 1, 2, 3 order by 1, 2, 3
on conflict (day, branch_id, customer_type_id) do update set registered = t.registered + excluded.registered
$f$, src)
$$;--> statement-breakpoint
CREATE FUNCTION "dash_stores_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE dash_stores_sql($s$
    select branch_id, customer_type_id, (registered_at at time zone 'Asia/Jakarta')::date as reg_day, 1 as sign from dash_new_customers$s$);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dash_stores_del"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE dash_stores_sql($s$
    select branch_id, customer_type_id, (registered_at at time zone 'Asia/Jakarta')::date as reg_day, -1 as sign from dash_old_customers$s$);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A customer's branch, type or registration changed (row by row: point balance updates never fire it).
CREATE FUNCTION "dash_stores_upd"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dash_store_totals AS t (branch_id, customer_type_id, stores, registered)
  VALUES (OLD.branch_id, coalesce(OLD.customer_type_id, 0), -1, -(OLD.registered_at IS NOT NULL)::int),
         (NEW.branch_id, coalesce(NEW.customer_type_id, 0), 1, (NEW.registered_at IS NOT NULL)::int)
  ON CONFLICT (branch_id, customer_type_id) DO UPDATE SET stores = t.stores + excluded.stores, registered = t.registered + excluded.registered;
  IF OLD.registered_at IS NOT NULL THEN
    INSERT INTO dash_store_registrations AS t (day, branch_id, customer_type_id, registered)
    VALUES ((OLD.registered_at AT TIME ZONE 'Asia/Jakarta')::date, OLD.branch_id, coalesce(OLD.customer_type_id, 0), -1)
    ON CONFLICT (day, branch_id, customer_type_id) DO UPDATE SET registered = t.registered + excluded.registered;
  END IF;
  IF NEW.registered_at IS NOT NULL THEN
    INSERT INTO dash_store_registrations AS t (day, branch_id, customer_type_id, registered)
    VALUES ((NEW.registered_at AT TIME ZONE 'Asia/Jakarta')::date, NEW.branch_id, coalesce(NEW.customer_type_id, 0), 1)
    ON CONFLICT (day, branch_id, customer_type_id) DO UPDATE SET registered = t.registered + excluded.registered;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dash_stores_ins_trg" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS dash_new_customers FOR EACH STATEMENT EXECUTE FUNCTION dash_stores_ins();--> statement-breakpoint
CREATE TRIGGER "dash_stores_del_trg" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS dash_old_customers FOR EACH STATEMENT EXECUTE FUNCTION dash_stores_del();--> statement-breakpoint
CREATE TRIGGER "dash_stores_upd_trg" AFTER UPDATE OF "branch_id", "customer_type_id", "registered_at" ON "customers" FOR EACH ROW
  WHEN ((OLD.branch_id, OLD.customer_type_id, OLD.registered_at) IS DISTINCT FROM (NEW.branch_id, NEW.customer_type_id, NEW.registered_at))
  EXECUTE FUNCTION dash_stores_upd();--> statement-breakpoint
-- Rebuilds every rollup from the base tables (the migration's fill, `npm run rollups:rebuild`).
CREATE FUNCTION "dash_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE dash_day_branch, dash_day_branch_item, dash_month_branch_item, dash_day_customer_category, dash_points_day_branch,
    dash_day_customer, dash_day_item, dash_store_totals, dash_store_registrations IN EXCLUSIVE MODE;
  DELETE FROM dash_day_customer;
  DELETE FROM dash_day_item;
  DELETE FROM dash_store_totals;
  DELETE FROM dash_store_registrations;
  DELETE FROM dash_day_branch;
  DELETE FROM dash_day_branch_item;
  DELETE FROM dash_month_branch_item;
  DELETE FROM dash_day_customer_category;
  DELETE FROM dash_points_day_branch;
  EXECUTE dash_headers_sql($s$
    select invoice_date as day, branch_id, 1 as sign, status, net_amount, paid_amount from sales_invoices$s$);
  EXECUTE dash_lines_sql($s$
    select h.invoice_date as day, h.branch_id, h.customer_id, l.item_id, i.item_category_id, l.net_amount as turnover, l.qty
    from sales_invoice_lines l join sales_invoices h on h.id = l.invoice_id join items i on i.id = l.item_id
    where h.status <> 'cancelled'$s$);
  EXECUTE dash_points_sql($s$
    select entry_date as day, customer_id, source, points::bigint as points, 1 as sign from point_ledger where not void$s$);
  EXECUTE dash_stores_sql($s$
    select branch_id, customer_type_id, (registered_at at time zone 'Asia/Jakarta')::date as reg_day, 1 as sign from customers$s$);
END $$;--> statement-breakpoint
SELECT dash_rebuild();--> statement-breakpoint
-- Fresh statistics for the planner (the rollups were empty until now).
ANALYZE dash_day_branch, dash_day_branch_item, dash_month_branch_item, dash_day_customer_category, dash_day_customer, dash_day_item, dash_points_day_branch, dash_store_totals, dash_store_registrations, sales_invoices;
