import { berlinYearMonth } from "@stempla/domain";

/** The `count` months before the current one, newest first: the months that can be billed. */
export function completedMonths(now: Date, count = 12): string[] {
  const [year, month] = berlinYearMonth(now).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    // Month index from zero, counting back from the current month (exclusive).
    const index = year * 12 + (month - 1) - (i + 1);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}
