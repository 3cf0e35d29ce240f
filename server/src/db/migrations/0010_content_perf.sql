-- Broadcast execute speed. Hand-written, statements separated by breakpoint markers like 0001.
--
-- Executing a broadcast to 100,000 stores is one INSERT ... SELECT of 100,000 delivery rows. Its time
-- went into two per-row foreign-key checks (200,000 trigger calls, each a SELECT ... FOR KEY SHARE
-- that also rewrites the customer row's header), a sequence with CACHE 1 (a buffer lock per row and
-- a WAL record per 32 rows) and four indexes. Here:
-- - the two foreign keys become statement-level triggers doing the same work set-based:
--   * deleting customers or broadcasts deletes their deliveries (the ON DELETE CASCADE they had);
--   * an insert (or an update of the ids) is checked once per statement: every broadcast_id and
--     customer_id must exist, else foreign_key_violation (23503), like the constraints;
--   * a customer deleted while a broadcast is executing: the execute holds the shared advisory
--     lock (hashtext('broadcast_deliveries.customers'), 0) while it inserts, the customer delete
--     trigger takes it exclusively before deleting deliveries, so the delete waits for the execute
--     and then removes what it wrote (and an execute that starts after a delete does not see it);
--   * a broadcast deleted while executing cannot happen: the execute holds the broadcast's row lock;
-- - the id sequence hands out 1,000 ids at a time;
-- - the (broadcast_id, status) index goes: the status counts of one broadcast read the unique
--   (broadcast_id, customer_id) index; (customer_id) stays for a store's inbox and the delete.
ALTER TABLE "broadcast_deliveries" DROP CONSTRAINT IF EXISTS "broadcast_deliveries_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "broadcast_deliveries" DROP CONSTRAINT IF EXISTS "broadcast_deliveries_broadcast_id_broadcasts_id_fk";--> statement-breakpoint
DROP INDEX IF EXISTS "broadcast_deliveries_status_idx";--> statement-breakpoint
ALTER TABLE "broadcast_deliveries" ALTER COLUMN "id" SET CACHE 1000;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "broadcast_deliveries_check_refs"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT a.broadcast_id, a.customer_id INTO bad FROM added a
  WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = a.customer_id)
     OR NOT EXISTS (SELECT 1 FROM broadcasts b WHERE b.id = a.broadcast_id)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'broadcast delivery (broadcast %, customer %): the broadcast or the customer does not exist',
      bad.broadcast_id, bad.customer_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "broadcast_deliveries_refs_insert" ON "broadcast_deliveries";--> statement-breakpoint
CREATE TRIGGER "broadcast_deliveries_refs_insert" AFTER INSERT ON "broadcast_deliveries" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "broadcast_deliveries_check_refs"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "broadcast_deliveries_refs_update" ON "broadcast_deliveries";--> statement-breakpoint
CREATE TRIGGER "broadcast_deliveries_refs_update" AFTER UPDATE ON "broadcast_deliveries" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "broadcast_deliveries_check_refs"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "broadcast_deliveries_customers_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Waits for executes inserting right now; the DELETE below then sees what they wrote.
  PERFORM pg_advisory_xact_lock(hashtext('broadcast_deliveries.customers'), 0);
  DELETE FROM broadcast_deliveries d USING removed r WHERE d.customer_id = r.id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "customers_broadcast_deliveries_delete" ON "customers";--> statement-breakpoint
CREATE TRIGGER "customers_broadcast_deliveries_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "broadcast_deliveries_customers_deleted"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "broadcast_deliveries_broadcasts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM broadcast_deliveries d USING removed r WHERE d.broadcast_id = r.id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "broadcasts_deliveries_delete" ON "broadcasts";--> statement-breakpoint
CREATE TRIGGER "broadcasts_deliveries_delete" AFTER DELETE ON "broadcasts" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "broadcast_deliveries_broadcasts_deleted"();--> statement-breakpoint
-- Deliveries left by deletes between dropping the constraints and creating the triggers (none
-- normally; the migration runs in one transaction).
DELETE FROM "broadcast_deliveries" d WHERE NOT EXISTS (SELECT 1 FROM "customers" c WHERE c.id = d.customer_id)
  OR NOT EXISTS (SELECT 1 FROM "broadcasts" b WHERE b.id = d.broadcast_id);
