CREATE TABLE "store_idempotency" (
	"customer_id" integer NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_idempotency_customer_id_key_pk" PRIMARY KEY("customer_id","key")
);
--> statement-breakpoint
DROP INDEX "broadcast_deliveries_customer_idx";--> statement-breakpoint
ALTER TABLE "broadcast_deliveries" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_idempotency" ADD CONSTRAINT "store_idempotency_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_idempotency_created_idx" ON "store_idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "broadcast_deliveries_customer_idx" ON "broadcast_deliveries" USING btree ("customer_id","id");