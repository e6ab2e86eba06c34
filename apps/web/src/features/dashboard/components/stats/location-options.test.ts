import { describe, expect, it } from "vitest";
import type { NetworkLocation } from "../../api/get-stats-locations.ts";
import { filterLocationGroups, locationGroups, locationsForScope, optionCount } from "./location-options.ts";

const own = [
  { id: 1, name: "Zentrale Dom" },
  { id: 2, name: "Hauptbahnhof" },
];
const franchise = (id: number, name: string, city: string, companyId: number, companyName: string) =>
  ({ id, name, city, companyId, companyName }) satisfies NetworkLocation;
const network = [
  franchise(10, "Altstadt", "Köln", 100, "Bäckerei Müller GmbH"),
  franchise(11, "Ehrenfeld", "Köln", 100, "Bäckerei Müller GmbH"),
  franchise(20, "Altstadt", "Düsseldorf", 200, "Café Rhein KG"),
  franchise(30, "Markt", "Bonn", 300, "Café Rhein KG"),
];

describe("the master's location selector", () => {
  it("own scope: only the own locations", () => {
    const groups = locationGroups({ scope: "own", own, network, ownGroup: "Eigene Standorte" });
    expect(groups).toEqual([
      {
        group: "Eigene Standorte",
        items: [
          { value: "1", label: "Zentrale Dom", company: null },
          { value: "2", label: "Hauptbahnhof", company: null },
        ],
      },
    ]);
  });

  it("network scope: own first, then one group per franchisee, two of the same name told apart", () => {
    const groups = locationGroups({ scope: "network", own, network, ownGroup: "Eigene Standorte" });
    expect(groups.map((g) => [g.group, g.items.map((i) => i.value)])).toEqual([
      ["Eigene Standorte", ["1", "2"]],
      ["Bäckerei Müller GmbH", ["10", "11"]],
      ["Café Rhein KG", ["20"]],
      ["Café Rhein KG (2)", ["30"]],
    ]);
    expect(groups[3]?.items[0]?.company).toBe("Café Rhein KG");
    expect(optionCount(groups)).toBe(6);
  });

  it("searches name, city and franchisee, without case or accents, every word", () => {
    const groups = locationGroups({ scope: "network", own, network, ownGroup: "Eigene Standorte" });
    const city = (value: string) => network.find((l) => String(l.id) === value)?.city ?? "";
    const found = (search: string) =>
      filterLocationGroups(groups, search, 50, city).flatMap((g) => g.items.map((i) => i.value));
    expect(found("")).toEqual(["1", "2", "10", "11", "20", "30"]);
    expect(found("altstadt")).toEqual(["10", "20"]);
    expect(found("muller")).toEqual(["10", "11"]);
    expect(found("koln")).toEqual(["10", "11"]);
    expect(found("cafe altstadt")).toEqual(["20"]);
    expect(found("eigene")).toEqual(["1", "2"]);
    expect(found("nirgendwo")).toEqual([]);
  });

  it("shows at most the limit, groups in order and none empty", () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      franchise(
        1000 + i,
        `Filiale ${i}`,
        "Berlin",
        5000 + Math.floor(i / 25),
        `Franchise N${Math.floor(i / 25)}`,
      ),
    );
    const groups = locationGroups({ scope: "network", own, network: many, ownGroup: "Eigene Standorte" });
    expect(optionCount(groups)).toBe(1002);
    const first = filterLocationGroups(groups, "", 50);
    expect(optionCount(first)).toBe(50);
    expect(first.map((g) => g.group)).toEqual(["Eigene Standorte", "Franchise N0", "Franchise N1"]);
    const searched = filterLocationGroups(groups, "n39", 50);
    expect(searched.map((g) => g.group)).toEqual(["Franchise N39"]);
    expect(optionCount(searched)).toBe(25);
  });

  it("keeps the chosen locations into the network, only the own ones back to the own scope", () => {
    expect(locationsForScope("network", [2, 10], own)).toEqual([2, 10]);
    expect(locationsForScope("own", [2, 10, 20], own)).toEqual([2]);
  });
});
