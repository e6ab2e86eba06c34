import { z } from "zod";
import { CONTENT_LIMITS } from "../constants.ts";
import { oneLineString } from "../validation/fields.ts";
import { bonusCardSchema } from "./bonus-card.ts";
import { cardConditionsSchema } from "./conditions.ts";

/** One primary category and up to two more (spec section 5). */
export const categoriesSchema = z
  .object({
    primary: z.number({ error: "categories.primary" }).int({ error: "categories.primary" }).positive({
      error: "categories.primary",
    }),
    secondary: z
      .array(z.number({ error: "categories.invalid" }).int().positive(), { error: "categories.invalid" })
      .max(CONTENT_LIMITS.maxCategories - 1, { error: "categories.max" })
      .default([]),
  })
  .refine((c) => new Set([c.primary, ...c.secondary]).size === 1 + c.secondary.length, {
    error: "categories.duplicate",
    path: ["secondary"],
  });
export type Categories = z.output<typeof categoriesSchema>;

/** The name the app shows customers; the legal company name stays on invoices. */
export const publicNameSchema = oneLineString("publicName.min")
  .min(2, { error: "publicName.min" })
  .max(50, { error: "publicName.max" });

const card = bonusCardSchema.shape;

/**
 * POST /dashboard/partner/{id}: any of the partner-level fields (spec section 3). The set-up
 * wizard saves them one step at a time; the card page sends the whole card.
 */
export const partnerUpdateSchema = z
  .object({
    description: card.description.optional(),
    points: card.points.optional(),
    /** Sent whole: the card page replaces all conditions at once. */
    conditions: cardConditionsSchema.optional(),
    public_name: publicNameSchema.optional(),
    categories: categoriesSchema.optional(),
    /** Masters only: one invoice for all their franchise locations (spec: cumulative_billing). */
    cumulative_billing: z.boolean({ error: "input.invalid" }).optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: "input.invalid" });
export type PartnerUpdateInput = z.input<typeof partnerUpdateSchema>;
export type PartnerUpdate = z.output<typeof partnerUpdateSchema>;

export const LOGO_SIZES = { small: 128, medium: 512, large: 1024 } as const;
export type LogoSize = keyof typeof LOGO_SIZES;
/** Smallest accepted logo edge in pixels (spec section 5: 256x256 at 200 dpi). */
export const LOGO_MIN_PIXELS = 256;
export const LOGO_MAX_BYTES = 10 * 1024 * 1024;

export const logoViewSchema = z.object({
  small: z.string(),
  medium: z.string(),
  large: z.string(),
});
export type LogoView = z.infer<typeof logoViewSchema>;
