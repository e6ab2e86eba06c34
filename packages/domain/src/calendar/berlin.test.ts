import { describe, expect, it } from "vitest";
import {
  berlinDateTimeText,
  berlinDay,
  berlinHour,
  berlinMonth,
  berlinWeekdayAndMinute,
  berlinYearMonth,
} from "./berlin.ts";

describe("the calendar in Berlin time", () => {
  it("takes the day, month and hour in Berlin, not UTC (winter: UTC+1)", () => {
    const newYear = new Date("2026-12-31T23:30:00Z"); // 00:30 on 1 January 2027 in Berlin
    expect(berlinDay(newYear)).toBe("2027-01-01");
    expect(berlinMonth(newYear)).toBe("2027-01-01");
    expect(berlinYearMonth(newYear)).toBe("2027-01");
    expect(berlinHour(newYear)).toBe(0);
    expect(berlinWeekdayAndMinute(newYear)).toEqual({ day: "fri", minute: 30 });
  });

  it("follows summer time (UTC+2)", () => {
    const summer = new Date("2026-07-15T22:05:00Z");
    expect(berlinDay(summer)).toBe("2026-07-16");
    expect(berlinHour(summer)).toBe(0);
    expect(berlinWeekdayAndMinute(summer)).toEqual({ day: "thu", minute: 5 });
  });

  it("writes a moment in German time for people", () => {
    const at = new Date("2026-11-25T13:05:00Z");
    expect(berlinDateTimeText(at, "de")).toBe("25.11.2026, 14:05");
    expect(berlinDateTimeText(at, "en")).toBe("25 Nov 2026, 14:05");
  });
});
