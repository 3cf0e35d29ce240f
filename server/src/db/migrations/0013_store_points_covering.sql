-- The store points report (GET /point/report/store) under 100 ms for a year.
-- Its population (the customers with movements in the range and the sort figure) is one row per
-- customer at each end of the range, joined on the customer (points.reports.ts runningPopulation):
-- - the end: the customer's latest running row (`last`; for a range ending before some customer's
--   latest month, the row at the end month), read from this covering partial index alone;
-- - the start: the row at the start month, read from the primary key, which now carries the
--   population's columns too (entries and the two sort figures), so neither side reads the table
--   (on a vacuumed table; rows changed since the last vacuum are read from the table as before).
-- Both indexes are kept by PostgreSQL in the writing transaction, with the table's rows
-- (point_report_refresh, 0012): nothing to keep apart. The covering index replaces
-- point_report_running_last_idx (same rows, the write path's lookup of a customer's latest row).
-- The cost: a running row's update now changes indexed columns, so it is no longer a HOT update
-- (its index entries are rewritten too).
CREATE INDEX IF NOT EXISTS "point_report_running_last_cover" ON "point_report_running" USING btree ("customer_id") INCLUDE ("month", "entries", "master_points", "points") WHERE "last";--> statement-breakpoint
DROP INDEX IF EXISTS "point_report_running_last_idx";--> statement-breakpoint
ALTER TABLE "point_report_running" DROP CONSTRAINT IF EXISTS "point_report_running_pk",
  ADD CONSTRAINT "point_report_running_pk" PRIMARY KEY ("month", "customer_id") INCLUDE ("entries", "master_points", "points");--> statement-breakpoint
-- Index-only reads need the table's pages marked all-visible by VACUUM, and every ledger write
-- rewrites its customer's latest row: vacuum after 2% of the rows changed (the default is 20%), so
-- that the report reads few rows from the table between two vacuums.
ALTER TABLE "point_report_running" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
ANALYZE point_report_running;
