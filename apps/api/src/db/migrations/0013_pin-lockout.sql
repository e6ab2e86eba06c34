CREATE TABLE "pin_guards" (
	"location_id" bigint PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fraud_events" ALTER COLUMN "app_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pin_guards" ADD CONSTRAINT "pin_guards_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;