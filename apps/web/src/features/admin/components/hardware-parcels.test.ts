import type { AdminHardwareOrder } from "@stempla/domain";
import { describe, expect, it } from "vitest";
import { parcelsOf } from "./hardware-parcels.ts";

const address = {
  name: "Café am Markt",
  street: "Marktplatz",
  building: "3",
  postcode: "50667",
  city: "Köln",
  country: "DE",
};
let ids = 0;
const line = (over: Partial<AdminHardwareOrder>): AdminHardwareOrder => ({
  id: ++ids,
  company_id: 1,
  company_name: "Café am Markt",
  kind: "shop",
  location_id: 10,
  ship_to: address,
  item: "sticker",
  quantity: 1,
  ordered_at: "2026-11-02T09:00:00.000Z",
  shipped_at: null,
  billed: null,
  ...over,
});

describe("parcelsOf", () => {
  it("puts the lines a partner ordered at one time into one parcel, in the API's order", () => {
    const lines = [
      line({ item: "stand", quantity: 2 }),
      line({ company_id: 2, company_name: "Bäckerei Korn", location_id: null, ship_to: null }),
      line({ item: "chipCard", quantity: 5 }),
      // The same partner's later order is a parcel of its own.
      line({ ordered_at: "2026-11-03T10:00:00.000Z" }),
    ];
    const parcels = parcelsOf(lines);
    expect(parcels.map((p) => [p.companyName, p.orderedAt, p.lines.map((l) => l.id)])).toEqual([
      ["Café am Markt", "2026-11-02T09:00:00.000Z", [lines[0]!.id, lines[2]!.id]],
      ["Bäckerei Korn", "2026-11-02T09:00:00.000Z", [lines[1]!.id]],
      ["Café am Markt", "2026-11-03T10:00:00.000Z", [lines[3]!.id]],
    ]);
    expect(new Set(parcels.map((p) => p.key)).size).toBe(3);
    expect(parcels[0]).toMatchObject({ companyId: 1, address, shippedAt: null });
    expect(parcels[1]!.address).toBeNull();
  });

  it("a starter kit approved for two locations at once is a parcel per location, each to its address", () => {
    const dom = { ...address, name: "Café am Dom", street: "Domkloster" };
    const lines = [
      line({ kind: "starter_kit", location_id: 10, item: "chipCard" }),
      line({ kind: "starter_kit", location_id: 10, item: "stand" }),
      line({ kind: "starter_kit", location_id: 11, ship_to: dom, item: "chipCard" }),
      line({ kind: "starter_kit", location_id: 11, ship_to: dom, item: "stand" }),
      // A shop order placed at the same moment is packed on its own.
      line({ kind: "shop", location_id: 10, item: "sticker" }),
    ];
    const parcels = parcelsOf(lines);
    expect(parcels.map((p) => [p.kind, p.address?.street, p.lines.length])).toEqual([
      ["starter_kit", "Marktplatz", 2],
      ["starter_kit", "Domkloster", 2],
      ["shop", "Marktplatz", 1],
    ]);
  });

  it("is shipped only once every line is, at the last line's shipping time", () => {
    const partly = parcelsOf([
      line({ shipped_at: "2026-11-04T08:00:00.000Z" }),
      line({ item: "stand", shipped_at: null }),
    ]);
    expect(partly[0]!.shippedAt).toBeNull();
    const done = parcelsOf([
      line({ shipped_at: "2026-11-05T08:00:00.000Z" }),
      line({ item: "stand", shipped_at: "2026-11-04T08:00:00.000Z" }),
    ]);
    expect(done[0]!.shippedAt).toBe("2026-11-05T08:00:00.000Z");
  });

  it("has no parcels without lines", () => {
    expect(parcelsOf([])).toEqual([]);
  });
});
