-- Coupons, redemptions, vouchers, lottery. Hand-written, statements separated by breakpoint markers like 0001.
-- A coupon may be limited to customer types and branches (empty: everyone).
ALTER TABLE "coupons" ADD COLUMN "customer_type_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "branch_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- /lottary/reportdata counts per branch, region and period in one index-only pass.
CREATE INDEX IF NOT EXISTS "lottery_coupons_report_idx" ON "lottery_coupons" USING btree ("branch_id","region_id","period");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lottery_coupons_period_idx" ON "lottery_coupons" USING btree ("period","id");
--> statement-breakpoint
-- A coupon's live redemptions (not reverted), kept by statement-level triggers so lists never count them.
ALTER TABLE "coupons" ADD COLUMN "redeemed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The store's branch at redemption time (like voucher_redemptions.branch_id): scope and the branch and
-- region filters read it without joining customers. Filled from the customer when an insert leaves it out.
ALTER TABLE "coupon_redemptions" ADD COLUMN "branch_id" integer;--> statement-breakpoint
UPDATE "coupon_redemptions" r SET "branch_id" = c."branch_id" FROM "customers" c WHERE c."id" = r."customer_id";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coupon_redemptions_branch_idx" ON "coupon_redemptions" USING btree ("branch_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coupon_redemptions_branch_redeemed_idx" ON "coupon_redemptions" USING btree ("branch_id","redeemed_at");--> statement-breakpoint
-- The redeemed report reads a period's redemptions from this index alone (an index-only scan).
CREATE INDEX IF NOT EXISTS "coupon_redemptions_report_idx" ON "coupon_redemptions" USING btree ("redeemed_at") INCLUDE ("coupon_id","customer_id","branch_id","coupon_status","points");--> statement-breakpoint
UPDATE "coupons" c SET "redeemed_count" = (SELECT count(*) FROM "coupon_redemptions" r WHERE r."coupon_id" = c."id" AND r."coupon_status" <> 'reverted');--> statement-breakpoint
CREATE OR REPLACE FUNCTION coupon_redemption_fill_branch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.branch_id IS NULL THEN
    SELECT branch_id INTO NEW.branch_id FROM customers WHERE id = NEW.customer_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER coupon_redemptions_fill_branch BEFORE INSERT ON coupon_redemptions
  FOR EACH ROW EXECUTE FUNCTION coupon_redemption_fill_branch();--> statement-breakpoint
CREATE OR REPLACE FUNCTION coupon_redemption_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE coupons c SET redeemed_count = c.redeemed_count + d.n
  FROM (SELECT coupon_id, count(*)::int AS n FROM new_rows WHERE coupon_status <> 'reverted' GROUP BY coupon_id) d
  WHERE c.id = d.coupon_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION coupon_redemption_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE coupons c SET redeemed_count = c.redeemed_count - d.n
  FROM (SELECT coupon_id, count(*)::int AS n FROM old_rows WHERE coupon_status <> 'reverted' GROUP BY coupon_id) d
  WHERE c.id = d.coupon_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION coupon_redemption_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE coupons c SET redeemed_count = c.redeemed_count + d.n
  FROM (
    SELECT coupon_id, sum(n)::int AS n FROM (
      SELECT coupon_id, count(*) AS n FROM new_rows WHERE coupon_status <> 'reverted' GROUP BY coupon_id
      UNION ALL
      SELECT coupon_id, -count(*) AS n FROM old_rows WHERE coupon_status <> 'reverted' GROUP BY coupon_id
    ) x GROUP BY coupon_id
  ) d
  WHERE c.id = d.coupon_id AND d.n <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER coupon_redemptions_count_ins AFTER INSERT ON coupon_redemptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION coupon_redemption_counts_ins();--> statement-breakpoint
CREATE TRIGGER coupon_redemptions_count_del AFTER DELETE ON coupon_redemptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION coupon_redemption_counts_del();--> statement-breakpoint
CREATE TRIGGER coupon_redemptions_count_upd AFTER UPDATE ON coupon_redemptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION coupon_redemption_counts_upd();--> statement-breakpoint
-- The branches of a region / region group, for filters that must stay on one table (index conditions).
CREATE OR REPLACE FUNCTION region_branch_ids(p_region integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(id ORDER BY id), '{}') FROM branches WHERE region_id = p_region
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION region_group_branch_ids(p_group integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(b.id ORDER BY b.id), '{}') FROM branches b JOIN regions g ON g.id = b.region_id
  WHERE g.region_group_id = p_group
$$;
--> statement-breakpoint
-- Lottery coupons counted per branch, region and period, kept by statement-level triggers, so that
-- /lottary/reportdata reads a few dozen rows instead of counting every coupon.
CREATE TABLE IF NOT EXISTS "lottery_counts" (
	"branch_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"period" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "lottery_counts_pk" PRIMARY KEY ("branch_id","region_id","period")
);--> statement-breakpoint
INSERT INTO "lottery_counts" ("branch_id","region_id","period","n")
  SELECT branch_id, region_id, period, count(*)::int FROM lottery_coupons GROUP BY 1, 2, 3
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lottery_counts_apply(p_delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lottery_counts AS lc (branch_id, region_id, period, n)
  SELECT (d->>'b')::int, (d->>'r')::int, d->>'p', (d->>'n')::int FROM jsonb_array_elements(p_delta) d
  ORDER BY 1, 2, 3
  ON CONFLICT (branch_id, region_id, period) DO UPDATE SET n = lc.n + excluded.n;
  DELETE FROM lottery_counts WHERE n <= 0;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lottery_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lottery_counts_apply(coalesce((SELECT jsonb_agg(jsonb_build_object('b', branch_id, 'r', region_id, 'p', period, 'n', n))
    FROM (SELECT branch_id, region_id, period, count(*) AS n FROM new_rows GROUP BY 1, 2, 3) x), '[]'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lottery_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lottery_counts_apply(coalesce((SELECT jsonb_agg(jsonb_build_object('b', branch_id, 'r', region_id, 'p', period, 'n', -n))
    FROM (SELECT branch_id, region_id, period, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) x), '[]'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lottery_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lottery_counts_apply(coalesce((SELECT jsonb_agg(jsonb_build_object('b', branch_id, 'r', region_id, 'p', period, 'n', n))
    FROM (
      SELECT branch_id, region_id, period, sum(n) AS n FROM (
        SELECT branch_id, region_id, period, count(*) AS n FROM new_rows GROUP BY 1, 2, 3
        UNION ALL
        SELECT branch_id, region_id, period, -count(*) AS n FROM old_rows GROUP BY 1, 2, 3
      ) y GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ) x), '[]'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lottery_coupons_count_ins AFTER INSERT ON lottery_coupons
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lottery_counts_ins();--> statement-breakpoint
CREATE TRIGGER lottery_coupons_count_del AFTER DELETE ON lottery_coupons
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lottery_counts_del();--> statement-breakpoint
CREATE TRIGGER lottery_coupons_count_upd AFTER UPDATE ON lottery_coupons
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lottery_counts_upd();
