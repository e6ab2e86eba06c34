import { randomBytes } from "node:crypto";
import { MENU, type MessageKey, translate } from "@stempla/domain";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, LOCATION } from "../../test/review.ts";

// The management calls that take a file (docs/decisions/009-digital-menu.md, section 4): photo
// and PDF items, a photo's new picture, a PDF item's new file, banners. Real files from real
// encoders; the checks themselves are uploads.ts's (uploads.test.ts).

type Partner = Awaited<ReturnType<typeof signedInPartner>>;
let t: TestApp;
let owner: Partner;
let stranger: Partner;
let shop: number;
let otherShop: number;

const png = (width: number, height: number, red = 180) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 40, b: 20 } } })
    .png()
    .toBuffer();

const pdf = (title = "Speisekarte") =>
  new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 40 });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(24).text(title);
    doc.end();
  });

/** A multipart/form-data body as a browser's form sends it: text fields, then the file. */
function form(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const boundary = `----stempla${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const asPng = (bytes: Buffer) => ({ bytes, name: "bild.png", type: "image/png" });
const asPdf = (bytes: Buffer) => ({ bytes, name: "karte.pdf", type: "application/pdf" });

function upload(
  who: Partner,
  url: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
): Promise<LightMyRequestResponse> {
  const body = form(fields, file);
  return t.inject({
    method: "POST",
    url: `/api/v2${url}`,
    headers: { ...who.headers, "content-type": body.contentType },
    payload: body.payload,
  });
}

function refused(res: LightMyRequestResponse, field: string, key: MessageKey) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().errors[field], res.body).toEqual([translate(key, "de")]);
}

async function newLocation(who: Partner, name: string): Promise<number> {
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/shop",
    headers: who.headers,
    payload: { ...LOCATION, name },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.id as number;
}

const storedFiles = async (companyId: number) =>
  rowsOf<{ hash: string; kind: string }>(
    await t.db.execute(sql`select hash, kind from menu_files where company_id = ${companyId} order by hash`),
  );

beforeAll(async () => {
  t = await build();
  owner = await signedInPartner(t);
  stranger = await signedInPartner(t);
  shop = await newLocation(owner, "Café Bild");
  otherShop = await newLocation(stranger, "Fremdes Café");
}, 120_000);

describe("photo and PDF items", () => {
  it("are created with their file; the picture's renditions and the PDF are served", async () => {
    const photo = await upload(
      owner,
      `/dashboard/menu/item/create?shop_id=${shop}`,
      { kind: "photo", texts: JSON.stringify({ de: { title: "Unser Garten" } }) },
      asPng(await png(1000, 750)),
    );
    expect(photo.statusCode, photo.body).toBe(201);
    const item = photo.json().data;
    expect(item).toMatchObject({ kind: "photo", texts: { de: { title: "Unser Garten" } }, pdf: null });
    expect(item.image).toMatchObject({ width: 1000, height: 750 });
    expect(item.image.urls.map((u: { width: number }) => u.width)).toEqual([480, 960]);
    const rendition = await t.inject({ url: item.image.urls[0].url });
    expect(rendition.statusCode).toBe(200);
    expect(rendition.headers["content-type"]).toBe("image/webp");

    const card = await upload(
      owner,
      `/dashboard/menu/item/create?shop_id=${shop}`,
      { kind: "pdf" },
      asPdf(await pdf()),
    );
    expect(card.statusCode, card.body).toBe(201);
    const pdfItem = card.json().data;
    expect(pdfItem.pdf.url).toMatch(/\.pdf$/);
    const served = await t.inject({ url: pdfItem.pdf.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("refuse missing, wrong and too large files on `file`, bad form fields on theirs, foreign locations 404", async () => {
    const create = (fields: Record<string, string>, file?: Parameters<typeof form>[1], location = shop) =>
      upload(owner, `/dashboard/menu/item/create?shop_id=${location}`, fields, file);
    refused(await create({ kind: "photo" }), "file", "menu.file.required");
    refused(await create({ kind: "pdf" }), "file", "menu.file.required");
    refused(await create({ kind: "photo" }, asPdf(await pdf())), "file", "menu.image.format");
    // A PNG named like a PDF is still a PNG: the content decides.
    refused(
      await create({ kind: "pdf" }, { ...asPng(await png(20, 20)), name: "karte.pdf" }),
      "file",
      "menu.pdf.notPdf",
    );
    refused(
      await create(
        { kind: "photo" },
        asPng(Buffer.concat([await png(20, 20), Buffer.alloc(MENU.fileBytes)])),
      ),
      "file",
      "menu.file.tooLarge",
    );
    refused(
      await create(
        { kind: "dish", texts: JSON.stringify({ de: { title: "Suppe" } }) },
        asPng(await png(20, 20)),
      ),
      "file",
      "menu.file.kind",
    );
    refused(await create({ kind: "dish", texts: "{de:" }), "texts", "menu.texts");
    refused(
      await create({ kind: "dish", texts: JSON.stringify({ de: { title: "Suppe" } }), price_cents: "4,50" }),
      "price_cents",
      "menu.price",
    );
    refused(await create({ kind: "sculpture" }), "kind", "menu.kind");
    const foreign = await create({ kind: "photo" }, asPng(await png(20, 20)), otherShop);
    expect(foreign.statusCode, foreign.body).toBe(404);
  });

  it("a dish is created from a form too", async () => {
    const res = await upload(owner, `/dashboard/menu/item/create?shop_id=${shop}`, {
      kind: "dish",
      texts: JSON.stringify({ de: { title: "Käsespätzle" } }),
      price_cents: "1190",
      allergens: JSON.stringify(["milk", "eggs", "gluten"]),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ price_cents: 1190, allergens: ["gluten", "eggs", "milk"] });
  });

  it("a photo gets a new picture; the old file goes when nothing uses it any more", async () => {
    const company = companyIdOf(owner);
    const location = await newLocation(owner, "Bilderwechsel");
    const first = await png(640, 480, 10);
    const create = () =>
      upload(owner, `/dashboard/menu/item/create?shop_id=${location}`, { kind: "photo" }, asPng(first));
    const a = (await create()).json().data;
    const b = (await create()).json().data;
    expect(b.image.hash).toBe(a.image.hash);
    expect(a.image.urls.map((u: { width: number }) => u.width)).toEqual([480, 640]);

    const replaced = await upload(
      owner,
      `/dashboard/menu/item/images?menu_item_id=${a.id}`,
      {},
      asPng(await png(800, 600, 99)),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.image.hash).not.toBe(a.image.hash);
    // b still shows the first picture.
    expect((await storedFiles(company)).map((f) => f.hash)).toContain(a.image.hash);
    const deleted = await t.inject({
      method: "DELETE",
      url: `/api/v2/dashboard/menu/item?id=${b.id}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await storedFiles(company)).map((f) => f.hash)).not.toContain(a.image.hash);
    expect((await t.inject({ url: a.image.urls[0].url })).statusCode).toBe(404);

    refused(
      await upload(owner, `/dashboard/menu/item/images?menu_item_id=${a.id}`, {}),
      "file",
      "menu.file.required",
    );
    refused(
      await upload(owner, `/dashboard/menu/item/images?menu_item_id=${a.id}`, {}, asPdf(await pdf())),
      "file",
      "menu.image.format",
    );
    refused(
      await upload(owner, "/dashboard/menu/item/images?menu_item_id=abc", {}, asPng(first)),
      "menu_item_id",
      "number.invalid",
    );
    const dish = (
      await upload(owner, `/dashboard/menu/item/create?shop_id=${location}`, {
        kind: "dish",
        texts: JSON.stringify({ de: { title: "Suppe" } }),
      })
    ).json().data;
    refused(
      await upload(owner, `/dashboard/menu/item/images?menu_item_id=${dish.id}`, {}, asPng(first)),
      "file",
      "menu.file.kind",
    );
    const foreign = await upload(
      stranger,
      `/dashboard/menu/item/images?menu_item_id=${a.id}`,
      {},
      asPng(first),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("a PDF item gets a new file and title with POST /dashboard/menu/item/{id}", async () => {
    const company = companyIdOf(owner);
    const created = (
      await upload(
        owner,
        `/dashboard/menu/item/create?shop_id=${shop}`,
        { kind: "pdf" },
        asPdf(await pdf("Alt")),
      )
    ).json().data;
    const changed = await upload(
      owner,
      `/dashboard/menu/item/${created.id}`,
      { texts: JSON.stringify({ de: { title: "Weinkarte" } }) },
      asPdf(await pdf("Neu")),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const data = changed.json().data;
    expect(data.texts).toEqual({ de: { title: "Weinkarte" } });
    expect(data.pdf.hash).not.toBe(created.pdf.hash);
    expect((await storedFiles(company)).map((f) => f.hash)).not.toContain(created.pdf.hash);
    refused(
      await upload(owner, `/dashboard/menu/item/${created.id}`, {}, asPng(await png(20, 20))),
      "file",
      "menu.pdf.notPdf",
    );
    const foreign = await upload(stranger, `/dashboard/menu/item/${created.id}`, {}, asPdf(await pdf()));
    expect(foreign.statusCode).toBe(404);
  });
});

describe("banners", () => {
  it("are created from a picture, a link and alt texts, and change their picture", async () => {
    const company = companyIdOf(owner);
    const created = await upload(
      owner,
      `/dashboard/menu/banner/create?shop_id=${shop}`,
      {
        url: "https://example.com/sommerfest",
        texts: JSON.stringify({ de: { alt: "Sommerfest am Samstag" } }),
      },
      asPng(await png(1200, 400, 50)),
    );
    expect(created.statusCode, created.body).toBe(201);
    const banner = created.json().data;
    expect(banner).toMatchObject({
      url: "https://example.com/sommerfest",
      texts: { de: { alt: "Sommerfest am Samstag" } },
      position: 0,
      image: { width: 1200, height: 400 },
    });
    const second = await upload(
      owner,
      `/dashboard/menu/banner/create?shop_id=${shop}`,
      {},
      asPng(await png(300, 100)),
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data).toMatchObject({ url: null, position: 1 });

    const changed = await upload(
      owner,
      `/dashboard/menu/banner/${banner.id}`,
      { url: "" },
      asPng(await png(1200, 400, 51)),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ url: null, texts: {} });
    expect(changed.json().data.image.hash).not.toBe(banner.image.hash);
    expect((await storedFiles(company)).map((f) => f.hash)).not.toContain(banner.image.hash);

    refused(
      await upload(owner, `/dashboard/menu/banner/create?shop_id=${shop}`, {}),
      "file",
      "menu.file.required",
    );
    refused(
      await upload(
        owner,
        `/dashboard/menu/banner/create?shop_id=${shop}`,
        { url: "javascript:alert(1)" },
        asPng(await png(20, 20)),
      ),
      "url",
      "menu.url",
    );
    refused(
      await upload(owner, `/dashboard/menu/banner/create?shop_id=${shop}`, {}, asPdf(await pdf())),
      "file",
      "menu.image.format",
    );
    refused(
      await upload(owner, "/dashboard/menu/banner/create?shop_id=x", {}, asPng(await png(20, 20))),
      "shop_id",
      "number.invalid",
    );
    const foreign = await upload(
      stranger,
      `/dashboard/menu/banner/create?shop_id=${shop}`,
      {},
      asPng(await png(20, 20)),
    );
    expect(foreign.statusCode).toBe(404);
    const foreignChange = await upload(
      stranger,
      `/dashboard/menu/banner/${banner.id}`,
      {},
      asPng(await png(20, 20)),
    );
    expect(foreignChange.statusCode).toBe(404);
  });
});
