import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  describeReward,
  QR_PRINT_MM,
  QR_PRINT_SIZES,
  type QrPrintSize,
  rewardVisitText,
} from "@stempla/domain";
import jsQR from "jsqr";
import * as mupdf from "mupdf";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { pdfText } from "../../test/pdf-text.ts";
import {
  CARD,
  companyIdOf,
  completeSetUp,
  LOCATION,
  ORIGIN,
  type Partner,
  signedInAdmin,
} from "../../test/review.ts";

// The printables are checked as a printer and a phone see them: rendered by MuPDF, the page
// counted and measured, the QR code read from the pixels. With QR_PRINT_PNG_DIR set, the renders
// are also written there as PNG, to look at (docs/architecture.md, "Locations, card and status").

let t: TestApp;
let cafe: Partner & Awaited<ReturnType<typeof completeSetUp>>;
let scanUrl: string;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  // A café with a logo, approved (green): the printables show what the app shows.
  const partner = await signedInPartner(t, { company_name: "Café Sonnenschein" });
  cafe = { ...partner, ...(await completeSetUp(t, partner)) };
  expect((await uploadLogo(cafe, await wideLogo())).statusCode).toBe(200);
  const admin = await signedInAdmin(t);
  const approved = await t.inject({
    method: "POST",
    url: `/api/admin/partners/${companyIdOf(cafe)}/approve`,
    headers: admin.headers,
  });
  expect(approved.statusCode).toBe(200);
  scanUrl = `${ORIGIN}/s/${cafe.scanCode}`;
});

/** A wide logo (3:1), as partners upload wordmarks: it is stored padded to a square. */
const wideLogo = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300">
        <rect x="0" y="0" width="900" height="300" rx="60" fill="#14532d"/>
        <circle cx="150" cy="150" r="90" fill="#fde047"/>
        <rect x="300" y="110" width="520" height="80" rx="20" fill="#ffffff"/>
      </svg>`,
    ),
  )
    .png()
    .toBuffer();

function uploadLogo(who: Partner, file: Buffer) {
  const boundary = `----stempla${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.inject({
    method: "POST",
    url: "/api/v2/dashboard/partner/logo",
    headers: { ...who.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const LONG_NAME = "Konditorei und Café Sonnenschein am Alten Markt";

const printable = (who: Partner, locationId: number, size: QrPrintSize | string, locale = "de") =>
  t.inject({
    url: `/api/v2/dashboard/shop/${locationId}/qr/pdf?size=${size}`,
    headers: { ...who.headers, "content-language": locale },
  });

/** The code a phone reads in `rows` of a render (a camera sees one face of the tent at a time). */
function scan(pixmap: mupdf.Pixmap, rows: [number, number]) {
  const width = pixmap.getWidth();
  const pixels = pixmap.getPixels().subarray(rows[0] * width * 4, rows[1] * width * 4);
  return jsQR(new Uint8ClampedArray(pixels), width, rows[1] - rows[0])?.data;
}

/**
 * Page count, size in mm, the codes read from a 200 dpi render (whole page, upper and lower half),
 * the text and the links.
 */
function inspect(pdf: Buffer, name: string) {
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  const page = doc.loadPage(0);
  const [x0, y0, x1, y1] = page.getBounds();
  const mm = (pt: number) => Math.round((pt * 25.4) / 72);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(200 / 72, 200 / 72), mupdf.ColorSpace.DeviceRGB, true);
  const dir = process.env.QR_PRINT_PNG_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.png`), pixmap.asPNG());
  }
  const height = pixmap.getHeight();
  return {
    pages: doc.countPages(),
    size: [mm(x1 - x0), mm(y1 - y0)],
    qr: scan(pixmap, [0, height]),
    halves: [scan(pixmap, [0, Math.floor(height / 2)]), scan(pixmap, [Math.ceil(height / 2), height])],
    text: pdfText(pdf).text,
    links: page.getLinks().map((link) => link.getURI()),
  };
}

const SHEETS: Record<QrPrintSize, { size: [number, number]; offer: boolean; faces: number }> = {
  a5: { size: [QR_PRINT_MM.a5.width, QR_PRINT_MM.a5.height], offer: true, faces: 1 },
  // Two A6 faces on one A5 sheet, the upper one upside down.
  "a6-tent": {
    size: [QR_PRINT_MM["a6-tent"].width, 2 * QR_PRINT_MM["a6-tent"].height],
    offer: true,
    faces: 2,
  },
  sticker: { size: [QR_PRINT_MM.sticker.diameter, QR_PRINT_MM.sticker.diameter], offer: false, faces: 1 },
};

describe("the printed QR codes", () => {
  it.each(QR_PRINT_SIZES.flatMap((size) => (["de", "en"] as const).map((locale) => [size, locale] as const)))(
    "%s in %s: one sheet, the code scans as the location's address, the offer and the stores",
    async (size, locale) => {
      const res = await printable(cafe, cafe.locationId, size, locale);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      const suffix = size === "a5" ? "" : `-${size}`;
      expect(res.headers["content-disposition"]).toContain(`qr-cafe-am-markt${suffix}.pdf`);
      const sheet = inspect(res.rawPayload, `${size}-${locale}`);
      expect(sheet.pages).toBe(1);
      expect(sheet.size).toEqual(SHEETS[size].size);
      if (SHEETS[size].faces === 1) expect(sheet.qr).toBe(scanUrl);
      // Each face of the tent scans on its own (the whole sheet holds two codes).
      else expect(sheet.halves).toEqual([scanUrl, scanUrl]);
      expect(sheet.text).toContain(
        locale === "de" ? "Mit der Handykamera scannen" : "Scan with your phone camera",
      );
      expect(sheet.text).toContain(
        locale === "de"
          ? "Punkte sammeln mit der kostenlosen Stempla-App"
          : "Collect points with the free Stempla app",
      );
      expect(sheet.text).toContain("Café Sonnenschein Öffentlich");
      if (SHEETS[size].offer) {
        // "Jeder 10. Kaffee gratis" counts differently from 10 points (the 11th visit), so the
        // poster gives the promise in the product's words instead of repeating the wrong count.
        expect(sheet.text).toContain(describeReward(CARD.points, CARD.description, locale));
        expect(sheet.text).not.toContain(CARD.description);
        expect(sheet.text).toContain(rewardVisitText(CARD.points, locale));
        expect(sheet.text).toContain("App Store");
        expect(sheet.text).toContain("Google Play");
        // The store buttons link to the configured store pages (for the PDF read on a screen).
        expect(sheet.links).toEqual(
          expect.arrayContaining([t.app.config.app.iosUrl, t.app.config.app.androidUrl]),
        );
      }
    },
  );

  it("shows the approved card while a change waits for review (orange)", async () => {
    const changed = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${companyIdOf(cafe)}`,
      headers: cafe.headers,
      payload: { description: "Ein Croissant gratis", points: 5 },
    });
    expect(changed.statusCode).toBe(200);
    const { text } = inspect((await printable(cafe, cafe.locationId, "a5")).rawPayload, "a5-orange");
    expect(text).toContain(rewardVisitText(CARD.points, "de"));
    expect(text).not.toContain("Croissant");
    expect(text).not.toContain(rewardVisitText(5, "de"));
  });

  it("before the first approval prints the data that goes to review: no logo, then the offer once it is there", async () => {
    const fresh = await signedInPartner(t, { company_name: "Kiosk Łódź" });
    const created = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/shop",
      headers: fresh.headers,
      payload: { ...LOCATION, name: "Kiosk am Bahnhof" },
    });
    expect(created.statusCode).toBe(201);
    const sheet = inspect((await printable(fresh, created.json().data.id, "a5")).rawPayload, "a5-bare");
    expect(sheet.pages).toBe(1);
    expect(sheet.qr).toBe(created.json().data.scan_url);
    // Helvetica prints WinAnsi only: Ł is transliterated, ö stays.
    expect(sheet.text).toContain("Kiosk Lódz");
    expect(sheet.text).toContain("Kiosk am Bahnhof");
    expect(sheet.text).not.toContain("IHRE BONUSKARTE");

    // A long offer in the partner's words goes under the promise.
    const offer = "Ein Heißgetränk nach Wahl – Kaffee, Tee oder Kakao – in jeder Größe, auch zum Mitnehmen";
    const card = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${companyIdOf(fresh)}`,
      headers: fresh.headers,
      payload: { description: offer, points: 10, public_name: LONG_NAME },
    });
    expect(card.statusCode).toBe(200);
    const withOffer = inspect(
      (await printable(fresh, created.json().data.id, "a5")).rawPayload,
      "a5-long-offer",
    );
    expect(withOffer.pages).toBe(1);
    expect(withOffer.qr).toBe(created.json().data.scan_url);
    expect(withOffer.text).toContain("IHRE BONUSKARTE");
    expect(withOffer.text).toContain(describeReward(10, offer, "de"));
    expect(withOffer.text).toContain(offer);
    // A long name is set smaller rather than cut.
    expect(withOffer.text).toContain(LONG_NAME);
  });

  it("refuses an unknown size with 422 and another partner's location with 404", async () => {
    expect((await printable(cafe, cafe.locationId, "a3")).statusCode).toBe(422);
    const other = await signedInPartner(t, { company_name: "Bäckerei Bob" });
    const res = await printable(other, cafe.locationId, "sticker");
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Sonnenschein");
  });
});
