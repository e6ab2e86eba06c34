import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { billingAddresses } from "../../db/schema/index.ts";
import { tileOrigins } from "../../plugins/security.ts";
import { ORIGIN, registration, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, completeSetUp, inLocale, type Partner, signedInAdmin } from "../../test/review.ts";
import { derivePosition } from "./positions.ts";
import { positionFor } from "./service.ts";

// The offline table's positions of the towns used below (tools/geo/build-positions.ts).
const KOELN = { latitude: 50.9333, longitude: 6.95 };
const MUENCHEN = { latitude: 48.1374, longitude: 11.5755 };
const HAMBURG = { latitude: 53.5507, longitude: 9.993 };

let t: TestApp;
let alice: Partner;
let bob: Partner;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  alice = await signedInPartner(t, { company_name: "Café Alice" });
  bob = await signedInPartner(t, { company_name: "Bäckerei Bob" });
});

const location = {
  name: "Café am Markt",
  street: "Marktplatz",
  building: "3",
  postcode: "50667",
  city: "Köln",
  phone_number: "221 1111",
  working_hours: { mon: [{ from: "08:00", to: "18:00" }] },
};

const create = (who: Partner, body: object = location) =>
  t.inject({ method: "POST", url: "/api/v2/dashboard/shop", payload: body, headers: who.headers });
const update = (who: Partner, id: number, body: object, locale: "de" | "en" = "de") =>
  t.inject({
    method: "POST",
    url: `/api/v2/dashboard/shop/${id}`,
    payload: body,
    headers: inLocale(who, locale),
  });
const coordinates = (data: { latitude: number | null; longitude: number | null }) => ({
  latitude: data.latitude,
  longitude: data.longitude,
});

describe("the offline position table", () => {
  it("places a German postcode at its town, elsewhere a town by its local name", () => {
    expect(derivePosition({ country: "DE", postcode: "50667", city: "" })).toEqual({
      ...KOELN,
      precision: "postcode",
    });
    expect(derivePosition({ country: "DE", postcode: "80331", city: "München" })).toMatchObject(MUENCHEN);
    expect(derivePosition({ country: "AT", postcode: "1010", city: "Wien" })).toEqual({
      latitude: 48.2085,
      longitude: 16.3721,
      precision: "town",
    });
    // An unknown German postcode still finds the town by name; nothing known: undefined.
    expect(derivePosition({ country: "DE", postcode: "00000", city: "Hamburg" })).toMatchObject(HAMBURG);
    expect(derivePosition({ country: "LU", postcode: "9999", city: "Nirgendwo" })).toBeUndefined();
  });

  it("keeps, derives or takes the pin by the rules of docs/geo-positions.md", () => {
    const stored = { street: "Ring", building: "1", postcode: "50667", city: "Köln", country: "DE" };
    const pinned = { ...stored, latitude: 50.94, longitude: 6.96 };
    // The same address (spelling aside) keeps even a hand-placed pin.
    expect(positionFor({ ...stored, street: " ring " }, pinned)).toEqual({
      latitude: 50.94,
      longitude: 6.96,
    });
    expect(positionFor({ ...stored, postcode: "80331", city: "München" }, pinned)).toEqual(MUENCHEN);
    // Nothing derivable for the new address: the old position stays, never null.
    expect(positionFor({ ...stored, country: "LU", postcode: "9999", city: "Nirgendwo" }, pinned)).toEqual({
      latitude: 50.94,
      longitude: 6.96,
    });
    expect(positionFor({ ...stored, country: "LU", postcode: "9999", city: "Nirgendwo" })).toEqual({
      latitude: null,
      longitude: null,
    });
  });
});

describe("GET /dashboard/geo/position and /geo/map", () => {
  it("answers the derived position for the form's map, null when unknown, only when signed in", async () => {
    const known = await t.inject({
      url: "/api/v2/dashboard/geo/position?country=DE&postcode=50667&city=K%C3%B6ln",
      headers: alice.headers,
    });
    expect(known.statusCode).toBe(200);
    expect(known.json().data).toEqual({ ...KOELN, precision: "postcode" });
    const unknown = await t.inject({
      url: "/api/v2/dashboard/geo/position?country=LU&postcode=9999&city=Nirgendwo",
      headers: alice.headers,
    });
    expect(unknown.json()).toEqual({ data: null });
    const bad = await t.inject({ url: "/api/v2/dashboard/geo/position?country=xx1", headers: alice.headers });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["country"]);
    expect((await t.inject({ url: "/api/v2/dashboard/geo/position?country=DE" })).statusCode).toBe(401);
  });

  it("names the tile service, which the content security policy allows images from", async () => {
    const res = await t.inject({ url: "/api/v2/geo/map" });
    expect(res.json().data).toEqual({
      url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      attribution: "© OpenStreetMap contributors",
    });
    expect(String(res.headers["content-security-policy"])).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org",
    );
    const off = await build({ MAP_TILE_URL: "off" });
    expect((await off.inject({ url: "/api/v2/geo/map" })).json().data.url).toBeNull();
  });
});

describe("MAP_TILE_URL", () => {
  it("takes a tile template or off, refuses anything else at start, and names its hosts for the CSP", () => {
    expect(loadConfig({ MAP_TILE_URL: "off" }).mapTiles.url).toBeNull();
    expect(() => loadConfig({ MAP_TILE_URL: "https://tiles.example.org/map.png" })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: "ftp://tiles.example.org/{z}/{x}/{y}.png" })).toThrow(
      /MAP_TILE_URL/,
    );
    const own = loadConfig({ MAP_TILE_URL: "https://{s}.tiles.example.org/{z}/{x}/{y}.png" }).mapTiles.url;
    expect(tileOrigins(own)).toEqual([
      "https://a.tiles.example.org",
      "https://b.tiles.example.org",
      "https://c.tiles.example.org",
    ]);
    expect(tileOrigins(null)).toEqual([]);
  });
});

describe("location coordinates", () => {
  it("derives the position from the postcode when the partner places no pin", async () => {
    const res = await create(alice);
    expect(res.statusCode).toBe(201);
    expect(coordinates(res.json().data)).toEqual(KOELN);
  });

  it("takes the partner's pin over the derived position", async () => {
    const res = await create(alice, { ...location, latitude: 50.9413, longitude: 6.9583 });
    expect(coordinates(res.json().data)).toEqual({ latitude: 50.9413, longitude: 6.9583 });
  });

  it("keeps a placed pin when the name, phone or hours change, and re-derives when the address changes", async () => {
    const id = (await create(alice, { ...location, latitude: 50.9413, longitude: 6.9583 })).json().data.id;
    const kept = await update(alice, id, {
      ...location,
      name: "Café am Dom",
      phone_number: "221 2222",
      working_hours: { tue: [{ from: "09:00", to: "17:00" }] },
    });
    expect(kept.statusCode).toBe(200);
    expect(coordinates(kept.json().data)).toEqual({ latitude: 50.9413, longitude: 6.9583 });
    const moved = await update(alice, id, {
      ...location,
      street: "Marienplatz",
      postcode: "80331",
      city: "München",
    });
    expect(coordinates(moved.json().data)).toEqual(MUENCHEN);
    const again = await t.inject({ url: `/api/v2/dashboard/shop/${id}`, headers: alice.headers });
    expect(coordinates(again.json().data)).toEqual(MUENCHEN);
  });

  it("never empties the position: an address abroad that cannot be placed keeps the old pin", async () => {
    const id = (await create(alice)).json().data.id;
    const res = await update(alice, id, { ...location, country: "LU", postcode: "9999", city: "Nirgendwo" });
    expect(res.statusCode).toBe(200);
    expect(coordinates(res.json().data)).toEqual(KOELN);
  });

  it.each([
    [
      { latitude: 91, longitude: 6.9 },
      "latitude",
      "Breitengrad zwischen -90 und 90",
      "latitude between -90 and 90",
    ],
    [
      { latitude: 50.9, longitude: -181 },
      "longitude",
      "Längengrad zwischen -180 und 180",
      "longitude between -180 and 180",
    ],
    [{ latitude: "50,9", longitude: 6.9 }, "latitude", "Breitengrad", "latitude"],
    [
      { latitude: 50.9 },
      "longitude",
      "Breiten- und Längengrad zusammen",
      "latitude and the longitude together",
    ],
    [
      { longitude: 6.9 },
      "latitude",
      "Breiten- und Längengrad zusammen",
      "latitude and the longitude together",
    ],
  ])("refuses the pin %j with 422 on %s in de and en", async (pin, field, de, en) => {
    const id = (await create(alice)).json().data.id;
    for (const [locale, text] of [
      ["de", de],
      ["en", en],
    ] as const) {
      const res = await update(alice, id, { ...location, ...pin }, locale);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
      expect(res.json().errors[field][0]).toContain(text);
    }
    const created = await create(alice, { ...location, ...pin });
    expect(created.statusCode).toBe(422);
  });

  it("another partner's location answers 404 and keeps its position", async () => {
    const id = (await create(alice, { ...location, latitude: 50.95, longitude: 6.97 })).json().data.id;
    const res = await update(bob, id, { ...location, latitude: 1, longitude: 1 });
    expect(res.statusCode).toBe(404);
    const mine = await t.inject({ url: `/api/v2/dashboard/shop/${id}`, headers: alice.headers });
    expect(coordinates(mine.json().data)).toEqual({ latitude: 50.95, longitude: 6.97 });
  });
});

describe("business address coordinates", () => {
  const stored = async (partner: Partner) => {
    const [row] = await t.db
      .select()
      .from(billingAddresses)
      .where(eq(billingAddresses.companyId, companyIdOf(partner)));
    return { latitude: row!.latitude, longitude: row!.longitude };
  };
  const edit = (partner: Partner, group: string, payload: object) =>
    t.inject({
      method: "PATCH",
      url: `/api/v2/dashboard/company/${group}`,
      payload,
      headers: partner.headers,
    });
  const address = { street: "Lindenallee", building: "12a", postcode: "50968", city: "Köln", country: "DE" };

  it("registration derives the position from the postcode, or takes the pin sent with it", async () => {
    const derived = await signedInPartner(t, { company_name: "Konditorei Derive" });
    expect(await stored(derived)).toEqual(KOELN);
    const pinned = await signedInPartner(t, {
      company_name: "Konditorei Pin",
      latitude: 50.91,
      longitude: 6.96,
    });
    expect(await stored(pinned)).toEqual({ latitude: 50.91, longitude: 6.96 });
  });

  it("registration refuses a half or out-of-range pin with 422 on the field", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/register",
      payload: { ...registration(), latitude: -95, longitude: 6.9 },
      remoteAddress: "10.77.0.1",
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["latitude"]);
  });

  it("the company page keeps the position when the phone changes and re-derives it with the address", async () => {
    const carla = await signedInPartner(t, { company_name: "Café Carla", latitude: 50.91, longitude: 6.96 });
    expect((await edit(carla, "phone", { phone_number: "221 55555" })).statusCode).toBe(200);
    expect(await stored(carla)).toEqual({ latitude: 50.91, longitude: 6.96 });
    // The same address saved again keeps the hand-placed pin.
    expect((await edit(carla, "address", address)).statusCode).toBe(200);
    expect(await stored(carla)).toEqual({ latitude: 50.91, longitude: 6.96 });
    await edit(carla, "address", { ...address, postcode: "20095", city: "Hamburg" });
    expect(await stored(carla)).toEqual(HAMBURG);
    await edit(carla, "address", { ...address, latitude: 53.55, longitude: 10.0 });
    expect(await stored(carla)).toEqual({ latitude: 53.55, longitude: 10.0 });
    const company = await t.inject({ url: "/api/v2/dashboard/company", headers: carla.headers });
    expect(company.json().data.address).toMatchObject({ latitude: 53.55, longitude: 10.0 });
    const bad = await edit(carla, "address", { ...address, latitude: 53.55, longitude: 200 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["longitude"]);
  });
});

describe("published data", () => {
  it("the app sees each approved location's position and the team sees a moved pin as a change", async () => {
    const admin = await signedInAdmin(t);
    const dora = await signedInPartner(t, { company_name: "Café Dora" });
    const { id, locationId, scanCode } = await completeSetUp(t, dora);
    const approve = await t.inject({
      method: "POST",
      url: `/api/admin/partners/${id}/approve`,
      headers: admin.headers,
    });
    expect(approve.statusCode).toBe(200);
    const published = await t.inject({ url: `/api/v2/scan-codes/${scanCode}/partner` });
    expect(published.json().data.locations).toEqual([expect.objectContaining({ id: locationId, ...KOELN })]);
    // Moving the pin is a change to review; the app keeps the approved position meanwhile.
    const located = (
      await t.inject({ url: `/api/v2/dashboard/shop/${locationId}`, headers: dora.headers })
    ).json().data;
    await update(dora, locationId, {
      name: located.name,
      street: located.street,
      building: located.building,
      postcode: located.postcode,
      city: located.city,
      working_hours: located.working_hours,
      latitude: 50.94,
      longitude: 6.96,
    });
    const detail = (await t.inject({ url: `/api/admin/partners/${id}`, headers: admin.headers })).json().data;
    expect(JSON.stringify(detail)).toContain(`location.${locationId}.position`);
    const still = await t.inject({ url: `/api/v2/scan-codes/${scanCode}/partner` });
    expect(still.json().data.locations[0]).toMatchObject(KOELN);
  });
});
