-- The payment preference lives in collective_invoicing_periods since 0020 (docs/decisions/008-franchise-model.md, section 1); the switch writes only those.
ALTER TABLE "partner_profiles" DROP COLUMN "cumulative_billing";
