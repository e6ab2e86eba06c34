import type { Locale } from "@stempla/domain";

/** A calendar day (YYYY-MM-DD) as the locale writes it: "31.03.2027" in de, "31/03/2027" in en. */
export function formatDay(day: string, locale: Locale): string {
  // Noon UTC: the same calendar day in every time zone the browser may be in.
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(locale === "de" ? "de-DE" : "en-GB", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  });
}
