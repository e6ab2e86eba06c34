-- Gray means "email confirmed, set-up incomplete" (docs/product.md, "Account status"): a
-- registration whose address nobody has confirmed yet is black until its first confirmation.
UPDATE "companies" c SET "status" = 'black'
WHERE c."status" = 'gray'
  AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."company_id" = c."id" AND u."email_verified_at" IS NOT NULL);
