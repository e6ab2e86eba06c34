import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../db/schema/index.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, completeSetUp, inLocale, type Partner, signedInAdmin } from "../../test/review.ts";

let t: TestApp;
let alice: Partner;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  alice = await signedInPartner(t, { company_name: "Café Alice" });
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
/** A one-page PDF of the given size in points (72 per inch). */
const pdf = (width: number, height: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: [width, height], margin: 0 });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.rect(width * 0.1, height * 0.1, width * 0.8, height * 0.8).fill("#d0104c");
    doc.end();
  });

/** A multipart/form-data body with one file part, as a browser's form upload sends it. */
function form(file: Buffer, opts: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = `----stempla${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? "file"}"; filename="${opts.filename ?? "logo.png"}"\r\nContent-Type: ${opts.type ?? "image/png"}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const upload = (
  who: Partner,
  file: Buffer,
  opts: Parameters<typeof form>[1] & { locale?: "de" | "en" } = {},
) => {
  const body = form(file, opts);
  return t.inject({
    method: "POST",
    url: "/api/v2/dashboard/partner/logo",
    headers: { ...inLocale(who, opts.locale ?? "de"), "content-type": body.contentType },
    payload: body.payload,
  });
};

async function download(url: string) {
  const res = await t.inject({ url });
  return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : undefined };
}

describe("logo upload", () => {
  it("a PNG becomes three square PNG renditions that download at their sizes", async () => {
    const res = await upload(alice, await png(600, 600));
    expect(res.statusCode).toBe(200);
    const logo = res.json().data.logo;
    expect(logo).toEqual({
      small: expect.stringMatching(/^\/api\/v2\/logos\/[0-9a-f]{64}\/small\.png$/),
      medium: expect.stringMatching(/^\/api\/v2\/logos\/[0-9a-f]{64}\/medium\.png$/),
      large: expect.stringMatching(/^\/api\/v2\/logos\/[0-9a-f]{64}\/large\.png$/),
    });
    for (const [size, edge] of [
      ["small", 128],
      ["medium", 512],
      ["large", 1024],
    ] as const) {
      // Public: no session needed (the app shows logos to everyone).
      const { res: file, meta } = await download(logo[size]);
      expect(file.statusCode, size).toBe(200);
      expect(file.headers["content-type"]).toBe("image/png");
      expect(file.headers["cache-control"]).toContain("immutable");
      expect(file.rawPayload.subarray(1, 4).toString()).toBe("PNG");
      expect(meta).toMatchObject({ format: "png", width: edge, height: edge });
    }
    // GET /dashboard/partner and the company page show the same logo.
    const partner = (await t.inject({ url: "/api/v2/dashboard/partner", headers: alice.headers })).json()
      .data[0];
    expect(partner.logo).toEqual(logo);
    const company = (await t.inject({ url: "/api/v2/dashboard/company", headers: alice.headers })).json()
      .data;
    expect(company.logo).toEqual(logo);
  });

  it("a JPEG that is not square is padded transparently, not cropped", async () => {
    const res = await upload(alice, await jpeg(800, 400), { filename: "logo.jpg", type: "image/jpeg" });
    expect(res.statusCode).toBe(200);
    const { meta, res: file } = await download(res.json().data.logo.medium);
    expect(meta).toMatchObject({ width: 512, height: 512, hasAlpha: true });
    // The corner is transparent padding; the middle is the picture.
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(0, 0)).toBe(0);
    expect(alphaAt(256, 256)).toBe(255);
  });

  it("a PDF logo is rendered from its first page (counted at 200 dpi)", async () => {
    // 144 pt = 2 in = 400 px at 200 dpi.
    const res = await upload(alice, await pdf(144, 144), { filename: "logo.pdf", type: "application/pdf" });
    expect(res.statusCode, res.body).toBe(200);
    const { meta, res: file } = await download(res.json().data.logo.large);
    expect(meta).toMatchObject({ format: "png", width: 1024, height: 1024 });
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x + 1) * info.channels),
    ];
    // The filled rectangle in the middle of the page.
    const [r, g, b] = at(512, 512);
    for (const [got, want] of [
      [r, 0xd0],
      [g, 0x10],
      [b, 0x4c],
    ])
      expect(Math.abs(got! - want!)).toBeLessThanOrEqual(3);
    // Outside the drawing the page is transparent.
    expect(at(0, 0)[3]).toBe(0);
  });

  it.each([
    ["PNG 255 x 600", () => png(255, 600), "image/png"],
    ["JPEG 600 x 200", () => jpeg(600, 200), "image/jpeg"],
    // 90 pt = 250 px at 200 dpi.
    ["PDF 90 x 90 pt", () => pdf(90, 90), "application/pdf"],
  ])(
    "refuses a logo smaller than 256 x 256 px (%s) with the message on `file`, in de and en",
    async (_, make, type) => {
      const file = await make();
      for (const [locale, text] of [
        ["de", "Das Logo ist zu klein: Es muss mindestens 256 × 256 Pixel groß sein (optimal 1024 × 1024)."],
        ["en", "The logo is too small: it must be at least 256 × 256 pixels (1024 × 1024 is best)."],
      ] as const) {
        const res = await upload(alice, file, { type, locale });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ code: "validation_failed", errors: { file: [text] } });
      }
    },
  );

  it("accepts exactly 256 x 256", async () => {
    expect((await upload(alice, await png(256, 256))).statusCode).toBe(200);
  });

  it.each([
    ["a text file", Buffer.from("Das ist kein Logo, nur Text.\n"), "text/plain", "logo.txt"],
    [
      "a text file named .png",
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      "image/png",
      "logo.png",
    ],
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), "image/gif", "logo.gif"],
    ["an empty file", Buffer.alloc(0), "image/png", "logo.png"],
  ])("refuses %s with logo.format", async (_, file, type, filename) => {
    for (const [locale, text] of [
      ["de", "Bitte laden Sie ein Logo als PNG, JPG oder PDF hoch."],
      ["en", "Please upload a logo as PNG, JPG or PDF."],
    ] as const) {
      const res = await upload(alice, file, { type, filename, locale });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ file: [text] });
    }
  });

  it.each([
    [
      "a broken PNG",
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2000)]),
    ],
    ["a broken JPEG", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)])],
    ["a broken PDF", Buffer.from("%PDF-1.7\nthis is not really a PDF\n%%EOF\n")],
  ])("refuses %s as unreadable (422, never 500)", async (_, file) => {
    const res = await upload(alice, file, { locale: "en" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      file: ["This file could not be read. Please save the logo again as PNG, JPG or PDF."],
    });
  });

  it("refuses a file over 10 MB with a message (never 500)", async () => {
    const big = Buffer.concat([await png(300, 300), randomBytes(10 * 1024 * 1024)]);
    for (const locale of ["de", "en"] as const) {
      const res = await upload(alice, big, { locale });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        file: [
          locale === "de"
            ? "Die Datei ist zu groß. Bitte laden Sie ein Logo mit höchstens 10 MB hoch."
            : "The file is too large. Please upload a logo of at most 10 MB.",
        ],
      });
    }
    // Exactly 10 MB is allowed (the PNG decoder ignores the bytes after the image's end).
    const limit = Buffer.concat([await png(300, 300), randomBytes(10 * 1024 * 1024)]).subarray(
      0,
      10 * 1024 * 1024,
    );
    expect((await upload(alice, limit)).statusCode).toBe(200);
  });

  it("needs a multipart upload with a file", async () => {
    const json = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/partner/logo",
      headers: alice.headers,
      payload: { file: "iVBORw0KGgo=" },
    });
    expect(json.statusCode).toBe(415);
    const boundary = "----stemplaempty";
    const noFile = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/partner/logo",
      headers: { ...alice.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhallo\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors).toEqual({ file: ["Bitte laden Sie ein Logo als PNG, JPG oder PDF hoch."] });
  });

  it("is for signed-in partners; the renditions are public but only by their exact address", async () => {
    const body = form(await png(300, 300));
    const anonymous = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/partner/logo",
      headers: { "content-type": body.contentType, origin: ORIGIN },
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const remove = await t.inject({
      method: "DELETE",
      url: "/api/v2/dashboard/partner/logo",
      headers: { origin: ORIGIN },
    });
    expect(remove.statusCode).toBe(401);
    expect((await t.inject({ url: `/api/v2/logos/${"a".repeat(64)}/small.png` })).statusCode).toBe(404);
    expect((await t.inject({ url: "/api/v2/logos/abc/small.png" })).statusCode).toBe(422);
    const bea = await signedInPartner(t, { company_name: "Bäckerei Bea" });
    expect((await upload(bea, await png(300, 300))).statusCode).toBe(200);
    const hash = (await t.inject({ url: "/api/v2/dashboard/partner", headers: bea.headers }))
      .json()
      .data[0].logo.small.split("/")[4];
    expect((await t.inject({ url: `/api/v2/logos/${hash}/small.png` })).statusCode).toBe(200);
    expect((await t.inject({ url: `/api/v2/logos/${hash}/huge.png` })).statusCode).toBe(422);
  });

  it("DELETE removes the logo from the partner; the old renditions stay addressable (cached by the app)", async () => {
    const carl = await signedInPartner(t, { company_name: "Café Carl" });
    expect((await upload(carl, await png(300, 300))).statusCode).toBe(200);
    const before = (await t.inject({ url: "/api/v2/dashboard/partner", headers: carl.headers })).json()
      .data[0].logo;
    expect(before).not.toBeNull();
    const res = await t.inject({
      method: "DELETE",
      url: "/api/v2/dashboard/partner/logo",
      headers: carl.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logo).toBeNull();
    expect((await download(before.small)).res.statusCode).toBe(200);
  });

  it("two partners with the same logo file each keep theirs when the other account is deleted", async () => {
    const file = await png(320, 320);
    const franchiseA = await signedInPartner(t, { company_name: "Kette Filiale A" });
    const franchiseB = await signedInPartner(t, { company_name: "Kette Filiale B" });
    const a = (await upload(franchiseA, file)).json().data.logo;
    const b = (await upload(franchiseB, file)).json().data.logo;
    expect(a.small).not.toBe(b.small);
    // Incomplete accounts may be deleted after 6 months; their renditions go with them.
    await t.db.delete(companies).where(eq(companies.id, companyIdOf(franchiseA)));
    expect((await download(a.small)).res.statusCode).toBe(404);
    for (const size of ["small", "medium", "large"] as const) {
      expect((await download(b[size])).res.statusCode, size).toBe(200);
    }
  });

  it("a new logo of a live account goes to review; customers keep seeing the approved logo", async () => {
    const bob = await signedInPartner(t, { company_name: "Bäckerei Bob" });
    const { id, scanCode } = await completeSetUp(t, bob);
    const first = (await upload(bob, await png(400, 400))).json().data.logo;
    const admin = await signedInAdmin(t);
    await t.inject({ method: "POST", url: `/api/admin/partners/${id}/approve`, headers: admin.headers });
    expect((await t.inject({ url: `/api/v2/scan-codes/${scanCode}/partner` })).json().data.logo).toEqual(
      first,
    );

    const second = await upload(bob, await jpeg(500, 500), { type: "image/jpeg" });
    expect(second.json().data).toMatchObject({ status: "orange" });
    expect(second.json().data.logo).not.toEqual(first);
    expect((await t.inject({ url: `/api/v2/scan-codes/${scanCode}/partner` })).json().data.logo).toEqual(
      first,
    );
    const detail = (await t.inject({ url: `/api/admin/partners/${id}`, headers: admin.headers })).json().data;
    expect(detail.last_approval.changes.map((c: { field: string }) => c.field)).toEqual(["profile.logo"]);
    expect(companyIdOf(bob)).toBe(id);
  });
});
