import jsQR from "jsqr";
import * as mupdf from "mupdf";

/**
 * What a phone camera reads from a printed poster: the PDF's first page rendered as a printer would
 * (200 dpi, MuPDF), and the QR code found on it decoded with jsQR. Whatever the page looks like
 * around it, the code is what the guest's camera opens.
 */
export function decodePosterQr(pdf: Buffer): { url: string | undefined; png: Uint8Array } {
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  const page = doc.loadPage(0);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(200 / 72, 200 / 72), mupdf.ColorSpace.DeviceRGB, true);
  const url = jsQR(new Uint8ClampedArray(pixmap.getPixels()), pixmap.getWidth(), pixmap.getHeight())?.data;
  return { url, png: pixmap.asPNG() };
}
