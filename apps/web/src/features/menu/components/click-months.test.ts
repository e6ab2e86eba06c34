import { describe, expect, it } from "vitest";
import { clickMonths } from "./click-months.ts";

describe("clickMonths", () => {
  it("offers this month even without clicks, newest first", () => {
    expect(clickMonths("2026-11", [], "2026-11")).toEqual(["2026-11"]);
    expect(clickMonths("2026-11", ["2026-09", "2025-12", "2026-10"], "2026-11")).toEqual([
      "2026-11",
      "2026-10",
      "2026-09",
      "2025-12",
    ]);
  });

  it("lists a month once when it has clicks and is this month or the chosen one", () => {
    expect(clickMonths("2026-11", ["2026-11", "2026-10"], "2026-10")).toEqual(["2026-11", "2026-10"]);
  });

  it("keeps the chosen month while its answer is loading or after its clicks were deleted", () => {
    expect(clickMonths("2026-11", [], "2026-08")).toEqual(["2026-11", "2026-08"]);
  });
});
