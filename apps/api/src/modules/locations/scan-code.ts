import PDFDocument from "pdfkit";
import QRCode from "qrcode";

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
  doc.rect(x, y, size, size).fill("#ffffff");
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
  doc.fill("#000000");
}

export async function qrA5Pdf(p: {
  url: string;
  locationName: string;
  headline: string;
  hint: string;
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A5",
    margin: 36,
    info: { Title: p.locationName, Creator: "Stempla" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  doc.rect(0, 0, A5.width, 64).fill("#c2410c");
  doc.fillColor("#ffffff").font("Helvetica-Bold").fontSize(22).text("Stempla", 36, 22);
  doc
    .fillColor("#1f2328")
    .font("Helvetica-Bold")
    .fontSize(20)
    .text(p.locationName, 36, 92, {
      width: A5.width - 72,
      align: "center",
    });
  const size = 300;
  drawQr(doc, p.url, (A5.width - size) / 2, 150, size);
  doc.fillColor("#1f2328");
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .text(p.headline, 36, 470, { width: A5.width - 72, align: "center" });
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor("#4b5563")
    .text(p.hint, 36, 498, { width: A5.width - 72, align: "center" });
  // The address sits in the bottom margin; without this pdfkit moved it onto a second page.
  doc.page.margins.bottom = 0;
  doc.fontSize(8).text(p.url, 36, A5.height - 44, { width: A5.width - 72, align: "center" });
  doc.end();
  return done;
}
