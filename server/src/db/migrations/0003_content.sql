-- Promos, content, broadcasts. Hand-written, statements separated by breakpoint markers like 0001.
-- A promo may be limited to some customer types (empty: every type).
ALTER TABLE "promos" ADD COLUMN "customer_type_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Where the app opens when a broadcast is tapped ('' for nowhere).
ALTER TABLE "broadcasts" ADD COLUMN "link" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The news and video lists filter on active (default 1) and sort by priority / title.
CREATE INDEX "news_active_priority_idx" ON "news" USING btree ("active","priority","id");--> statement-breakpoint
CREATE INDEX "promo_videos_active_title_idx" ON "promo_videos" USING btree ("active","title","id");
