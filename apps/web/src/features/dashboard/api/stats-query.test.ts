import { STATS_MAX_LOCATIONS } from "@stempla/domain";
import { describe, expect, it } from "vitest";
import {
  parseLocationIds,
  readStatsSelection,
  statsKey,
  statsPdfUrl,
  statsSearch,
  withStatsLocations,
} from "./stats-query.ts";

const read = (search: string, isMaster: boolean) =>
  readStatsSelection(new URLSearchParams(search), { isMaster, currentMonth: "2026-11" });

describe("the statistics selection in the URL", () => {
  it("without parameters: the current month, own scope, all locations, weeks", () => {
    for (const isMaster of [false, true]) {
      expect(read("", isMaster)).toEqual({
        selection: { month: "2026-11", scope: "own", locations: [] },
        period: "week",
      });
    }
  });

  it("a master's network scope and several locations; the older single location as an alias", () => {
    expect(read("month=2026-09&scope=network&locations=17,3&period=month", true)).toEqual({
      selection: { month: "2026-09", scope: "network", locations: [17, 3] },
      period: "month",
    });
    expect(read("location=5", true).selection.locations).toEqual([5]);
    expect(read("locations=3,5&location=5", true).selection.locations).toEqual([3, 5]);
  });

  it("anyone but a master: own scope and at most one location, as the partner's selector shows", () => {
    expect(read("scope=network&locations=17,3", false).selection).toEqual({
      month: "2026-11",
      scope: "own",
      locations: [17],
    });
    expect(read("location=3", false).selection.locations).toEqual([3]);
  });

  it("ignores what is not a location id or a month, and keeps at most the maximum of ids", () => {
    expect(parseLocationIds("3,abc,-4,0,3, 8 ,1e3,9007199254740993,")).toEqual([3, 8]);
    expect(parseLocationIds(null)).toEqual([]);
    const many = Array.from({ length: STATS_MAX_LOCATIONS + 5 }, (_, i) => i + 1).join(",");
    expect(parseLocationIds(many)).toHaveLength(STATS_MAX_LOCATIONS);
    expect(read("month=2026-13&scope=all", true).selection).toEqual({
      month: "2026-11",
      scope: "own",
      locations: [],
    });
  });

  it("writes one location as `location`, several as `locations`, the default scope not at all", () => {
    const before = new URLSearchParams("month=2026-09&location=3&period=month");
    expect(withStatsLocations(before, "network", [3, 17]).toString()).toBe(
      "month=2026-09&period=month&scope=network&locations=3%2C17",
    );
    expect(withStatsLocations(before, "own", [5]).toString()).toBe("month=2026-09&period=month&location=5");
    expect(withStatsLocations(new URLSearchParams("scope=network&locations=3,4"), "own", []).toString()).toBe(
      "",
    );
    // Written and read back, the selection is the same.
    const written = withStatsLocations(new URLSearchParams("month=2026-09"), "network", [8, 2, 40]);
    expect(read(written.toString(), true).selection).toEqual({
      month: "2026-09",
      scope: "network",
      locations: [8, 2, 40],
    });
  });
});

describe("the statistics query", () => {
  it("names the scope only for the network, one location as before, several as a list", () => {
    expect(statsSearch({ month: "2026-11", scope: "own", locations: [] })).toBe("month=2026-11");
    expect(statsSearch({ month: "2026-11", scope: "own", locations: [3] })).toBe("month=2026-11&location=3");
    expect(statsSearch({ month: "2026-11", scope: "network", locations: [3, 17] }, { period: "week" })).toBe(
      "month=2026-11&scope=network&locations=3%2C17&period=week",
    );
    expect(statsPdfUrl({ month: "2026-11", scope: "network", locations: [] }, "month")).toBe(
      "/api/v2/dashboard/stats/pdf?month=2026-11&scope=network&period=month",
    );
  });

  it("keys each selection apart, so a changed scope or set of locations loads its own figures", () => {
    const own = statsKey("summary", { month: "2026-11", scope: "own", locations: [] });
    const network = statsKey("summary", { month: "2026-11", scope: "network", locations: [] });
    const chosen = statsKey("summary", { month: "2026-11", scope: "network", locations: [3, 17] });
    expect(new Set([own, network, chosen].map((key) => JSON.stringify(key))).size).toBe(3);
    expect(own.slice(0, 1)).toEqual(["stats"]);
  });
});
