ALTER TABLE "hardware_orders" ADD COLUMN "kind" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "hardware_orders" ADD COLUMN "location_id" bigint;--> statement-breakpoint
ALTER TABLE "hardware_orders" ADD COLUMN "ship_to" jsonb;--> statement-breakpoint
ALTER TABLE "hardware_orders" ADD CONSTRAINT "hardware_orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hardware_orders_starter_kit_unique" ON "hardware_orders" USING btree ("location_id","item") WHERE kind = 'starter_kit';