import type { BonusCardInput, CardConditions, ConditionScope, Weekday } from "@stempla/domain";
import type { PartnerView } from "../api/card-calls.ts";

/** The card form's values; the conditions flat, as the partner edits them. */
export interface CardValues {
  description: string;
  points: number | string;
  excluded_products: string[];
  /** Off: no time limits; the windows stay in the form until saved, so switching back keeps them. */
  limit_times: boolean;
  applies_to: ConditionScope;
  windows: { days: Weekday[]; from: string; to: string }[];
  /** Euros as the partner types them ("10,00"); the API takes integer cents. */
  minimum_spend: number | string;
  note: string;
}

const FIRST_WINDOW = { days: ["mon", "tue", "wed", "thu", "fri"] as Weekday[], from: "08:00", to: "12:00" };

export const fromPartner = (p: PartnerView): CardValues => {
  const c = p.conditions;
  return {
    description: p.description ?? "",
    points: p.points ?? 10,
    excluded_products: c.excluded_products,
    limit_times: c.time_limits !== null,
    applies_to: c.time_limits?.applies_to ?? "both",
    windows: c.time_limits?.windows.map((w) => ({ ...w, days: [...w.days] })) ?? [{ ...FIRST_WINDOW }],
    minimum_spend: c.minimum_spend_cents === null ? "" : c.minimum_spend_cents / 100,
    note: c.note ?? "",
  };
};

export const toConditions = (v: CardValues) => ({
  excluded_products: v.excluded_products,
  time_limits: v.limit_times ? { applies_to: v.applies_to, windows: v.windows } : null,
  minimum_spend_cents: v.minimum_spend === "" ? null : Math.round(Number(v.minimum_spend) * 100),
  note: v.note,
});

export const toInput = (v: CardValues): BonusCardInput => ({
  description: v.description,
  // An empty field becomes 0, which the schema refuses with its "choose 2 to 20" message.
  points: Number(v.points),
  conditions: toConditions(v),
});

/**
 * The conditions the preview can already word: windows with days and a valid range only, so a
 * half-typed window does not show as "Nur  –".
 */
export const previewConditions = (v: CardValues): CardConditions => {
  const windows = v.windows.filter((w) => w.days.length > 0 && w.from && w.to && w.from < w.to);
  const spend = v.minimum_spend === "" ? 0 : Math.round(Number(v.minimum_spend) * 100);
  return {
    excluded_products: v.excluded_products,
    time_limits: v.limit_times && windows.length > 0 ? { applies_to: v.applies_to, windows } : null,
    minimum_spend_cents: spend > 0 ? spend : null,
    note: v.note.trim() || null,
  };
};

/**
 * Errors of the payload's fields belong to the form's fields: "conditions.time_limits.windows.0.to"
 * -> "windows.0.to", "conditions.minimum_spend_cents" -> "minimum_spend", a single product group's
 * error to the tags input.
 */
export const onFormFields = (errors: Record<string, string>) => {
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const name = field
      .replace(/^conditions\.time_limits\./, "")
      .replace(/^conditions\.minimum_spend_cents$/, "minimum_spend")
      .replace(/^conditions\.excluded_products(\.\d+)?$/, "excluded_products")
      .replace(/^conditions\./, "");
    result[name] ??= message;
  }
  return result;
};
