CREATE TABLE "logo_images" (
	"hash" text NOT NULL,
	"size" text NOT NULL,
	"company_id" bigint NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logo_images_hash_size_pk" PRIMARY KEY("hash","size")
);
--> statement-breakpoint
CREATE TABLE "partner_categories" (
	"company_id" bigint NOT NULL,
	"category_id" integer NOT NULL,
	"is_primary" boolean NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "partner_categories_company_id_category_id_pk" PRIMARY KEY("company_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "review_approvals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"snapshot" jsonb NOT NULL,
	"published" jsonb NOT NULL,
	"approved_by_user_id" bigint,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"account_holder" text NOT NULL,
	"iban" text NOT NULL,
	"mandate_text" text NOT NULL,
	"signed_by_user_id" bigint,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "sepa_mandates_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "setup_progress" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"step" text NOT NULL,
	"draft" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"location_id" bigint,
	"account_completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "logo_hash" text;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "cumulative_billing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "logo_images" ADD CONSTRAINT "logo_images_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_categories" ADD CONSTRAINT "partner_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_categories" ADD CONSTRAINT "partner_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_approvals" ADD CONSTRAINT "review_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_approvals" ADD CONSTRAINT "review_approvals_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_progress" ADD CONSTRAINT "setup_progress_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_progress" ADD CONSTRAINT "setup_progress_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logo_images_company_idx" ON "logo_images" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "review_approvals_company_idx" ON "review_approvals" USING btree ("company_id","approved_at");--> statement-breakpoint
CREATE INDEX "sepa_mandates_company_idx" ON "sepa_mandates" USING btree ("company_id","signed_at");