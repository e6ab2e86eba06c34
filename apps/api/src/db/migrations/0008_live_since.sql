ALTER TABLE "companies" ADD COLUMN "live_since" timestamp with time zone;
--> statement-breakpoint
UPDATE "companies" SET "live_since" = coalesce((SELECT min(r."approved_at") FROM "review_approvals" r WHERE r."company_id" = "companies"."id"), "approved_at") WHERE "approved_at" IS NOT NULL;
