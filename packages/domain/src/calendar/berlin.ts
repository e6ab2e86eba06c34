import type { Locale } from "../locales.ts";
import { localeTag } from "../locales.ts";
import type { Weekday } from "../locations/location.ts";

// The calendar in German time: statistics days and months, invoice months, job hours and the
// cards' time limits are all read in Europe/Berlin, where the partners' shops are
// (docs/architecture.md). Every Berlin day, month and hour of the code comes from here.

export const BERLIN_TIME_ZONE = "Europe/Berlin";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: BERLIN_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const clockFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: BERLIN_TIME_ZONE,
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The calendar day in Berlin, as YYYY-MM-DD. */
export function berlinDay(at: Date): string {
  return dayFormat.format(at);
}

/** The first day of the Berlin month, as YYYY-MM-01 (a `date` column's month). */
export function berlinMonth(at: Date): string {
  return `${berlinDay(at).slice(0, 7)}-01`;
}

/** The Berlin month as YYYY-MM (a month query parameter, e.g. the statistics' or billing's). */
export function berlinYearMonth(at: Date): string {
  return berlinDay(at).slice(0, 7);
}

const clockOf = (at: Date) => Object.fromEntries(clockFormat.formatToParts(at).map((p) => [p.type, p.value]));

/** The Berlin hour (0-23). */
export function berlinHour(at: Date): number {
  return Number(clockOf(at).hour);
}

/** The weekday and minute of the day in Berlin. */
export function berlinWeekdayAndMinute(at: Date): { day: Weekday; minute: number } {
  const parts = clockOf(at);
  const day = String(parts.weekday).slice(0, 3).toLowerCase() as Weekday;
  return { day, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** A moment in German time as people read it: "25.11.2026, 14:05" (de), "25 Nov 2026, 14:05" (en). */
export function berlinDateTimeText(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(localeTag(locale), {
    timeZone: BERLIN_TIME_ZONE,
    day: "2-digit",
    month: locale === "de" ? "2-digit" : "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(at);
}
