import { describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text.ts";
import { qrA5Pdf } from "./scan-code.ts";

describe("qrA5Pdf", () => {
  it("transliterates what Helvetica cannot print, as the invoice and statistics PDFs do", async () => {
    const pdf = await qrA5Pdf({
      url: "https://stempla.example/s/abcdef",
      locationName: "Piekarnia Łódź",
      headline: "Stempel sammeln",
      hint: "Scannen Sie den Code mit der App – für jeden Einkauf",
    });
    const { pages, text } = pdfText(pdf);
    expect(pages).toHaveLength(1);
    expect(text).toContain("Piekarnia Lódz");
    expect(text).toContain("Scannen Sie den Code mit der App – für jeden Einkauf");
  });
});
