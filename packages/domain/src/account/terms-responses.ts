import { z } from "zod";
import { TERMS_ACCEPTANCE_METHODS } from "./terms.ts";

// The partner terms' answers (docs/product.md, "Terms and records"). Days YYYY-MM-DD in
// Europe/Berlin, instants ISO 8601.

export const termsDaySchema = z.string().describe("YYYY-MM-DD, Europe/Berlin");

/** The version the partner accepted last, and how; null before any. */
export const acceptedTermsSchema = z
  .object({
    version: z.string(),
    valid_from: termsDaySchema,
    accepted_at: z.string(),
    method: z.enum(TERMS_ACCEPTANCE_METHODS),
  })
  .nullable();
export type AcceptedTerms = z.infer<typeof acceptedTermsSchema>;

/** An objection to a terms change as the provider team lists it. */
export const termsObjectionRowSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  company_status: z.string(),
  version: z.string(),
  valid_from: termsDaySchema,
  reason: z.string().nullable(),
  objected_at: z.string(),
  objected_by: z.string().nullable(),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
  handled_note: z.string().nullable(),
});
export type TermsObjectionRow = z.infer<typeof termsObjectionRowSchema>;
