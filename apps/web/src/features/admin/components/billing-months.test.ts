import { describe, expect, it } from "vitest";
import { completedMonths } from "./billing-months.ts";

describe("completedMonths", () => {
  it("lists the twelve months before the current one, newest first", () => {
    expect(completedMonths(new Date("2026-11-24T12:00:00Z"))).toEqual([
      "2026-10",
      "2026-09",
      "2026-08",
      "2026-07",
      "2026-06",
      "2026-05",
      "2026-04",
      "2026-03",
      "2026-02",
      "2026-01",
      "2025-12",
      "2025-11",
    ]);
  });

  it("crosses the year and takes as many months as asked", () => {
    expect(completedMonths(new Date("2026-02-10T12:00:00Z"), 3)).toEqual(["2026-01", "2025-12", "2025-11"]);
  });

  it("goes by the Berlin calendar: just after midnight on the 1st, the month before is complete", () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Berlin.
    expect(completedMonths(new Date("2025-12-31T23:30:00Z"), 1)).toEqual(["2025-12"]);
    // 22:30 UTC on 30 November is still November in Berlin.
    expect(completedMonths(new Date("2026-11-30T22:30:00Z"), 1)).toEqual(["2026-10"]);
  });
});
