import { BERLIN_TIME_ZONE, berlinDay } from "../calendar/berlin.ts";
import { addDays } from "../stats/statistics.ts";
import { NFT, type NftType } from "./constants.ts";

// How long coupons and vouchers are valid, and how long a customer may withdraw from a paid one
// (docs/decisions/010-coupons-and-vouchers.md, section 3). Days are Berlin calendar days: the
// partners' shops are in German time (docs/architecture.md), and a voucher "valid until
// 31.12.2029" must work at 23:59 that night in the shop, whatever the server's zone.

/**
 * The end of a validity or a period: `lastDay` (YYYY-MM-DD, Berlin) is the last day it holds, and
 * `endsAt` the first instant after it (00:00 of the next Berlin day). Compare with `now <
 * endsAt`; store `endsAt`; show `lastDay`.
 */
export interface PeriodEnd {
  lastDay: string;
  endsAt: Date;
}

const hourFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: BERLIN_TIME_ZONE,
  hour: "2-digit",
  hourCycle: "h23",
});

/**
 * 00:00 of a Berlin day as an instant. Berlin is UTC+1 or UTC+2, and its clock changes at 02:00 or
 * 03:00, so midnight always exists once: the candidate whose Berlin day and hour are right is it.
 */
export function berlinMidnight(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(utcMidnight)) throw new RangeError(`not a day: ${day}`);
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(utcMidnight - offsetHours * 3_600_000);
    if (berlinDay(candidate) === day && hourFormat.format(candidate) === "00") return candidate;
  }
  throw new RangeError(`no Berlin midnight on ${day}`);
}

/** The period that holds through `lastDay` (Berlin). */
export function periodThrough(lastDay: string): PeriodEnd {
  return { lastDay, endsAt: berlinMidnight(addDays(lastDay, 1)) };
}

/** The Berlin calendar year of an instant. */
export function berlinYear(at: Date): number {
  return Number(berlinDay(at).slice(0, 4));
}

/**
 * The earliest end a paid voucher may have when bought at `purchasedAt`: the regular limitation
 * period of three years (§ 195 BGB) starts at the end of the year in which the claim arose
 * (§ 199 BGB), so a voucher bought at any time in year Y holds at least through 31 December of
 * Y + 3. The year is the Berlin one: bought at 00:30 on 1 January in Berlin (23:30 UTC the day
 * before) is bought in the new year.
 */
export function earliestVoucherExpiry(purchasedAt: Date): PeriodEnd {
  const year = berlinYear(purchasedAt) + NFT.voucherValidityYears;
  return periodThrough(`${year}-12-31`);
}

/**
 * How an offer states its validity (spec section 3: days after entering the wallet, or until the
 * end of the campaign), plus `statutory` for paid vouchers: until the end of the third year after
 * the year of purchase, the legal minimum, which the voucher form proposes.
 */
export const NFT_VALIDITY_TYPES = ["days", "campaign_end", "statutory"] as const;
export type NftValidityType = (typeof NFT_VALIDITY_TYPES)[number];

export interface OfferValidity {
  type: NftType;
  validity_type: NftValidityType;
  /** For `days`: valid through the end of the Berlin day this many days after entering the wallet. */
  validity_days: number | null;
  /** The campaign's last day (YYYY-MM-DD), for `campaign_end`. */
  end_date: string | null;
}

/**
 * When a wallet entry of the offer stops being valid, for an entry made at `enteredAt`:
 * - `days`: through the Berlin day `validity_days` after the day it entered (30 days from
 *   25 November: through 25 December);
 * - `campaign_end`: through the campaign's last day;
 * - `statutory`: through 31 December of the third year after the year it entered.
 * A voucher or cash voucher never ends before earliestVoucherExpiry(): the schemas refuse shorter
 * settings at the field, and this is the last line that holds even for an offer stored earlier.
 */
export function walletEntryExpiry(offer: OfferValidity, enteredAt: Date): PeriodEnd {
  let end: PeriodEnd;
  switch (offer.validity_type) {
    case "days": {
      if (
        offer.validity_days === null ||
        !Number.isSafeInteger(offer.validity_days) ||
        offer.validity_days < 0
      )
        throw new RangeError(`validity_days: ${offer.validity_days}`);
      end = periodThrough(addDays(berlinDay(enteredAt), offer.validity_days));
      break;
    }
    case "campaign_end": {
      if (offer.end_date === null) throw new RangeError("campaign_end without end_date");
      end = periodThrough(offer.end_date);
      break;
    }
    case "statutory":
      end = earliestVoucherExpiry(enteredAt);
      break;
  }
  if (offer.type === "coupon") return end;
  const minimum = earliestVoucherExpiry(enteredAt);
  return end.endsAt.getTime() >= minimum.endsAt.getTime() ? end : minimum;
}

/** Easter Sunday of a year (Gregorian, the anonymous algorithm), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * Public holidays of any German state (YYYY-MM-DD, sorted). A deadline ending on one of them, or
 * on a Saturday or Sunday, runs to the next working day (§ 193 BGB); since the customer's state is
 * not known, a holiday of any state counts, which errs on the customer's side: nationwide New
 * Year, Good Friday, Easter Monday, 1 May, Ascension, Whit Monday, 3 October, 25 and 26 December;
 * in some states Epiphany, 8 March, Corpus Christi, 15 August, 20 September, 31 October,
 * 1 November and the Day of Repentance (the Wednesday before 23 November).
 */
export function germanHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const fixed = [
    "01-01",
    "01-06",
    "03-08",
    "05-01",
    "08-15",
    "09-20",
    "10-03",
    "10-31",
    "11-01",
    "12-25",
    "12-26",
  ];
  const movable = [-2, 1, 39, 50, 60].map((delta) => addDays(easter, delta));
  // 22 November minus days back to the Wednesday before it (a Wednesday the 22nd is itself one).
  const nov22 = new Date(`${year}-11-22T00:00:00Z`).getUTCDay();
  const repentance = addDays(`${year}-11-22`, -((nov22 - 3 + 7) % 7));
  return [...fixed.map((md) => `${year}-${md}`), ...movable, repentance].sort();
}

/** Whether a Berlin day is a Saturday, Sunday or a holiday in some German state. */
export function isNonWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 || germanHolidays(Number(day.slice(0, 4))).includes(day);
}

/**
 * Until when a customer may withdraw from a paid voucher bought at `purchasedAt`: 14 days
 * (§ 355 Abs. 2 BGB) from the conclusion of the contract, the day of the purchase not counted
 * (§ 187 Abs. 1 BGB), through the end of the last day (§ 188 Abs. 1 BGB); a last day that is a
 * Saturday, Sunday or holiday moves to the next working day (§ 193 BGB). Bought on 11 December,
 * the period would end on the 25th, a holiday, then the 26th, a holiday: it ends on the 27th
 * (a Monday in 2027; in 2026 the 27th is a Sunday and the 28th is the last day).
 */
export function withdrawalDeadline(purchasedAt: Date): PeriodEnd {
  let last = addDays(berlinDay(purchasedAt), NFT.withdrawalDays);
  while (isNonWorkingDay(last)) last = addDays(last, 1);
  return periodThrough(last);
}

/** Whether a wallet entry is valid at `now` (it has not reached its end). */
export function isValidAt(end: Pick<PeriodEnd, "endsAt">, now: Date): boolean {
  return now.getTime() < end.endsAt.getTime();
}
