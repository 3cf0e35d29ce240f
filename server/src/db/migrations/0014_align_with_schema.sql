-- The database as the Drizzle declaration (src/db/schema) names it, so that what drizzle-kit generates
-- from meta/0014_snapshot.json on applies to real databases. 0004 and 0005 created these foreign keys
-- with PostgreSQL's or their own names; Drizzle names them <table>_<column>_<target>_<column>_fk.
ALTER TABLE "upload_folder_stores" RENAME CONSTRAINT "upload_folder_stores_upload_folder_id_fkey" TO "upload_folder_stores_upload_folder_id_upload_folders_id_fk";--> statement-breakpoint
ALTER TABLE "upload_folder_stores" RENAME CONSTRAINT "upload_folder_stores_customer_id_fkey" TO "upload_folder_stores_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "va_payments" RENAME CONSTRAINT "va_payments_invoice_id_fk" TO "va_payments_invoice_id_sales_invoices_id_fk";--> statement-breakpoint
ALTER TABLE "va_payments" RENAME CONSTRAINT "va_payments_branch_id_fk" TO "va_payments_branch_id_branches_id_fk";--> statement-breakpoint
-- Tables only the SQL migrations create (triggers keep them; Drizzle does not declare them): their
-- purpose lives in the catalogue, where docs/data-model.md reads it.
COMMENT ON TABLE "dash_day_item_customer" IS 'Turnover and quantity per item, branch, invoice day and store, kept by the invoice-line triggers (0009): the per-store turnover under an item filter.';--> statement-breakpoint
COMMENT ON TABLE "dash_store_flags" IS 'Stores per branch, customer type, active, shown in the app and registered, kept by the customer triggers (0009): the master stores report''s counts.';--> statement-breakpoint
COMMENT ON TABLE "point_report_docs" IS 'One row per points report group (an invoice document of a store, or a ledger row without a document) and entry date, kept by the ledger''s statement triggers (0007): the points report''s rows.';--> statement-breakpoint
COMMENT ON TABLE "point_report_running" IS 'Running point totals per store up to the end of each month, kept by the ledger''s statement triggers (0011): the store points report over any range in two lookups per store.';
