import { z } from "zod";
import { ACCOUNT_STATUSES } from "../account/auth.ts";
import { companyViewSchema } from "../account/company-responses.ts";
import { accountStatusViewSchema } from "../account/status-responses.ts";
import { acceptedTermsSchema, termsObjectionRowSchema } from "../account/terms-responses.ts";
import { bonusCardViewSchema } from "../card/bonus-card.ts";

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
