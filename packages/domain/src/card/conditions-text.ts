import type { Locale } from "../locales.ts";
import { WEEKDAYS, type Weekday } from "../locations/location.ts";
import { formatMoney } from "../number-format.ts";
import type { CardConditions, TimeWindow } from "./conditions.ts";

// The conditions in plain words, one line each: the card preview on the partner's page, the app's
// card list and the staff confirming a scan with their PIN read the same lines.

const WORDS = {
  de: {
    days: { mon: "Mo", tue: "Di", wed: "Mi", thu: "Do", fri: "Fr", sat: "Sa", sun: "So" },
    daily: "täglich",
    and: " und ",
    excluded: (groups: string) => `Nicht gültig für: ${groups}`,
    minimumSpend: (amount: string) => `Mindestumsatz ${amount} pro Stempel`,
    both: (times: string) => `Nur ${times}`,
    collect: (times: string) => `Stempel nur ${times}`,
    redeem: (times: string) => `Einlösen nur ${times}`,
  },
  en: {
    days: { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" },
    daily: "daily",
    and: " and ",
    excluded: (groups: string) => `Not valid for: ${groups}`,
    minimumSpend: (amount: string) => `Minimum spend ${amount} per stamp`,
    both: (times: string) => `Only ${times}`,
    collect: (times: string) => `Stamps only ${times}`,
    redeem: (times: string) => `Redeem only ${times}`,
  },
} satisfies Record<Locale, unknown>;

/** Mon, Tue, Wed, Fri -> "Mo–Mi, Fr": three or more days in a row as a range. */
export function weekdaysText(days: readonly Weekday[], locale: Locale): string {
  const words = WORDS[locale];
  if (days.length === WEEKDAYS.length) return words.daily;
  const index = days.map((d) => WEEKDAYS.indexOf(d)).sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < index.length; ) {
    let j = i;
    while (j + 1 < index.length && index[j + 1] === index[j]! + 1) j++;
    const first = words.days[WEEKDAYS[index[i]!]!];
    const last = words.days[WEEKDAYS[index[j]!]!];
    if (j - i >= 2) parts.push(`${first}–${last}`);
    else for (let k = i; k <= j; k++) parts.push(words.days[WEEKDAYS[index[k]!]!]);
    i = j + 1;
  }
  return parts.join(", ");
}

export const timeWindowText = (w: TimeWindow, locale: Locale) =>
  `${weekdaysText(w.days, locale)} ${w.from}–${w.to}`;

/** One line per condition that is set, in the order a customer needs them. */
export function conditionsText(conditions: CardConditions, locale: Locale): string[] {
  const words = WORDS[locale];
  const lines: string[] = [];
  if (conditions.excluded_products.length > 0) {
    lines.push(words.excluded(conditions.excluded_products.join(", ")));
  }
  if (conditions.minimum_spend_cents) {
    lines.push(words.minimumSpend(formatMoney(conditions.minimum_spend_cents, locale)));
  }
  const limits = conditions.time_limits;
  if (limits && limits.windows.length > 0) {
    const times = limits.windows.map((w) => timeWindowText(w, locale)).join(words.and);
    lines.push(words[limits.applies_to](times));
  }
  if (conditions.note) lines.push(conditions.note);
  return lines;
}
