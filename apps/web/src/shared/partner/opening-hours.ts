import { WEEKDAYS, type Weekday, type WorkingHours } from "@stempla/domain";

/** Where one day's opening hours can be copied: the working week or every day. */
export const HOURS_COPY_TARGETS = ["weekdays", "all"] as const;
export type HoursCopyTarget = (typeof HOURS_COPY_TARGETS)[number];

const TARGET_DAYS: Record<HoursCopyTarget, readonly Weekday[]> = {
  weekdays: ["mon", "tue", "wed", "thu", "fri"],
  all: WEEKDAYS,
};

/** The hours with `day`'s ranges copied to every day of `target` (each day its own copy). */
export function copyHours(hours: WorkingHours, day: Weekday, target: HoursCopyTarget): WorkingHours {
  const ranges = hours[day];
  const copied = { ...hours };
  for (const other of TARGET_DAYS[target]) copied[other] = ranges.map((r) => ({ ...r }));
  return copied;
}
