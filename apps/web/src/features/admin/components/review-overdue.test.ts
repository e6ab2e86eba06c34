import { REVIEW } from "@stempla/domain";
import { describe, expect, it } from "vitest";
import { reviewOverdue } from "./review-overdue.ts";

// Local times, as the console counts days in the viewer's time zone. November 2026: the 2nd is a
// Monday.
const at = (day: number, hour = 0, minute = 0) => new Date(2026, 10, day, hour, minute).getTime();
const iso = (time: number) => new Date(time).toISOString();
const DAY = 86_400_000;

describe("reviewOverdue", () => {
  it("a change (orange) is overdue once it waited longer than the promised days", () => {
    const since = at(2, 15);
    const promised = since + REVIEW.changeReviewDays * DAY;
    expect(reviewOverdue("orange", iso(since), promised)).toBe(false);
    expect(reviewOverdue("orange", iso(since), promised + 60_000)).toBe(true);
  });

  it("a new set-up (yellow) is overdue when the working day after the promised ones begins", () => {
    expect(REVIEW.setupReviewWorkingDays).toBe(7);
    // Completed on Monday the 2nd: Tuesday to Friday and Monday to Wednesday are the 7 days.
    const monday = iso(at(2, 15));
    expect(reviewOverdue("yellow", monday, at(11, 23, 59))).toBe(false);
    expect(reviewOverdue("yellow", monday, at(12))).toBe(true);
  });

  it("does not count Saturdays and Sundays", () => {
    // Completed on Friday the 6th: the 7 working days run from Monday the 9th to Tuesday the 17th.
    const friday = iso(at(6, 18));
    expect(reviewOverdue("yellow", friday, at(17, 23, 59))).toBe(false);
    expect(reviewOverdue("yellow", friday, at(18))).toBe(true);
    // Eight calendar days later, over a weekend, a change would long be overdue; a set-up is not.
    expect(reviewOverdue("yellow", friday, at(14, 12))).toBe(false);
    expect(reviewOverdue("orange", friday, at(14, 12))).toBe(true);
  });

  it("accounts that wait for no review are never overdue", () => {
    const long = iso(at(2) - 365 * DAY);
    for (const status of ["gray", "green", "red", "black"] as const) {
      expect(reviewOverdue(status, long, at(20)), status).toBe(false);
    }
  });
});
