import type { Weekday } from "../locations/location.ts";
import { WEEKDAYS } from "../locations/location.ts";

// When a menu item shows on the guest page (docs/decisions/009-digital-menu.md, section 3): the
// partner's schedule is read on the wall clock of the location's time zone, so daylight-saving
// changes are the zone's own (Intl), and a window whose end is not after its start runs past
// midnight and belongs to the day it starts (Fri 18:00–02:00 is Friday night).

/** One window: some weekdays, from (included) to (excluded), "HH:MM". */
export type DisplayWindow = { days: Weekday[]; from: string; to: string };
/** An item's schedule; null on the item means always. */
export type DisplayTimes = { windows: DisplayWindow[] };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** The weekday and minute of the day (0–1439) on the wall clock of `timeZone` at `at`. */
export function wallClock(at: Date, timeZone: string): { day: Weekday; minute: number } {
  const parts = Object.fromEntries(
    clockFormat(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const day = String(parts.weekday).slice(0, 3).toLowerCase() as Weekday;
  return { day, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

const previousDay = (day: Weekday): Weekday => WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7] as Weekday;

/**
 * Whether the item shows at `at`: never when hidden; always without a schedule; else inside one of
 * its windows today, or inside the part after midnight of a window that started yesterday.
 */
export function visibleAt(
  item: { hidden: boolean; display_times: DisplayTimes | null },
  at: Date,
  timeZone: string,
): boolean {
  if (item.hidden) return false;
  if (!item.display_times) return true;
  const { day, minute } = wallClock(at, timeZone);
  const yesterday = previousDay(day);
  return item.display_times.windows.some((w) => {
    const from = minutesOf(w.from);
    const to = minutesOf(w.to);
    if (from < to) return w.days.includes(day) && from <= minute && minute < to;
    return (w.days.includes(day) && minute >= from) || (w.days.includes(yesterday) && minute < to);
  });
}

const MENU_TIME_ZONES: Record<string, string> = {
  DE: "Europe/Berlin",
  AT: "Europe/Vienna",
  CH: "Europe/Zurich",
  FR: "Europe/Paris",
  IT: "Europe/Rome",
};

/** The time zone a location's schedules are read in, from its country (Berlin when unknown). */
export function menuTimeZone(country: string | null | undefined): string {
  return MENU_TIME_ZONES[(country ?? "").toUpperCase()] ?? "Europe/Berlin";
}
