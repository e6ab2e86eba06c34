import { randomBytes } from "node:crypto";
import { MENU } from "@stempla/domain";
import type { LightMyRequestResponse } from "fastify";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { inLocale, LOCATION, type Partner } from "../../test/review.ts";

// Menu uploads through HTTP as the browser sends them (decision 009, section 4): multipart's own
// limit answers 422 `menu.file.tooLarge` on `file` in the user's language (not Fastify's 413), the
// type is read from the content whatever the name says, and what is stored is served with a cache
// header for ever. The checks on the files themselves are in uploads.test.ts.

let t: TestApp;
let owner: Partner;
let shop: number;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  owner = await signedInPartner(t, { company_name: "Gasthaus Grenzwert" });
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/shop",
    payload: LOCATION,
    headers: owner.headers,
  });
  expect(res.statusCode, res.body).toBe(201);
  shop = res.json().data.id;
}, 120_000);

const png = (width: number, height: number, red = 60) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 140, b: 40 } } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 40, b: 200 } } })
    .jpeg()
    .toBuffer();
const pdf = () =>
  new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 40 });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(20).text("Abendkarte");
    doc.end();
  });

interface FilePart {
  bytes: Buffer;
  name: string;
  type: string;
}

function post(url: string, fields: Record<string, string>, file: FilePart, locale: "de" | "en" = "de") {
  const boundary = `----stempla${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return t.inject({
    method: "POST",
    url: `/api/v2${url}`,
    headers: { ...inLocale(owner, locale), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

const TOO_LARGE = {
  de: "Die Datei ist zu groß. Bitte komprimieren Sie sie auf unter 4 MB.",
  en: "The file is too large. Please compress it to under 4 MB.",
};

function refusedOnFile(res: LightMyRequestResponse, text: string) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toMatchObject({ code: "validation_failed", errors: { file: [text] } });
}

async function photoItem(): Promise<number> {
  const res = await post(
    `/dashboard/menu/item/create?shop_id=${shop}`,
    { kind: "photo" },
    { bytes: await png(600, 400), name: "garten.png", type: "image/png" },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe("files over the limit", () => {
  it(`a picture of ${MENU.fileBytes} bytes is taken, one byte more is 422 in the user's language, never 413`, async () => {
    expect(MENU.fileBytes).toBe(4 * 1024 * 1024);
    const item = await photoItem();
    // PNG decoders ignore what follows the image's end.
    const exact = Buffer.concat([await png(1000, 750, 200), randomBytes(MENU.fileBytes)]).subarray(
      0,
      MENU.fileBytes,
    );
    const over = Buffer.concat([exact, Buffer.from([0])]);
    for (const locale of ["de", "en"] as const) {
      const res = await post(
        `/dashboard/menu/item/images?menu_item_id=${item}`,
        {},
        { bytes: over, name: "gross.png", type: "image/png" },
        locale,
      );
      refusedOnFile(res, TOO_LARGE[locale]);
    }
    const taken = await post(
      `/dashboard/menu/item/images?menu_item_id=${item}`,
      {},
      { bytes: exact, name: "genau.png", type: "image/png" },
    );
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.image).toMatchObject({ width: 1000, height: 750 });
  });

  it("a PDF over the limit, as a new item, a PDF item's new file or a banner, is refused the same way", async () => {
    const big = Buffer.concat([await pdf(), randomBytes(MENU.fileBytes)]);
    const asPdf = { bytes: big, name: "karte.pdf", type: "application/pdf" };
    refusedOnFile(
      await post(`/dashboard/menu/item/create?shop_id=${shop}`, { kind: "pdf" }, asPdf, "en"),
      TOO_LARGE.en,
    );
    const created = await post(
      `/dashboard/menu/item/create?shop_id=${shop}`,
      { kind: "pdf" },
      { bytes: await pdf(), name: "karte.pdf", type: "application/pdf" },
    );
    expect(created.statusCode, created.body).toBe(201);
    refusedOnFile(await post(`/dashboard/menu/item/${created.json().data.id}`, {}, asPdf), TOO_LARGE.de);
    const bigPicture = {
      bytes: Buffer.concat([await png(800, 200), randomBytes(MENU.fileBytes)]),
      name: "banner.png",
      type: "image/png",
    };
    refusedOnFile(
      await post(
        `/dashboard/menu/banner/create?shop_id=${shop}`,
        { url: "https://example.com/" },
        bigPicture,
      ),
      TOO_LARGE.de,
    );
  });
});

describe("the content decides, not the name", () => {
  it("a text file named .jpg is no picture; a truncated photo is unreadable", async () => {
    const item = await photoItem();
    const url = `/dashboard/menu/item/images?menu_item_id=${item}`;
    refusedOnFile(
      await post(
        url,
        {},
        { bytes: Buffer.from("Schnitzel mit Pommes\n"), name: "foto.jpg", type: "image/jpeg" },
        "en",
      ),
      "Please upload a picture as PNG, JPG or WebP.",
    );
    const photo = await jpeg(1200, 900);
    refusedOnFile(
      await post(
        url,
        {},
        { bytes: photo.subarray(0, photo.length >> 1), name: "foto.jpg", type: "image/jpeg" },
        "en",
      ),
      "This picture could not be read. Please save it again as PNG, JPG or WebP.",
    );
  });

  it("a PNG named .pdf is no PDF; a real PDF sent as image/png is one", async () => {
    const res = await post(
      `/dashboard/menu/item/create?shop_id=${shop}`,
      { kind: "pdf" },
      { bytes: await png(300, 300), name: "karte.pdf", type: "application/pdf" },
    );
    refusedOnFile(res, "Diese Datei ist kein lesbares PDF. Bitte laden Sie ein PDF hoch.");
    const file = await pdf();
    const taken = await post(
      `/dashboard/menu/item/create?shop_id=${shop}`,
      { kind: "pdf" },
      { bytes: file, name: "karte.png", type: "image/png" },
    );
    expect(taken.statusCode, taken.body).toBe(201);
    const served = await t.inject({ url: taken.json().data.pdf.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.rawPayload.equals(file)).toBe(true);
  });
});

describe("what is stored is served", () => {
  it("an uploaded photo's renditions are WebP at their widths with a cache header for ever", async () => {
    const item = await photoItem();
    const res = await post(
      `/dashboard/menu/item/images?menu_item_id=${item}`,
      {},
      { bytes: await jpeg(2000, 1500), name: "IMG_0001.JPG", type: "image/jpeg" },
    );
    expect(res.statusCode, res.body).toBe(200);
    const urls: { width: number; url: string }[] = res.json().data.image.urls;
    expect(urls.map((u) => u.width)).toEqual([480, 960]);
    for (const { width, url } of urls) {
      expect(url).toMatch(/^\/media\/menu\/\d+\/[0-9a-f]{64}\/\d+\.webp$/);
      const image = await t.inject({ url });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
      expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({
        format: "webp",
        width,
        height: (width * 3) / 4,
      });
    }
  });
});

describe("broken forms", () => {
  it("two files, a form cut off in the middle or an empty body answer 4xx, never 500", async () => {
    const item = await photoItem();
    const url = `/api/v2/dashboard/menu/item/images?menu_item_id=${item}`;
    const boundary = "----stemplabroken";
    const headers = { ...owner.headers, "content-type": `multipart/form-data; boundary=${boundary}` };
    const filePart = (name: string, bytes: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from("\r\n"),
      ]);
    const picture = await png(300, 200);
    for (const payload of [
      Buffer.concat([
        filePart("file", picture),
        filePart("file", picture),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
      filePart("file", picture).subarray(0, 200),
      Buffer.alloc(0),
    ]) {
      const res = await t.inject({ method: "POST", url, headers, payload });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });
});
