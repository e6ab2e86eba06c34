CREATE TABLE "customer_numbers" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
-- Customer numbers ("Kunde 4711", docs/product.md "Statistics"): added empty, filled, then required.
ALTER TABLE "cards" ADD COLUMN "customer_number" integer;--> statement-breakpoint
ALTER TABLE "customer_numbers" ADD CONSTRAINT "customer_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_company_number_unique" ON "cards" USING btree ("company_id","customer_number");--> statement-breakpoint
-- Existing cards get their numbers in the order the customers came (first scan, then card id),
-- and each partner's counter continues after the highest.
UPDATE "cards" AS k SET "customer_number" = n.number
FROM (
	SELECT "id", row_number() OVER (PARTITION BY "company_id" ORDER BY "first_scan_at", "id") AS number FROM "cards"
) AS n
WHERE n."id" = k."id";--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "customer_number" SET NOT NULL;--> statement-breakpoint
INSERT INTO "customer_numbers" ("company_id", "last")
SELECT "company_id", max("customer_number") FROM "cards" GROUP BY "company_id";--> statement-breakpoint
-- Returning collections follow the one definition (isReturningCustomer, docs/product.md
-- "Statistics"): collections in a month by customers first seen in the scope in an earlier month.
-- Before, every collection after a customer's first one at the partner counted.
UPDATE "stats_months" SET "returning_collects" = 0;--> statement-breakpoint
WITH firsts AS (
	SELECT "company_id", "location_id", "app_user_id", min("month") AS first
	FROM "stats_customer_seen" WHERE "month" > DATE '0001-01-01'
	GROUP BY 1, 2, 3
), counted AS (
	SELECT s."company_id", x.scope, date_trunc('month', s."created_at" AT TIME ZONE 'Europe/Berlin')::date AS month,
		count(*)::int AS n
	FROM "scans" s
	CROSS JOIN LATERAL (VALUES (s."location_id"), (0::bigint)) AS x(scope)
	JOIN firsts f ON f."company_id" = s."company_id" AND f."location_id" = x.scope AND f."app_user_id" = s."app_user_id"
	WHERE s."kind" = 'collect' AND f.first < date_trunc('month', s."created_at" AT TIME ZONE 'Europe/Berlin')::date
	GROUP BY 1, 2, 3
)
UPDATE "stats_months" AS m SET "returning_collects" = c.n
FROM counted c
WHERE c."company_id" = m."company_id" AND c.scope = m."location_id" AND c.month = m."month";--> statement-breakpoint
-- The FAQ entry that explains the figure says the same, where the team has not edited it.
UPDATE "faq_entries" SET "answer_de" = 'Der geschätzte Mehrumsatz zeigt, welchen Umsatz Ihnen wiederkehrende Kunden in einem Monat ungefähr bringen. Wir rechnen: Scans wiederkehrender Kunden im Monat × Ihr durchschnittlicher Bonwert. Wiederkehrend ist ein Kunde, der schon in einem früheren Monat bei Ihnen gescannt hat (bei einem gewählten Standort: an diesem Standort). Wer in diesem Monat zum ersten Mal kommt, ist neu. Die Scans neuer Kunden zählen in ihrem ersten Monat nicht mit; dieselbe Einteilung zeigt die Statistik bei „Neue und wiederkehrende Kunden“.
Beispiel: {example_returning_scans} Scans wiederkehrender Kunden × {default_average_receipt} = {example_extra_revenue}.
Den durchschnittlichen Bonwert legen Sie im Dashboard direkt neben der Zahl fest („Bonwert ändern“). Solange Sie keinen eigenen Wert hinterlegt haben, rechnen wir mit {default_average_receipt} und kennzeichnen die Zahl als Annahme.
Bitte beachten Sie: Es handelt sich um einen Schätzwert, nicht um gebuchten Umsatz aus Ihrer Kasse oder Buchhaltung.', "answer_en" = 'The estimated extra revenue shows roughly what returning customers bring you in a month. We calculate: scans by returning customers in the month × your average receipt. A customer is returning when they already scanned with you in an earlier month (with a location selected: at that location). Anyone coming for the first time this month is new. New customers'' scans do not count in their first month; the statistics split "New and returning customers" the same way.
Example: {example_returning_scans} scans by returning customers × {default_average_receipt} = {example_extra_revenue}.
You set your average receipt on the dashboard, right next to the figure ("Change average receipt"). Until you enter your own value we assume {default_average_receipt} and mark the figure as an assumption.
Please bear in mind that this is an estimate, not booked revenue from your till or your accounts.', "updated_at" = now()
WHERE "slug" = 'estimated-extra-revenue' AND "answer_de" = 'Der geschätzte Mehrumsatz zeigt, welchen Umsatz Ihnen wiederkehrende Kunden in einem Monat ungefähr bringen. Wir rechnen: Scans wiederkehrender Kunden im Monat × Ihr durchschnittlicher Bonwert. Wiederkehrend ist ein Kunde, der bei Ihnen schon einmal gesammelt hat; der erste Scan eines neuen Kunden zählt nicht mit.
Beispiel: {example_returning_scans} Scans wiederkehrender Kunden × {default_average_receipt} = {example_extra_revenue}.
Den durchschnittlichen Bonwert legen Sie im Dashboard direkt neben der Zahl fest („Bonwert ändern“). Solange Sie keinen eigenen Wert hinterlegt haben, rechnen wir mit {default_average_receipt} und kennzeichnen die Zahl als Annahme.
Bitte beachten Sie: Es handelt sich um einen Schätzwert, nicht um gebuchten Umsatz aus Ihrer Kasse oder Buchhaltung.' AND "answer_en" = 'The estimated extra revenue shows roughly what returning customers bring you in a month. We calculate: scans by returning customers in the month × your average receipt. A customer counts as returning once they have collected with you before; a new customer''s first scan does not count.
Example: {example_returning_scans} scans by returning customers × {default_average_receipt} = {example_extra_revenue}.
You set your average receipt on the dashboard, right next to the figure ("Change average receipt"). Until you enter your own value we assume {default_average_receipt} and mark the figure as an assumption.
Please bear in mind that this is an estimate, not booked revenue from your till or your accounts.';
