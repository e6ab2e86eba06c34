import jsQR from "jsqr";
import * as mupdf from "mupdf";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { LOCATION } from "../../test/review.ts";

// The tables' QR codes and the print sheet (docs/decisions/009-digital-menu.md, section 4): each
// code decodes to its guest page.

type Partner = Awaited<ReturnType<typeof signedInPartner>>;
let t: TestApp;
let owner: Partner;
let stranger: Partner;
let shop: number;

const get = (who: Partner, url: string, headers: Record<string, string> = {}) =>
  t.inject({ url: `/api/v2${url}`, headers: { ...who.headers, ...headers } });

async function table(name: string) {
  const res = await t.inject({
    method: "POST",
    url: `/api/v2/dashboard/menu/tables?shop_id=${shop}`,
    headers: owner.headers,
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string; public_url: string };
}

beforeAll(async () => {
  t = await build();
  owner = await signedInPartner(t);
  stranger = await signedInPartner(t);
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/shop",
    headers: owner.headers,
    payload: { ...LOCATION, name: "Trattoria Blu" },
  });
  shop = res.json().data.id;
}, 120_000);

describe("table QR codes", () => {
  it("as PNG decode to the table's guest page; as SVG too", async () => {
    const window = await table("Fenster 1");
    expect(window.public_url).toBe(`${t.config.publicUrl}/dm/${shop}/${window.id}`);
    const png = await get(owner, `/dashboard/menu/tables/${window.id}/qr.png`);
    expect(png.statusCode, png.body).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.headers["content-disposition"]).toContain('filename="qr-fenster-1.png"');
    const image = PNG.sync.read(png.rawPayload);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(window.public_url);
    const svg = await get(owner, `/dashboard/menu/tables/${window.id}/qr.svg`);
    expect(svg.headers["content-type"]).toContain("image/svg+xml");
    expect(svg.body).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it("of another company's table are 404; a bad id 422", async () => {
    const corner = await table("Ecke");
    expect((await get(stranger, `/dashboard/menu/tables/${corner.id}/qr.png`)).statusCode).toBe(404);
    expect((await get(stranger, `/dashboard/menu/tables/${corner.id}/qr.svg`)).statusCode).toBe(404);
    expect((await get(owner, "/dashboard/menu/tables/999999999/qr.png")).statusCode).toBe(404);
    expect((await get(owner, "/dashboard/menu/tables/abc/qr.png")).statusCode).toBe(422);
    expect((await get(stranger, `/dashboard/menu/qr/pdf?shop_id=${shop}`)).statusCode).toBe(404);
    expect((await get(owner, "/dashboard/menu/qr/pdf?shop_id=x")).statusCode).toBe(422);
  });
});

describe("the print sheet", () => {
  it("has the menu's own code first, then one page per table, each scanning as its guest page", async () => {
    const garden = await table("Garten 7");
    const res = await get(owner, `/dashboard/menu/qr/pdf?shop_id=${shop}`, { "content-language": "de" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const sheet = mupdf.Document.openDocument(res.rawPayload, "application/pdf");
    const menu = await get(owner, `/dashboard/menu?shop_id=${shop}`);
    const tables = menu.json().data.tables as { name: string; public_url: string }[];
    expect(tables.map((x) => x.name)).toContain(garden.name);
    expect(sheet.countPages()).toBe(1 + tables.length);
    const pages = [
      { label: "Digitale Speisekarte", url: `${t.config.publicUrl}/dm/${shop}` },
      ...tables.map((x) => ({ label: `Tisch: ${x.name}`, url: x.public_url })),
    ];
    pages.forEach((expected, i) => {
      const page = sheet.loadPage(i);
      const text = page.toStructuredText("").asText();
      expect(text).toContain("Trattoria Blu");
      expect(text).toContain(expected.label);
      const pixmap = page.toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, true);
      const scanned = jsQR(new Uint8ClampedArray(pixmap.getPixels()), pixmap.getWidth(), pixmap.getHeight());
      expect(scanned?.data).toBe(expected.url);
    });
    const english = await get(owner, `/dashboard/menu/qr/pdf?shop_id=${shop}`, { "content-language": "en" });
    const first = mupdf.Document.openDocument(english.rawPayload, "application/pdf").loadPage(0);
    expect(first.toStructuredText("").asText()).toContain("Digital menu");
  });
});
