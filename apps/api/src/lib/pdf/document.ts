import PDFDocument from "pdfkit";

/**
 * A PDF drawn by `draw` on a new pdfkit document, collected into one buffer. Every PDF of the API
 * (invoices, statistics, the QR sheet) is made here, so a failing stream always rejects.
 */
export function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  draw(doc);
  doc.end();
  return done;
}
