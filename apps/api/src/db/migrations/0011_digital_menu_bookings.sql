CREATE TABLE "digital_menu_bookings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"booked_by_user_id" bigint,
	"ended_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "digital_menu_bookings" ADD CONSTRAINT "digital_menu_bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_menu_bookings" ADD CONSTRAINT "digital_menu_bookings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_menu_bookings" ADD CONSTRAINT "digital_menu_bookings_booked_by_user_id_users_id_fk" FOREIGN KEY ("booked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_menu_bookings" ADD CONSTRAINT "digital_menu_bookings_ended_by_user_id_users_id_fk" FOREIGN KEY ("ended_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "digital_menu_bookings_open_unique" ON "digital_menu_bookings" USING btree ("location_id") WHERE ends_on is null;--> statement-breakpoint
CREATE INDEX "digital_menu_bookings_company_idx" ON "digital_menu_bookings" USING btree ("company_id","starts_on");