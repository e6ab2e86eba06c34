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

/** The partner's objection to an announced change. */
export const termsObjectionViewSchema = z.object({ objected_at: z.string(), reason: z.string().nullable() });
export type TermsObjectionView = z.infer<typeof termsObjectionViewSchema>;

/** An announced change not yet in effect, in the request's language, with the partner's objection. */
export const termsChangeSchema = z.object({
  id: z.number(),
  version: z.string(),
  valid_from: termsDaySchema,
  summary: z.string(),
  announced_at: z.string(),
  objection: termsObjectionViewSchema.nullable(),
});
export type TermsChange = z.infer<typeof termsChangeSchema>;

/** GET /dashboard/terms: the accepted version and an announced change. */
export const partnerTermsSchema = z.object({
  accepted: acceptedTermsSchema,
  change: termsChangeSchema.nullable(),
});
export type PartnerTerms = z.infer<typeof partnerTermsSchema>;

/** A terms version as the provider team manages it (both languages' summaries). */
export const termsVersionSchema = z.object({
  id: z.number(),
  version: z.string(),
  valid_from: termsDaySchema,
  summary_de: z.string(),
  summary_en: z.string(),
  /** Null for the version the product started with. */
  announced_at: z.string().nullable(),
});
export type TermsVersion = z.infer<typeof termsVersionSchema>;

/** A version in the console's list, with its acceptances and objections counted. */
export const termsVersionRowSchema = termsVersionSchema.extend({
  accepted: z.number(),
  objections: z.number(),
});
export type TermsVersionRow = z.infer<typeof termsVersionRowSchema>;

/** POST /api/admin/terms/versions (201): the announced version and how many partners were mailed. */
export const termsAnnouncedSchema = termsVersionSchema.extend({ mailed: z.number() });
export type TermsAnnounced = z.infer<typeof termsAnnouncedSchema>;

/** GET /api/admin/terms/objections: open=true or false filters; without it, all (open ones first). */
export const termsObjectionsQuerySchema = z.object({ open: z.enum(["true", "false"]).optional() });
