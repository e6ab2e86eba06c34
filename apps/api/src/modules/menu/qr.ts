import type { Locale } from "@stempla/domain";
import { renderPdf } from "../../lib/pdf/document.ts";
import { PDF_COLORS as C } from "../../lib/pdf/palette.ts";
import { fitText, winAnsi } from "../../lib/pdf/text.ts";
import { PDF_FONTS } from "../../lib/pdf/writer.ts";
import { drawQr } from "../locations/service.ts";

// The print sheet of a location's menu codes (docs/decisions/009-digital-menu.md, section 4): one
// A5 page for the menu's own code, then one per table, each with its name, so staff can cut and
// place them. The code is the largest thing on the page, as on the location's printables.

const TEXTS: Record<Locale, { menu: string; table: (name: string) => string; scan: string }> = {
  de: {
    menu: "Digitale Speisekarte",
    table: (name) => `Tisch: ${name}`,
    scan: "Scannen Sie den Code mit der Kamera Ihres Handys, um die Speisekarte zu öffnen.",
  },
  en: {
    menu: "Digital menu",
    table: (name) => `Table: ${name}`,
    scan: "Scan the code with your phone's camera to open the menu.",
  },
};

// pdfkit's A5 in points.
const A5 = { width: 419.53, height: 595.28 };
const MARGIN = 36;
const QR = 300;

export interface MenuQrSheet {
  locationName: string;
  menuUrl: string;
  tables: { name: string; url: string }[];
}

export function menuQrPdf(sheet: MenuQrSheet, locale: Locale): Promise<Buffer> {
  const texts = TEXTS[locale];
  const pages = [
    { label: texts.menu, url: sheet.menuUrl },
    ...sheet.tables.map((table) => ({ label: texts.table(table.name), url: table.url })),
  ];
  const width = A5.width - 2 * MARGIN;
  return renderPdf(
    {
      size: [A5.width, A5.height],
      margin: 0,
      autoFirstPage: false,
      info: { Title: winAnsi(`${sheet.locationName}: ${texts.menu}`) },
    },
    (doc) => {
      for (const page of pages) {
        doc.addPage({ size: [A5.width, A5.height], margin: 0 });
        doc.font(PDF_FONTS.bold).fontSize(22).fillColor(C.text);
        doc.text(fitText(doc, sheet.locationName, width), MARGIN, 48, {
          width,
          align: "center",
          lineBreak: false,
        });
        doc.font(PDF_FONTS.bold).fontSize(16).fillColor(C.brandDark);
        doc.text(fitText(doc, page.label, width), MARGIN, 84, { width, align: "center", lineBreak: false });
        drawQr(doc, page.url, (A5.width - QR) / 2, 124, QR);
        doc.font(PDF_FONTS.regular).fontSize(12).fillColor(C.text);
        doc.text(winAnsi(texts.scan), MARGIN, 124 + QR + 24, { width, align: "center" });
        doc.font(PDF_FONTS.regular).fontSize(9).fillColor(C.muted);
        doc.text(fitText(doc, page.url, width), MARGIN, A5.height - 56, {
          width,
          align: "center",
          lineBreak: false,
        });
      }
    },
  );
}
