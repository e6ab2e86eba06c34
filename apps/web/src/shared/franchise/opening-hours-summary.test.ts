import { describe, expect, it } from "vitest";
import { hoursLines } from "./opening-hours-summary.ts";

const shift = [{ from: "08:00", to: "18:00" }];

describe("hoursLines", () => {
  it("joins consecutive days with the same hours and keeps closed days as their own line", () => {
    expect(
      hoursLines({
        mon: shift,
        tue: shift,
        wed: shift,
        thu: shift,
        fri: shift,
        sat: [{ from: "09:00", to: "14:00" }],
        sun: [],
      }),
    ).toEqual([
      { first: "mon", last: "fri", ranges: "08:00–18:00" },
      { first: "sat", last: "sat", ranges: "09:00–14:00" },
      { first: "sun", last: "sun", ranges: "" },
    ]);
  });

  it("orders a day's ranges and does not join days whose ranges differ", () => {
    expect(
      hoursLines({
        mon: [
          { from: "14:00", to: "18:00" },
          { from: "08:00", to: "12:00" },
        ],
        tue: shift,
      }),
    ).toEqual([
      { first: "mon", last: "mon", ranges: "08:00–12:00, 14:00–18:00" },
      { first: "tue", last: "tue", ranges: "08:00–18:00" },
      { first: "wed", last: "sun", ranges: "" },
    ]);
  });

  it("reads a week without any hours as one closed line", () => {
    expect(hoursLines({})).toEqual([{ first: "mon", last: "sun", ranges: "" }]);
  });
});
