import { describe, expect, it } from "vitest";
import { addDays } from "../stats/statistics.ts";
import { NFT } from "./constants.ts";
import {
  berlinMidnight,
  earliestVoucherExpiry,
  easterSunday,
  germanHolidays,
  isNonWorkingDay,
  isValidAt,
  type OfferValidity,
  walletEntryExpiry,
  withdrawalDeadline,
} from "./validity.ts";

const at = (iso: string) => new Date(iso);

describe("berlinMidnight", () => {
  it("is 23:00 UTC the day before in winter and 22:00 UTC in summer", () => {
    expect(berlinMidnight("2026-01-15").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(berlinMidnight("2026-07-15").toISOString()).toBe("2026-07-14T22:00:00.000Z");
  });

  it("exists once on the days the clock changes (the change is at 02:00 and 03:00)", () => {
    expect(berlinMidnight("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(berlinMidnight("2026-03-30").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(berlinMidnight("2026-10-25").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(berlinMidnight("2026-10-26").toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });

  it("refuses what is not a day", () => {
    expect(() => berlinMidnight("2026-13-01")).toThrow(RangeError);
  });
});

describe("earliestVoucherExpiry (§§ 195, 199 BGB)", () => {
  it("holds through 31 December of the third year after the year of purchase", () => {
    const end = earliestVoucherExpiry(at("2026-11-25T10:00:00Z"));
    expect(end.lastDay).toBe("2029-12-31");
    expect(end.endsAt.toISOString()).toBe("2029-12-31T23:00:00.000Z");
  });

  it("counts the Berlin year: 31 December 23:59 is still the old year, 1 January 00:00 the new one", () => {
    expect(earliestVoucherExpiry(at("2026-12-31T22:59:00Z")).lastDay).toBe("2029-12-31"); // 23:59 Berlin
    expect(earliestVoucherExpiry(at("2026-12-31T23:00:00Z")).lastDay).toBe("2030-12-31"); // 00:00 Berlin
    expect(earliestVoucherExpiry(at("2026-12-31T23:30:00Z")).lastDay).toBe("2030-12-31"); // 00:30 Berlin
    expect(earliestVoucherExpiry(at("2027-01-01T00:00:00+01:00")).lastDay).toBe("2030-12-31");
  });

  it("is the same for a purchase on 29 February and ends in the year's last hour in Berlin", () => {
    const end = earliestVoucherExpiry(at("2028-02-29T12:00:00Z"));
    expect(end.lastDay).toBe("2031-12-31");
    expect(isValidAt(end, at("2031-12-31T22:59:59Z"))).toBe(true); // 23:59:59 Berlin
    expect(isValidAt(end, at("2031-12-31T23:00:00Z"))).toBe(false); // 00:00 Berlin, 1 January
  });
});

const coupon = (v: Partial<OfferValidity>): OfferValidity => ({
  type: "coupon",
  validity_type: "days",
  validity_days: 30,
  end_date: null,
  ...v,
});

describe("walletEntryExpiry", () => {
  it("days: through the Berlin day that many days after the day it entered the wallet", () => {
    const end = walletEntryExpiry(coupon({ validity_days: 30 }), at("2026-11-25T14:00:00Z"));
    expect(end.lastDay).toBe("2026-12-25");
    expect(end.endsAt.toISOString()).toBe("2026-12-25T23:00:00.000Z");
  });

  it("days: counts the Berlin day of entry, also just after midnight", () => {
    // 00:30 on 1 March in Berlin is still 28 February in UTC.
    expect(walletEntryExpiry(coupon({ validity_days: 1 }), at("2026-02-28T23:30:00Z")).lastDay).toBe(
      "2026-03-02",
    );
  });

  it("days: across 29 February and the change to summer time", () => {
    expect(walletEntryExpiry(coupon({ validity_days: 1 }), at("2028-02-28T12:00:00Z")).lastDay).toBe(
      "2028-02-29",
    );
    expect(walletEntryExpiry(coupon({ validity_days: 1 }), at("2027-02-28T12:00:00Z")).lastDay).toBe(
      "2027-03-01",
    );
    const spring = walletEntryExpiry(coupon({ validity_days: 1 }), at("2026-03-28T12:00:00Z"));
    expect(spring.lastDay).toBe("2026-03-29");
    expect(spring.endsAt.toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  it("campaign_end: through the campaign's last day", () => {
    const end = walletEntryExpiry(
      coupon({ validity_type: "campaign_end", validity_days: null, end_date: "2026-12-24" }),
      at("2026-11-25T14:00:00Z"),
    );
    expect(end.lastDay).toBe("2026-12-24");
    expect(() =>
      walletEntryExpiry(
        coupon({ validity_type: "campaign_end", validity_days: null }),
        at("2026-11-25T14:00:00Z"),
      ),
    ).toThrow(RangeError);
  });

  it("statutory: the legal minimum", () => {
    const end = walletEntryExpiry(
      { type: "voucher", validity_type: "statutory", validity_days: null, end_date: null },
      at("2026-12-24T18:00:00Z"),
    );
    expect(end.lastDay).toBe("2029-12-31");
  });

  it("never lets a voucher or cash voucher end before the legal minimum, however it is set", () => {
    for (const type of ["voucher", "cash_voucher"] as const) {
      expect(
        walletEntryExpiry({ ...coupon({ validity_days: 30 }), type }, at("2026-11-25T14:00:00Z")).lastDay,
      ).toBe("2029-12-31");
      const campaign = {
        type,
        validity_type: "campaign_end",
        validity_days: null,
        end_date: "2026-12-24",
      } as const;
      expect(walletEntryExpiry(campaign, at("2026-11-25T14:00:00Z")).lastDay).toBe("2029-12-31");
      // Longer than the minimum stays as set.
      expect(
        walletEntryExpiry({ ...coupon({ validity_days: 3650 }), type }, at("2026-11-25T14:00:00Z")).lastDay,
      ).toBe("2036-11-22");
    }
  });

  it("a coupon keeps its short validity", () => {
    expect(walletEntryExpiry(coupon({ validity_days: 7 }), at("2026-11-25T14:00:00Z")).lastDay).toBe(
      "2026-12-02",
    );
  });

  it(`NFT.voucherMinValidityDays (${NFT.voucherMinValidityDays}) reaches the legal minimum for a purchase on any day, and one day less does not`, () => {
    let shortfalls = 0;
    for (let day = "2024-01-01"; day <= "2060-12-31"; day = addDays(day, 1)) {
      for (const instant of [
        berlinMidnight(day),
        new Date(berlinMidnight(addDays(day, 1)).getTime() - 60_000),
      ]) {
        const minimum = earliestVoucherExpiry(instant).endsAt.getTime();
        const asSet = walletEntryExpiry(coupon({ validity_days: NFT.voucherMinValidityDays }), instant);
        expect(asSet.endsAt.getTime()).toBeGreaterThanOrEqual(minimum);
        const oneLess = walletEntryExpiry(coupon({ validity_days: NFT.voucherMinValidityDays - 1 }), instant);
        if (oneLess.endsAt.getTime() < minimum) shortfalls++;
      }
    }
    expect(shortfalls).toBeGreaterThan(0);
  });
});

describe("holidays", () => {
  it("finds Easter Sunday", () => {
    expect(["2008", "2024", "2025", "2026", "2027", "2038"].map((y) => easterSunday(Number(y)))).toEqual([
      "2008-03-23",
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2027-03-28",
      "2038-04-25",
    ]);
  });

  it("lists the holidays of any German state", () => {
    expect(germanHolidays(2026)).toEqual([
      "2026-01-01",
      "2026-01-06",
      "2026-03-08",
      "2026-04-03",
      "2026-04-06",
      "2026-05-01",
      "2026-05-14",
      "2026-05-25",
      "2026-06-04",
      "2026-08-15",
      "2026-09-20",
      "2026-10-03",
      "2026-10-31",
      "2026-11-01",
      "2026-11-18",
      "2026-12-25",
      "2026-12-26",
    ]);
    // The Day of Repentance is the Wednesday before 23 November, also when the 22nd is a Wednesday.
    expect(germanHolidays(2028)).toContain("2028-11-22");
    expect(germanHolidays(2027)).toContain("2027-11-17");
  });

  it("weekends and holidays are not working days; 24 and 31 December are", () => {
    expect(isNonWorkingDay("2026-11-28")).toBe(true);
    expect(isNonWorkingDay("2026-11-29")).toBe(true);
    expect(isNonWorkingDay("2026-10-03")).toBe(true);
    expect(isNonWorkingDay("2026-12-24")).toBe(false);
    expect(isNonWorkingDay("2026-12-31")).toBe(false);
    expect(isNonWorkingDay("2026-11-30")).toBe(false);
  });
});

describe("withdrawalDeadline (§§ 355, 187, 188, 193 BGB)", () => {
  it("ends with the 14th day after the purchase, the day of purchase not counted", () => {
    const end = withdrawalDeadline(at("2026-11-25T09:00:00Z"));
    expect(end.lastDay).toBe("2026-12-09");
    expect(end.endsAt.toISOString()).toBe("2026-12-09T23:00:00.000Z");
  });

  it("moves a last day on a weekend to Monday", () => {
    expect(withdrawalDeadline(at("2026-11-21T09:00:00Z")).lastDay).toBe("2026-12-07");
    expect(withdrawalDeadline(at("2026-11-22T09:00:00Z")).lastDay).toBe("2026-12-07");
  });

  it("moves past Christmas: bought on 11 December 2026 (00:30 Berlin), it ends on Monday the 28th", () => {
    expect(withdrawalDeadline(at("2026-12-10T23:30:00Z")).lastDay).toBe("2026-12-28");
    expect(withdrawalDeadline(at("2027-12-11T12:00:00Z")).lastDay).toBe("2027-12-27");
  });

  it("moves past Easter: from Good Friday over the weekend and Easter Monday", () => {
    expect(withdrawalDeadline(at("2027-03-12T12:00:00Z")).lastDay).toBe("2027-03-30");
  });

  it("a purchase at 23:59 on New Year's Eve counts from 31 December", () => {
    expect(withdrawalDeadline(at("2026-12-31T22:59:00Z")).lastDay).toBe("2027-01-14");
    expect(withdrawalDeadline(at("2026-12-31T23:00:00Z")).lastDay).toBe("2027-01-15");
  });
});
