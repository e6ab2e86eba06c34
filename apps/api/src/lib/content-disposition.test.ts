import { describe, expect, it } from "vitest";
import { contentDisposition } from "./content-disposition.ts";

/** What a browser (and the web app's attachmentName()) makes of the header: `filename*` first. */
const decoded = (header: string) => decodeURIComponent(header.match(/filename\*=UTF-8''([^;]+)/)?.[1] ?? "");

describe("contentDisposition", () => {
  it("keeps an ASCII name as it is in both parameters", () => {
    expect(contentDisposition("stempla-statistik-2026-03.pdf")).toBe(
      "attachment; filename=\"stempla-statistik-2026-03.pdf\"; filename*=UTF-8''stempla-statistik-2026-03.pdf",
    );
  });

  it("gives umlauts and other letters in filename* and an ASCII name without accents before it", () => {
    const header = contentDisposition("qr-café-müller-straße.png");
    expect(header).toBe(
      "attachment; filename=\"qr-cafe-muller-stra_e.png\"; filename*=UTF-8''qr-caf%C3%A9-m%C3%BCller-stra%C3%9Fe.png",
    );
    expect(decoded(header)).toBe("qr-café-müller-straße.png");
    // The whole header stays ASCII: Node refuses other characters in a header value.
    expect(header).toMatch(/^[\x20-\x7e]*$/);
  });

  it("escapes what would end or break a parameter", () => {
    const header = contentDisposition(`it's "a" (b)*\\ ; c.csv`);
    expect(header).toBe(
      "attachment; filename=\"it's _a_ (b)*_ ; c.csv\"; filename*=UTF-8''it%27s%20%22a%22%20%28b%29%2A%5C%20%3B%20c.csv",
    );
    expect(decoded(header)).toBe(`it's "a" (b)*\\ ; c.csv`);
  });
});
