import { and, eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { menuBanners, menuFiles, menuImageRenditions, menuItems } from "../../db/schema/index.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, LOCATION, type Partner } from "../../test/review.ts";
import {
  deleteUnreferencedFile,
  menuImageUrl,
  menuPdfUrl,
  processMenuImage,
  processMenuPdf,
  storeMenuFile,
} from "./uploads.ts";

// Stored menu files and their public addresses (decision 009, sections 2 and 4), on the database
// the suite runs on (PGlite, or PostgreSQL with TEST_DB=postgres).

let t: TestApp;
let alice: Partner;
let aliceId: number;
let locationId: number;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  alice = await signedInPartner(t, { company_name: "Speisewirtschaft Alice" });
  aliceId = companyIdOf(alice);
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/shop",
    payload: LOCATION,
    headers: alice.headers,
  });
  expect(res.statusCode, res.body).toBe(201);
  locationId = res.json().data.id;
});

const photo = (width: number, height: number, r = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
const pdf = () =>
  new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 40 });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(20).text("Mittagstisch");
    doc.end();
  });

const store = async (companyId: number, file: Parameters<typeof storeMenuFile>[2]) =>
  t.db.transaction((tx) => storeMenuFile(tx, companyId, file));

const FOREVER = "public, max-age=31536000, immutable";

describe("stored menu files", () => {
  it("serves a picture's renditions as WebP with a cache header for ever", async () => {
    const image = await processMenuImage(await photo(1600, 1200));
    expect(await store(aliceId, image)).toBe(image.hash);
    for (const [width, height] of [
      [480, 360],
      [960, 720],
    ] as const) {
      const res = await t.inject({ url: menuImageUrl(aliceId, image.hash, width) });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe(FOREVER);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: "webp", width, height });
    }
    const head = await t.inject({ method: "HEAD", url: menuImageUrl(aliceId, image.hash, 480) });
    expect(head.statusCode).toBe(200);
    expect(head.headers["cache-control"]).toBe(FOREVER);
  });

  it("serves a PDF as it was uploaded", async () => {
    const file = await pdf();
    const checked = await processMenuPdf(file);
    await store(aliceId, checked);
    const res = await t.inject({ url: menuPdfUrl(aliceId, checked.hash) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["cache-control"]).toBe(FOREVER);
    expect(res.rawPayload.equals(file)).toBe(true);
  });

  it("stores the same file once per company, and separately for another company", async () => {
    const file = await photo(700, 500, 99);
    const first = await processMenuImage(file);
    await store(aliceId, first);
    await store(aliceId, await processMenuImage(file));
    const bea = await signedInPartner(t, { company_name: "Bistro Bea" });
    await store(companyIdOf(bea), await processMenuImage(file));
    const rows = await t.db
      .select({ companyId: menuFiles.companyId })
      .from(menuFiles)
      .where(eq(menuFiles.hash, first.hash));
    expect(rows.map((r) => r.companyId).sort()).toEqual([aliceId, companyIdOf(bea)].sort());
    const renditions = await t.db
      .select({ width: menuImageRenditions.width })
      .from(menuImageRenditions)
      .where(and(eq(menuImageRenditions.companyId, aliceId), eq(menuImageRenditions.hash, first.hash)));
    expect(renditions.map((r) => r.width).sort()).toEqual([480, 700]);
  });

  it("answers 404 for anything that is not a stored file, never 500", async () => {
    const image = await processMenuImage(await photo(500, 400, 7));
    await store(aliceId, image);
    const checked = await processMenuPdf(await pdf());
    await store(aliceId, checked);
    const other = await signedInPartner(t, { company_name: "Fremdfirma" });
    expect((await t.inject({ url: menuImageUrl(aliceId, image.hash, 480) })).statusCode).toBe(200);
    for (const url of [
      menuImageUrl(aliceId, "a".repeat(64), 480),
      menuImageUrl(aliceId, image.hash, 960), // no such rendition: the picture is 500 px wide
      menuImageUrl(companyIdOf(other), image.hash, 480), // another company's address
      menuImageUrl(aliceId, checked.hash, 480), // a PDF has no renditions
      menuPdfUrl(aliceId, image.hash), // a picture is no PDF
      menuPdfUrl(companyIdOf(other), checked.hash),
      `/media/menu/abc/${image.hash}/480.webp`,
      `/media/menu/0/${image.hash}/480.webp`,
      `/media/menu/99999999999999999999/${image.hash}/480.webp`,
      `/media/menu/${aliceId}/${image.hash.toUpperCase()}/480.webp`,
      `/media/menu/${aliceId}/${image.hash}/480.png`,
      `/media/menu/${aliceId}/${image.hash}/0.webp`,
      `/media/menu/${aliceId}/${image.hash}/99999999999.webp`,
      `/media/menu/${aliceId}/${image.hash}/.webp`,
      `/media/menu/${aliceId}/${checked.hash.slice(1)}.pdf`,
      `/media/menu/${aliceId}/${checked.hash}.PDF`,
      `/media/menu/${aliceId}/%00.pdf`,
    ]) {
      const res = await t.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe("deleting a file no one refers to", () => {
  it("keeps a file while an item or a banner refers to it, deletes it (and its renditions) after", async () => {
    const image = await processMenuImage(await photo(1200, 800, 140));
    const hash = await store(aliceId, image);
    const [item] = await t.db
      .insert(menuItems)
      .values({ locationId, companyId: aliceId, kind: "photo", position: 1, imageHash: hash })
      .returning();
    const [banner] = await t.db
      .insert(menuBanners)
      .values({ locationId, companyId: aliceId, imageHash: hash, position: 1 })
      .returning();
    const deleteIfUnused = () => t.db.transaction((tx) => deleteUnreferencedFile(tx, aliceId, hash));

    expect(await deleteIfUnused()).toBe(false);
    await t.db.delete(menuItems).where(eq(menuItems.id, item!.id));
    expect(await deleteIfUnused()).toBe(false);
    expect((await t.inject({ url: menuImageUrl(aliceId, hash, 960) })).statusCode).toBe(200);
    await t.db.delete(menuBanners).where(eq(menuBanners.id, banner!.id));
    expect(await deleteIfUnused()).toBe(true);
    expect((await t.inject({ url: menuImageUrl(aliceId, hash, 960) })).statusCode).toBe(404);
    const left = await t.db.select().from(menuImageRenditions).where(eq(menuImageRenditions.hash, hash));
    expect(left).toEqual([]);
  });

  it("a PDF item keeps its file; another company's reference does not", async () => {
    const checked = await processMenuPdf(await pdf());
    const hash = await store(aliceId, checked);
    const bea = await signedInPartner(t, { company_name: "Bistro Bea Zwei" });
    await store(companyIdOf(bea), checked);
    const [item] = await t.db
      .insert(menuItems)
      .values({ locationId, companyId: aliceId, kind: "pdf", position: 2, pdfHash: hash })
      .returning();
    // Bea's copy has no reference: it goes; Alice's stays.
    expect(await t.db.transaction((tx) => deleteUnreferencedFile(tx, companyIdOf(bea), hash))).toBe(true);
    expect(await t.db.transaction((tx) => deleteUnreferencedFile(tx, aliceId, hash))).toBe(false);
    expect((await t.inject({ url: menuPdfUrl(aliceId, hash) })).statusCode).toBe(200);
    await t.db.delete(menuItems).where(eq(menuItems.id, item!.id));
    expect(await t.db.transaction((tx) => deleteUnreferencedFile(tx, aliceId, hash))).toBe(true);
    expect((await t.inject({ url: menuPdfUrl(aliceId, hash) })).statusCode).toBe(404);
  });
});
