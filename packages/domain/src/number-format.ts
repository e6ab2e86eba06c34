import type { Locale } from "./locales.ts";

// Whole numbers and euro amounts written without Intl, as de-DE, en-GB and en-IE write them (the
// tests compare with Intl). The first Intl formatter of a page starts ICU, about 30 ms and 120 ms
// on a slow phone, in one task: the validation messages (evaluated by every page with a form) and
// the pricing calculator's first render held up the hydration of the public pages with it
// (docs/performance.md, "Public pages: no ICU before hydration").

const marks: Record<Locale, { group: string; decimal: string }> = {
  de: { group: ".", decimal: "," },
  en: { group: ",", decimal: "." },
};

/** 2000 → "2.000" (de) / "2,000" (en). */
export function formatWholeNumber(n: number, locale: Locale): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number: ${n}`);
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, marks[locale].group);
  return n < 0 || Object.is(n, -0) ? `-${grouped}` : grouped;
}

const intlMoney = new Map<Locale, Intl.NumberFormat>();

/** Formats cents as EUR in the locale's way: "12,08 €" in de, "€12.08" in en. */
export function formatMoney(cents: number, locale: Locale): string {
  if (!Number.isSafeInteger(cents)) {
    // Fractions of a cent (an estimate, an average) are rounded as Intl rounds them.
    let format = intlMoney.get(locale);
    if (!format) {
      format = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-IE", {
        style: "currency",
        currency: "EUR",
      });
      intlMoney.set(locale, format);
    }
    return format.format(cents / 100);
  }
  const sign = cents < 0 || Object.is(cents, -0) ? "-" : "";
  const abs = Math.abs(cents);
  const amount = `${formatWholeNumber(Math.floor(abs / 100), locale)}${marks[locale].decimal}${String(abs % 100).padStart(2, "0")}`;
  return locale === "de" ? `${sign}${amount}\u00a0€` : `${sign}€${amount}`;
}
