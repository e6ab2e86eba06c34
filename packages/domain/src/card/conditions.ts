import { z } from "zod";
import { berlinWeekdayAndMinute } from "../calendar/berlin.ts";
import { CARD_CONDITIONS } from "../constants.ts";
import { timeOfDaySchema, WEEKDAYS } from "../locations/location.ts";
import { oneLineString } from "../validation/fields.ts";

// The bonus card's conditions (spec section 3: "Partners can exclude product groups, set time
// limits and a minimum spend"; docs/product.md, "Bonus card conditions").

/** What a time limit restricts: collecting stamps, redeeming the full card, or both. */
export const CONDITION_SCOPES = ["collect", "redeem", "both"] as const;
export type ConditionScope = (typeof CONDITION_SCOPES)[number];

const productGroup = oneLineString("card.excluded.length")
  .min(1, { error: "card.excluded.length" })
  .max(CARD_CONDITIONS.excludedProductMaxChars, { error: "card.excluded.length" });

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Days in the week's order, each once: the partner may tick them in any order. */
const daysSchema = z
  .array(z.enum(WEEKDAYS, { error: "card.timeLimits.days" }), { error: "card.timeLimits.days" })
  .min(1, { error: "card.timeLimits.days" })
  .transform((days) => WEEKDAYS.filter((day) => days.includes(day)));

/** Some weekdays with one time range on each of them (Mo–Fr 08:00–12:00). */
export const timeWindowSchema = z
  .object({ days: daysSchema, from: timeOfDaySchema, to: timeOfDaySchema })
  .refine((w) => minutes(w.from) < minutes(w.to), { path: ["to"], message: "card.timeLimits.order" });
export type TimeWindow = z.output<typeof timeWindowSchema>;

/** The windows in which the scope is allowed; outside all of them the app refuses it. */
export const timeLimitsSchema = z.object({
  applies_to: z.enum(CONDITION_SCOPES, { error: "card.timeLimits.appliesTo" }),
  windows: z
    .array(timeWindowSchema, { error: "card.timeLimits.windows" })
    .min(1, { error: "card.timeLimits.windows" })
    .max(CARD_CONDITIONS.maxTimeWindows, { error: "card.timeLimits.tooMany" }),
});
export type TimeLimits = z.output<typeof timeLimitsSchema>;

export const minimumSpendSchema = z
  .number({ error: "card.minimumSpend" })
  .int({ error: "card.minimumSpend" })
  .min(0, { error: "card.minimumSpend" })
  .max(CARD_CONDITIONS.maxMinimumSpendCents, { error: "card.minimumSpend" });

export const cardConditionsSchema = z.object({
  /** Short labels of product groups that earn no stamp ("Tabakwaren"). */
  excluded_products: z
    .array(productGroup, { error: "card.excluded.length" })
    .max(CARD_CONDITIONS.maxExcludedProducts, { error: "card.excluded.max" })
    .default([])
    .superRefine((groups, ctx) => {
      const seen = new Set<string>();
      groups.forEach((group, i) => {
        const key = group.toLocaleLowerCase("de");
        if (seen.has(key)) ctx.addIssue({ code: "custom", path: [i], message: "card.excluded.duplicate" });
        seen.add(key);
      });
    }),
  time_limits: timeLimitsSchema.nullable().default(null),
  /** Per stamp (per visit that earns one), in cents; 0 or null: every purchase counts. */
  minimum_spend_cents: minimumSpendSchema
    .nullable()
    .default(null)
    .transform((cents) => (cents === 0 ? null : cents)),
  /** Anything the structured fields do not say, in the partner's words. */
  note: oneLineString()
    .max(CARD_CONDITIONS.noteMaxChars, { error: "text.max" })
    .nullable()
    .default(null)
    .transform((text) => text || null),
});
export type CardConditionsInput = z.input<typeof cardConditionsSchema>;
export type CardConditions = z.output<typeof cardConditionsSchema>;

export const NO_CONDITIONS: CardConditions = {
  excluded_products: [],
  time_limits: null,
  minimum_spend_cents: null,
  note: null,
};

/** As the API answers them (the app, the partner's card page, the published snapshot). */
export const cardConditionsViewSchema = z.object({
  excluded_products: z.array(z.string()),
  time_limits: z
    .object({
      applies_to: z.enum(CONDITION_SCOPES),
      windows: z.array(z.object({ days: z.array(z.enum(WEEKDAYS)), from: z.string(), to: z.string() })),
    })
    .nullable(),
  minimum_spend_cents: z.number().nullable(),
  note: z.string().nullable(),
});

/**
 * Whether the time limits allow collecting or redeeming at `at`: always when there are none or
 * they restrict only the other action; otherwise only inside one of the windows (from included,
 * to excluded).
 */
export function timeLimitsAllow(limits: TimeLimits | null, action: "collect" | "redeem", at: Date): boolean {
  if (!limits || (limits.applies_to !== "both" && limits.applies_to !== action)) return true;
  const { day, minute } = berlinWeekdayAndMinute(at);
  return limits.windows.some(
    (w) => w.days.includes(day) && minutes(w.from) <= minute && minute < minutes(w.to),
  );
}
