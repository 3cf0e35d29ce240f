-- Two more rollups kept by the same triggers as 0005_dashboards.sql, in the writer's
-- own transaction. Idempotent: every statement can run again (tables IF NOT EXISTS, functions OR REPLACE,
-- triggers dropped and made again, the two new tables refilled from the base tables).
--
-- 1. dash_day_item_customer: turnover per (item, branch, Jakarta invoice day, customer). The per-store
--    turnover with an item filter reads the few rows of the chosen items straight from its key instead of
--    the invoice lines. About one row per invoice line (a store buys an item once on a day), ordered by
--    item first so an item filter is one short index range per item and branch.
-- 2. dash_store_flags: stores per (branch, customer type, active, show in app, registered in the app):
--    the master stores report's count without reading every customer.
CREATE TABLE IF NOT EXISTS "dash_day_item_customer" (
	"item_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"customer_id" integer NOT NULL,
	"turnover" numeric(18, 2) DEFAULT 0 NOT NULL,
	"qty" numeric(18, 4) DEFAULT 0 NOT NULL,
	CONSTRAINT "dash_day_item_customer_pk" PRIMARY KEY ("item_id", "branch_id", "day", "customer_id")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "dash_store_flags" (
	"branch_id" integer NOT NULL,
	"customer_type_id" integer NOT NULL,
	"active" boolean NOT NULL,
	"show_in_app" boolean NOT NULL,
	"registered" boolean NOT NULL,
	"stores" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dash_store_flags_pk" PRIMARY KEY ("branch_id", "customer_type_id", "active", "show_in_app", "registered")
);--> statement-breakpoint
-- The line rollups' statement (0005) with dash_day_item_customer beside the others.
CREATE OR REPLACE FUNCTION "dash_lines_sql"(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
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
  returning 1),
g as (
  insert into dash_day_item_customer as t (item_id, branch_id, day, customer_id, turnover, qty)
  select item_id, branch_id, day, customer_id, sum(turnover), sum(qty) from d group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (item_id, branch_id, day, customer_id) do update set turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
  returning 1)
insert into dash_day_customer_category as t (branch_id, day, customer_id, item_category_id, turnover, qty)
select branch_id, day, customer_id, coalesce(item_category_id, 0), sum(turnover), sum(qty) from d group by 1, 2, 3, 4 order by 1, 2, 3, 4
on conflict (branch_id, day, customer_id, item_category_id) do update set turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
$f$, src)
$$;--> statement-breakpoint
-- A deleted invoice (0005), with dash_day_item_customer.
CREATE OR REPLACE FUNCTION "dash_headers_del"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      RETURNING 1),
    g AS (
      INSERT INTO dash_day_item_customer AS t (item_id, branch_id, day, customer_id, turnover, qty)
      SELECT item_id, OLD.branch_id, OLD.invoice_date, OLD.customer_id, turnover, qty FROM d ORDER BY item_id
      ON CONFLICT (item_id, branch_id, day, customer_id) DO UPDATE SET turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty
      RETURNING 1)
    INSERT INTO dash_day_customer_category AS t (branch_id, day, customer_id, item_category_id, turnover, qty)
    SELECT OLD.branch_id, OLD.invoice_date, OLD.customer_id, coalesce(item_category_id, 0), sum(turnover), sum(qty)
    FROM d GROUP BY 4 ORDER BY 4
    ON CONFLICT (branch_id, day, customer_id, item_category_id) DO UPDATE SET turnover = t.turnover + excluded.turnover, qty = t.qty + excluded.qty;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
-- Stores (0005): signed rows `src` (branch_id, customer_type_id, reg_day, active, show_in_app, sign) into
-- the three store tables.
CREATE OR REPLACE FUNCTION "dash_stores_sql"(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
select format($f$
with d as (%s),
a as (
  insert into dash_store_totals as t (branch_id, customer_type_id, stores, registered)
  select branch_id, coalesce(customer_type_id, 0), sum(sign), coalesce(sum(sign) filter (where reg_day is not null), 0)
  from d group by 1, 2 order by 1, 2
  on conflict (branch_id, customer_type_id) do update set stores = t.stores + excluded.stores, registered = t.registered + excluded.registered
  returning 1),
b as (
  insert into dash_store_flags as t (branch_id, customer_type_id, active, show_in_app, registered, stores)
  select branch_id, coalesce(customer_type_id, 0), active, show_in_app, reg_day is not null, sum(sign)
  from d group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
  on conflict (branch_id, customer_type_id, active, show_in_app, registered) do update set stores = t.stores + excluded.stores
  returning 1)
insert into dash_store_registrations as t (day, branch_id, customer_type_id, registered)
select reg_day, branch_id, coalesce(customer_type_id, 0), sum(sign) from d where reg_day is not null group by 1, 2, 3 order by 1, 2, 3
on conflict (day, branch_id, customer_type_id) do update set registered = t.registered + excluded.registered
$f$, src)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dash_stores_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE dash_stores_sql($s$
    select branch_id, customer_type_id, (registered_at at time zone 'Asia/Jakarta')::date as reg_day, active, show_in_app, 1 as sign
    from dash_new_customers$s$);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dash_stores_del"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE dash_stores_sql($s$
    select branch_id, customer_type_id, (registered_at at time zone 'Asia/Jakarta')::date as reg_day, active, show_in_app, -1 as sign
    from dash_old_customers$s$);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A customer's branch, type, registration or flags changed (row by row: point balance updates never fire it).
CREATE OR REPLACE FUNCTION "dash_stores_upd"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.branch_id, OLD.customer_type_id, OLD.registered_at IS NULL) IS DISTINCT FROM (NEW.branch_id, NEW.customer_type_id, NEW.registered_at IS NULL) THEN
    -- Summed per key first: registering a store in its own branch and type gives OLD and NEW the same
    -- key, and one upsert may not touch a row twice (0005's version failed on exactly that update).
    INSERT INTO dash_store_totals AS t (branch_id, customer_type_id, stores, registered)
    SELECT branch_id, type_id, sum(stores), sum(registered) FROM (VALUES
      (OLD.branch_id, coalesce(OLD.customer_type_id, 0), -1, -(OLD.registered_at IS NOT NULL)::int),
      (NEW.branch_id, coalesce(NEW.customer_type_id, 0), 1, (NEW.registered_at IS NOT NULL)::int)
    ) v (branch_id, type_id, stores, registered)
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (branch_id, customer_type_id) DO UPDATE SET stores = t.stores + excluded.stores, registered = t.registered + excluded.registered;
  END IF;
  IF (OLD.branch_id, OLD.customer_type_id, OLD.registered_at) IS DISTINCT FROM (NEW.branch_id, NEW.customer_type_id, NEW.registered_at) THEN
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
  END IF;
  -- One statement in key order (two rows of one key would be one upsert touching a row twice).
  INSERT INTO dash_store_flags AS t (branch_id, customer_type_id, active, show_in_app, registered, stores)
  SELECT branch_id, type_id, active, show_in_app, registered, sum(sign) FROM (VALUES
    (OLD.branch_id, coalesce(OLD.customer_type_id, 0), OLD.active, OLD.show_in_app, OLD.registered_at IS NOT NULL, -1),
    (NEW.branch_id, coalesce(NEW.customer_type_id, 0), NEW.active, NEW.show_in_app, NEW.registered_at IS NOT NULL, 1)
  ) v (branch_id, type_id, active, show_in_app, registered, sign)
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (branch_id, customer_type_id, active, show_in_app, registered) DO UPDATE SET stores = t.stores + excluded.stores;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "dash_stores_upd_trg" ON "customers";--> statement-breakpoint
CREATE TRIGGER "dash_stores_upd_trg" AFTER UPDATE OF "branch_id", "customer_type_id", "registered_at", "active", "show_in_app" ON "customers" FOR EACH ROW
  WHEN ((OLD.branch_id, OLD.customer_type_id, OLD.registered_at, OLD.active, OLD.show_in_app) IS DISTINCT FROM (NEW.branch_id, NEW.customer_type_id, NEW.registered_at, NEW.active, NEW.show_in_app))
  EXECUTE FUNCTION dash_stores_upd();--> statement-breakpoint
-- Rebuilds every rollup from the base tables (`npm run rollups:rebuild`), the two new ones included.
CREATE OR REPLACE FUNCTION "dash_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE dash_day_branch, dash_day_branch_item, dash_month_branch_item, dash_day_customer_category, dash_points_day_branch,
    dash_day_customer, dash_day_item, dash_day_item_customer, dash_store_totals, dash_store_flags, dash_store_registrations
    IN EXCLUSIVE MODE;
  DELETE FROM dash_day_customer;
  DELETE FROM dash_day_item;
  DELETE FROM dash_day_item_customer;
  DELETE FROM dash_store_totals;
  DELETE FROM dash_store_flags;
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
    select branch_id, customer_type_id, (registered_at at time zone 'Asia/Jakarta')::date as reg_day, active, show_in_app, 1 as sign
    from customers$s$);
END $$;--> statement-breakpoint
-- Backfill of the two new rollups only (the others are already right): refilled from scratch, so running
-- this again gives the same rows.
LOCK TABLE "dash_day_item_customer", "dash_store_flags" IN EXCLUSIVE MODE;--> statement-breakpoint
DELETE FROM "dash_day_item_customer";--> statement-breakpoint
INSERT INTO "dash_day_item_customer" ("item_id", "branch_id", "day", "customer_id", "turnover", "qty")
SELECT l.item_id, h.branch_id, h.invoice_date, h.customer_id, sum(l.net_amount), sum(l.qty)
FROM sales_invoice_lines l JOIN sales_invoices h ON h.id = l.invoice_id
WHERE h.status <> 'cancelled'
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
DELETE FROM "dash_store_flags";--> statement-breakpoint
INSERT INTO "dash_store_flags" ("branch_id", "customer_type_id", "active", "show_in_app", "registered", "stores")
SELECT branch_id, coalesce(customer_type_id, 0), active, show_in_app, registered_at IS NOT NULL, count(*)
FROM customers GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
ANALYZE "dash_day_item_customer", "dash_store_flags";
