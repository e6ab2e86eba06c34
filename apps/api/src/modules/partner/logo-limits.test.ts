import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { FILE_RENDERING } from "@stempla/domain";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { craftedPdf } from "../../test/crafted-pdf.ts";
import { inLocale, type Partner } from "../../test/review.ts";
import { renderPdfLogo, runningPdfRenders } from "./logo-pdf.ts";

// The limits on turning an uploaded logo into pictures (docs/architecture.md, "Set-up, company and
// review"): real files through the real renderer, no mocks.

let t: TestApp;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
});

function upload(who: Partner, file: Buffer, locale: "de" | "en" = "de") {
  const boundary = `----stempla${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.inject({
    method: "POST",
    url: "/api/v2/dashboard/partner/logo",
    headers: { ...inLocale(who, locale), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/** Drawing operations that keep MuPDF busy for far longer than the time limit (minutes). */
const endlessDrawing = `0.2 w\n${"10 10 m 500 400 l 20 480 l h S\n".repeat(200_000)}`;
/** A drawing that keeps MuPDF busy for a moment (longer than a health check), a logo it accepts. */
const heavyDrawing = `0.2 w\n${"10 10 m 500 400 l 20 480 l h S\n".repeat(200)}`;

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
  header.set([8, 2, 0, 0, 0], 8); // 8 bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const tooManyPixels = {
  de: "Das Logo ist zu groß, um es zu verarbeiten: Bilder und PDF-Seiten (gerechnet mit 200 dpi) dürfen zusammen höchstens 50 Millionen Pixel haben. Bitte speichern Sie das Logo kleiner, 1024 × 1024 Pixel genügen.",
  en: "The logo is too large to process: images and PDF pages (counted at 200 dpi) may have at most 50 million pixels together. Please save the logo smaller; 1024 × 1024 pixels are enough.",
};

describe("logo files that would decode to too many pixels", () => {
  it("a PDF page too large at 200 dpi is refused before anything is drawn", async () => {
    const partner = await signedInPartner(t, { company_name: "Riesenseite GmbH" });
    // 200 x 200 inches, 1.6 billion pixels at 200 dpi; drawing its content would take minutes,
    // so an answer at all (and this one) shows the page was refused before drawing.
    const file = craftedPdf({ width: 14_400, height: 14_400, content: endlessDrawing });
    expect(file.length).toBeLessThan(100_000);
    for (const locale of ["de", "en"] as const) {
      const res = await upload(partner, file, locale);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: "validation_failed",
        errors: { file: [tooManyPixels[locale]] },
      });
    }
  });

  it("a PDF whose image declares 400 million pixels in a few bytes is refused without decoding it", async () => {
    const partner = await signedInPartner(t, { company_name: "Bildbombe GmbH" });
    const file = craftedPdf({
      width: 200,
      height: 200,
      content: "q 200 0 0 200 0 0 cm /Im0 Do Q",
      images: [{ width: 20_000, height: 20_000, data: Buffer.alloc(60_000) }],
    });
    expect(file.length).toBeLessThan(2_000);
    const res = await upload(partner, file, "en");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [tooManyPixels.en] });
  });

  it("images under the budget one by one are counted together", async () => {
    const partner = await signedInPartner(t, { company_name: "Viele Bilder GmbH" });
    const image = { width: 5_000, height: 4_000, data: Buffer.alloc(30_000) }; // 20 million each
    const two = craftedPdf({ width: 200, height: 200, content: "", images: [image, image] });
    const three = craftedPdf({ width: 200, height: 200, content: "", images: [image, image, image] });
    expect((await upload(partner, two)).statusCode).toBe(200);
    const res = await upload(partner, three);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [tooManyPixels.de] });
  });

  it("a PNG whose header declares 100 million pixels is refused before sharp decodes it", async () => {
    const partner = await signedInPartner(t, { company_name: "PNG-Bombe GmbH" });
    const file = pngDeclaring(10_000, 10_000);
    expect(file.length).toBeLessThan(1_000);
    expect((await sharp(file).metadata()).width).toBe(10_000);
    const res = await upload(partner, file, "en");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [tooManyPixels.en] });
  });
});

describe("drawing a PDF logo in a worker thread", () => {
  const limits = {
    timeoutMs: 1_000,
    maxPixels: FILE_RENDERING.maxDecodedPixels,
    memoryMb: FILE_RENDERING.pdfRenderMemoryMb,
    heapMb: FILE_RENDERING.pdfRenderHeapMb,
  };

  it("stops a drawing that takes longer than the time limit (the worker is ended)", async () => {
    const file = craftedPdf({ width: 512, height: 512, content: endlessDrawing });
    // Drawing this takes minutes; the answer comes after the time limit.
    const error = await renderPdfLogo(file, 1024, limits).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 422, fields: { file: ["logo.tooComplex"] } });
    // The render's slot is given back only when its worker has exited.
    expect(runningPdfRenders()).toBe(0);
  });

  it("stops a drawing that needs more memory than allowed", async () => {
    // A photo of 1500 x 1500 random pixels: MuPDF needs its bytes, the decoded picture and the page.
    const photo = { width: 1_500, height: 1_500, data: randomBytes(1_500 * 1_500 * 3) };
    const file = craftedPdf({
      width: 512,
      height: 512,
      content: "q 512 0 0 512 0 0 cm /Im0 Do Q",
      images: [photo],
    });
    // MuPDF starts with 22 MB of WebAssembly memory; here it may not grow.
    const error = await renderPdfLogo(file, 1024, { ...limits, timeoutMs: 60_000, memoryMb: 22 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ statusCode: 422, fields: { file: ["logo.tooComplex"] } });
    expect(runningPdfRenders()).toBe(0);
    // Within the usual limit the same file is a logo.
    const rendered = await renderPdfLogo(file, 1024, { ...limits, timeoutMs: 60_000 });
    expect(rendered).toMatchObject({ width: (512 * 200) / 72, height: (512 * 200) / 72 });
  });

  it(`draws ${FILE_RENDERING.pdfRendersAtOnce} at once, lets ${FILE_RENDERING.pdfRendersWaiting} wait and turns more away for a moment`, async () => {
    const file = craftedPdf({ width: 144, height: 144, content: "1 0 0 rg 10 10 124 124 re f" });
    // The queue is under test, not the time limit: on a busy machine a worker's start and a small
    // drawing can take longer than the 1 s above.
    const jobs = Array.from(
      { length: FILE_RENDERING.pdfRendersAtOnce + FILE_RENDERING.pdfRendersWaiting + 1 },
      () =>
        renderPdfLogo(file, 1024, { ...limits, timeoutMs: 60_000 }).then(
          () => "rendered",
          (e: { statusCode?: number; fields?: unknown; headers?: unknown }) => e,
        ),
    );
    expect(runningPdfRenders()).toBe(FILE_RENDERING.pdfRendersAtOnce);
    const results = await Promise.all(jobs);
    expect(results.slice(0, -1)).toEqual(jobs.slice(0, -1).map(() => "rendered"));
    expect(results.at(-1)).toMatchObject({
      statusCode: 503,
      fields: { file: ["logo.busy"] },
      headers: { "retry-after": String(FILE_RENDERING.busyRetrySeconds) },
    });
    expect(runningPdfRenders()).toBe(0);
  });

  it("the server keeps answering while a heavy PDF is drawn", async () => {
    const partner = await signedInPartner(t, { company_name: "Schwere Grafik GmbH" });
    const file = craftedPdf({ width: 512, height: 512, content: heavyDrawing });
    const finished: string[] = [];
    const rendering = upload(partner, file).then((res) => {
      finished.push("upload");
      return res;
    });
    // Wait until the drawing has started (its worker is running) before asking for the health.
    while (runningPdfRenders() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const health = await t.inject({ url: "/api/v2/health" });
    finished.push("health");
    expect(health.statusCode).toBe(200);
    // Answered while the drawing was still going on, not after it.
    expect(runningPdfRenders()).toBe(1);
    const res = await rendering;
    expect(res.statusCode, res.body).toBe(200);
    expect(finished).toEqual(["health", "upload"]);
  });
});

describe("limits per account", () => {
  it(`logo uploads: ${FILE_RENDERING.logoUploadsPerHour} an hour, then 429 with a message on the file`, async () => {
    const partner = await signedInPartner(t, { company_name: "Vielupload GmbH" });
    const other = await signedInPartner(t, { company_name: "Nachbar GmbH" });
    // Refused files count too: they cost a render as well.
    const notALogo = Buffer.from("kein Logo\n");
    for (let i = 0; i < FILE_RENDERING.logoUploadsPerHour; i++) {
      expect((await upload(partner, notALogo)).statusCode).toBe(422);
    }
    const logo = await sharp({
      create: { width: 300, height: 300, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    for (const [locale, text] of [
      ["de", "Sie können höchstens 30 Logos pro Stunde hochladen. Bitte versuchen Sie es später erneut."],
      ["en", "You can upload at most 30 logos per hour. Please try again later."],
    ] as const) {
      const res = await upload(partner, logo, locale);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.json()).toEqual({ code: "rate_limited", message: text, errors: { file: [text] } });
    }
    // Another account is not affected.
    expect((await upload(other, logo)).statusCode).toBe(200);
  });
});
