import QRCode from "qrcode";
import { renderPdf } from "../../lib/pdf/document.ts";
import { PDF_COLORS as C } from "../../lib/pdf/palette.ts";
import { winAnsi } from "../../lib/pdf/text.ts";
import { PDF_FONTS } from "../../lib/pdf/writer.ts";

// The location's QR code in the three forms partners need: PNG for screens and messages, SVG for
// designers and print shops, and a print-ready A5 sheet for the counter.

const qrOptions = { errorCorrectionLevel: "M" as const, margin: 2 };

export const qrPng = (url: string) => QRCode.toBuffer(url, { ...qrOptions, type: "png", width: 1024 });

export const qrSvg = (url: string) => QRCode.toString(url, { ...qrOptions, type: "svg" });

const A5 = { width: 419.53, height: 595.28 }; // points

/**
 * The QR code as vector squares: sharp at any print size, and a few milliseconds to write. An
 * embedded 1200 px PNG took pdfkit about half a second of the main thread per sheet.
 */
function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: qrOptions.errorCorrectionLevel });
  const cells = modules.size + 2 * qrOptions.margin;
  const cell = size / cells;
  doc.rect(x, y, size, size).fill(C.white);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      // Slightly larger squares, so that no hairline gaps show between neighbours.
      if (modules.get(row, col)) {
        doc.rect(
          x + (col + qrOptions.margin) * cell,
          y + (row + qrOptions.margin) * cell,
          cell + 0.05,
          cell + 0.05,
        );
      }
    }
  }
  doc.fill(C.black);
}

/** The A5 sheet for the counter; texts go through winAnsi like every PDF's (Helvetica prints WinAnsi only). */
export function qrA5Pdf(p: {
  url: string;
  locationName: string;
  headline: string;
  hint: string;
}): Promise<Buffer> {
  const info = { Title: winAnsi(p.locationName), Creator: "Stempla" };
  return renderPdf({ size: "A5", margin: 36, info }, (doc) => {
    doc.rect(0, 0, A5.width, 64).fill(C.brand);
    doc.fillColor(C.white).font(PDF_FONTS.bold).fontSize(22).text("Stempla", 36, 22);
    doc
      .fillColor(C.text)
      .font(PDF_FONTS.bold)
      .fontSize(20)
      .text(winAnsi(p.locationName), 36, 92, { width: A5.width - 72, align: "center" });
    const size = 300;
    drawQr(doc, p.url, (A5.width - size) / 2, 150, size);
    doc.fillColor(C.text);
    doc
      .font(PDF_FONTS.bold)
      .fontSize(16)
      .text(winAnsi(p.headline), 36, 470, { width: A5.width - 72, align: "center" });
    doc
      .font(PDF_FONTS.regular)
      .fontSize(10)
      .fillColor(C.muted)
      .text(winAnsi(p.hint), 36, 498, { width: A5.width - 72, align: "center" });
    // The address sits in the bottom margin; without this pdfkit moved it onto a second page.
    doc.page.margins.bottom = 0;
    doc.fontSize(8).text(p.url, 36, A5.height - 44, { width: A5.width - 72, align: "center" });
  });
}
