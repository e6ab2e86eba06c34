import { formatMoney, formatWholeNumber, type Locale, localeTag } from "@stempla/domain";
import { useLocale } from "../i18n/locale.ts";

// Money, numbers, days and moments in the page's language: the one place the web app formats
// them, so "12,08 €" and "23.11.2026" read the same on every page. Calendar values (YYYY-MM-DD,
// YYYY-MM) are formatted in UTC, so no time zone moves them to the day before; moments (ISO
// timestamps) in the viewer's time zone.

const calendarDay = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);
const calendarMonth = (month: string) => {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1));
};

/** A value made on first use: each Intl formatter costs ICU work (its first one starts ICU). */
function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

// Every formatter is made when a page first uses it, not when it asks for the formats: a
// server-rendered public page hydrates without starting ICU (docs/performance.md, "Public
// pages: no ICU before hydration"), and a dashboard page pays only for the formats it shows.
function build(locale: Locale) {
  const tag = localeTag(locale);
  const numberFormat = (options: Intl.NumberFormatOptions) =>
    onFirstUse(() => new Intl.NumberFormat(tag, options));
  const dateFormat = (options: Intl.DateTimeFormatOptions) =>
    onFirstUse(() => new Intl.DateTimeFormat(tag, options));
  const integer = numberFormat({ maximumFractionDigits: 0 });
  const decimal = numberFormat({ maximumFractionDigits: 1 });
  const percent = numberFormat({ style: "percent", maximumFractionDigits: 0 });
  const dayNumeric = dateFormat({ day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
  const day = dateFormat({ dateStyle: "medium", timeZone: "UTC" });
  const dayShort = dateFormat({ day: "numeric", month: "numeric", timeZone: "UTC" });
  const monthShort = dateFormat({ month: "short", timeZone: "UTC" });
  const monthShortYear = dateFormat({ month: "short", year: "numeric", timeZone: "UTC" });
  const monthLong = dateFormat({ month: "long", year: "numeric", timeZone: "UTC" });
  const date = dateFormat({ dateStyle: "medium" });
  const dateNumeric = dateFormat({ day: "2-digit", month: "2-digit", year: "numeric" });
  const dateLong = dateFormat({ dateStyle: "long" });
  const dateTime = dateFormat({ dateStyle: "medium", timeStyle: "short" });
  const dateTimeFull = dateFormat({ dateStyle: "full", timeStyle: "short" });
  const time = dateFormat({ timeStyle: "short" });
  const regions = onFirstUse(() => new Intl.DisplayNames([tag], { type: "region" }));
  return {
    /** "1.234" / "1,234" (a whole number without Intl: the pricing calculator's first render). */
    number: (n: number) => (Number.isSafeInteger(n) ? formatWholeNumber(n, locale) : integer().format(n)),
    /** "3,5" / "3.5". */
    decimal: (n: number) => decimal().format(n),
    /** 0.42 -> "42 %" / "42%". */
    percent: (n: number) => percent().format(n),
    /** Integer cents: "12,08 €" / "€12.08". */
    money: (cents: number) => formatMoney(cents, locale),
    /** A calendar day (YYYY-MM-DD): "31.03.2027" / "31/03/2027". */
    dayNumeric: (isoDay: string) => dayNumeric().format(calendarDay(isoDay)),
    /** A calendar day (YYYY-MM-DD, e.g. an invoice or birth date): "23.11.2026" / "23 Nov 2026". */
    day: (isoDay: string) => day().format(calendarDay(isoDay)),
    /** A calendar day without the year: "16.11." / "16/11". */
    dayShort: (isoDay: string) => dayShort().format(calendarDay(isoDay)),
    /** A month (YYYY-MM or YYYY-MM-DD): "Nov." / "Nov". */
    monthShort: (month: string) => monthShort().format(calendarMonth(month)),
    /** "Nov. 2026". */
    monthShortYear: (month: string) => monthShortYear().format(calendarMonth(month)),
    /** "November 2026". */
    monthLong: (month: string) => monthLong().format(calendarMonth(month)),
    /** The day of a moment: "23. November 2026" / "23 November 2026". */
    date: (iso: string) => dateLong().format(new Date(iso)),
    /** The day of a moment, shorter: "23.11.2026" / "23 Nov 2026". */
    dateMedium: (iso: string) => date().format(new Date(iso)),
    /** The day of a moment in digits: "04.11.2026" / "04/11/2026". */
    dateNumeric: (iso: string) => dateNumeric().format(new Date(iso)),
    /** "23.11.2026, 14:05" / "23 Nov 2026, 14:05". */
    dateTime: (iso: string) => dateTime().format(new Date(iso)),
    /** "Montag, 23. November 2026 um 14:05". */
    dateTimeFull: (iso: string) => dateTimeFull().format(new Date(iso)),
    /** "14:05". */
    time: (iso: string) => time().format(new Date(iso)),
    /** A country by its ISO code: "DE" → "Deutschland" / "Germany"; the code if unknown. */
    country: (code: string) => regions().of(code) ?? code,
  };
}

export type Formats = ReturnType<typeof build>;

const cache = new Map<Locale, Formats>();

/** The formats of a locale (built once per locale). */
export function formatsFor(locale: Locale): Formats {
  let formats = cache.get(locale);
  if (!formats) {
    formats = build(locale);
    cache.set(locale, formats);
  }
  return formats;
}

/** The formats of the page's language. */
export const useLocaleFormats = (): Formats => formatsFor(useLocale());

/** A calendar day (YYYY-MM-DD) as the locale writes it: "31.03.2027" in de, "31/03/2027" in en. */
export const formatDay = (day: string, locale: Locale) => formatsFor(locale).dayNumeric(day);
