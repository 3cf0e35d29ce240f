-- Targets, target category volume, upload folders. Hand-written, statements separated by breakpoint markers like 0001.
-- Upload folders run between optional dates; a photo keeps the url of its thumbnail (made on upload).
ALTER TABLE "upload_folders" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "upload_folders" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "upload_folders" ADD CONSTRAINT "upload_folders_dates_ck" CHECK ("end_date" is null or "start_date" is null or "end_date" >= "start_date");--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "thumbnail_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The group view: a folder's stores ordered by their latest photo, each store's photos newest first.
DROP INDEX IF EXISTS "uploads_folder_customer_idx";--> statement-breakpoint
CREATE INDEX "uploads_folder_customer_time_idx" ON "uploads" USING btree ("upload_folder_id", "customer_id", "uploaded_at");--> statement-breakpoint
-- The category lists of one customer (/id/{customer_id}) and its names.
CREATE INDEX "target_category_volumes_customer_name_idx" ON "target_category_volumes" USING btree ("customer_id", "name");
--> statement-breakpoint
-- The group view of a folder lists its stores by their latest photo: one row per folder and store,
-- kept by statement-level triggers on uploads (counts added and taken away, so concurrent uploads of
-- one store both count), so a page of a 50,000-photo folder reads 12 index entries, not every photo.
CREATE TABLE "upload_folder_stores" (
	"upload_folder_id" integer NOT NULL REFERENCES "upload_folders"("id") ON DELETE cascade,
	"customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE cascade,
	"branch_id" integer NOT NULL,
	"photo_count" integer NOT NULL,
	"last_uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "upload_folder_stores_pk" PRIMARY KEY ("upload_folder_id", "customer_id")
);--> statement-breakpoint
CREATE INDEX "upload_folder_stores_recent_idx" ON "upload_folder_stores" USING btree ("upload_folder_id", "last_uploaded_at" DESC, "customer_id" DESC);--> statement-breakpoint
CREATE INDEX "upload_folder_stores_customer_idx" ON "upload_folder_stores" USING btree ("customer_id");--> statement-breakpoint
INSERT INTO "upload_folder_stores" ("upload_folder_id", "customer_id", "branch_id", "photo_count", "last_uploaded_at")
SELECT "upload_folder_id", "customer_id", max("branch_id"), count(*), max("uploaded_at") FROM "uploads" GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION "upload_folder_stores_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO upload_folder_stores AS s (upload_folder_id, customer_id, branch_id, photo_count, last_uploaded_at)
  SELECT n.upload_folder_id, n.customer_id, max(n.branch_id), count(*), max(n.uploaded_at)
  FROM added n GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (upload_folder_id, customer_id) DO UPDATE
    SET photo_count = s.photo_count + excluded.photo_count,
        last_uploaded_at = greatest(s.last_uploaded_at, excluded.last_uploaded_at),
        branch_id = excluded.branch_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "upload_folder_stores_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (SELECT upload_folder_id, customer_id, count(*) AS n FROM removed GROUP BY 1, 2)
  UPDATE upload_folder_stores s SET photo_count = s.photo_count - gone.n,
    last_uploaded_at = coalesce((SELECT max(u.uploaded_at) FROM uploads u
      WHERE u.upload_folder_id = s.upload_folder_id AND u.customer_id = s.customer_id), s.last_uploaded_at)
  FROM gone WHERE s.upload_folder_id = gone.upload_folder_id AND s.customer_id = gone.customer_id;
  DELETE FROM upload_folder_stores s USING (SELECT DISTINCT upload_folder_id, customer_id FROM removed) r
  WHERE s.upload_folder_id = r.upload_folder_id AND s.customer_id = r.customer_id AND s.photo_count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "uploads_stores_insert" AFTER INSERT ON "uploads" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "upload_folder_stores_add"();--> statement-breakpoint
CREATE TRIGGER "uploads_stores_delete" AFTER DELETE ON "uploads" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "upload_folder_stores_remove"();--> statement-breakpoint
-- An update (a photo moved to another folder or store, or re-dated) counts as removed, then added.
CREATE TRIGGER "uploads_stores_update_old" AFTER UPDATE ON "uploads" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "upload_folder_stores_remove"();--> statement-breakpoint
CREATE TRIGGER "uploads_stores_update_new" AFTER UPDATE ON "uploads" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "upload_folder_stores_add"();
