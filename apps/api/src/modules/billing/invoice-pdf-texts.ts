import { INCLUDED_SCANS_PER_LOCATION, type Locale } from "@stempla/domain";

// The invoice PDF's texts (§ 14 Abs. 4 UStG names what an invoice must show; spec section 9 the
// prices). Line descriptions are keyed by the invoice line's kind.

export interface LineTextContext {
  /** Locations billed in the period (for the plural) and the same number formatted. */
  locations: number;
  locationCount: string;
  /** Scans in the period and how many of them the pooled minimum covers, formatted. */
  scans: string;
  included: string;
}

type LineText = { title: string; detail?: (c: LineTextContext) => string };

export const invoicePdfTexts = {
  de: {
    invoice: "Rechnung",
    no: "Nr.",
    creditNote: "Gutschrift / Rechnungskorrektur",
    refersTo: (number: string) => `zu Rechnung Nr. ${number}`,
    number: "Rechnungsnummer",
    creditNumber: "Gutschriftnummer",
    date: "Rechnungsdatum",
    creditDate: "Datum",
    refersToLabel: "Zu Rechnung Nr.",
    buyerVatId: "Ihre USt-IdNr.",
    period: (from: string, to: string) => `Leistungszeitraum: ${from} – ${to}`,
    periodIsIssueDate: "Das Leistungsdatum entspricht dem Rechnungsdatum.",
    intro: "Für unsere Leistungen berechnen wir Ihnen:",
    creditIntro: (number: string) => `Hiermit korrigieren wir die Rechnung Nr. ${number} wie folgt:`,
    pos: "Pos.",
    description: "Beschreibung",
    quantity: "Menge",
    unitPrice: "Einzelpreis",
    amount: "Betrag",
    carried: "Übertrag",
    /** Collective invoices (docs/decisions/008-franchise-model.md, section 5): the master's own lines, and each group's sum. */
    ownLines: "Eigene Standorte",
    subtotal: (title: string) => `Zwischensumme ${title}`,
    net: "Nettobetrag",
    vat: (rate: string) => `zzgl. Umsatzsteuer ${rate} %`,
    gross: "Gesamtbetrag",
    creditGross: "Gutschriftbetrag",
    reverseCharge: "Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge, § 13b UStG).",
    sepa: (amount: string, date: string, reference: string, creditorId: string) =>
      `Der Betrag von ${amount} wird am ${date} per SEPA-Lastschrift von Ihrem Konto eingezogen. ` +
      `Mandatsreferenz: ${reference}, Gläubiger-ID: ${creditorId}. ` +
      "Bitte sorgen Sie für ausreichende Deckung Ihres Kontos.",
    transfer: (amount: string, days: number, due: string, number: string, account: string) =>
      `Bitte zahlen Sie den Betrag von ${amount} innerhalb von ${days} Tagen bis zum ${due} ohne Abzug ` +
      `unter Angabe der Rechnungsnummer ${number}${account ? ` auf unser Konto ${account}` : ""}.`,
    refund: (amount: string) =>
      `Den Betrag von ${amount} erstatten wir Ihnen bzw. verrechnen ihn mit offenen Forderungen.`,
    nothingDue: "Es ist keine Zahlung fällig.",
    thanks: "Vielen Dank für Ihr Vertrauen.",
    email: "E-Mail",
    phone: "Tel.",
    vatId: "USt-IdNr.",
    managingDirectors: "Geschäftsführung",
    page: (page: number, pages: number) => `Seite ${page} von ${pages}`,
    lines: {
      location_minimum: {
        title: `Mindestpauschale je Standort (inkl. ${INCLUDED_SCANS_PER_LOCATION} Scans, gepoolt)`,
        detail: (c) => `${c.locationCount} ${c.locations === 1 ? "Standort" : "Standorte"}`,
      },
      extra_scans: {
        title: "Scans über dem gepoolten Kontingent",
        detail: (c) => `${c.scans} Scans, davon ${c.included} inklusive`,
      },
      digital_menu: { title: "Digitale Speisekarte je Standort" },
      hardware_chipCard: { title: "Ersatz-Chipkarte inkl. Versand" },
      hardware_stand: { title: "Aufsteller A5 inkl. Versand" },
      hardware_sticker: { title: "Aufkleber" },
      early_termination: { title: "Gebühr für vorzeitige Kündigung" },
      dunning_fee: { title: "Mahngebühr" },
      interest: { title: "Verzugszinsen" },
    } satisfies Record<string, LineText>,
  },
  en: {
    invoice: "Invoice",
    no: "No.",
    creditNote: "Credit note",
    refersTo: (number: string) => `for invoice no. ${number}`,
    number: "Invoice number",
    creditNumber: "Credit note number",
    date: "Invoice date",
    creditDate: "Date",
    refersToLabel: "For invoice no.",
    buyerVatId: "Your VAT ID",
    period: (from: string, to: string) => `Service period: ${from} – ${to}`,
    periodIsIssueDate: "The date of supply is the invoice date.",
    intro: "We invoice you for our services as follows:",
    creditIntro: (number: string) => `We hereby correct invoice no. ${number} as follows:`,
    pos: "Item",
    description: "Description",
    quantity: "Qty",
    unitPrice: "Unit price",
    amount: "Amount",
    carried: "Carried forward",
    ownLines: "Own locations",
    subtotal: (title: string) => `Subtotal ${title}`,
    net: "Net amount",
    vat: (rate: string) => `plus VAT ${rate}%`,
    gross: "Total amount",
    creditGross: "Credit amount",
    reverseCharge: "Reverse charge: VAT is payable by the recipient of the service.",
    sepa: (amount: string, date: string, reference: string, creditorId: string) =>
      `The amount of ${amount} will be collected from your account by SEPA direct debit on ${date}. ` +
      `Mandate reference: ${reference}, creditor ID: ${creditorId}. ` +
      "Please make sure your account has sufficient funds.",
    transfer: (amount: string, days: number, due: string, number: string, account: string) =>
      `Please pay the amount of ${amount} within ${days} days, by ${due}, without deduction, ` +
      `quoting invoice number ${number}${account ? `, to our account ${account}` : ""}.`,
    refund: (amount: string) =>
      `We will refund the amount of ${amount} to you or set it off against open receivables.`,
    nothingDue: "No payment is due.",
    thanks: "Thank you for your trust.",
    email: "Email",
    phone: "Phone",
    vatId: "VAT ID",
    managingDirectors: "Managing directors",
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    lines: {
      location_minimum: {
        title: `Minimum fee per location (incl. ${INCLUDED_SCANS_PER_LOCATION} scans, pooled)`,
        detail: (c) => `${c.locationCount} ${c.locations === 1 ? "location" : "locations"}`,
      },
      extra_scans: {
        title: "Scans beyond the pooled allowance",
        detail: (c) => `${c.scans} scans, of which ${c.included} included`,
      },
      digital_menu: { title: "Digital menu per location" },
      hardware_chipCard: { title: "Replacement chip card incl. shipping" },
      hardware_stand: { title: "A5 stand incl. shipping" },
      hardware_sticker: { title: "Sticker" },
      early_termination: { title: "Early termination fee" },
      dunning_fee: { title: "Dunning fee" },
      interest: { title: "Default interest" },
    } satisfies Record<string, LineText>,
  },
} satisfies Record<Locale, unknown>;

export type InvoicePdfTexts = (typeof invoicePdfTexts)[Locale];
export type InvoiceLineText = LineText;
