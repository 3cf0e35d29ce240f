-- Rollups follow reclassification: every dashboard and report shows its figures under the current
-- classification (server/src/modules/dashboards/README.md). An item's category and a store's branch are what the rollups
-- are keyed on or carry; a change of either is noted in dash_reclass by a row trigger in the writer's own
-- transaction, whoever writes it (back office, imports, plain SQL). After the commit the API applies the
-- notes (server/src/modules/dashboards/reclassify.ts): it moves the store's invoices to its branch (their
-- statement triggers move their figures) and rebuilds the rollups keyed by the touched items and branches.
-- A note left by a crash stays until the next write or full rebuild applies it.
-- The customer type, a branch's region and a region's group key no rollup (they are joined when read).
--
-- dash_rebuild_runs: the full rebuilds started from the back office, with their progress.
CREATE TABLE IF NOT EXISTS "dash_reclass" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"kind" text NOT NULL,
	"key_id" integer NOT NULL,
	"old_id" integer,
	"new_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dash_reclass_kind_ck" CHECK ("kind" in ('item', 'store'))
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "dash_rebuild_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"started_by" integer REFERENCES "staff_users"("id") ON DELETE SET NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"steps_total" integer NOT NULL,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"step" text DEFAULT '' NOT NULL,
	"error" text
);--> statement-breakpoint
COMMENT ON TABLE "dash_reclass" IS 'Reclassifications not yet applied to the rollups: an item''s category (kind item, key the item) or a store''s branch (kind store, key the customer) that changed from old_id to new_id, noted by triggers; applied and deleted after the commit (dashboards/reclassify.ts).';--> statement-breakpoint
COMMENT ON TABLE "dash_rebuild_runs" IS 'Whole rebuilds of the dashboard rollups started from the back office: steps done of steps_total, the step running, finished_at and error once ended.';--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dash_reclass_item"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dash_reclass (kind, key_id, old_id, new_id) VALUES ('item', NEW.id, OLD.item_category_id, NEW.item_category_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dash_reclass_store"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dash_reclass (kind, key_id, old_id, new_id) VALUES ('store', NEW.id, OLD.branch_id, NEW.branch_id);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "dash_reclass_item_trg" ON "items";--> statement-breakpoint
CREATE TRIGGER "dash_reclass_item_trg" AFTER UPDATE OF "item_category_id" ON "items" FOR EACH ROW
  WHEN (OLD.item_category_id IS DISTINCT FROM NEW.item_category_id) EXECUTE FUNCTION dash_reclass_item();--> statement-breakpoint
DROP TRIGGER IF EXISTS "dash_reclass_store_trg" ON "customers";--> statement-breakpoint
CREATE TRIGGER "dash_reclass_store_trg" AFTER UPDATE OF "branch_id" ON "customers" FOR EACH ROW
  WHEN (OLD.branch_id IS DISTINCT FROM NEW.branch_id) EXECUTE FUNCTION dash_reclass_store();
