import { z } from "zod";
import { CONTRACT } from "../constants.ts";
import { addDays } from "../stats/statistics.ts";
import { daySchema, multiLineString, oneLineString } from "../validation/fields.ts";

// Partner terms as versioned data (spec sections 4 and 9, docs/product.md "Terms and records"):
// a change is announced with a summary and takes effect after the objection period unless the
// partner objects.

/** The earliest effective day of a change announced on `today` (both YYYY-MM-DD, German time). */
export function earliestTermsEffectiveDay(today: string): string {
  return addDays(today, CONTRACT.termsChangeObjectionWeeks * 7);
}

const summary = multiLineString("terms.summary")
  .min(10, { error: "terms.summary" })
  .max(4000, { error: "text.max" });

/** The team announces a new version of the partner terms. */
export const termsAnnouncementSchema = z.object({
  version: oneLineString("terms.version")
    .min(1, { error: "terms.version" })
    .max(30, { error: "terms.version" }),
  valid_from: daySchema,
  summary_de: summary,
  summary_en: summary,
});
export type TermsAnnouncement = z.infer<typeof termsAnnouncementSchema>;

/** The longest reason a partner may give for an objection. */
export const TERMS_OBJECTION_REASON_MAX = 2000;

/** A partner objects to an announced change; the reason is optional. */
export const termsObjectionSchema = z.object({
  reason: multiLineString()
    .max(TERMS_OBJECTION_REASON_MAX, { error: "text.max" })
    .optional()
    .transform((value) => (value === "" ? undefined : value)),
});
export type TermsObjectionInput = z.infer<typeof termsObjectionSchema>;

/** The team notes how an objection was handled. */
export const TERMS_OBJECTION_NOTE_MAX = 2000;
export const termsObjectionHandledSchema = z.object({
  note: multiLineString("terms.note")
    .min(3, { error: "terms.note" })
    .max(TERMS_OBJECTION_NOTE_MAX, { error: "text.max" }),
});

/** How a partner came to accept a version: the registration's checkbox, or silence through the objection period. */
export const TERMS_ACCEPTANCE_METHODS = ["registration", "silence"] as const;
export type TermsAcceptanceMethod = (typeof TERMS_ACCEPTANCE_METHODS)[number];
