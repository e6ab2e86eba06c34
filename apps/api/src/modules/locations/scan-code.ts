import QRCode from "qrcode";
import { PDF_COLORS as C } from "../../lib/pdf/palette.ts";

// The location's QR code in the three forms partners need: PNG for screens and messages, SVG for
// designers and print shops, and drawn into the printables (qr-print.ts).

const qrOptions = { errorCorrectionLevel: "M" as const, margin: 2 };

export const qrPng = (url: string) => QRCode.toBuffer(url, { ...qrOptions, type: "png", width: 1024 });

export const qrSvg = (url: string) => QRCode.toString(url, { ...qrOptions, type: "svg" });

/**
 * The QR code as vector squares: sharp at any print size, and a few milliseconds to write. An
 * embedded 1200 px PNG took pdfkit about half a second of the main thread per sheet.
 */
export function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
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
