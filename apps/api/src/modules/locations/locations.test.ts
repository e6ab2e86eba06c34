import { FILE_RENDERING, QR_PRINT_SIZES } from "@stempla/domain";
import jsQR from "jsqr";
import * as mupdf from "mupdf";
import { PNG } from "pngjs";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureAdmin } from "../../db/seed/accounts.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInPartner>>;
let bob: Awaited<ReturnType<typeof signedInPartner>>;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
});
// Fresh partners for every test: locations and download counts of one test are no other's
// (docs/architecture.md, Tests).
beforeEach(async () => {
  alice = await signedInPartner(t, { company_name: "Café Alice" });
  bob = await signedInPartner(t, { company_name: "Bäckerei Bob" });
});

const location = {
  name: "Café Alice am Markt",
  street: "Marktplatz",
  building: "3",
  postcode: "50667",
  city: "Köln",
  phone_number: "221 1111",
  working_hours: {
    mon: [
      { from: "07:30", to: "12:00" },
      { from: "13:00", to: "18:00" },
    ],
    sun: [],
  },
};

const create = (who: { headers: Record<string, string> }, body: object = location) =>
  t.inject({ method: "POST", url: "/api/v2/dashboard/shop", payload: body, headers: who.headers });

describe("locations", () => {
  it("creates a location with a random PIN, a default limit and a scan URL", async () => {
    const res = await create(alice);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: "Café Alice am Markt",
      address: "Marktplatz 3, 50667 Köln",
      phone_number: "+492211111",
      is_closed: false,
      limit_count: 2,
      limit_hours: 24,
    });
    expect(data.working_hours.mon).toHaveLength(2);
    expect(data.working_hours.tue).toEqual([]);
    expect(data.pin).toMatch(/^\d{4}$/);
    expect(data.scan_url).toMatch(new RegExp(`^${ORIGIN}/s/[A-Za-z0-9_-]{12}$`));
  });

  it("lists only the partner's own locations, newest first, paged", async () => {
    await create(alice);
    await create(alice, { ...location, name: "Café Alice am Dom" });
    await create(bob, { ...location, name: "Bäckerei Bob Süd" });
    const page1 = (
      await t.inject({ url: "/api/v2/dashboard/shop?per_page=1", headers: alice.headers })
    ).json();
    expect(page1.meta).toEqual({ page: 1, per_page: 1, total: 2 });
    expect(page1.data[0].name).toBe("Café Alice am Dom");
    const all = (await t.inject({ url: "/api/v2/dashboard/shop", headers: alice.headers })).json();
    expect(all.data.map((l: { name: string }) => l.name)).toEqual([
      "Café Alice am Dom",
      "Café Alice am Markt",
    ]);
    // The caller's own locations; a master's franchise locations come from /franchise/shops.
    expect(all.data.map((l: { kind: string }) => l.kind)).toEqual(["own", "own"]);
    const bobs = (await t.inject({ url: "/api/v2/dashboard/shop", headers: bob.headers })).json();
    expect(bobs.data.map((l: { name: string }) => l.name)).toEqual(["Bäckerei Bob Süd"]);
  });

  it("changes a location, its temporary closure and its PIN limit", async () => {
    const id = (await create(alice)).json().data.id;
    const updated = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/shop/${id}`,
      headers: alice.headers,
      payload: { ...location, name: "Café Alice (Umbau)", is_closed: true, phone_number: "" },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: "Café Alice (Umbau)",
      is_closed: true,
      phone_number: null,
    });

    const pin = await t.inject({
      method: "PUT",
      url: `/api/v2/dashboard/shop/${id}/pin`,
      headers: alice.headers,
      payload: { pin: "0815", limit_count: 3, limit_hours: 12 },
    });
    expect(pin.statusCode).toBe(200);
    expect(pin.json().data).toMatchObject({ pin: "0815", limit_count: 3, limit_hours: 12 });
    const again = (await t.inject({ url: `/api/v2/dashboard/shop/${id}`, headers: alice.headers })).json()
      .data;
    expect(again).toMatchObject({ name: "Café Alice (Umbau)", pin: "0815", limit_count: 3, limit_hours: 12 });
  });

  it.each([
    ["name", { name: "X" }, "Bitte geben Sie einen Namen für den Standort ein (2 bis 60 Zeichen)."],
    ["postcode", { postcode: "123" }, "Bitte geben Sie eine gültige Postleitzahl ein."],
    [
      "working_hours.mon.0.to",
      { working_hours: { mon: [{ from: "18:00", to: "08:00" }] } },
      "Die Öffnungszeit muss vor der Schließzeit liegen.",
    ],
    [
      "working_hours.tue",
      {
        working_hours: {
          tue: [
            { from: "08:00", to: "12:00" },
            { from: "11:00", to: "14:00" },
          ],
        },
      },
      "Die Zeiten eines Tages dürfen sich nicht überschneiden.",
    ],
    [
      "working_hours.wed.0.from",
      { working_hours: { wed: [{ from: "8 Uhr", to: "12:00" }] } },
      "Bitte geben Sie Uhrzeiten im Format HH:MM ein.",
    ],
    ["is_closed", { is_closed: "ja" }, "Bitte überprüfen Sie Ihre Eingabe."],
  ])("rejects a bad %s with 422", async (field, change, message) => {
    const res = await create(alice, { ...location, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it.each([
    [{ pin: "12345", limit_count: 1, limit_hours: 1 }, "pin", "Die PIN besteht aus genau 4 Ziffern."],
    [
      { pin: "1234", limit_count: 0, limit_hours: 1 },
      "limit_count",
      "Bitte geben Sie eine Anzahl zwischen 1 und 50 ein.",
    ],
    [
      { pin: "1234", limit_count: 1, limit_hours: 500 },
      "limit_hours",
      "Bitte geben Sie einen Zeitraum zwischen 1 und 168 Stunden ein.",
    ],
  ])("rejects the PIN settings %j with 422", async (payload, field, message) => {
    const id = (await create(alice)).json().data.id;
    const res = await t.inject({
      method: "PUT",
      url: `/api/v2/dashboard/shop/${id}/pin`,
      headers: alice.headers,
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it("answers 404 for another partner's location on every call, and changes nothing", async () => {
    const id = (await create(alice)).json().data.id;
    const calls = [
      { method: "GET" as const, url: `/api/v2/dashboard/shop/${id}` },
      {
        method: "POST" as const,
        url: `/api/v2/dashboard/shop/${id}`,
        payload: { ...location, name: "Gekapert" },
      },
      {
        method: "PUT" as const,
        url: `/api/v2/dashboard/shop/${id}/pin`,
        payload: { pin: "0000", limit_count: 1, limit_hours: 1 },
      },
      { method: "GET" as const, url: `/api/v2/dashboard/shop/${id}/qr/png` },
      { method: "GET" as const, url: `/api/v2/dashboard/shop/${id}/qr/pdf` },
    ];
    for (const call of calls) {
      const res = await t.inject({ ...call, headers: bob.headers });
      expect(res.statusCode, call.url).toBe(404);
      expect(res.body).not.toContain("Café Alice");
    }
    const still = (await t.inject({ url: `/api/v2/dashboard/shop/${id}`, headers: alice.headers })).json()
      .data;
    expect(still.name).toBe("Café Alice am Markt");
    expect(still.pin).not.toBe("0000");
  });

  it("needs a signed-in partner: 401 signed out, 403 for the provider team, 422 for a bad id", async () => {
    expect((await t.inject({ url: "/api/v2/dashboard/shop" })).statusCode).toBe(401);
    await ensureAdmin(t.db, { email: "team@stempla.test", password: "sehr-geheim-1" });
    const login = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/login",
      payload: { email: "team@stempla.test", password: "sehr-geheim-1" },
    });
    const admin = { authorization: `Bearer ${login.json().data.token}` };
    expect((await t.inject({ url: "/api/v2/dashboard/shop", headers: admin })).statusCode).toBe(403);
    expect((await t.inject({ url: "/api/v2/dashboard/shop/abc", headers: alice.headers })).statusCode).toBe(
      422,
    );
    expect(
      (await t.inject({ url: "/api/v2/dashboard/shop/1/qr/gif", headers: alice.headers })).statusCode,
    ).toBe(422);
  });
});

describe("the scan code", () => {
  it("downloads as a PNG that decodes to the location's scan URL", async () => {
    const created = (await create(alice)).json().data;
    const res = await t.inject({
      url: `/api/v2/dashboard/shop/${created.id}/qr/png`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    // The umlaut-free name for old clients, the real one (UTF-8, RFC 5987) for browsers.
    expect(res.headers["content-disposition"]).toBe(
      "attachment; filename=\"qr-cafe-alice-am-markt.png\"; filename*=UTF-8''qr-caf%C3%A9-alice-am-markt.png",
    );
    const png = PNG.sync.read(res.rawPayload);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(created.scan_url);
  });

  it("downloads as SVG and as an A5 PDF", async () => {
    const created = (await create(alice)).json().data;
    const svg = await t.inject({
      url: `/api/v2/dashboard/shop/${created.id}/qr/svg`,
      headers: alice.headers,
    });
    expect(svg.headers["content-type"]).toContain("image/svg+xml");
    expect(svg.body).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const pdf = await t.inject({
      url: `/api/v2/dashboard/shop/${created.id}/qr/pdf`,
      headers: alice.headers,
    });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdf.rawPayload.toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text).toContain("/MediaBox [0 0 419.53 595.28]");
    // The QR code on the printed sheet (vector squares) scans as the location's scan URL.
    const sheet = mupdf.Document.openDocument(pdf.rawPayload, "application/pdf");
    expect(sheet.countPages()).toBe(1);
    expect(sheet.loadPage(0).toStructuredText("").asText()).toContain(created.scan_url);
    const page = sheet.loadPage(0);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, true);
    const scanned = jsQR(new Uint8ClampedArray(pixmap.getPixels()), pixmap.getWidth(), pixmap.getHeight());
    expect(scanned?.data).toBe(created.scan_url);
  });

  it(`the PDFs: ${FILE_RENDERING.qrPdfsPerHour} per account and hour, then 429 with a message`, async () => {
    const carol = await signedInPartner(t, { company_name: "Copyshop Carol" });
    const created = (await create(carol)).json().data;
    const pdf = (who: { headers: Record<string, string> }, id = created.id, size = "a5") =>
      t.inject({ url: `/api/v2/dashboard/shop/${id}/qr/pdf?size=${size}`, headers: who.headers });
    // Another partner's location is a 404 and is not counted.
    expect((await pdf(bob)).statusCode).toBe(404);
    // Poster, table tent and sticker count together.
    for (let i = 0; i < FILE_RENDERING.qrPdfsPerHour; i++) {
      expect((await pdf(carol, created.id, QR_PRINT_SIZES[i % QR_PRINT_SIZES.length])).statusCode).toBe(200);
    }
    for (const [locale, text] of [
      [
        "de",
        "Sie können höchstens 60 QR-Code-PDFs pro Stunde erstellen. Bitte versuchen Sie es später erneut.",
      ],
      ["en", "You can create at most 60 QR code PDFs per hour. Please try again later."],
    ] as const) {
      const res = await t.inject({
        url: `/api/v2/dashboard/shop/${created.id}/qr/pdf`,
        headers: { ...carol.headers, "content-language": locale },
      });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.json()).toEqual({ code: "rate_limited", message: text });
    }
    // The PNG and SVG stay available; other accounts are not affected.
    const png = await t.inject({
      url: `/api/v2/dashboard/shop/${created.id}/qr/png`,
      headers: carol.headers,
    });
    expect(png.statusCode).toBe(200);
    const own = (await create(bob)).json().data;
    expect((await pdf(bob, own.id)).statusCode).toBe(200);
  });
});
