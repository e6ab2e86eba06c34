import {
  addDays,
  formatMoney,
  INCLUDED_SCANS_PER_LOCATION,
  type InvoiceLine,
  type InvoiceTotals,
  localeTag,
  PAYMENT,
} from "@stempla/domain";
import { renderPdf } from "../../lib/pdf/document.ts";
import { PDF_COLORS as C } from "../../lib/pdf/palette.ts";
import { winAnsi } from "../../lib/pdf/text.ts";
import { PdfWriter } from "../../lib/pdf/writer.ts";
import { type InvoiceLineText, type InvoicePdfTexts, invoicePdfTexts } from "./invoice-pdf-texts.ts";

// The monthly invoice (and its correction) as an A4 PDF with everything § 14 Abs. 4 UStG asks for:
// seller and buyer with full names and addresses, the seller's VAT id, issue date, a unique number,
// quantity and kind of each service, the service period, net amounts, VAT rate and VAT amount.
// The layout follows DIN 5008 form B (address window for a window envelope, information block on
// the right, fold marks). With a SEPA mandate the payment paragraph is the debit's pre-notification
// (spec section 9: at least 1 day before the debit).
// As in stats-pdf.ts every text is placed at explicit coordinates without pdfkit's own line breaking
// (lineBreak: false), so pages are added only here and nothing can spill past the footer.

export interface InvoiceParty {
  name: string;
  street: string;
  postcode: string;
  city: string;
}

export interface InvoiceDocument {
  /** Default "invoice". */
  kind?: "invoice" | "credit_note";
  /** Credit notes: the number of the invoice they correct. */
  refersToNumber?: string;
  /** e.g. "2026-000123" */
  number: string;
  /** YYYY-MM-DD */
  issueDate: string;
  /** Service period, YYYY-MM-DD (first and last day of the month); null: the issue date. */
  periodStart: string | null;
  periodEnd: string | null;
  /** SEPA direct debit date; null without a mandate. */
  debitDate: string | null;
  seller: InvoiceParty & {
    email: string;
    phone: string;
    register: string;
    vatId: string;
    managingDirectors: string;
    /** The account a transfer goes to (invoices without a mandate); missing on older invoices. */
    iban?: string;
    bic?: string;
  };
  /** `country` as ISO 3166-1 alpha-2 (a name is printed as given). */
  buyer: InvoiceParty & { country: string; vatId?: string };
  totals: InvoiceTotals;
  mandateReference: string | null;
  creditorId: string;
  locale: "de" | "en";
  /** Scans in the period (described on the usage line); null: not described (a credit note). */
  scans: number | null;
  /** Locations billed in the period; null: not described. */
  locations: number | null;
  /** A collective invoice's groups: each franchisee's locations and scans, by group key, for its lines. */
  groupUsage?: Record<string, { locations: number; scans: number }>;
}

const MM = 72 / 25.4;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const LEFT = 25 * MM; // DIN 5008: 25 mm left, 20 mm right
const RIGHT = PAGE.width - 20 * MM;
const CONTENT = RIGHT - LEFT;
/** Information block (DIN 5008 form B: 125 mm from the left, 50 mm from the top). */
const INFO = { x: 125 * MM, y: 50 * MM };
/** Address field: remark zone from 45 mm, address zone 62.7 mm to 90 mm, 85 mm wide from 20 mm. */
const ADDRESS = { top: 62.7 * MM, bottom: 90 * MM, width: 75 * MM };
/** Where the footer's rule sits; content stays above BOTTOM. */
const FOOTER_Y = PAGE.height - 68;
const BOTTOM = FOOTER_Y - 22;
/** Where content starts on continuation pages. */
const TOP = 92;

/** Table columns (x of the left edge, width); numbers are right-aligned in theirs. */
const COL = (() => {
  const pos = 30;
  const qty = 54;
  const unit = 74;
  const amount = 80;
  const desc = CONTENT - pos - qty - unit - amount;
  return {
    pos: { x: LEFT, w: pos },
    desc: { x: LEFT + pos, w: desc },
    qty: { x: LEFT + pos + desc, w: qty },
    unit: { x: LEFT + pos + desc + qty, w: unit },
    amount: { x: RIGHT - amount, w: amount },
  };
})();
const CELL_PAD = 6;
/** Height of the net/VAT/gross block with the gap below it, and of a carried-forward row. */
const TOTALS_HEIGHT = 82;
const CARRIED_HEIGHT = 18;
/** A group's heading and its subtotal row (collective invoices). */
const GROUP_HEAD_HEIGHT = 20;
const SUBTOTAL_HEIGHT = 18;
const PARAGRAPH_LH = 12.5;

const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

type Doc = PDFKit.PDFDocument;

export async function renderInvoicePdf(input: InvoiceDocument): Promise<Buffer> {
  const t = invoicePdfTexts[input.locale];
  const credit = input.kind === "credit_note";
  return renderPdf(
    {
      size: "A4",
      margins: { top: TOP, left: LEFT, right: PAGE.width - RIGHT, bottom: PAGE.height - BOTTOM },
      bufferPages: true,
      lang: localeTag(input.locale),
      displayTitle: true,
      info: {
        Title: winAnsi(`${credit ? t.creditNote : t.invoice} ${t.no} ${input.number}`),
        Author: winAnsi(input.seller.name),
        Subject: winAnsi(input.buyer.name),
        Creator: "Stempla",
        // From the issue date (noon UTC: the same day in every time zone), so that rendering the
        // same invoice again gives the same file.
        CreationDate: new Date(`${input.issueDate}T12:00:00Z`),
      },
    },
    (doc) => new Renderer(doc, input, t).render(),
  );
}

class Renderer extends PdfWriter {
  private readonly credit: boolean;
  private readonly title: string;
  private readonly n: Intl.NumberFormat;

  constructor(
    doc: Doc,
    private readonly input: InvoiceDocument,
    private readonly t: InvoicePdfTexts,
  ) {
    super(doc);
    this.credit = input.kind === "credit_note";
    this.title = this.credit ? t.creditNote : t.invoice;
    this.n = new Intl.NumberFormat(localeTag(input.locale), { maximumFractionDigits: 2 });
  }

  render() {
    this.letterhead();
    this.addressWindow();
    this.infoBlock();
    const payment = this.paymentTexts();
    const closing = TOTALS_HEIGHT + this.paymentHeight(payment);
    const table = this.table(this.heading(), closing);
    const y = this.totals(table.y, table.sum);
    this.payment(y, payment);
    this.frame();
  }

  // ---- formatting -------------------------------------------------------------------------

  private eur = (cents: number) => formatMoney(cents, this.input.locale);
  private num = (v: number) => this.n.format(v);

  /** "30.11.2026" / "30 Nov 2026". */
  private date(day: string) {
    const [y, m, d] = day.split("-") as [string, string, string];
    return this.input.locale === "de" ? `${d}.${m}.${y}` : `${Number(d)} ${MONTHS_EN[Number(m) - 1]} ${y}`;
  }

  // ---- text primitives --------------------------------------------------------------------

  /** The text broken into lines of at most `max` points in the current font (long words split). */
  private wrap(text: string, max: number): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of winAnsi(text).split(/ +/).filter(Boolean)) {
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
    if (line) lines.push(line);
    return lines;
  }

  /** Wrapped lines at (x, y), at most `maxLines` (the last one cut); returns the y below them. */
  private paragraph(text: string, x: number, y: number, max: number, lineHeight: number, maxLines = 99) {
    const lines = this.wrap(text, max);
    lines.slice(0, maxLines).forEach((line, i) => {
      const last = i === maxLines - 1 && lines.length > maxLines;
      this.put(last ? `${line} ${lines.slice(i + 1).join(" ")}` : line, x, y + i * lineHeight, "left", max);
    });
    return y + Math.min(lines.length, maxLines) * lineHeight;
  }

  private rule(y: number, color = C.grid, width = 0.5, x1 = LEFT, x2 = RIGHT) {
    this.doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
  }

  // ---- first page -------------------------------------------------------------------------

  /** The brand bar, the word mark and the seller's name and address, top right. */
  private letterhead() {
    const s = this.input.seller;
    this.doc.rect(0, 0, PAGE.width, 6).fill(C.brand);
    this.font(true, 24, C.brand).put("Stempla", LEFT, 38);
    const max = RIGHT - LEFT - this.width("Stempla") - 30;
    this.font(true, 9, C.text);
    const names = this.wrap(s.name, max).slice(0, 2);
    names.forEach((line, i) => {
      this.put(line, RIGHT, 36 + i * 11, "right", max);
    });
    const lines = [s.street, `${s.postcode} ${s.city}`, s.email, s.phone];
    lines.forEach((line, i) => {
      this.font(false, 8, C.muted).put(line, RIGHT, 38 + names.length * 11 + i * 10.5, "right", max);
    });
    this.foldMarks();
  }

  /** DIN 5008 form B marks at the left edge: folds at 105 and 210 mm, the punch mark at 148.5 mm. */
  private foldMarks() {
    for (const [y, w] of [
      [105, 5],
      [148.5, 8],
      [210, 5],
    ] as const)
      this.doc
        .moveTo(0, y * MM)
        .lineTo(w * MM, y * MM)
        .lineWidth(0.4)
        .strokeColor(C.faint)
        .stroke();
  }

  /** The sender line (remark zone) and the buyer's billing address (address zone). */
  private addressWindow() {
    const s = this.input.seller;
    const b = this.input.buyer;
    const sender = `${s.name} · ${s.street} · ${s.postcode} ${s.city}`;
    let size = 7;
    this.font(false, size, C.faint);
    while (size > 5.5 && this.width(sender) > ADDRESS.width) {
      size -= 0.5;
      this.font(false, size, C.faint);
    }
    const senderText = this.fit(sender, ADDRESS.width);
    const sy = ADDRESS.top - 14;
    this.put(senderText, LEFT, sy);
    this.rule(sy + 8.5, C.faint, 0.4, LEFT, LEFT + this.doc.widthOfString(senderText));

    // Six lines fit the address zone; the name takes what the address leaves (at most three).
    const lh = 12.5;
    const rest = [b.street, `${b.postcode} ${b.city}`.trim(), this.country(b.country)].filter(Boolean);
    let y = ADDRESS.top + 2;
    this.font(false, 10, C.text);
    y = this.paragraph(b.name, LEFT, y, ADDRESS.width, lh, Math.min(3, 6 - rest.length));
    for (const line of rest) {
      this.put(line, LEFT, y, "left", ADDRESS.width);
      y += lh;
    }
  }

  /** The country line of a foreign address in capitals (DIN 5008); none for Germany. */
  private country(code: string): string {
    const c = code.trim();
    if (!c || c.toUpperCase() === "DE") return "";
    if (!/^[A-Za-z]{2}$/.test(c)) return c.toUpperCase();
    const names = new Intl.DisplayNames([this.input.locale], { type: "region" });
    return (names.of(c.toUpperCase()) ?? c).toUpperCase();
  }

  /** Number, date, corrected invoice and the buyer's VAT id, right of the address window. */
  private infoBlock() {
    const t = this.t;
    const i = this.input;
    const rows: [string, string][] = [
      [this.credit ? t.creditNumber : t.number, i.number],
      [this.credit ? t.creditDate : t.date, this.date(i.issueDate)],
    ];
    if (this.credit && i.refersToNumber) rows.push([t.refersToLabel, i.refersToNumber]);
    if (i.buyer.vatId) rows.push([t.buyerVatId, i.buyer.vatId]);
    const w = RIGHT - INFO.x;
    rows.forEach(([label, value], k) => {
      const y = INFO.y + k * 14;
      this.font(false, 8.5, C.muted).put(label, INFO.x, y, "left", w * 0.55);
      this.font(true, 8.5, C.text);
      this.put(value, RIGHT, y, "right", w - this.width(label) - 8);
    });
  }

  /** Title, corrected invoice, service period and one line of introduction; returns y below. */
  private heading(): number {
    const t = this.t;
    const i = this.input;
    let y = 98 * MM;
    this.font(true, 16, C.brandDark).put(`${this.title} ${t.no} ${i.number}`, LEFT, y, "left", CONTENT);
    y += 24;
    this.font(false, 10, C.text);
    if (this.credit && i.refersToNumber) {
      this.put(t.refersTo(i.refersToNumber), LEFT, y, "left", CONTENT);
      y += 14;
    }
    const period =
      i.periodStart && i.periodEnd
        ? t.period(this.date(i.periodStart), this.date(i.periodEnd))
        : t.periodIsIssueDate;
    this.font(true, 10, C.text).put(period, LEFT, y, "left", CONTENT);
    y += 22;
    const intro = this.credit && i.refersToNumber ? t.creditIntro(i.refersToNumber) : t.intro;
    this.font(false, 9.5, C.text);
    return this.paragraph(intro, LEFT, y, CONTENT, 12) + 8;
  }

  // ---- continuation pages -----------------------------------------------------------------

  private newPage(): number {
    this.doc.addPage();
    this.doc.rect(0, 0, PAGE.width, 6).fill(C.brand);
    this.font(true, 14, C.brand).put("Stempla", LEFT, 36);
    const right = `${this.title} ${this.t.no} ${this.input.number} · ${this.date(this.input.issueDate)}`;
    this.font(false, 8.5, C.muted).put(right, RIGHT, 40, "right", CONTENT - 90);
    this.rule(60, C.brandLine, 0.6);
    this.foldMarks();
    return TOP - 20;
  }

  // ---- line items -------------------------------------------------------------------------

  private tableHead(y: number): number {
    const h = 20;
    this.doc.rect(LEFT, y, CONTENT, h).fill(C.brandPale);
    this.rule(y + h, C.brandLine, 0.8);
    const t = this.t;
    const ty = y + 6.5;
    this.font(true, 8, C.brandDark);
    this.put(t.pos, COL.pos.x + CELL_PAD, ty);
    this.put(t.description, COL.desc.x + CELL_PAD, ty);
    this.put(t.quantity, COL.qty.x + COL.qty.w - CELL_PAD, ty, "right");
    this.put(t.unitPrice, COL.unit.x + COL.unit.w - CELL_PAD, ty, "right");
    this.put(t.amount, COL.amount.x + COL.amount.w - CELL_PAD, ty, "right");
    return y + h;
  }

  /** The running net sum, at the foot of a full page and the top of the next. */
  private carried(y: number, cents: number): number {
    const h = CARRIED_HEIGHT;
    this.font(true, 8.5, C.muted).put(this.t.carried, COL.desc.x + CELL_PAD, y + 5);
    this.font(true, 8.5, C.text).put(this.eur(cents), COL.amount.x + COL.amount.w - CELL_PAD, y + 5, "right");
    this.rule(y + h, C.grid, 0.5);
    return y + h;
  }

  private lineText(line: InvoiceLine): { title: string; detail?: string } {
    const texts = this.t.lines as Record<string, InvoiceLineText>;
    const text = texts[line.kind];
    if (!text) return { title: line.kind };
    const i = this.input;
    // A group's lines describe the franchisee's usage, the others the invoiced company's.
    const usage = line.group ? i.groupUsage?.[line.group.key] : { locations: i.locations, scans: i.scans };
    const detail =
      !usage || usage.locations === null || usage.scans === null
        ? undefined
        : text.detail?.({
            locations: usage.locations,
            locationCount: this.num(usage.locations),
            scans: this.num(usage.scans),
            included: this.num(usage.locations * INCLUDED_SCANS_PER_LOCATION),
          });
    return { title: text.title, ...(detail ? { detail } : {}) };
  }

  /** A group's heading row: the franchisee's name (or the own locations) over its lines. */
  private groupHeading(y: number, title: string): number {
    const max = RIGHT - COL.desc.x - 2 * CELL_PAD;
    this.font(true, 9, C.brandDark).put(title, COL.desc.x + CELL_PAD, y + 7, "left", max);
    this.rule(y + GROUP_HEAD_HEIGHT, C.grid, 0.5);
    return y + GROUP_HEAD_HEIGHT;
  }

  /** A group's net sum below its lines. */
  private groupSubtotal(y: number, title: string, cents: number): number {
    const h = SUBTOTAL_HEIGHT;
    const label = this.t.subtotal(title);
    this.font(true, 8.5, C.text).put(label, COL.desc.x + CELL_PAD, y + 5, "left", COL.amount.x - COL.desc.x);
    this.put(this.eur(cents), COL.amount.x + COL.amount.w - CELL_PAD, y + 5, "right");
    this.rule(y + h, C.brandLine, 0.8);
    return y + h;
  }

  /**
   * The line items from y0, over as many pages as they need; the last one stays on a page with
   * `closing` points below it (totals and payment), so no page holds the totals alone.
   */
  private table(y0: number, closing: number): { y: number; sum: number } {
    const lines = this.input.totals.lines;
    const titleLH = 11;
    const detailLH = 9.5;
    const descW = COL.desc.w - 2 * CELL_PAD;
    let y = this.tableHead(y0);
    let sum = 0;
    // A collective invoice prints its own lines and each franchisee's under a heading with a
    // subtotal (docs/decisions/008-franchise-model.md, section 5); the groups follow each other.
    const grouped = lines.some((l) => l.group);
    const keyOf = (l: InvoiceLine | undefined) => l?.group?.key ?? "";
    let groupSum = 0;
    lines.forEach((line, k) => {
      const { title, detail } = this.lineText(line);
      this.font(false, 9);
      const titleLines = this.wrap(title, descW);
      this.font(false, 7.5);
      const detailLines = detail ? this.wrap(detail, descW) : [];
      const h = 6 + titleLines.length * titleLH + detailLines.length * detailLH + 4;
      const starts = grouped && (k === 0 || keyOf(lines[k - 1]) !== keyOf(line));
      const ends = grouped && (k === lines.length - 1 || keyOf(lines[k + 1]) !== keyOf(line));
      const groupTitle = line.group?.title ?? this.t.ownLines;
      // Room for this row (with its group's heading or subtotal) and the carried-forward row below
      // it, or for the closing part.
      const need =
        (starts ? GROUP_HEAD_HEIGHT : 0) +
        h +
        (ends ? SUBTOTAL_HEIGHT : 0) +
        (k < lines.length - 1 ? CARRIED_HEIGHT : closing);
      if (y + need > BOTTOM) {
        this.carried(y, sum);
        y = this.carried(this.tableHead(this.newPage()), sum);
      }
      if (starts) {
        y = this.groupHeading(y, groupTitle);
        groupSum = 0;
      }
      const ty = y + 6;
      this.font(false, 9, C.text);
      this.put(String(k + 1), COL.pos.x + CELL_PAD, ty);
      titleLines.forEach((l, j) => {
        this.put(l, COL.desc.x + CELL_PAD, ty + j * titleLH);
      });
      this.font(false, 7.5, C.faint);
      detailLines.forEach((l, j) => {
        this.put(l, COL.desc.x + CELL_PAD, ty + titleLines.length * titleLH + j * detailLH + 0.5);
      });
      this.font(false, 9, C.text);
      this.put(this.num(line.quantity), COL.qty.x + COL.qty.w - CELL_PAD, ty, "right", COL.qty.w - CELL_PAD);
      this.put(
        this.eur(line.unitCents),
        COL.unit.x + COL.unit.w - CELL_PAD,
        ty,
        "right",
        COL.unit.w - CELL_PAD,
      );
      this.put(
        this.eur(line.totalCents),
        COL.amount.x + COL.amount.w - CELL_PAD,
        ty,
        "right",
        COL.amount.w - CELL_PAD,
      );
      y += h;
      this.rule(y);
      sum += line.totalCents;
      groupSum += line.totalCents;
      if (ends) y = this.groupSubtotal(y, groupTitle, groupSum);
    });
    return { y, sum };
  }

  // ---- totals and payment -----------------------------------------------------------------

  private totals(y0: number, sum: number): number {
    const tot = this.input.totals;
    const t = this.t;
    let y = y0;
    if (y + TOTALS_HEIGHT > BOTTOM) {
      this.carried(y, sum);
      y = this.carried(this.tableHead(this.newPage()), sum);
    }
    const labelX = COL.unit.x - 60;
    const valueX = RIGHT - CELL_PAD;
    y += 8;
    this.font(false, 9, C.text).put(t.net, labelX, y);
    this.put(this.eur(tot.netCents), valueX, y, "right");
    y += 16;
    this.put(t.vat(this.num(tot.vatRatePercent)), labelX, y);
    this.put(this.eur(tot.vatCents), valueX, y, "right");
    y += 14;
    this.rule(y, C.brand, 1, labelX, RIGHT);
    y += 6;
    this.font(true, 11, C.brandDark).put(this.credit ? t.creditGross : t.gross, labelX, y);
    this.font(true, 11, C.text).put(this.eur(tot.grossCents), valueX, y, "right");
    y += 16;
    this.rule(y, C.brand, 1, labelX, RIGHT);
    this.rule(y + 2, C.brand, 1, labelX, RIGHT);
    return y + 22;
  }

  /** How the amount is settled (the SEPA pre-notification with a mandate), and closing notes. */
  private paymentTexts(): string[] {
    const t = this.t;
    const i = this.input;
    const gross = i.totals.grossCents;
    const amount = this.eur(Math.abs(gross));
    const texts: string[] = [];
    if (this.credit || gross < 0) texts.push(gross === 0 ? t.nothingDue : t.refund(amount));
    else if (gross === 0) texts.push(t.nothingDue);
    else if (i.debitDate && i.mandateReference)
      texts.push(t.sepa(amount, this.date(i.debitDate), i.mandateReference, i.creditorId));
    else {
      const days = PAYMENT.invoicePaymentTermDays;
      const s = i.seller;
      const account = s.iban
        ? `IBAN ${s.iban.replace(/(.{4})/g, "$1 ").trim()}${s.bic ? `, BIC ${s.bic}` : ""}`
        : "";
      texts.push(t.transfer(amount, days, this.date(addDays(i.issueDate, days)), i.number, account));
    }
    if (i.totals.vatRatePercent === 0 && i.buyer.vatId) texts.push(t.reverseCharge);
    texts.push(t.thanks);
    return texts;
  }

  private paymentHeight(texts: string[]): number {
    this.font(false, 9.5, C.text);
    return texts.reduce((h, text) => h + this.wrap(text, CONTENT).length * PARAGRAPH_LH + 6, 0);
  }

  private payment(y0: number, texts: string[]) {
    let y = y0 + this.paymentHeight(texts) > BOTTOM ? this.newPage() : y0;
    this.font(false, 9.5, C.text);
    for (const text of texts) y = this.paragraph(text, LEFT, y, CONTENT, PARAGRAPH_LH) + 6;
  }

  // ---- footer -----------------------------------------------------------------------------

  /** Seller details (the letter's imprint) and page numbers on every page, once all exist. */
  private frame() {
    const doc = this.doc;
    const s = this.input.seller;
    const t = this.t;
    const gap = 12;
    const w = (CONTENT - 2 * gap) / 3;
    const columns: { lines: string[]; boldFirst: boolean }[] = [
      { lines: [s.name, s.street, `${s.postcode} ${s.city}`], boldFirst: true },
      {
        lines: [
          `${t.email}: ${s.email}`,
          `${t.phone}: ${s.phone}`,
          // The bank account (invoices issued before it was recorded have none).
          ...(s.iban ? [`IBAN ${s.iban.replace(/(.{4})/g, "$1 ").trim()}`] : []),
          ...(s.bic ? [`BIC ${s.bic}`] : []),
        ],
        boldFirst: false,
      },
      {
        lines: [s.register, `${t.vatId}: ${s.vatId}`, `${t.managingDirectors}: ${s.managingDirectors}`],
        boldFirst: false,
      },
    ];
    const { start, count } = doc.bufferedPageRange();
    for (let p = start; p < start + count; p++) {
      doc.switchToPage(p);
      if (count > 1)
        this.font(false, 8, C.muted).put(t.page(p - start + 1, count), RIGHT, FOOTER_Y - 13, "right");
      this.rule(FOOTER_Y, C.brandLine, 0.6);
      columns.forEach((col, k) => {
        this.footerColumn(col.lines, col.boldFirst, LEFT + k * (w + gap), w);
      });
    }
  }

  /** A footer column: wrapped at 7 pt, smaller when it would need more than five lines. */
  private footerColumn(lines: string[], boldFirst: boolean, x: number, w: number) {
    const maxLines = 5;
    let size = 7;
    const layout = (s: number) =>
      lines.map((line, k) => {
        this.font(boldFirst && k === 0, s);
        return this.wrap(line, w);
      });
    let wrapped = layout(size);
    while (size > 5.5 && wrapped.flat().length > maxLines) {
      size -= 0.5;
      wrapped = layout(size);
    }
    let y = FOOTER_Y + 7;
    const lh = size + 2;
    wrapped.forEach((parts, k) => {
      this.font(boldFirst && k === 0, size, boldFirst && k === 0 ? C.text : C.muted);
      for (const part of parts) {
        if (y > FOOTER_Y + 7 + (maxLines - 1) * lh) return;
        this.put(part, x, y, "left", w);
        y += lh;
      }
    });
  }
}
