CREATE TABLE "account_deletions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"company_name" text NOT NULL,
	"email_sha256" text,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"first_warning_at" timestamp with time zone NOT NULL,
	"second_warning_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inactivity_warnings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"stage" integer NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"deletes_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"terms_version_id" bigint NOT NULL,
	"method" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_objections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"terms_version_id" bigint NOT NULL,
	"objected_by_user_id" bigint,
	"reason" text,
	"objected_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by_user_id" bigint,
	"handled_note" text
);
--> statement-breakpoint
CREATE TABLE "terms_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"valid_from" date NOT NULL,
	"summary_de" text NOT NULL,
	"summary_en" text NOT NULL,
	"announced_at" timestamp with time zone,
	"announced_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_versions_version_unique" UNIQUE("version")
);
--> statement-breakpoint
ALTER TABLE "inactivity_warnings" ADD CONSTRAINT "inactivity_warnings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_terms_version_id_terms_versions_id_fk" FOREIGN KEY ("terms_version_id") REFERENCES "public"."terms_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_objections" ADD CONSTRAINT "terms_objections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_objections" ADD CONSTRAINT "terms_objections_terms_version_id_terms_versions_id_fk" FOREIGN KEY ("terms_version_id") REFERENCES "public"."terms_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_objections" ADD CONSTRAINT "terms_objections_objected_by_user_id_users_id_fk" FOREIGN KEY ("objected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_objections" ADD CONSTRAINT "terms_objections_handled_by_user_id_users_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_versions" ADD CONSTRAINT "terms_versions_announced_by_user_id_users_id_fk" FOREIGN KEY ("announced_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_deleted_idx" ON "account_deletions" USING btree ("deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inactivity_warnings_unique" ON "inactivity_warnings" USING btree ("company_id","last_activity_at","stage");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_acceptances_company_version_unique" ON "terms_acceptances" USING btree ("company_id","terms_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_objections_company_version_unique" ON "terms_objections" USING btree ("company_id","terms_version_id");--> statement-breakpoint
CREATE INDEX "terms_objections_open_idx" ON "terms_objections" USING btree ("handled_at","objected_at");--> statement-breakpoint
-- The partner terms in force since 10.11.2023 (CONTRACT.termsValidSince, termsInitialVersion),
-- accepted by every existing partner with the registration's checkbox.
INSERT INTO "terms_versions" ("version", "valid_from", "summary_de", "summary_en")
VALUES ('2023-11', '2023-11-10', 'Fassung der AGB für Partner, gültig seit 10.11.2023.', 'Version of the partner terms in force since 10 November 2023.')
ON CONFLICT ("version") DO NOTHING;--> statement-breakpoint
INSERT INTO "terms_acceptances" ("company_id", "terms_version_id", "method", "accepted_at")
SELECT c."id", v."id", 'registration', c."created_at"
FROM "companies" c CROSS JOIN "terms_versions" v
WHERE v."version" = '2023-11'
ON CONFLICT DO NOTHING;
