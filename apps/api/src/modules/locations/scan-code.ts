import PDFDocument from "pdfkit";
import QRCode from "qrcode";

// The location's QR code in the three forms partners need: PNG for screens and messages, SVG for
// designers and print shops, and a print-ready A5 sheet for the counter.

const qrOptions = { errorCorrectionLevel: "M" as const, margin: 2 };

export const qrPng = (url: string) => QRCode.toBuffer(url, { ...qrOptions, type: "png", width: 1024 });

export const qrSvg = (url: string) => QRCode.toString(url, { ...qrOptions, type: "svg" });

const A5 = { width: 419.53, height: 595.28 }; // points

export async function qrA5Pdf(p: {
  url: string;
  locationName: string;
  headline: string;
  hint: string;
}): Promise<Buffer> {
  const png = await QRCode.toBuffer(p.url, { ...qrOptions, type: "png", width: 1200 });
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
  doc.image(png, (A5.width - size) / 2, 150, { width: size, height: size });
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .text(p.headline, 36, 470, { width: A5.width - 72, align: "center" });
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor("#4b5563")
    .text(p.hint, 36, 498, { width: A5.width - 72, align: "center" });
  doc.fontSize(8).text(p.url, 36, A5.height - 44, { width: A5.width - 72, align: "center" });
  doc.end();
  return done;
}
