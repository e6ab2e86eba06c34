DROP INDEX "invoices_company_period_unique";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "correction_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "created_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_period_unique" ON "invoices" USING btree ("company_id","period_start") WHERE kind = 'invoice' and status <> 'cancelled';