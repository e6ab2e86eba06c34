import type { NftStatement } from "@stempla/domain";
import { berlinDay, formatMoney, type Locale, localeTag, NFT_PLATFORM_FEE } from "@stempla/domain";
import { renderPdf } from "../../lib/pdf/document.ts";
import { type FlowColumn, FlowPdf, flowPdfOptions } from "../../lib/pdf/flow.ts";
import { PDF_COLORS } from "../../lib/pdf/palette.ts";

// The monthly voucher statement as a PDF (docs/decisions/010-coupons-and-vouchers.md, section 5):
// Stempla's invoice for the platform fees withheld in the month, and the partner's account of its
// voucher business in that month for its own bookkeeping and VAT return.

export interface NftStatementDocument {
  number: string;
  issueDate: string;
  periodStart: string;
  periodEnd: string;
  locale: Locale;
  seller: { name: string; street: string; postcode: string; city: string; vatId: string; register: string };
  buyer: { name: string; street: string; postcode: string; city: string; country: string; vatId?: string };
  data: NftStatement;
}

const fee = (locale: Locale) => {
  const percent = new Intl.NumberFormat(localeTag(locale)).format(NFT_PLATFORM_FEE.basisPoints / 100);
  return { percent, fixed: formatMoney(NFT_PLATFORM_FEE.fixedCents, locale) };
};

const TEXTS = {
  de: {
    title: "Gutschein-Abrechnung",
    from: "Von",
    to: "An",
    vatId: "USt-IdNr.",
    number: "Nummer",
    date: "Datum",
    period: "Zeitraum",
    status: "Status",
    paid: "bezahlt: die Gebühren wurden von den Auszahlungen einbehalten",
    feeHeading: "Plattformgebühr (Rechnung)",
    feeText: (l: Locale) =>
      `Für die Vermittlung jedes verkauften Gutscheins berechnet Stempla ${fee(l).percent} % des Preises zuzüglich ${fee(l).fixed}, inklusive Umsatzsteuer. Die Gebühr wird bei der Auszahlung des Gutscheinpreises einbehalten; abgerechnet werden die Gutscheine, die in diesem Monat ausgezahlt wurden.`,
    price: "Gutscheinpreis",
    count: "Anzahl",
    feeEach: "Gebühr je Stück",
    sum: "Summe",
    net: "Nettobetrag",
    vat: (rate: number) => `Umsatzsteuer ${rate} %`,
    feeTotal: "Gesamt (einbehalten)",
    none: "Keine in diesem Monat.",
    salesHeading: "Verkäufe",
    offer: "Angebot",
    kind: "Art",
    gross: "Brutto",
    netShort: "Netto",
    vatShort: "USt.",
    single: (rate: number) => `Einzweck ${rate} %`,
    multi: "Mehrzweck",
    total: "Summe",
    singleHeading: "Einzweck-Gutscheine nach Steuersatz",
    singleText:
      "Einzweck-Gutscheine sind beim Verkauf zu versteuern (§ 3 Abs. 14 UStG); die Beträge entsprechen den Quittungen.",
    rate: "Steuersatz",
    multiHeading: "Mehrzweck-Gutscheine",
    multiText:
      "Mehrzweck-Gutschein: Umsatzsteuer fällt bei Einlösung an. Der Verkauf selbst ist nicht steuerbar (§ 3 Abs. 15 UStG).",
    soldMulti: "Verkauft",
    redemptionsHeading: "Eingelöste Mehrzweck-Gutscheine",
    redemptionsText: "Diese Einlösungen versteuern Sie mit dem Umsatz Ihrer Kasse in diesem Monat.",
    value: "Wert",
    refundsHeading: "Erstattungen",
    nftId: "NFT-ID",
    reason: "Grund",
    reasons: { withdrawal: "Widerruf", late_payment: "verspätet" },
    amount: "Betrag",
    vatIn: "darin USt.",
    transfersHeading: "Auszahlungen",
    vouchers: "Gutscheine",
    feeWithheld: "Gebühr",
    paidOut: "ausgezahlt",
    stillHeading: (day: string) => `Noch auszuzahlen (Stand ${day})`,
    stillText:
      "Verkaufte Gutscheine, deren Preis abzüglich Gebühr bei Einlösung oder nach Ablauf der Widerrufsfrist ausgezahlt wird.",
    stillItems: "Gutscheine",
    stillAmount: "Auszuzahlen",
    footer: (seller: NftStatementDocument["seller"]) =>
      `${seller.name} · ${seller.register} · USt-IdNr. ${seller.vatId}`,
    page: (p: number, n: number) => `Seite ${p} von ${n}`,
  },
  en: {
    title: "Voucher statement",
    from: "From",
    to: "To",
    vatId: "VAT ID",
    number: "Number",
    date: "Date",
    period: "Period",
    status: "Status",
    paid: "paid: the fees were withheld from the payouts",
    feeHeading: "Platform fee (invoice)",
    feeText: (l: Locale) =>
      `For arranging each voucher sold, Stempla charges ${fee(l).percent}% of the price plus ${fee(l).fixed}, VAT included. The fee is withheld when the voucher's price is paid out; this statement charges the vouchers paid out in this month.`,
    price: "Voucher price",
    count: "Count",
    feeEach: "Fee each",
    sum: "Total",
    net: "Net amount",
    vat: (rate: number) => `VAT ${rate}%`,
    feeTotal: "Total (withheld)",
    none: "None this month.",
    salesHeading: "Sales",
    offer: "Offer",
    kind: "Kind",
    gross: "Gross",
    netShort: "Net",
    vatShort: "VAT",
    single: (rate: number) => `Single-purpose ${rate}%`,
    multi: "Multi-purpose",
    total: "Total",
    singleHeading: "Single-purpose vouchers by VAT rate",
    singleText:
      "Single-purpose vouchers are taxed when sold (§ 3 (14) UStG); the amounts equal the receipts.",
    rate: "VAT rate",
    multiHeading: "Multi-purpose vouchers",
    multiText:
      "Multi-purpose voucher: VAT is due on redemption. The sale itself is not taxable (§ 3 (15) UStG).",
    soldMulti: "Sold",
    redemptionsHeading: "Multi-purpose vouchers redeemed",
    redemptionsText: "You tax these redemptions with your till's turnover of this month.",
    value: "Value",
    refundsHeading: "Refunds",
    nftId: "NFT ID",
    reason: "Reason",
    reasons: { withdrawal: "Withdrawal", late_payment: "Late" },
    amount: "Amount",
    vatIn: "incl. VAT",
    transfersHeading: "Payouts",
    vouchers: "Vouchers",
    feeWithheld: "Fee",
    paidOut: "Paid out",
    stillHeading: (day: string) => `Still to be paid out (as of ${day})`,
    stillText:
      "Vouchers sold whose price less the fee is paid out on redemption or when the withdrawal period has ended.",
    stillItems: "Vouchers",
    stillAmount: "To be paid out",
    footer: (seller: NftStatementDocument["seller"]) =>
      `${seller.name} · ${seller.register} · VAT ID ${seller.vatId}`,
    page: (p: number, n: number) => `Page ${p} of ${n}`,
  },
};

export function renderNftStatementPdf(input: NftStatementDocument): Promise<Buffer> {
  const { locale, data } = input;
  const t = TEXTS[locale];
  const money = (cents: number) => formatMoney(cents, locale);
  const day = (ymd: string) => {
    const [y, m, d] = ymd.split("-");
    return locale === "de" ? `${d}.${m}.${y}` : `${Number(d)}/${Number(m)}/${y}`;
  };
  const monthName = new Date(`${input.periodStart}T12:00:00Z`).toLocaleDateString(localeTag(locale), {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const right = (title: string, share: number): FlowColumn => ({ title, share, align: "right" });

  return renderPdf(
    flowPdfOptions({
      title: `${t.title} ${input.number}`,
      author: input.seller.name,
      lang: localeTag(locale),
      created: new Date(`${input.issueDate}T12:00:00Z`),
    }),
    (doc) => {
      const pdf = new FlowPdf(doc, t.footer(input.seller));
      pdf.title(`${t.title} ${input.number}`, `${monthName} · ${input.buyer.name}`);
      pdf.columns([
        {
          title: t.from,
          lines: [
            input.seller.name,
            input.seller.street,
            `${input.seller.postcode} ${input.seller.city}`,
            `${t.vatId} ${input.seller.vatId}`,
          ],
        },
        {
          title: t.to,
          lines: [
            input.buyer.name,
            input.buyer.street,
            `${input.buyer.postcode} ${input.buyer.city}`,
            ...(input.buyer.country !== "DE" ? [input.buyer.country] : []),
            ...(input.buyer.vatId ? [`${t.vatId} ${input.buyer.vatId}`] : []),
          ].filter(Boolean),
        },
      ]);
      pdf.keyValues([
        [t.number, input.number],
        [t.date, day(input.issueDate)],
        [t.period, `${day(input.periodStart)} – ${day(input.periodEnd)}`],
        [t.status, t.paid],
      ]);

      pdf.heading(t.feeHeading);
      pdf.paragraph(t.feeText(locale), { color: PDF_COLORS.muted });
      pdf.space(4);
      pdf.table(
        [{ title: t.price, share: 0.34 }, right(t.count, 0.18), right(t.feeEach, 0.24), right(t.sum, 0.24)],
        data.fees.lines.map((l) => [
          money(l.price_cents),
          String(l.count),
          money(l.fee_cents),
          money(l.total_cents),
        ]),
        [
          [t.net, "", "", money(data.fees.net_cents)],
          [t.vat(data.fees.vat_rate), "", "", money(data.fees.vat_cents)],
          [t.feeTotal, "", "", money(data.fees.gross_cents)],
        ],
      );

      pdf.heading(t.salesHeading);
      if (data.sales.length === 0) pdf.paragraph(t.none, { color: PDF_COLORS.muted });
      else {
        const single = (s: NftStatement["sales"][number]) => s.purpose === "single" && s.vat_rate !== null;
        pdf.table(
          [
            { title: t.offer, share: 0.3 },
            { title: t.kind, share: 0.18 },
            right(t.count, 0.1),
            right(t.gross, 0.14),
            right(t.netShort, 0.14),
            right(t.vatShort, 0.14),
          ],
          data.sales.map((s) => [
            s.name,
            single(s) ? t.single(s.vat_rate!) : t.multi,
            String(s.count),
            money(s.gross_cents),
            single(s) ? money(s.net_cents) : "–",
            single(s) ? money(s.vat_cents) : "–",
          ]),
          [
            [
              t.total,
              "",
              String(data.sales.reduce((n, s) => n + s.count, 0)),
              money(data.sales.reduce((n, s) => n + s.gross_cents, 0)),
              "",
              "",
            ],
          ],
        );
      }

      pdf.heading(t.singleHeading);
      if (data.single_purpose.length === 0) pdf.paragraph(t.none, { color: PDF_COLORS.muted });
      else {
        pdf.paragraph(t.singleText, { color: PDF_COLORS.muted });
        pdf.space(4);
        pdf.table(
          [
            { title: t.rate, share: 0.2 },
            right(t.count, 0.14),
            right(t.netShort, 0.22),
            right(t.vatShort, 0.22),
            right(t.gross, 0.22),
          ],
          data.single_purpose.map((r) => [
            `${r.vat_rate} %`,
            String(r.count),
            money(r.net_cents),
            money(r.vat_cents),
            money(r.gross_cents),
          ]),
        );
      }

      pdf.heading(t.multiHeading);
      pdf.paragraph(t.multiText, { color: PDF_COLORS.muted });
      pdf.space(4);
      pdf.keyValues([
        [t.soldMulti, `${data.multi_purpose.count} · ${money(data.multi_purpose.gross_cents)}`],
      ]);

      pdf.heading(t.redemptionsHeading);
      if (data.multi_purpose_redemptions.length === 0) pdf.paragraph(t.none, { color: PDF_COLORS.muted });
      else {
        pdf.paragraph(t.redemptionsText, { color: PDF_COLORS.muted });
        pdf.space(4);
        pdf.table(
          [{ title: t.offer, share: 0.6 }, right(t.count, 0.15), right(t.value, 0.25)],
          data.multi_purpose_redemptions.map((r) => [r.name, String(r.count), money(r.value_cents)]),
          [
            [
              t.total,
              String(data.multi_purpose_redemptions.reduce((n, r) => n + r.count, 0)),
              money(data.multi_purpose_redemptions.reduce((n, r) => n + r.value_cents, 0)),
            ],
          ],
        );
      }

      pdf.heading(t.refundsHeading);
      if (data.refunds.length === 0) pdf.paragraph(t.none, { color: PDF_COLORS.muted });
      else
        pdf.table(
          [
            { title: t.date, share: 0.13 },
            { title: t.nftId, share: 0.47 },
            { title: t.reason, share: 0.14 },
            right(t.amount, 0.13),
            right(t.vatIn, 0.13),
          ],
          // The NFT id names the voucher (its offer is on the receipt); it needs the room.
          data.refunds.map((r) => [
            day(berlinDay(new Date(r.at))),
            r.nft_id ?? "–",
            t.reasons[r.reason],
            money(r.amount_cents),
            r.vat_cents === null ? "–" : money(r.vat_cents),
          ]),
          [["", "", t.total, money(data.refunds.reduce((n, r) => n + r.amount_cents, 0)), ""]],
        );

      pdf.heading(t.transfersHeading);
      if (data.transfers.length === 0) pdf.paragraph(t.none, { color: PDF_COLORS.muted });
      else
        pdf.table(
          [
            { title: t.date, share: 0.25 },
            right(t.vouchers, 0.2),
            right(t.feeWithheld, 0.25),
            right(t.paidOut, 0.3),
          ],
          data.transfers.map((x) => [
            day(berlinDay(new Date(x.at))),
            String(x.items),
            money(x.fee_cents),
            money(x.amount_cents),
          ]),
          [
            [
              t.total,
              String(data.transfers.reduce((n, x) => n + x.items, 0)),
              money(data.transfers.reduce((n, x) => n + x.fee_cents, 0)),
              money(data.transfers.reduce((n, x) => n + x.amount_cents, 0)),
            ],
          ],
        );

      pdf.heading(t.stillHeading(day(input.periodEnd)));
      pdf.paragraph(t.stillText, { color: PDF_COLORS.muted });
      pdf.space(4);
      pdf.keyValues([
        [t.stillItems, String(data.still_to_transfer.items)],
        [t.stillAmount, money(data.still_to_transfer.amount_cents)],
      ]);
      pdf.finish(t.page);
    },
  );
}
