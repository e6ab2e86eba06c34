import { composeInvoice, creditNoteOf, type InvoiceLine, totalsOf } from "@stempla/domain";
import * as mupdf from "mupdf";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text.ts";
import { type InvoiceDocument, renderInvoicePdf } from "./invoice-pdf.ts";

const seller: InvoiceDocument["seller"] = {
  name: "Stempla GmbH",
  street: "Friedrichstraße 68",
  postcode: "10117",
  city: "Berlin",
  email: "kontakt@stempla.de",
  phone: "+49 30 555 012 30",
  register: "Amtsgericht Charlottenburg, HRB 234567 B",
  vatId: "DE312345678",
  managingDirectors: "Anna Beispiel, Bernd Muster",
  iban: "DE02120300000000202051",
  bic: "BYLADEM1001",
};

// Spec section 9's example: two locations, 102 scans = 12.08 EUR net, 14.38 EUR gross.
const totals = composeInvoice({ usage: { locations: 2, scans: 102, digitalMenuLocations: 0 } });

const invoice = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  number: "2026-000123",
  issueDate: "2026-12-01",
  periodStart: "2026-11-01",
  periodEnd: "2026-11-30",
  debitDate: "2026-12-08",
  seller,
  buyer: {
    name: "Café Süßholz GmbH & Co. KG",
    street: "Bergmannstraße 12a",
    postcode: "10961",
    city: "Berlin",
    country: "DE",
    vatId: "DE298765432",
  },
  totals,
  mandateReference: "STP-000042-1",
  creditorId: "DE98ZZZ09999999999",
  locale: "de",
  scans: 102,
  locations: 2,
  ...overrides,
});

type Box = { x: number; y: number; w: number; h: number };
/** The height of two boxes' intersection (0 when they do not meet). */
const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) <= 0
    ? 0
    : Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

describe("renderInvoicePdf", () => {
  it("shows everything § 14 UStG asks for, and the SEPA pre-notification (de)", async () => {
    expect(totals.grossCents).toBe(1438);
    const pdf = await renderInvoicePdf(invoice());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { pages, text } = pdfText(pdf);
    expect(pages).toHaveLength(1);
    expect(text).toContain("Rechnung Nr. 2026-000123");
    expect(text).toContain("Rechnungsdatum 01.12.2026");
    expect(text).toContain("Leistungszeitraum: 01.11.2026 – 30.11.2026");
    // Seller: name, address, VAT id, register, managing directors; buyer: name, address, VAT id.
    expect(text).toContain("Stempla GmbH · Friedrichstraße 68 · 10117 Berlin");
    expect(text).toContain("USt-IdNr.: DE312345678");
    expect(text).toContain("Amtsgericht Charlottenburg, HRB 234567 B");
    expect(text).toContain("Geschäftsführung: Anna Beispiel, Bernd Muster");
    expect(text).toContain("IBAN DE02 1203 0000 0000 2020 51 BIC BYLADEM1001");
    expect(text).toContain("Café Süßholz GmbH & Co. KG Bergmannstraße 12a 10961 Berlin");
    expect(text).toContain("Ihre USt-IdNr. DE298765432");
    // Lines, net, VAT, gross.
    expect(text).toContain(
      "1 Mindestpauschale je Standort (inkl. 50 Scans, gepoolt) 2 Standorte 2 6,00 € 12,00 €",
    );
    expect(text).toContain(
      "2 Scans über dem gepoolten Kontingent 102 Scans, davon 100 inklusive 2 0,04 € 0,08 €",
    );
    expect(text).toContain("Nettobetrag 12,08 €");
    expect(text).toContain("zzgl. Umsatzsteuer 19 % 2,30 €");
    expect(text).toContain("Gesamtbetrag 14,38 €");
    expect(text).toContain(
      "Der Betrag von 14,38 € wird am 08.12.2026 per SEPA-Lastschrift von Ihrem Konto eingezogen. " +
        "Mandatsreferenz: STP-000042-1, Gläubiger-ID: DE98ZZZ09999999999.",
    );
    expect(text).not.toContain("Seite 1");
  });

  it("is in English with English dates and amounts", async () => {
    const { text } = pdfText(await renderInvoicePdf(invoice({ locale: "en" })));
    expect(text).toContain("Invoice No. 2026-000123");
    expect(text).toContain("Invoice date 1 Dec 2026");
    expect(text).toContain("Service period: 1 Nov 2026 – 30 Nov 2026");
    expect(text).toContain(
      "Scans beyond the pooled allowance 102 scans, of which 100 included 2 €0.04 €0.08",
    );
    expect(text).toContain("Net amount €12.08");
    expect(text).toContain("plus VAT 19% €2.30");
    expect(text).toContain("Total amount €14.38");
    expect(text).toContain(
      "The amount of €14.38 will be collected from your account by SEPA direct debit on 8 Dec 2026. " +
        "Mandate reference: STP-000042-1, creditor ID: DE98ZZZ09999999999.",
    );
    expect(text).toContain("VAT ID: DE312345678");
    expect(text).toContain("Amtsgericht Charlottenburg, HRB 234567 B");
    expect(text).toContain("Café Süßholz GmbH & Co. KG");
  });

  it("asks for payment within 14 days without a mandate, and prints a foreign country", async () => {
    const doc = invoice({
      debitDate: null,
      mandateReference: null,
      buyer: { name: "Kaffeehaus Wien", street: "Ring 1", postcode: "1010", city: "Wien", country: "AT" },
    });
    const { text } = pdfText(await renderInvoicePdf(doc));
    expect(text).toContain(
      "Bitte zahlen Sie den Betrag von 14,38 € innerhalb von 14 Tagen bis zum 15.12.2026 ohne Abzug " +
        "unter Angabe der Rechnungsnummer 2026-000123 auf unser Konto IBAN DE02 1203 0000 0000 2020 51, " +
        "BIC BYLADEM1001.",
    );
    expect(text).toContain("Kaffeehaus Wien Ring 1 1010 Wien ÖSTERREICH");
    expect(text).not.toContain("SEPA");
    expect(text).not.toContain("USt-IdNr. DE298765432");

    // Letters Helvetica cannot print are transliterated, not replaced by "?".
    const polish = pdfText(
      await renderInvoicePdf(
        invoice({
          buyer: {
            name: "Piekarnia Łódź",
            street: "ul. Piotrkowska 1",
            postcode: "90-001",
            city: "Łódź",
            country: "PL",
          },
        }),
      ),
    ).text;
    expect(polish).toContain("Piekarnia Lódz ul. Piotrkowska 1 90-001 Lódz POLEN");
  });

  it("says a credit note is one, names the invoice it corrects and shows negative amounts", async () => {
    const doc = invoice({
      kind: "credit_note",
      number: "2026-000130",
      refersToNumber: "2026-000123",
      totals: creditNoteOf(totals),
      debitDate: null,
    });
    const { text } = pdfText(await renderInvoicePdf(doc));
    expect(text).toContain("Gutschrift / Rechnungskorrektur Nr. 2026-000130");
    expect(text).toContain("zu Rechnung Nr. 2026-000123");
    expect(text).toContain("Zu Rechnung Nr. 2026-000123");
    expect(text).toContain("2 -6,00 € -12,00 €");
    expect(text).toContain("Nettobetrag -12,08 €");
    expect(text).toContain("zzgl. Umsatzsteuer 19 % -2,30 €");
    expect(text).toContain("Gutschriftbetrag -14,38 €");
    expect(text).toContain("Den Betrag von 14,38 € erstatten wir Ihnen");
    expect(text).not.toContain("Lastschrift");

    const en = pdfText(await renderInvoicePdf({ ...doc, locale: "en" })).text;
    expect(en).toContain("Credit note No. 2026-000130");
    expect(en).toContain("for invoice no. 2026-000123");
    expect(en).toContain("Credit amount -€14.38");
  });

  it("describes every line kind", async () => {
    const lines: InvoiceLine[] = [
      ...composeInvoice({
        usage: { locations: 1, scans: 10, digitalMenuLocations: 1 },
        hardware: { chipCard: 1, stand: 2, sticker: 3 },
        earlyTerminationCents: 3000,
      }).lines,
      // Not (yet) kinds of composeInvoice: the dunning job's lines.
      { kind: "dunning_fee", quantity: 1, unitCents: 500, totalCents: 500 } as unknown as InvoiceLine,
      { kind: "interest", quantity: 1, unitCents: 37, totalCents: 37 } as unknown as InvoiceLine,
    ];
    const { text } = pdfText(await renderInvoicePdf(invoice({ totals: totalsOf(lines), locations: 1 })));
    for (const title of [
      "Mindestpauschale je Standort (inkl. 50 Scans, gepoolt) 1 Standort",
      "Digitale Speisekarte je Standort 1 36,00 € 36,00 €",
      "Ersatz-Chipkarte inkl. Versand 1 5,00 € 5,00 €",
      "Aufsteller A5 inkl. Versand 2 5,00 € 10,00 €",
      "Aufkleber 3 2,00 € 6,00 €",
      "Gebühr für vorzeitige Kündigung 1 30,00 € 30,00 €",
      "Mahngebühr 1 5,00 € 5,00 €",
      "Verzugszinsen 1 0,37 € 0,37 €",
    ])
      expect(text).toContain(title);
  });

  it("runs 40 line items over pages with carried-forward sums, page numbers and nothing out of bounds", async () => {
    const lines: InvoiceLine[] = Array.from({ length: 40 }, (_, i) => ({
      kind: i % 2 ? "hardware_sticker" : "extra_scans",
      quantity: i + 1,
      unitCents: 200,
      totalCents: (i + 1) * 200,
    }));
    const doc = invoice({ totals: totalsOf(lines) });
    const pdf = await renderInvoicePdf(doc);
    const { pages, text } = pdfText(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Seite ${i + 1} von ${pages.length}`);
      // The imprint is on every page.
      expect(page).toContain("USt-IdNr.: DE312345678");
    });
    expect(pages[1]).toContain("Übertrag");
    // The totals never stand alone: the last item moves to their page.
    expect(pages.at(-1)).toContain("40 Aufkleber 40 2,00 € 80,00 € Nettobetrag 1.640,00 €");
    expect(text).toContain("Gesamtbetrag 1.951,60 €");
    expect(text).toContain("Mandatsreferenz: STP-000042-1");

    // Every text line lies inside the page's margins, and no two overlap (no row runs into the
    // footer or into another row).
    const mu = mupdf.Document.openDocument(pdf, "application/pdf");
    for (let p = 0; p < mu.countPages(); p++) {
      const page = mu.loadPage(p);
      const [, , width, height] = page.getBounds();
      const json = JSON.parse(page.toStructuredText("preserve-whitespace").asJSON()) as {
        blocks: { lines?: { bbox: Box; text: string }[] }[];
      };
      const lines = json.blocks.flatMap((b) => b.lines ?? []);
      expect(lines.length).toBeGreaterThan(10);
      for (const { bbox: b, text } of lines) {
        expect(b.x, text).toBeGreaterThanOrEqual(20);
        expect(b.y, text).toBeGreaterThanOrEqual(5);
        expect(b.x + b.w, text).toBeLessThanOrEqual(width - 20);
        expect(b.y + b.h, text).toBeLessThanOrEqual(height - 15);
      }
      lines.forEach((a, i) => {
        for (const b of lines.slice(i + 1))
          expect(overlap(a.bbox, b.bbox), `"${a.text}" / "${b.text}"`).toBeLessThan(2);
      });
    }
  });

  it("renders the same bytes for the same input", async () => {
    const [a, b] = await Promise.all([renderInvoicePdf(invoice()), renderInvoicePdf(invoice())]);
    expect(a.equals(b)).toBe(true);
  });
});
