import { QR_PRINT_MM, type QrPrintSize } from "@stempla/domain";
import { renderPdf } from "../../lib/pdf/document.ts";
import { PDF_COLORS as C } from "../../lib/pdf/palette.ts";
import { fitText, winAnsi } from "../../lib/pdf/text.ts";
import { PDF_FONTS } from "../../lib/pdf/writer.ts";
import { drawQr } from "./scan-code.ts";

// The location's printables (docs/product.md, "Printed QR codes"): the A5 poster for the wall or
// the counter, an A6 table tent and a round sticker. Every one is a single sheet, and its QR code
// is the largest thing on it, so a phone camera finds it from a distance.

/** What a printable says; the texts are already in the request's language. */
export interface QrPrintContent {
  url: string;
  partnerName: string;
  /** Shown under the partner's name when it says something the name does not. */
  locationName: string;
  /** The approved logo as PNG without its transparent padding, with its pixel size. */
  logo: { png: Buffer; width: number; height: number } | null;
  /** The card's promise ("Jeder 11. Besuch: …"), the partner's own offer text, the points in words. */
  offer: string | null;
  offerDetail: string | null;
  pointsLine: string | null;
  texts: {
    offerLabel: string;
    scan: string;
    getApp: string;
    appStore: [string, string];
    googlePlay: [string, string];
    fold: string;
  };
  stores: { ios: string; android: string };
}

const MM = 72 / 25.4;
// pdfkit's own A5 (QR_PRINT_MM.a5 in points, as pdfkit rounds them), so the sheet is exactly what
// printers call A5.
const A5 = { width: 419.53, height: 595.28 };
const STICKER = QR_PRINT_MM.sticker.diameter * MM;

type Doc = PDFKit.PDFDocument;

function font(doc: Doc, bold: boolean, size: number, color: string = C.text): Doc {
  return doc
    .font(bold ? PDF_FONTS.bold : PDF_FONTS.regular)
    .fontSize(size)
    .fillColor(color);
}

/**
 * Sets the bold font at the largest size from `max` down to `min` at which `text` fits `width`
 * on one line (a long name is made smaller before it is cut); answers the size.
 */
function shrunk(doc: Doc, text: string, width: number, max: number, min: number, color: string = C.text) {
  let size = max;
  font(doc, true, size, color);
  while (size > min && doc.widthOfString(winAnsi(text)) > width) {
    size -= 0.5;
    font(doc, true, size, color);
  }
  return size;
}

/** One line centred on `cx`, cut with an ellipsis to `max` points. */
function centred(doc: Doc, text: string, cx: number, y: number, max: number, spacing = 0): void {
  const s = fitText(doc, text, max - spacing * text.length);
  const w = doc.widthOfString(s, { characterSpacing: spacing });
  doc.text(s, cx - w / 2, y, { lineBreak: false, characterSpacing: spacing });
}

/**
 * Text wrapped to `width` and at most `lines` lines (the last one ends in an ellipsis when cut);
 * answers the height it took. The height limit also keeps pdfkit from opening a second page.
 */
function block(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  lines: number,
  align: "left" | "center" = "center",
  lineGap = 1,
): number {
  const s = winAnsi(text);
  const options = { width, align, lineGap };
  const height = Math.min(doc.heightOfString(s, options), lines * (doc.currentLineHeight(true) + lineGap));
  doc.text(s, x, y, { ...options, height: height + 0.5, ellipsis: true });
  return height;
}

/** The logo in a box, centred on `cx`, never stretched; answers the height it took. */
function logo(
  doc: Doc,
  image: NonNullable<QrPrintContent["logo"]>,
  cx: number,
  y: number,
  box: [number, number],
) {
  const scale = Math.min(box[0] / image.width, box[1] / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  doc.image(image.png, cx - w / 2, y, { width: w, height: h });
  return h;
}

/** A store button in the stores' usual look (dark, two lines); a link in the PDF as well. */
function storeBadge(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  label: [string, string],
  url: string,
) {
  doc.roundedRect(x, y, w, h, h * 0.22).fill(C.text);
  const small = h * 0.24;
  const big = h * 0.4;
  font(doc, false, small, C.white);
  centred(doc, label[0], x + w / 2, y + h * 0.16, w - 8);
  font(doc, true, big, C.white);
  centred(doc, label[1], x + w / 2, y + h * 0.16 + small * 1.15, w - 8);
  doc.link(x, y, w, h, url);
}

function storeBadges(doc: Doc, c: QrPrintContent, cx: number, y: number, w: number, h: number, gap: number) {
  storeBadge(doc, cx - gap / 2 - w, y, w, h, c.texts.appStore, c.stores.ios);
  storeBadge(doc, cx + gap / 2, y, w, h, c.texts.googlePlay, c.stores.android);
}

/**
 * The QR code in a rounded frame in the brand colour; `size` is the code with its quiet zone,
 * which the frame's corners may cut (the page behind it is white as well).
 */
function framedQr(doc: Doc, url: string, x: number, y: number, size: number, line: number): void {
  drawQr(doc, url, x, y, size);
  doc
    .roundedRect(x, y, size, size, size * 0.08)
    .lineWidth(line)
    .stroke(C.brand);
}

/** A run of wrapped text in one style: at most `lines` lines, `gap` points above it. */
interface Line {
  text: string;
  bold: boolean;
  size: number;
  color: string;
  lines: number;
  gap: number;
}

/** The offer's lines: the promise, the partner's own words, the points in words. */
function offerLines(c: QrPrintContent, size: { headline: number; detail: number; points: number }): Line[] {
  const lines: Line[] = [];
  if (c.offer)
    lines.push({ text: c.offer, bold: true, size: size.headline, color: C.text, lines: 2, gap: 0 });
  if (c.offerDetail) {
    lines.push({ text: c.offerDetail, bold: false, size: size.detail, color: C.text, lines: 3, gap: 3 });
  }
  if (c.pointsLine) {
    lines.push({ text: c.pointsLine, bold: false, size: size.points, color: C.muted, lines: 2, gap: 4 });
  }
  return lines;
}

function lineHeight(doc: Doc, line: Line, width: number): number {
  font(doc, line.bold, line.size, line.color);
  const s = winAnsi(line.text);
  const full = doc.heightOfString(s, { width, lineGap: 1 });
  return line.gap + Math.min(full, line.lines * (doc.currentLineHeight(true) + 1));
}

const measure = (doc: Doc, lines: Line[], width: number) =>
  lines.reduce((sum, line) => sum + lineHeight(doc, line, width), 0);

/** Writes the lines centred in `width` from `y`; answers where they end. */
function write(
  doc: Doc,
  lines: Line[],
  x: number,
  y: number,
  width: number,
  align: "left" | "center" = "center",
) {
  for (const line of lines) {
    font(doc, line.bold, line.size, line.color);
    y += line.gap + block(doc, line.text, x, y + line.gap, width, line.lines, align);
  }
  return y;
}

const showLocation = (c: QrPrintContent) =>
  c.locationName.trim() !== "" && !c.partnerName.toLowerCase().includes(c.locationName.trim().toLowerCase());

/** The A5 poster: logo and name, the offer, the big code, how to scan, the stores, the address. */
function poster(doc: Doc, c: QrPrintContent): void {
  const { width: W, height: H } = A5;
  const m = 12 * MM;
  const inner = W - 2 * m;
  const cx = W / 2;
  doc.rect(0, 0, W, 3 * MM).fill(C.brand);
  doc.rect(0, H - 3 * MM, W, 3 * MM).fill(C.brand);

  // Bottom up first: the parts below the code have fixed sizes, the code takes what is left.
  const urlY = H - 3 * MM - 7 * MM;
  const badgeH = 9.5 * MM;
  const badgeY = urlY - 5 * MM - badgeH;
  const getAppY = badgeY - 6 * MM;
  const scanY = getAppY - 8.5 * MM;

  let y = 9 * MM;
  if (c.logo) y += logo(doc, c.logo, cx, y, [60 * MM, 20 * MM]) + 4 * MM;
  const nameSize = shrunk(doc, c.partnerName, inner, c.logo ? 17 : 22, 13);
  centred(doc, c.partnerName, cx, y, inner);
  y += nameSize * 1.2;
  if (showLocation(c)) {
    font(doc, false, 10, C.muted);
    centred(doc, c.locationName, cx, y, inner);
    y += 13;
  }
  y += 4 * MM;

  if (c.offer) {
    const pad = 4 * MM;
    const lines = offerLines(c, { headline: 14, detail: 10.5, points: 9.5 });
    const boxH = pad + 14 + measure(doc, lines, inner - 2 * pad) + pad;
    doc
      .lineWidth(0.8)
      .roundedRect(m, y, inner, boxH, 3 * MM)
      .fillAndStroke(C.brandPale, C.brandLine);
    font(doc, true, 8, C.brand);
    centred(doc, c.texts.offerLabel.toUpperCase(), cx, y + pad, inner - 2 * pad, 1.2);
    write(doc, lines, m + pad, y + pad + 14, inner - 2 * pad);
    y += boxH + 6 * MM;
  }

  const room = scanY - 5 * MM - y;
  const size = Math.min(100 * MM, room);
  framedQr(doc, c.url, cx - size / 2, y + (room - size) / 2, size, 2);

  font(doc, true, 15);
  centred(doc, c.texts.scan, cx, scanY, inner);
  font(doc, false, 9.5, C.muted);
  centred(doc, c.texts.getApp, cx, getAppY, inner);
  storeBadges(doc, c, cx, badgeY, 34 * MM, badgeH, 4 * MM);
  font(doc, false, 7.5, C.faint);
  centred(doc, c.url, cx, urlY, inner);
}

/** One face of the table tent (landscape A6): the code on the left, the words on the right. */
function tentFace(doc: Doc, c: QrPrintContent, x0: number, y0: number, W: number, H: number): void {
  const m = 7 * MM;
  const size = 62 * MM;
  const qrX = x0 + m;
  const qrY = y0 + (H - size - 4 * MM) / 2;
  framedQr(doc, c.url, qrX, qrY, size, 1.5);
  font(doc, false, 6.5, C.faint);
  centred(doc, c.url, qrX + size / 2, qrY + size + 2.5 * MM, size);

  const colX = qrX + size + 6 * MM;
  const colW = x0 + W - m - colX;
  const cx = colX + colW / 2;
  let y = y0 + m;
  if (c.logo) y += logo(doc, c.logo, cx, y, [colW * 0.8, 14 * MM]) + 2.5 * MM;
  font(doc, true, 12.5);
  y += block(doc, c.partnerName, colX, y, colW, 2);
  if (c.offer) {
    y += 3 * MM;
    font(doc, true, 6.5, C.brand);
    centred(doc, c.texts.offerLabel.toUpperCase(), cx, y, colW, 1);
    write(doc, offerLines(c, { headline: 10.5, detail: 8, points: 7.5 }), colX, y + 9.5, colW);
  }
  const badgeH = 7.5 * MM;
  const badgeY = y0 + H - m - badgeH;
  const getApp: Line = { text: c.texts.getApp, bold: false, size: 7, color: C.muted, lines: 2, gap: 0 };
  const getAppY = badgeY - 2 * MM - measure(doc, [getApp], colW);
  write(doc, [getApp], colX, getAppY, colW);
  font(doc, true, 10.5, C.brand);
  centred(doc, c.texts.scan, cx, getAppY - 1.5 * MM - 10.5, colW);
  storeBadges(doc, c, cx, badgeY, (colW - 2.5 * MM) / 2, badgeH, 2.5 * MM);
}

/**
 * The table tent: two landscape A6 faces on one A5 sheet. Folded along the middle it stands on the
 * table; the upper face is printed upside down, so both sides read upright.
 */
function tent(doc: Doc, c: QrPrintContent): void {
  const { width: W, height: H } = A5;
  const half = H / 2;
  tentFace(doc, c, 0, half, W, half);
  doc.save();
  doc.rotate(180, { origin: [W / 2, half / 2] });
  tentFace(doc, c, 0, 0, W, half);
  doc.restore();
  // The fold, and its name at the margin where no face text is.
  doc
    .moveTo(4 * MM, half)
    .lineTo(W - 4 * MM, half)
    .dash(3, { space: 3 })
    .lineWidth(0.5)
    .stroke(C.grid)
    .undash();
  font(doc, false, 5, C.faint);
  doc.text(winAnsi(c.texts.fold), 4 * MM, half + 1.2, { lineBreak: false });
}

// The sticker's layout grid: drawn for this diameter and scaled to QR_PRINT_MM.sticker.
const STICKER_GRID = 90 * MM;

/** The round sticker: the page's inscribed circle is the cut line. */
function sticker(doc: Doc, c: QrPrintContent): void {
  doc.scale(STICKER / STICKER_GRID);
  const r = STICKER_GRID / 2;
  doc
    .circle(r, r, r - 0.25)
    .lineWidth(0.5)
    .stroke(C.grid);
  doc
    .circle(r, r, r - 4 * MM)
    .lineWidth(2.5 * MM)
    .stroke(C.brand);
  const size = 46 * MM;
  shrunk(doc, c.partnerName, 56 * MM, 10.5, 8);
  centred(doc, c.partnerName, r, 15.5 * MM, 56 * MM);
  drawQr(doc, c.url, r - size / 2, 21 * MM, size);
  font(doc, true, 9.5, C.brand);
  centred(doc, c.texts.scan, r, 68.5 * MM, 58 * MM);
  font(doc, false, 6.5, C.muted);
  block(doc, c.texts.getApp, r - 26 * MM, 72.5 * MM, 52 * MM, 2);
}

const LAYOUTS: Record<QrPrintSize, { size: [number, number]; draw: (doc: Doc, c: QrPrintContent) => void }> =
  {
    a5: { size: [A5.width, A5.height], draw: poster },
    "a6-tent": { size: [A5.width, A5.height], draw: tent },
    sticker: { size: [STICKER, STICKER], draw: sticker },
  };

/** One printable as a one-page PDF; texts go through winAnsi like every PDF's (Helvetica prints WinAnsi only). */
export function qrPrintPdf(kind: QrPrintSize, content: QrPrintContent): Promise<Buffer> {
  const layout = LAYOUTS[kind];
  const info = { Title: winAnsi(`${content.partnerName} – ${content.locationName}`), Creator: "Stempla" };
  return renderPdf({ size: layout.size, margin: 0, info }, (doc) => layout.draw(doc, content));
}
