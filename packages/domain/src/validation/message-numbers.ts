import type { Locale } from "../locales.ts";

// The numbers inside validation messages, written without Intl. The messages module is loaded by
// every page with a form, and the first Intl formatter of a page starts ICU (about 30 ms, 120 ms
// on a slow phone), which held up the hydration of the public forms (docs/performance.md,
// "Public pages: no ICU before hydration"). The two formats below are all the messages need and
// are tested against Intl.

const separators: Record<Locale, { group: string; decimal: string }> = {
  de: { group: ".", decimal: "," },
  en: { group: ",", decimal: "." },
};

/** 2000 → "2.000" (de) / "2,000" (en), as de-DE and en-GB write a whole number. */
export function wholeNumber(n: number, locale: Locale): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number: ${n}`);
  const digits = String(Math.abs(n));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, separators[locale].group);
  return n < 0 ? `-${grouped}` : grouped;
}

/** 100000 cents → "1.000,00 €" (de) / "€1,000.00" (en), as de-DE and en-GB write a euro amount. */
export function euroAmount(cents: number, locale: Locale): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  const amount = `${wholeNumber(Math.floor(cents / 100), locale)}${separators[locale].decimal}${String(cents % 100).padStart(2, "0")}`;
  return locale === "de" ? `${amount}\u00a0€` : `€${amount}`;
}
