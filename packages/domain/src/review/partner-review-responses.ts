import { z } from "zod";
import { ACCOUNT_STATUSES, COMPANY_TYPES } from "../account/auth.ts";
import { companyViewSchema } from "../account/company-responses.ts";
import { accountStatusViewSchema } from "../account/status-responses.ts";
import { acceptedTermsSchema, termsObjectionRowSchema } from "../account/terms-responses.ts";
import { pageOf, pageQueryOf } from "../api/envelope.ts";
import { bonusCardViewSchema } from "../card/bonus-card.ts";
import { multiLineString } from "../validation/fields.ts";

// What the provider team sees of one account in its review (docs/product.md, "Review"): all its
// data, the changes since the last approval and every status action.

export const partnerReviewSchema = z.object({
  company: companyViewSchema,
  status: accountStatusViewSchema,
  card: bonusCardViewSchema,
  categories: z.array(z.object({ id: z.number(), name: z.string(), primary: z.boolean() })),
  locations: z.array(
    z.object({
      id: z.number(),
      /** YYYY-MM-DD the current digital-menu booking started; null when not booked. */
      digital_menu_since: z.string().nullable(),
      name: z.string(),
      address: z.string(),
      phone: z.string().nullable(),
      working_hours: z.record(z.string(), z.array(z.object({ from: z.string(), to: z.string() }))),
      is_closed: z.boolean(),
    }),
  ),
  last_approval: z
    .object({
      approved_at: z.string(),
      /** Field by field since that approval; null before: added, after: removed. */
      changes: z.array(
        z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
      ),
    })
    .nullable(),
  events: z.array(
    z.object({
      id: z.number(),
      from_status: z.enum(ACCOUNT_STATUSES),
      to_status: z.enum(ACCOUNT_STATUSES),
      event: z.string(),
      reason: z.string().nullable(),
      actor_email: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  terms: z.object({ accepted: acceptedTermsSchema, objections: z.array(termsObjectionRowSchema) }),
});
export type PartnerReview = z.infer<typeof partnerReviewSchema>;

/** GET /api/admin/reviews: the queue's page. */
export const reviewQueueQuerySchema = pageQueryOf(20);

/** An account waiting for review: a new set-up (yellow) or changed data (orange). */
export const reviewQueueRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  status: z.enum(ACCOUNT_STATUSES),
  email: z.string().nullable(),
  /** When the account entered its colour, i.e. since when it waits. */
  since: z.string(),
});
export type ReviewQueueRow = z.infer<typeof reviewQueueRowSchema>;

export const reviewQueuePageSchema = pageOf(reviewQueueRowSchema);
export type ReviewQueuePage = z.infer<typeof reviewQueuePageSchema>;

/** POST /api/admin/partners/{id}/block: the reason is mailed to the partner. */
export const blockPartnerSchema = z.object({
  reason: multiLineString("block.reason").min(5, { error: "block.reason" }).max(1000, {
    error: "text.max",
  }),
});
