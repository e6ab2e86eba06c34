CREATE TABLE "locations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"building" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"phone_preselection" text NOT NULL,
	"phone_number" text,
	"working_hours" jsonb NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"pin" text NOT NULL,
	"limit_count" integer DEFAULT 2 NOT NULL,
	"limit_hours" integer DEFAULT 24 NOT NULL,
	"scan_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_scan_code_unique" UNIQUE("scan_code")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_company_idx" ON "locations" USING btree ("company_id","id");