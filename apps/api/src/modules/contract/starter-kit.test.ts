import { berlinDay, HARDWARE_DELIVERY_WEEKS, STARTER_KIT } from "@stempla/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hardwareOrders, mailOutbox } from "../../db/schema/index.ts";
import { signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import {
  CARD,
  companyIdOf,
  completeSetUp,
  LOCATION,
  type Partner,
  signedInAdmin,
} from "../../test/review.ts";
import { billablePartners } from "../billing/invoicing.ts";

// The starter kit (docs/product.md, "Hardware"): every location gets one with the approval that
// first covers it, free and to its own address; the shop sends to a chosen own location.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  t = await build();
  admin = await signedInAdmin(t);
});

const approve = async (partner: Partner) => {
  const res = await t.inject({
    method: "POST",
    url: `/api/admin/partners/${companyIdOf(partner)}/approve`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.status as string;
};
const ordersOf = async (partner: Partner) => {
  const res = await t.inject({ url: "/api/v2/dashboard/hardware-orders", headers: partner.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: number;
    kind: string;
    location_id: number | null;
    ship_to: Record<string, string | null> | null;
    item: string;
    quantity: number;
    unit_cents: number;
    total_cents: number;
    billed: number | null;
  }[];
};
const kitOf = (orders: Awaited<ReturnType<typeof ordersOf>>, locationId: number) =>
  Object.fromEntries(
    orders
      .filter((o) => o.kind === "starter_kit" && o.location_id === locationId)
      .map((o) => [o.item, o.quantity]),
  );
const addLocation = async (partner: Partner, over: Record<string, unknown>) => {
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/shop",
    headers: partner.headers,
    payload: { ...LOCATION, ...over },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
};
const order = (partner: Partner, payload: object, locale = "de") =>
  t.inject({
    method: "POST",
    url: "/api/v2/dashboard/hardware-orders",
    headers: { ...partner.headers, "content-language": locale },
    payload,
  });

/** A partner with two locations, set up and waiting for its first review (yellow). */
async function partnerWithTwoLocations() {
  const partner = await signedInPartner(t);
  const setUp = await completeSetUp(t, partner);
  const second = await addLocation(partner, {
    name: "Café am Dom",
    street: "Domkloster",
    building: "4",
    postcode: "50667",
  });
  return { partner, first: setUp.locationId, second };
}

describe("starter kit", () => {
  it("the first approval sends exactly one free kit per location, to that location's address", async () => {
    const { partner, first, second } = await partnerWithTwoLocations();
    expect(await ordersOf(partner)).toEqual([]);
    expect(await approve(partner)).toBe("green");

    const orders = await ordersOf(partner);
    expect(orders.every((o) => o.kind === "starter_kit" && o.unit_cents === 0 && o.total_cents === 0)).toBe(
      true,
    );
    expect(kitOf(orders, first)).toEqual(STARTER_KIT);
    expect(kitOf(orders, second)).toEqual(STARTER_KIT);
    expect(orders).toHaveLength(2 * Object.keys(STARTER_KIT).length);
    const toFirst = orders.find((o) => o.location_id === first)!;
    expect(toFirst.ship_to).toEqual({
      name: "Café am Markt",
      street: "Marktplatz",
      building: "3",
      postcode: "50667",
      city: "Köln",
      country: "DE",
    });
    expect(orders.find((o) => o.location_id === second)!.ship_to).toMatchObject({
      name: "Café am Dom",
      street: "Domkloster",
      building: "4",
    });

    // The team's shipping list has them as open parcels with the same address.
    const open = await t.inject({ url: "/api/admin/hardware-orders?open=true", headers: admin.headers });
    const mine = open
      .json()
      .data.filter((o: { company_id: number }) => o.company_id === companyIdOf(partner));
    expect(mine).toHaveLength(orders.length);
    expect(mine.find((o: { location_id: number }) => o.location_id === second).ship_to.street).toBe(
      "Domkloster",
    );
  });

  it("a re-approval after a change review sends no second kit; a location added later gets its own", async () => {
    const { partner, first, second } = await partnerWithTwoLocations();
    await approve(partner);
    const afterFirst = await ordersOf(partner);

    // A changed offer goes to review (orange) and is approved again: nothing new is sent.
    const changed = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${companyIdOf(partner)}`,
      headers: partner.headers,
      payload: { ...CARD, description: "Jeder 11. Kaffee gratis" },
    });
    expect(changed.statusCode).toBe(200);
    expect(await approve(partner)).toBe("green");
    expect((await ordersOf(partner)).map((o) => o.id).sort()).toEqual(afterFirst.map((o) => o.id).sort());

    // A third location is added and approved: it gets its kit, the other two get nothing more.
    const third = await addLocation(partner, {
      name: "Café am Ring",
      street: "Hohenzollernring",
      building: "9",
    });
    expect(await approve(partner)).toBe("green");
    const afterThird = await ordersOf(partner);
    expect(kitOf(afterThird, third)).toEqual(STARTER_KIT);
    expect(afterThird.find((o) => o.location_id === third)!.ship_to?.street).toBe("Hohenzollernring");
    expect(afterThird.filter((o) => o.location_id === first)).toHaveLength(Object.keys(STARTER_KIT).length);
    expect(afterThird.filter((o) => o.location_id === second)).toHaveLength(Object.keys(STARTER_KIT).length);
    expect(afterThird).toHaveLength(3 * Object.keys(STARTER_KIT).length);
  });

  it("is never billed, while a shop order of the same month is", async () => {
    const { partner, second } = await partnerWithTwoLocations();
    await approve(partner);
    const placed = await order(partner, { location_id: second, items: { stand: 1 } });
    expect(placed.statusCode).toBe(201);

    const month = `${berlinDay(new Date()).slice(0, 7)}-01`;
    const [billable] = await billablePartners(t.db, month, companyIdOf(partner));
    expect(billable!.hardware).toEqual({ stand: 1 });
    expect(billable!.hardwareOrderIds).toEqual([placed.json().data.lines[0].id]);
    expect(billable!.totals.lines.filter((l) => l.kind.startsWith("hardware_"))).toEqual([
      { kind: "hardware_stand", quantity: 1, unitCents: 500, totalCents: 500 },
    ]);
    const kits = await t.db
      .select()
      .from(hardwareOrders)
      .where(and(eq(hardwareOrders.companyId, companyIdOf(partner)), eq(hardwareOrders.kind, "starter_kit")));
    expect(kits.length).toBeGreaterThan(0);
    expect(kits.every((k) => k.unitCents === 0 && k.invoiceId === null)).toBe(true);
  });

  it("the approval mail says what happens next, in the partner's language, with the numbers from the constants", async () => {
    const { partner } = await partnerWithTwoLocations();
    await approve(partner);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, partner.email), eq(mailOutbox.template, "account.status_changed")));
    const approval = mails.find((m) => m.text.includes("Grün"));
    expect(approval!.text).toContain(`innerhalb von ${HARDWARE_DELIVERY_WEEKS} Wochen`);
    expect(approval!.text).toContain("Starterpaket");
    expect(approval!.text).toContain("Café am Markt");
    expect(approval!.text).toContain("/de/locations");
    expect(approval!.text).toContain(`${STARTER_KIT.chipCard} Chipkarte`);
    expect(approval!.text).toContain(`${STARTER_KIT.sticker} Aufkleber`);
    expect(approval!.text).toContain(t.config.app.iosUrl);
    expect(approval!.text).toContain(t.config.app.androidUrl);

    // A re-approval that sends no kit says nothing about one.
    await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${companyIdOf(partner)}`,
      headers: partner.headers,
      payload: { ...CARD, description: "Jeder 11. Kaffee gratis" },
    });
    await approve(partner);
    const again = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, partner.email), eq(mailOutbox.template, "account.status_changed")));
    const greens = again.filter((m) => m.text.includes("Grün"));
    expect(greens).toHaveLength(2);
    expect(greens.filter((m) => m.text.includes("Starterpaket"))).toHaveLength(1);
  });
});

describe("hardware shop: where it goes and who sees it", () => {
  it("sends to the chosen own location with its address as ordered; the first location without a choice", async () => {
    const { partner, first, second } = await partnerWithTwoLocations();
    await approve(partner);
    const chosen = await order(partner, { location_id: second, items: { chipCard: 2 } });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().data).toMatchObject({
      location_id: second,
      ship_to: { name: "Café am Dom", street: "Domkloster", building: "4", postcode: "50667", city: "Köln" },
    });
    const unchosen = await order(partner, { items: { sticker: 1 } });
    expect(unchosen.json().data.location_id).toBe(first);

    const orders = await ordersOf(partner);
    const shop = orders.filter((o) => o.kind === "shop");
    expect(shop.map((o) => [o.item, o.quantity, o.location_id, o.unit_cents])).toEqual(
      expect.arrayContaining([
        ["chipCard", 2, second, 500],
        ["sticker", 1, first, 200],
      ]),
    );
    expect(shop).toHaveLength(2);

    const destinations = await t.inject({
      url: "/api/v2/dashboard/hardware-orders/locations",
      headers: partner.headers,
    });
    expect(destinations.statusCode).toBe(200);
    expect(destinations.json().data.map((d: { id: number }) => d.id)).toEqual([first, second]);
  });

  it("refuses another partner's location with a message on the field and never shows either side the other's orders", async () => {
    const a = await partnerWithTwoLocations();
    const b = await partnerWithTwoLocations();
    await approve(a.partner);
    await approve(b.partner);

    const foreign = await order(a.partner, { location_id: b.first, items: { stand: 1 } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({
      location_id: ["Bitte wählen Sie einen Ihrer Standorte als Lieferadresse."],
    });
    const unknown = await order(a.partner, { location_id: 99_999_999, items: { stand: 1 } }, "en");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.location_id).toEqual([
      "Please choose one of your locations as the delivery address.",
    ]);
    const malformed = await order(a.partner, { location_id: "x", items: { stand: 1 } });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toEqual(["location_id"]);

    // Nothing was ordered for b's location, and each sees only its own orders and locations.
    const aOrders = await ordersOf(a.partner);
    const bOrders = await ordersOf(b.partner);
    expect(aOrders.every((o) => o.location_id === a.first || o.location_id === a.second)).toBe(true);
    expect(bOrders.every((o) => o.location_id === b.first || o.location_id === b.second)).toBe(true);
    expect(bOrders.filter((o) => o.kind === "shop")).toEqual([]);
    const bDestinations = await t.inject({
      url: "/api/v2/dashboard/hardware-orders/locations",
      headers: b.partner.headers,
    });
    expect(bDestinations.json().data.map((d: { id: number }) => d.id)).toEqual([b.first, b.second]);
  });
});
