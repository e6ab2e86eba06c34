import { describe, expect, it } from "vitest";
import { monthRuns } from "./get-collective-months.ts";

describe("monthRuns", () => {
  it("joins consecutive months, across a year's end, and keeps gaps apart", () => {
    expect(monthRuns([])).toEqual([]);
    expect(monthRuns(["2026-03-01"])).toEqual([["2026-03-01", "2026-03-01"]]);
    expect(monthRuns(["2026-11-01", "2026-12-01", "2027-01-01", "2027-03-01"])).toEqual([
      ["2026-11-01", "2027-01-01"],
      ["2027-03-01", "2027-03-01"],
    ]);
  });
});
