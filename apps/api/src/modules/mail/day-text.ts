import { type Locale, localeTag } from "@stempla/domain";

// Calendar days (YYYY-MM-DD) as the mails write them. Formatted at noon UTC in UTC, so no time
// zone moves a day to the one before.
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** "24.11.2026" (de), "24 November 2026" (en): deadlines in the account and terms mails. */
export const shortDayText = (day: string, locale: Locale) =>
  noon(day).toLocaleDateString(localeTag(locale), {
    day: locale === "de" ? "2-digit" : "numeric",
    month: locale === "de" ? "2-digit" : "long",
    year: "numeric",
    timeZone: "UTC",
  });

/** "24. November 2026" (de), "24 November 2026" (en): due and debit days in the billing mails. */
export const longDayText = (day: string, locale: Locale) =>
  noon(day).toLocaleDateString(localeTag(locale), { dateStyle: "long", timeZone: "UTC" });
