import { createHash, randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { FILE_RENDERING, MENU } from "@stempla/domain";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { runningPdfWorkers } from "../../lib/pdf-workers.ts";
import { renderPdfLogo } from "../partner/logo-pdf.ts";
import { menuImageWidths, processMenuImage, processMenuPdf } from "./uploads.ts";

// Real files from real encoders (sharp, pdfkit) through the real decoders; decision 009, section 4.

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 20 } } });
const png = (width: number, height: number) => picture(width, height).png().toBuffer();
const jpeg = (width: number, height: number) => picture(width, height).jpeg().toBuffer();

/** A one-page PDF of the given size in points, optionally behind a password. */
const pdf = (width = 595, height = 842, userPassword?: string) =>
  new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: [width, height], margin: 40, userPassword });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(24).text("Speisekarte");
    doc.end();
  });

/** A PNG whose header declares `width` x `height` pixels, with almost no pixel data behind it. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const refusal = (file: Promise<unknown>) =>
  file.then(
    () => "accepted",
    (e: unknown) => e,
  );
const onFile = (key: string) => ({ statusCode: 422, fields: { file: [key] } });

describe("menu pictures", () => {
  it("a large PNG becomes WebP renditions 480 and 960 px wide, in proportion; the hash is the file's SHA-256", async () => {
    const file = await png(2000, 1500);
    const image = await processMenuImage(file);
    expect(image).toMatchObject({ kind: "image", width: 2000, height: 1500 });
    expect(image.hash).toBe(createHash("sha256").update(file).digest("hex"));
    expect(image.renditions.map(({ width, height }) => [width, height])).toEqual([
      [480, 360],
      [960, 720],
    ]);
    for (const rendition of image.renditions) {
      const meta = await sharp(rendition.bytes).metadata();
      expect(meta).toMatchObject({ format: "webp", width: rendition.width, height: rendition.height });
    }
  });

  it("never enlarges: a narrower picture keeps its own width instead", async () => {
    expect(menuImageWidths(2000)).toEqual([480, 960]);
    expect(menuImageWidths(600)).toEqual([480, 600]);
    expect(menuImageWidths(300)).toEqual([300]);
    const image = await processMenuImage(await jpeg(600, 300));
    expect(image.renditions.map(({ width, height }) => [width, height])).toEqual([
      [480, 240],
      [600, 300],
    ]);
    const small = await processMenuImage(await png(300, 200));
    expect(small.renditions.map((r) => r.width)).toEqual([300]);
  });

  it("turns a photo upright by its EXIF orientation", async () => {
    // Stored 800 x 400, to be shown turned by 90 degrees (orientation 6), as phones save photos.
    const file = await picture(800, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(file).metadata()).orientation).toBe(6);
    const image = await processMenuImage(file);
    expect(image).toMatchObject({ width: 400, height: 800 });
    expect(image.renditions.map(({ width, height }) => [width, height])).toEqual([[400, 800]]);
    const meta = await sharp(image.renditions[0]!.bytes).metadata();
    expect(meta).toMatchObject({ width: 400, height: 800 });
    expect(meta.orientation ?? 1).toBe(1);
  });

  it("takes WebP too", async () => {
    const image = await processMenuImage(await picture(1000, 750).webp().toBuffer());
    expect(image.renditions.map((r) => r.width)).toEqual([480, 960]);
  });

  it(`takes exactly ${MENU.fileBytes} bytes and refuses one more (menu.file.tooLarge)`, async () => {
    // PNG decoders ignore what follows the image's end.
    const exact = Buffer.concat([await png(1000, 750), randomBytes(MENU.fileBytes)]).subarray(
      0,
      MENU.fileBytes,
    );
    expect((await processMenuImage(exact)).width).toBe(1000);
    const over = Buffer.concat([exact, Buffer.from([0])]);
    expect(await refusal(processMenuImage(over))).toMatchObject(onFile("menu.file.tooLarge"));
  });

  it.each([
    ["a text file (named .jpg in the browser)", Buffer.from("Tagesgericht: Schnitzel\n")],
    ["a PDF", Buffer.from("%PDF-1.7\n")],
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1")],
    ["an empty file", Buffer.alloc(0)],
  ])("refuses %s by its content (menu.image.format)", async (_, file) => {
    expect(await refusal(processMenuImage(file))).toMatchObject(onFile("menu.image.format"));
  });

  it("refuses truncated pictures as unreadable, never with a 500", async () => {
    for (const file of [
      await jpeg(1200, 900),
      await png(1200, 900),
      await picture(1200, 900).webp().toBuffer(),
    ]) {
      const truncated = file.subarray(0, Math.floor(file.length / 2));
      expect(await refusal(processMenuImage(truncated))).toMatchObject(onFile("menu.image.unreadable"));
    }
  });

  it("refuses a PNG that declares 100 million pixels before decoding it", async () => {
    const file = pngDeclaring(10_000, 10_000);
    expect(file.length).toBeLessThan(1_000);
    expect(await refusal(processMenuImage(file))).toMatchObject(onFile("menu.image.tooManyPixels"));
  });
});

describe("menu PDFs", () => {
  it("a real PDF is kept as it came, with its first page's size", async () => {
    const file = await pdf(595, 842);
    const checked = await processMenuPdf(file);
    expect(checked).toMatchObject({ kind: "pdf", width: 595, height: 842 });
    expect(checked.bytes.equals(file)).toBe(true);
    expect(checked.hash).toBe(createHash("sha256").update(file).digest("hex"));
  });

  it.each([
    ["a PNG (named .pdf in the browser)", () => png(400, 300)],
    ["a text file", async () => Buffer.from("Speisekarte\n")],
    [
      "a file that only starts like a PDF",
      async () => Buffer.from("%PDF-1.7\nthis is not really a PDF\n%%EOF\n"),
    ],
    ["a PDF behind a password", () => pdf(595, 842, "geheim")],
  ])("refuses %s (menu.pdf.notPdf)", async (_, make) => {
    expect(await refusal(processMenuPdf(await make()))).toMatchObject(onFile("menu.pdf.notPdf"));
  });

  it(`checks ${FILE_RENDERING.pdfRendersAtOnce} PDFs at once, lets ${FILE_RENDERING.pdfRendersWaiting} wait and turns more away for a moment`, async () => {
    const file = await pdf();
    const results = await Promise.all(
      Array.from({ length: FILE_RENDERING.pdfRendersAtOnce + FILE_RENDERING.pdfRendersWaiting + 1 }, () =>
        processMenuPdf(file).then(
          (checked) => checked.kind,
          (e: unknown) => e,
        ),
      ),
    );
    expect(results.slice(0, -1).every((r) => r === "pdf")).toBe(true);
    expect(results.at(-1)).toMatchObject({
      statusCode: 503,
      fields: { file: ["menu.file.busy"] },
      headers: { "retry-after": String(FILE_RENDERING.busyRetrySeconds) },
    });
    // Afterwards every slot is free again.
    expect((await processMenuPdf(file)).kind).toBe("pdf");
  });

  it("counts its checks in the same limit as the logos' PDF renders", async () => {
    const file = await pdf();
    const checks = Array.from(
      { length: FILE_RENDERING.pdfRendersAtOnce + FILE_RENDERING.pdfRendersWaiting },
      () => processMenuPdf(file),
    );
    expect(runningPdfWorkers()).toBe(FILE_RENDERING.pdfRendersAtOnce);
    const logo = await renderPdfLogo(file, 1024).catch((e: unknown) => e);
    expect(logo).toMatchObject({ statusCode: 503, fields: { file: ["logo.busy"] } });
    expect((await Promise.all(checks)).map((c) => c.kind)).toEqual(checks.map(() => "pdf"));
    expect(runningPdfWorkers()).toBe(0);
  });

  it(`refuses a PDF over ${MENU.fileBytes} bytes (menu.file.tooLarge)`, async () => {
    const file = Buffer.concat([await pdf(), randomBytes(MENU.fileBytes)]);
    expect(await refusal(processMenuPdf(file))).toMatchObject(onFile("menu.file.tooLarge"));
  });
});
