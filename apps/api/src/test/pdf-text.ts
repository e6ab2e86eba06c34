import * as mupdf from "mupdf";

/** A PDF's text, all pages, with runs of white space (also no-break spaces) as one space. */
export function pdfText(body: Buffer | Uint8Array): { pages: string[]; text: string } {
  const doc = mupdf.Document.openDocument(body, "application/pdf");
  const pages = Array.from({ length: doc.countPages() }, (_, i) =>
    doc.loadPage(i).toStructuredText("preserve-whitespace").asText().replace(/\s+/g, " "),
  );
  return { pages, text: pages.join(" ") };
}
