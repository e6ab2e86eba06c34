import { z } from "zod";
import { CONTRACT, EARLY_TERMINATION_FEE_CENTS, HARDWARE_FREE_AFTER_MONTHS } from "../constants.ts";
import { daySchema } from "../validation/fields.ts";

// Contract dates (spec section 9): a minimum term of 12 months, then notice of 3 months to the
// end of a quarter. Dates are calendar days as YYYY-MM-DD (German time); periods are computed as
// the BGB does (§§ 187, 188): a term of months ends on the day before the day with the start's
// number, or on the last day of the month when that month has no such day.

const parse = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return { y, m, d };
};
const format = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Year and month `delta` months after (y, m). */
function shiftMonth(y: number, m: number, delta: number): { y: number; m: number } {
  const index = y * 12 + (m - 1) + delta;
  return { y: Math.floor(index / 12), m: (index % 12) + 1 };
}

/** The last day of a term of `months` months that starts on `start` (§ 188 (2), (3) BGB). */
export function termEnd(start: string, months: number): string {
  const s = parse(start);
  const target = shiftMonth(s.y, s.m, months);
  if (s.d > daysInMonth(target.y, target.m))
    return format(target.y, target.m, daysInMonth(target.y, target.m));
  const day = new Date(Date.UTC(target.y, target.m - 1, s.d) - 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** The last day of the quarter `quarters` quarters after the one containing `day` (0: its own). */
function quarterEnd(day: string, quarters = 0): string {
  const d = parse(day);
  const q = shiftMonth(d.y, Math.ceil(d.m / 3) * 3, quarters * 3);
  return format(q.y, q.m, daysInMonth(q.y, q.m));
}

/** The last day on which notice reaches us in time for the quarter end `end`: 3 months before it. */
export function noticeDeadline(end: string): string {
  const e = parse(end);
  const before = shiftMonth(e.y, e.m, -CONTRACT.noticeMonthsToQuarterEnd);
  return format(before.y, before.m, daysInMonth(before.y, before.m));
}

/**
 * The earliest day the contract can end when notice is given on `noticeOn`: the first quarter end
 * that is not before the end of the minimum term and whose notice deadline has not passed.
 */
export function earliestContractEnd(start: string, noticeOn: string): string {
  const minimum = termEnd(start, CONTRACT.minimumTermMonths);
  let end = quarterEnd(minimum);
  while (noticeOn > noticeDeadline(end)) end = quarterEnd(end, 1);
  return end;
}

/**
 * The early-termination fee (net cents) for a contract that starts on `start` and ends on `endsOn`:
 * the hardware is free only when the contract lasts longer than six months (docs/product.md,
 * "Contract"), so a contract ending within them costs 200 EUR for a master and 30 EUR otherwise.
 * An ordinary notice never ends that early (minimum term 12 months); an extraordinary end can.
 */
export function earlyTerminationFeeCents(
  type: "partner" | "master" | "slave",
  start: string,
  endsOn: string,
): number {
  if (endsOn > termEnd(start, HARDWARE_FREE_AFTER_MONTHS)) return 0;
  return type === "master" ? EARLY_TERMINATION_FEE_CENTS.master : EARLY_TERMINATION_FEE_CENTS.partner;
}

/**
 * POST /subscription/termination: the partner confirms the notice explicitly, and the end date
 * they were shown: if it moved meanwhile (a notice deadline passed), they confirm again.
 * `extraordinary`: a franchisee's termination within the window its master's switch-off of
 * collective invoicing opened (docs/decisions/008-franchise-model.md, section 3): the contract ends
 * on the day before the period the switch-off applies to, without a fee.
 */
export const terminationSchema = z.object({
  confirm: z.literal(true, { error: "contract.confirmRequired" }),
  ends_on: daySchema.optional(),
  extraordinary: z.literal(true, { error: "input.invalid" }).optional(),
});
export type TerminationInput = z.infer<typeof terminationSchema>;
