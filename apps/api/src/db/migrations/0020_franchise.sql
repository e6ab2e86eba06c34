CREATE TABLE "collective_invoicing_periods" (
	"master_company_id" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"enabled" boolean NOT NULL,
	"chosen_by_user_id" bigint,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collective_invoicing_periods_master_company_id_effective_from_pk" PRIMARY KEY("master_company_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "franchise_invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"master_company_id" bigint NOT NULL,
	"franchisee_company_id" bigint,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_surname" text NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"state" text DEFAULT 'checking' NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"refusal_reason" text,
	"reviewed_by_user_id" bigint,
	"reviewed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "franchise_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "franchise_termination_windows" (
	"franchisee_company_id" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "franchise_termination_windows_franchisee_company_id_effective_from_pk" PRIMARY KEY("franchisee_company_id","effective_from")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "franchise_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terminations" ADD COLUMN "kind" text DEFAULT 'ordinary' NOT NULL;--> statement-breakpoint
ALTER TABLE "collective_invoicing_periods" ADD CONSTRAINT "collective_invoicing_periods_master_company_id_companies_id_fk" FOREIGN KEY ("master_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collective_invoicing_periods" ADD CONSTRAINT "collective_invoicing_periods_chosen_by_user_id_users_id_fk" FOREIGN KEY ("chosen_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_invitations" ADD CONSTRAINT "franchise_invitations_master_company_id_companies_id_fk" FOREIGN KEY ("master_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_invitations" ADD CONSTRAINT "franchise_invitations_franchisee_company_id_companies_id_fk" FOREIGN KEY ("franchisee_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_invitations" ADD CONSTRAINT "franchise_invitations_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_invitations" ADD CONSTRAINT "franchise_invitations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_termination_windows" ADD CONSTRAINT "franchise_termination_windows_franchisee_company_id_companies_id_fk" FOREIGN KEY ("franchisee_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "franchise_invitations_open_email_unique" ON "franchise_invitations" USING btree (lower("email")) WHERE "franchise_invitations"."state" in ('checking', 'sent');--> statement-breakpoint
CREATE INDEX "franchise_invitations_master_idx" ON "franchise_invitations" USING btree ("master_company_id","created_at");--> statement-breakpoint
CREATE INDEX "franchise_invitations_state_idx" ON "franchise_invitations" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_master_id_companies_id_fk" FOREIGN KEY ("master_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_master_type_check" CHECK (("companies"."type" = 'slave') = ("companies"."master_id" is not null));--> statement-breakpoint
-- Masters that chose cumulative billing keep it, now as a period in force since always
-- (docs/decisions/008-franchise-model.md, section 1). The column stays until stream C's switch
-- reads the periods (section 5).
INSERT INTO "collective_invoicing_periods" ("master_company_id", "effective_from", "enabled")
SELECT "company_id", DATE '2000-01-01', true FROM "partner_profiles" WHERE "cumulative_billing" = true;
