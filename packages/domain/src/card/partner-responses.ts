import { z } from "zod";
import { ACCOUNT_STATUSES } from "../account/auth.ts";
import { dataOf } from "../api/envelope.ts";
import { bonusCardViewSchema, partnerSocialViewSchema } from "./bonus-card.ts";
import { logoViewSchema } from "./partner-profile.ts";

// Response shapes of the partner-level endpoints (spec section 7: /dashboard/partner,
// /dashboard/partner/logo, /dashboard/partnerSocials).

/** The signed-in partner with its bonus card, categories and logo. */
export const partnerProfileViewSchema = bonusCardViewSchema.extend({
  id: z.number(),
  company_name: z.string(),
  public_name: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  categories: z.object({ primary: z.number().nullable(), secondary: z.array(z.number()) }),
  logo: logoViewSchema.nullable(),
  cumulative_billing: z.boolean(),
});
export type PartnerProfileView = z.infer<typeof partnerProfileViewSchema>;

/** GET /dashboard/partner: a list with the one signed-in partner. */
export const partnerListResponseSchema = dataOf(z.array(partnerProfileViewSchema));
export const partnerResponseSchema = dataOf(partnerProfileViewSchema);

export const partnerSocialResponseSchema = dataOf(partnerSocialViewSchema);
/** DELETE /dashboard/partnerSocials/{id}. */
export const partnerSocialRemovedSchema = dataOf(z.object({ ok: z.literal(true) }));

/** GET /logos/{hash}/{size}: a logo rendition by its content hash. */
export const logoParamsSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.enum(["small.png", "medium.png", "large.png"]),
});
