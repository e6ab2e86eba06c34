import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processLogo } from "../modules/partner/logo.ts";
import { sniff } from "./file-sniff.ts";

const solid = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 10, g: 20, b: 30 } } });

describe("sniff: the type by the first bytes", () => {
  it("knows PNG, JPEG, WebP and PDF made by real encoders", async () => {
    expect(sniff(await solid().png().toBuffer())).toBe("png");
    expect(sniff(await solid().jpeg().toBuffer())).toBe("jpeg");
    expect(sniff(await solid().webp().toBuffer())).toBe("webp");
    expect(sniff(Buffer.from("%PDF-1.7\n"))).toBe("pdf");
  });

  it("ignores names and says nothing for anything else", () => {
    for (const file of [
      Buffer.alloc(0),
      Buffer.from("Speisekarte.jpg\n"),
      Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"),
      Buffer.from("RIFF\x24\x00\x00\x00WAVEfmt ", "latin1"),
      Buffer.from("%PD"),
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    ]) {
      expect(sniff(file)).toBeUndefined();
    }
  });

  it("a WebP is no logo (the logo's formats stay PNG, JPG and PDF)", async () => {
    const error = await processLogo(await solid().webp().toBuffer()).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 422, fields: { file: ["logo.format"] } });
  });
});
