import { WEEKDAYS, type Weekday } from "@stempla/domain";

type Ranges = readonly { from: string; to: string }[];

/** One line of a week's opening hours: a run of weekdays with the same hours. */
export interface HoursLine {
  first: Weekday;
  last: Weekday;
  /** "08:00–12:00, 14:00–18:00"; empty when the days are closed. */
  ranges: string;
}

/**
 * A week's opening hours in few lines, consecutive days with equal hours joined
 * (Mo–Fr 08:00–18:00, Sa 09:00–14:00, So closed): what a master reads of a franchise location in a
 * list, where seven lines per location would be too long.
 */
export function hoursLines(hours: Readonly<Partial<Record<string, Ranges>>>): HoursLine[] {
  const lines: HoursLine[] = [];
  for (const day of WEEKDAYS) {
    const ranges = [...(hours[day] ?? [])]
      .sort((a, b) => a.from.localeCompare(b.from))
      .map((r) => `${r.from}–${r.to}`)
      .join(", ");
    const previous = lines.at(-1);
    if (previous && previous.ranges === ranges) previous.last = day;
    else lines.push({ first: day, last: day, ranges });
  }
  return lines;
}
