import { type AccountStatus, REVIEW } from "@stempla/domain";

const DAY = 24 * 60 * 60_000;

/**
 * Whether a review waits longer than promised (spec section 9): a change (orange) up to
 * `REVIEW.changeReviewDays` days, a new set-up (yellow) up to `REVIEW.setupReviewWorkingDays`
 * working days (Monday to Friday in the viewer's time zone; holidays are not counted out).
 */
export function reviewOverdue(status: AccountStatus, sinceIso: string, now: number): boolean {
  const since = Date.parse(sinceIso);
  if (status === "orange") return now - since > REVIEW.changeReviewDays * DAY;
  if (status !== "yellow") return false;
  const day = new Date(since);
  day.setHours(0, 0, 0, 0);
  let workingDays = 0;
  while (day.getTime() + DAY <= now) {
    day.setDate(day.getDate() + 1);
    if (day.getDay() !== 0 && day.getDay() !== 6 && ++workingDays > REVIEW.setupReviewWorkingDays)
      return true;
  }
  return false;
}
