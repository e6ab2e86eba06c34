-- Phone numbers become one E.164 number (docs/decisions/007-phone-numbers-e164.md). Forms showed a
-- fixed "+49" before the field, so the stored values read "+49 +49 221 …" or "+49 0221 …".
-- SQL has no phone-number library; phone_e164() handles the German ways of writing a number that
-- the forms let through: separators, a repeated or written-out country code ("+49", "0049"), the
-- trunk zero ("0221", "+49 (0)221") and numbers of other countries typed with "+" or "00".
-- A value that does not come out as "+" and 7 to 15 digits is LEFT UNCHANGED (the screens show it
-- as stored, and the partner's next save asks for a valid number). Its tests are in
-- db/phone-numbers-migration.test.ts.
CREATE FUNCTION pg_temp.phone_e164(typed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN n ~ '^\+[1-9][0-9]{6,14}$' THEN n END
	FROM (SELECT
		regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
			regexp_replace(typed, '[[:space:]()/.–-]', '', 'g'),
			'^((\+|00)49)+', '+49'),
			'^\+49(\+|00)', '+'),
			'^00', '+'),
			'^0', '+49'),
			'^\+490', '+49'),
			'^([1-9])', '+49\1') AS n
	) AS cleaned
$$;--> statement-breakpoint
UPDATE "billing_addresses"
SET "phone_number" = coalesce(pg_temp.phone_e164("phone_preselection" || ' ' || "phone_number"), "phone_number");--> statement-breakpoint
UPDATE "locations" SET "phone_number" = CASE
	WHEN trim("phone_number") = '' THEN NULL
	ELSE coalesce(pg_temp.phone_e164("phone_preselection" || ' ' || "phone_number"), "phone_number")
END
WHERE "phone_number" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "phone" = coalesce(pg_temp.phone_e164("phone"), "phone") WHERE "phone" IS NOT NULL;--> statement-breakpoint
UPDATE "app_users" SET "phone" = coalesce(pg_temp.phone_e164("phone"), "phone") WHERE "phone" IS NOT NULL;--> statement-breakpoint
UPDATE "contact_messages" SET "phone" = coalesce(pg_temp.phone_e164("phone"), "phone") WHERE "phone" IS NOT NULL;--> statement-breakpoint
DROP FUNCTION pg_temp.phone_e164(text);--> statement-breakpoint
ALTER TABLE "billing_addresses" DROP COLUMN "phone_preselection";--> statement-breakpoint
ALTER TABLE "locations" DROP COLUMN "phone_preselection";
