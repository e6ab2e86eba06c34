-- Bonus-card conditions become structured (docs/product.md, "Bonus card conditions"). Free text
-- that reads as a short list of product groups ("Tabakwaren, Zeitschriften": at most 10 names of at
-- most 3 words and 40 characters, split at commas and semicolons) becomes the list;
-- any other excluded-products text and every free-text time limit are kept word for word in the
-- new note, so nothing a partner wrote is lost.
ALTER TABLE "partner_profiles" ADD COLUMN "conditions_note" text;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "excluded_product_groups" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
WITH pieces AS (
	SELECT p.company_id, trim(t.piece) AS piece, t.n
	FROM "partner_profiles" p, regexp_split_to_table(p.excluded_products, '[,;]') WITH ORDINALITY AS t(piece, n)
	WHERE p.excluded_products IS NOT NULL AND trim(t.piece) <> ''
), listable AS (
	SELECT company_id FROM pieces GROUP BY company_id
	HAVING count(*) <= 10 AND bool_and(length(piece) <= 40 AND cardinality(regexp_split_to_array(piece, '\s+')) <= 3)
), firsts AS (
	SELECT DISTINCT ON (company_id, lower(piece)) company_id, piece, n FROM pieces
	WHERE company_id IN (SELECT company_id FROM listable)
	ORDER BY company_id, lower(piece), n
)
UPDATE "partner_profiles" p SET "excluded_product_groups" = (
	SELECT array_agg(f.piece ORDER BY f.n) FROM firsts f WHERE f.company_id = p.company_id
)
WHERE p.company_id IN (SELECT company_id FROM listable);--> statement-breakpoint
UPDATE "partner_profiles" SET "conditions_note" = nullif(left(concat_ws(' · ',
	CASE WHEN cardinality("excluded_product_groups") = 0 AND trim("excluded_products") <> '' THEN trim("excluded_products") END,
	nullif(trim("time_limits"), '')
), 300), '')
WHERE "excluded_products" IS NOT NULL OR "time_limits" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_profiles" DROP COLUMN "excluded_products";--> statement-breakpoint
ALTER TABLE "partner_profiles" RENAME COLUMN "excluded_product_groups" TO "excluded_products";--> statement-breakpoint
ALTER TABLE "partner_profiles" ALTER COLUMN "time_limits" SET DATA TYPE jsonb USING NULL;
