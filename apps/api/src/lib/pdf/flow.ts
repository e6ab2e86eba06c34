import { PDF_COLORS as C } from "./palette.ts";
import { winAnsi } from "./text.ts";
import { type PdfAlign, PdfWriter } from "./writer.ts";

// A4 documents that flow from top to bottom (the voucher receipt and the monthly voucher
// statement, docs/decisions/010-coupons-and-vouchers.md section 5): headings, wrapped paragraphs,
// label/value blocks and tables, each placed at explicit coordinates like the invoice (no pdfkit
// line breaking), with a new page whenever the next block would not fit above the footer.

const MM = 72 / 25.4;
export const FLOW_PAGE = { width: 595.28, height: 841.89 };
const LEFT = 25 * MM;
const RIGHT = FLOW_PAGE.width - 20 * MM;
const TOP = 20 * MM;
const FOOTER_Y = FLOW_PAGE.height - 15 * MM;
const BOTTOM = FOOTER_Y - 14;

export interface FlowColumn {
  title: string;
  /** Share of the content width (the shares of a table add up to 1). */
  share: number;
  align?: PdfAlign;
}

export class FlowPdf extends PdfWriter {
  private y = TOP;
  readonly contentWidth = RIGHT - LEFT;

  constructor(
    doc: PDFKit.PDFDocument,
    private readonly footer: string,
  ) {
    super(doc);
  }

  /** Starts a new page when fewer than `height` points are left above the footer. */
  ensure(height: number) {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = TOP;
  }

  space(points: number) {
    this.y += points;
    return this;
  }

  /** The document's title line with a rule in the brand colour below it. */
  title(text: string, subtitle?: string) {
    this.font(true, 17, C.text).put(text, LEFT, this.y, "left", this.contentWidth);
    this.y += 23;
    if (subtitle) {
      this.font(false, 10, C.muted).put(subtitle, LEFT, this.y, "left", this.contentWidth);
      this.y += 15;
    }
    this.doc.moveTo(LEFT, this.y).lineTo(RIGHT, this.y).lineWidth(1.2).strokeColor(C.brand).stroke();
    this.y += 14;
    return this;
  }

  heading(text: string) {
    this.ensure(40);
    this.y += 6;
    this.font(true, 11.5, C.brandDark).put(text, LEFT, this.y, "left", this.contentWidth);
    this.y += 17;
    return this;
  }

  /** Text wrapped to the width (or `width`, from `x`), in as many lines as it needs. */
  paragraph(
    text: string,
    opts: { size?: number; bold?: boolean; color?: string; x?: number; width?: number } = {},
  ) {
    const size = opts.size ?? 9.5;
    const x = opts.x ?? LEFT;
    this.font(opts.bold ?? false, size, opts.color ?? C.text);
    const lineHeight = size * 1.35;
    for (const line of this.wrap(text, opts.width ?? this.contentWidth - (x - LEFT))) {
      this.ensure(lineHeight);
      this.font(opts.bold ?? false, size, opts.color ?? C.text);
      this.put(line, x, this.y);
      this.y += lineHeight;
    }
    return this;
  }

  /** Two blocks side by side (e.g. seller and arranging party), each a title and its lines. */
  columns(blocks: { title: string; lines: string[] }[]) {
    const gap = 16;
    const w = (this.contentWidth - gap * (blocks.length - 1)) / blocks.length;
    const height = 16 + Math.max(...blocks.map((b) => b.lines.length)) * 12.5;
    this.ensure(height);
    blocks.forEach((block, i) => {
      const x = LEFT + i * (w + gap);
      this.font(true, 8, C.muted).put(block.title.toUpperCase(), x, this.y, "left", w);
      block.lines.forEach((line, n) => {
        this.font(n === 0, 9.5, C.text).put(line, x, this.y + 14 + n * 12.5, "left", w);
      });
    });
    this.y += height + 6;
    return this;
  }

  /** Label and value rows, the values aligned after the longest label. */
  keyValues(rows: [string, string][]) {
    this.font(false, 9.5);
    const labelWidth = Math.min(this.contentWidth * 0.45, Math.max(...rows.map(([l]) => this.width(l))) + 14);
    for (const [label, value] of rows) {
      this.ensure(13);
      this.font(false, 9.5, C.muted).put(label, LEFT, this.y, "left", labelWidth - 8);
      this.font(true, 9.5, C.text).put(
        value,
        LEFT + labelWidth,
        this.y,
        "left",
        this.contentWidth - labelWidth,
      );
      this.y += 13;
    }
    this.y += 4;
    return this;
  }

  /**
   * A table: a header row, body rows (zebra striped) and optional total rows in bold. Cells are cut
   * with an ellipsis to their column; a table longer than the page continues on the next with its
   * header repeated.
   */
  table(columns: FlowColumn[], rows: string[][], totals: string[][] = []) {
    const rowHeight = 16;
    const xs: { x: number; w: number; align: PdfAlign }[] = [];
    let x = LEFT;
    for (const c of columns) {
      const w = c.share * this.contentWidth;
      xs.push({ x, w, align: c.align ?? "left" });
      x += w;
    }
    const cell = (text: string, i: number, y: number) => {
      const col = xs[i]!;
      const pad = 5;
      const anchor =
        col.align === "right"
          ? col.x + col.w - pad
          : col.align === "center"
            ? col.x + col.w / 2
            : col.x + pad;
      this.put(text, anchor, y + 4.5, col.align, col.w - 2 * pad);
    };
    const header = () => {
      this.doc.rect(LEFT, this.y, this.contentWidth, rowHeight).fill(C.brandPale);
      this.font(true, 8.5, C.brandDark);
      columns.forEach((c, i) => {
        cell(c.title, i, this.y);
      });
      this.y += rowHeight;
    };
    this.ensure(rowHeight * 2);
    header();
    rows.forEach((row, n) => {
      if (this.y + rowHeight > BOTTOM) {
        this.ensure(rowHeight * 2);
        header();
      }
      if (n % 2 === 1) this.doc.rect(LEFT, this.y, this.contentWidth, rowHeight).fill(C.zebra);
      this.font(false, 9, C.text);
      row.forEach((text, i) => {
        cell(text, i, this.y);
      });
      this.y += rowHeight;
    });
    for (const row of totals) {
      this.ensure(rowHeight);
      this.doc.moveTo(LEFT, this.y).lineTo(RIGHT, this.y).lineWidth(0.6).strokeColor(C.grid).stroke();
      this.font(true, 9, C.text);
      row.forEach((text, i) => {
        cell(text, i, this.y);
      });
      this.y += rowHeight;
    }
    this.y += 8;
    return this;
  }

  /** The footer line and page numbers on every page; call once at the end (bufferPages). */
  finish(pageLabel: (page: number, pages: number) => string) {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      this.doc
        .moveTo(LEFT, FOOTER_Y - 4)
        .lineTo(RIGHT, FOOTER_Y - 4)
        .lineWidth(0.5)
        .strokeColor(C.grid)
        .stroke();
      this.font(false, 7.5, C.faint).put(this.footer, LEFT, FOOTER_Y, "left", this.contentWidth - 70);
      this.put(pageLabel(i - range.start + 1, range.count), RIGHT, FOOTER_Y, "right");
    }
  }

  /** `text` broken into lines of at most `max` points in the current font (long words split). */
  private wrap(text: string, max: number): string[] {
    const lines: string[] = [];
    for (const paragraph of winAnsi(text.replace(/\n/g, "\u0000")).split("\u0000")) {
      let line = "";
      for (const word of paragraph.split(/ +/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.doc.widthOfString(candidate) <= max) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        while (this.doc.widthOfString(line) > max && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && this.doc.widthOfString(line.slice(0, cut)) > max) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }
}

/** pdfkit options of a flowing A4 document (pages buffered for the footer). */
export function flowPdfOptions(info: { title: string; author: string; lang: string; created: Date }) {
  return {
    size: "A4",
    margins: { top: TOP, left: LEFT, right: FLOW_PAGE.width - RIGHT, bottom: FLOW_PAGE.height - BOTTOM },
    bufferPages: true,
    lang: info.lang,
    displayTitle: true,
    info: {
      Title: winAnsi(info.title),
      Author: winAnsi(info.author),
      Creator: "Stempla",
      CreationDate: info.created,
    },
  } satisfies PDFKit.PDFDocumentOptions;
}
