import type { Locale } from "./locales.ts";

const formatters = new Map<Locale, Intl.NumberFormat>();

/** Formats integer cents as EUR in the locale's way: "12,08 €" in de, "€12.08" in en. */
export function formatMoney(cents: number, locale: Locale): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-IE", {
      style: "currency",
      currency: "EUR",
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(cents / 100);
}
