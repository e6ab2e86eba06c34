import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../number-format.ts";
import { monthlyPrice, vatOf } from "./monthly-price.ts";

const usage = fc
  .record({ locations: fc.integer({ min: 0, max: 500 }), scans: fc.integer({ min: 0, max: 2_000_000 }) })
  .chain(({ locations, scans }) =>
    fc.record({
      locations: fc.constant(locations),
      scans: fc.constant(scans),
      digitalMenuLocations: fc.integer({ min: 0, max: locations }),
    }),
  );

describe("monthlyPrice", () => {
  it("charges the spec's example: 2 locations and 102 scans = 12.08 EUR net", () => {
    const price = monthlyPrice({ locations: 2, scans: 102, digitalMenuLocations: 0 });
    expect(price.netCents).toBe(1208);
    expect(price.lines).toEqual([
      { kind: "location_minimum", quantity: 2, unitCents: 600, totalCents: 1200 },
      { kind: "extra_scans", quantity: 2, unitCents: 4, totalCents: 8 },
    ]);
    expect(price.vatCents).toBe(230); // 1208 * 0.19 = 229.52
    expect(price.grossCents).toBe(1438);
    expect(formatMoney(price.netCents, "de")).toBe("12,08\u00a0€");
  });

  it("pools the included scans across locations", () => {
    // One busy and one quiet location: 90 + 10 scans stay within the pooled 100.
    expect(monthlyPrice({ locations: 2, scans: 100, digitalMenuLocations: 0 }).netCents).toBe(1200);
    expect(monthlyPrice({ locations: 1, scans: 100, digitalMenuLocations: 0 }).netCents).toBe(600 + 50 * 4);
  });

  it("adds 36 EUR per location with the digital menu", () => {
    const price = monthlyPrice({ locations: 3, scans: 0, digitalMenuLocations: 2 });
    expect(price.netCents).toBe(3 * 600 + 2 * 3600);
    expect(price.lines.map((l) => l.kind)).toEqual(["location_minimum", "digital_menu"]);
  });

  it("costs nothing without locations", () => {
    expect(monthlyPrice({ locations: 0, scans: 0, digitalMenuLocations: 0 })).toMatchObject({
      netCents: 0,
      vatCents: 0,
      grossCents: 0,
      lines: [],
    });
  });

  it("rejects impossible input", () => {
    expect(() => monthlyPrice({ locations: -1, scans: 0, digitalMenuLocations: 0 })).toThrow(RangeError);
    expect(() => monthlyPrice({ locations: 1, scans: 1.5, digitalMenuLocations: 0 })).toThrow(RangeError);
    expect(() => monthlyPrice({ locations: 1, scans: 0, digitalMenuLocations: 2 })).toThrow(RangeError);
  });

  it("net is the sum of its lines, and gross is net plus VAT", () => {
    fc.assert(
      fc.property(usage, (u) => {
        const price = monthlyPrice(u);
        expect(price.netCents).toBe(price.lines.reduce((s, l) => s + l.totalCents, 0));
        for (const l of price.lines) expect(l.totalCents).toBe(l.quantity * l.unitCents);
        expect(price.grossCents).toBe(price.netCents + price.vatCents);
      }),
    );
  });

  it("never charges less than 6 EUR per location, and exactly that up to the pooled 50 scans each", () => {
    fc.assert(
      fc.property(usage, (u) => {
        const { netCents } = monthlyPrice({ ...u, digitalMenuLocations: 0 });
        expect(netCents).toBeGreaterThanOrEqual(600 * u.locations);
        if (u.scans <= 50 * u.locations) expect(netCents).toBe(600 * u.locations);
        else expect(netCents).toBe(600 * u.locations + (u.scans - 50 * u.locations) * 4);
      }),
    );
  });

  it("one more scan never makes the month cheaper and costs at most 4 cents", () => {
    fc.assert(
      fc.property(usage, (u) => {
        const a = monthlyPrice(u).netCents;
        const b = monthlyPrice({ ...u, scans: u.scans + 1 }).netCents;
        expect(b - a).toBeGreaterThanOrEqual(0);
        expect(b - a).toBeLessThanOrEqual(4);
      }),
    );
  });
});

describe("vatOf", () => {
  it("rounds half up to whole cents", () => {
    expect(vatOf(1208)).toBe(230);
    expect(vatOf(50)).toBe(10); // 9.5 -> 10
    expect(vatOf(0)).toBe(0);
  });

  it("stays within half a cent of the exact VAT", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (net) => {
        expect(Math.abs(vatOf(net) - (net * 19) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
