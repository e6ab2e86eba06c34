import { z } from "zod";
import { CARD_POINTS, CONTENT_LIMITS } from "../constants.ts";
import { emailSchema, multiLineString, oneLineString } from "../validation/fields.ts";
import { cardConditionsSchema, cardConditionsViewSchema, NO_CONDITIONS } from "./conditions.ts";

/** Words as a reader counts them: runs of letters or digits, so "Café-Latte" is one word. */
export function countWords(text: string): number {
  return text
    .trim()
    .split(/\s+/u)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The bonus card's offer, size and conditions (spec section 3, bonus card). */
export const bonusCardSchema = z.object({
  description: multiLineString("card.description.required")
    .min(1, { error: "card.description.required" })
    .max(300, { error: "card.description.words" })
    .refine((d) => countWords(d) <= CONTENT_LIMITS.cardDescriptionWords, {
      message: "card.description.words",
    }),
  /** Stamps to a full card; the redeeming visit does not count. */
  points: z
    .number({ error: "card.points" })
    .int({ error: "card.points" })
    .min(CARD_POINTS.min, { error: "card.points" })
    .max(CARD_POINTS.max, { error: "card.points" }),
  conditions: cardConditionsSchema.default(NO_CONDITIONS),
});
export type BonusCardInput = z.input<typeof bonusCardSchema>;
export type BonusCard = z.output<typeof bonusCardSchema>;

export const SOCIAL_TYPES = ["website", "facebook", "instagram", "tiktok", "twitter", "email"] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];

/** Where a social link leads: an email link is stored as the bare address (partnerSocialSchema). */
export const socialHref = (link: { type: SocialType | string; url: string }): string =>
  link.type === "email" ? `mailto:${link.url}` : link.url;

const httpsUrl = oneLineString("social.url")
  .max(500, { error: "social.url" })
  .pipe(z.url({ protocol: /^https?$/, error: "social.url" }));

/** POST /dashboard/partnerSocials and /dashboard/partnerSocials/{id}: a link shown with the card. */
export const partnerSocialSchema = z
  .object({
    type: z.enum(SOCIAL_TYPES, { error: "social.type" }),
    url: oneLineString("social.url"),
  })
  .transform((value, ctx) => {
    const parsed = value.type === "email" ? emailSchema.safeParse(value.url) : httpsUrl.safeParse(value.url);
    if (!parsed.success) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: value.type === "email" ? "email.invalid" : "social.url",
      });
      return z.NEVER;
    }
    return { type: value.type, url: parsed.data };
  });
export type PartnerSocialInput = z.input<typeof partnerSocialSchema>;

export const partnerSocialViewSchema = z.object({
  id: z.number(),
  type: z.enum(SOCIAL_TYPES),
  url: z.string(),
});
export type PartnerSocial = z.infer<typeof partnerSocialViewSchema>;

export const bonusCardViewSchema = z.object({
  description: z.string().nullable(),
  points: z.number().nullable(),
  conditions: cardConditionsViewSchema,
  socials: z.array(partnerSocialViewSchema),
});
export type BonusCardView = z.infer<typeof bonusCardViewSchema>;
