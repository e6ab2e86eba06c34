import type { HardwareOrderView } from "@stempla/domain";
import { describe, expect, it } from "vitest";
import { deliveriesOf } from "./hardware-history.ts";

const markt = {
  name: "Café am Markt",
  street: "Marktplatz",
  building: "3",
  postcode: "50667",
  city: "Köln",
  country: "DE",
};
const dom = { ...markt, name: "Café am Dom", street: "Domkloster" };
let ids = 0;
const line = (over: Partial<HardwareOrderView>): HardwareOrderView => ({
  id: ++ids,
  kind: "shop",
  location_id: 1,
  ship_to: markt,
  item: "sticker",
  quantity: 1,
  unit_cents: 200,
  total_cents: 200,
  ordered_at: "2026-11-20T09:00:00.000Z",
  shipped_at: null,
  billed: null,
  ...over,
});

describe("deliveriesOf", () => {
  it("groups one order's lines per location and adds up the price; a starter kit costs nothing", () => {
    const kit = {
      kind: "starter_kit" as const,
      unit_cents: 0,
      total_cents: 0,
      ordered_at: "2026-11-02T09:00:00.000Z",
    };
    const deliveries = deliveriesOf([
      line({ item: "chipCard", quantity: 2, unit_cents: 500, total_cents: 1000 }),
      line({ item: "sticker", quantity: 3, unit_cents: 200, total_cents: 600 }),
      line({ ...kit, item: "chipCard", location_id: 1 }),
      line({ ...kit, item: "stand", location_id: 1, shipped_at: "2026-11-05T08:00:00.000Z" }),
      line({
        ...kit,
        item: "chipCard",
        location_id: 2,
        ship_to: dom,
        shipped_at: "2026-11-04T08:00:00.000Z",
      }),
    ]);
    expect(
      deliveries.map((d) => [d.kind, d.shipTo?.name, d.lines.length, d.totalCents, d.shippedAt]),
    ).toEqual([
      ["shop", "Café am Markt", 2, 1600, null],
      ["starter_kit", "Café am Markt", 2, 0, null],
      ["starter_kit", "Café am Dom", 1, 0, "2026-11-04T08:00:00.000Z"],
    ]);
  });

  it("has no deliveries without orders", () => {
    expect(deliveriesOf([])).toEqual([]);
  });
});
