import { PDF_COLORS } from "./palette.ts";
import { fitText, winAnsi } from "./text.ts";

/** pdfkit's standard fonts: built in, so nothing is embedded (they print WinAnsi only, see text.ts). */
export const PDF_FONTS = { regular: "Helvetica", bold: "Helvetica-Bold" } as const;

export type PdfAlign = "left" | "right" | "center";

/**
 * Text primitives shared by the PDFs that place every text at explicit coordinates without
 * pdfkit's own line breaking (lineBreak: false), so nothing spills onto an unplanned page.
 */
export class PdfWriter {
  constructor(protected readonly doc: PDFKit.PDFDocument) {}

  protected font(bold: boolean, size: number, color: string = PDF_COLORS.text) {
    this.doc
      .font(bold ? PDF_FONTS.bold : PDF_FONTS.regular)
      .fontSize(size)
      .fillColor(color);
    return this;
  }

  /** The width of `text` in the current font, as it will be printed. */
  protected width(text: string) {
    return this.doc.widthOfString(winAnsi(text));
  }

  protected fit(text: string, max: number) {
    return fitText(this.doc, text, max);
  }

  /** One line at (x, y), cut to `max`; for right/center alignment x is the right edge/center. */
  protected put(text: string, x: number, y: number, align: PdfAlign = "left", max?: number) {
    const s = max === undefined ? winAnsi(text) : this.fit(text, max);
    const w = this.doc.widthOfString(s);
    const left = align === "left" ? x : align === "right" ? x - w : x - w / 2;
    this.doc.text(s, left, y, { lineBreak: false });
    return this;
  }
}
