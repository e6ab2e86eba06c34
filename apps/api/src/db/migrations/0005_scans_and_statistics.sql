CREATE TABLE "app_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "app_user_identities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"surname" text,
	"phone" text,
	"date_of_birth" date,
	"wallet_address" text,
	"locale" text DEFAULT 'de' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_users_wallet_address_unique" UNIQUE("wallet_address")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"app_user_id" bigint NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	"redeems" integer DEFAULT 0 NOT NULL,
	"share_contact" boolean DEFAULT false NOT NULL,
	"share_changed_at" timestamp with time zone,
	"first_scan_at" timestamp with time zone NOT NULL,
	"last_scan_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fraud_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	"app_user_id" bigint NOT NULL,
	"rule" text NOT NULL,
	"day" date NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	"app_user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"balance" integer NOT NULL,
	"method" text NOT NULL,
	"with_pin" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_customer_seen" (
	"company_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	"app_user_id" bigint NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "stats_customer_seen_company_id_location_id_app_user_id_month_pk" PRIMARY KEY("company_id","location_id","app_user_id","month")
);
--> statement-breakpoint
CREATE TABLE "stats_days" (
	"company_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	"day" date NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	"redeems" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_days_company_id_location_id_day_pk" PRIMARY KEY("company_id","location_id","day")
);
--> statement-breakpoint
CREATE TABLE "stats_hours" (
	"company_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_hours_company_id_location_id_hour_pk" PRIMARY KEY("company_id","location_id","hour")
);
--> statement-breakpoint
CREATE TABLE "stats_months" (
	"company_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	"month" date NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	"redeems" integer DEFAULT 0 NOT NULL,
	"points_collected" integer DEFAULT 0 NOT NULL,
	"points_redeemed" integer DEFAULT 0 NOT NULL,
	"nfc_collects" integer DEFAULT 0 NOT NULL,
	"pin_collects" integer DEFAULT 0 NOT NULL,
	"returning_collects" integer DEFAULT 0 NOT NULL,
	"active_customers" integer DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_months_company_id_location_id_month_pk" PRIMARY KEY("company_id","location_id","month")
);
--> statement-breakpoint
CREATE TABLE "stats_points" (
	"company_id" bigint NOT NULL,
	"points" integer NOT NULL,
	"cards" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_points_company_id_points_pk" PRIMARY KEY("company_id","points")
);
--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "average_receipt_cents" integer;--> statement-breakpoint
ALTER TABLE "app_sessions" ADD CONSTRAINT "app_sessions_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_identities" ADD CONSTRAINT "app_user_identities_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_tokens" ADD CONSTRAINT "export_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_events" ADD CONSTRAINT "fraud_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_events" ADD CONSTRAINT "fraud_events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_events" ADD CONSTRAINT "fraud_events_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_sessions_user_idx" ON "app_sessions" USING btree ("app_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_identities_subject_unique" ON "app_user_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "app_users_email_unique" ON "app_users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "cards_company_user_unique" ON "cards" USING btree ("company_id","app_user_id");--> statement-breakpoint
CREATE INDEX "cards_company_last_scan_idx" ON "cards" USING btree ("company_id","last_scan_at");--> statement-breakpoint
CREATE INDEX "cards_company_collects_idx" ON "cards" USING btree ("company_id","collects");--> statement-breakpoint
CREATE UNIQUE INDEX "fraud_events_unique" ON "fraud_events" USING btree ("company_id","location_id","app_user_id","rule","day");--> statement-breakpoint
CREATE INDEX "fraud_events_company_day_idx" ON "fraud_events" USING btree ("company_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "scans_idempotency_unique" ON "scans" USING btree ("app_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "scans_user_location_time_idx" ON "scans" USING btree ("app_user_id","location_id","created_at");--> statement-breakpoint
CREATE INDEX "scans_company_time_idx" ON "scans" USING btree ("company_id","created_at");