import {
  berlinDay,
  formatMoney,
  isLocale,
  type Locale,
  localeTag,
  NFT,
  type NftType,
  type VoucherPurpose,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { renderPdf } from "../../lib/pdf/document.ts";
import { FlowPdf, flowPdfOptions } from "../../lib/pdf/flow.ts";
import { PDF_COLORS } from "../../lib/pdf/palette.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { paymentSettings } from "../payments/service.ts";

// The customer's receipt for a voucher purchase (docs/decisions/010-coupons-and-vouchers.md,
// section 5): the partner sells in its own name (seller with address and VAT id), Stempla arranged
// the sale and the payment; the number comes from the partner's own gapless sequence. Single-
// purpose vouchers show net, VAT and rate (frozen on the purchase, split per voucher); multi-
// purpose ones the sentence that VAT arises at redemption. The right of withdrawal and its
// deadline close it. Receipts up to 250 EUR are small-amount invoices (§ 33 UStDV).

/**
 * The next receipt number of the partner's own sequence for the year, `STG-{company}-{year}-{n}`,
 * in the caller's transaction: the row lock of the upsert serialises concurrent purchases, and a
 * rolled-back purchase gives its number back, so the sequence is gapless as invoice numbers are.
 * Call it only once the purchase is certainly paid in this transaction.
 */
export async function nextReceiptNumber(tx: Database, companyId: number, year: number): Promise<string> {
  const [row] = rowsOf<{ last: number }>(
    await tx.execute(sql`
      insert into nft_receipt_numbers (company_id, year, last) values (${companyId}, ${year}, 1)
      on conflict (company_id, year) do update set last = nft_receipt_numbers.last + 1
      returning last`),
  );
  return `STG-${companyId}-${year}-${row!.last}`;
}

const TEXTS = {
  de: {
    title: "Quittung",
    seller: "Verkäufer",
    arranger: "Vermittelt durch",
    arrangerNote: "im Namen und für Rechnung des Verkäufers",
    vatId: "USt-IdNr.",
    number: "Belegnummer",
    date: "Datum",
    customer: "Kunde",
    method: "Zahlungsart",
    methods: { card: "Karte", invoice: "Rechnung/Sofortüberweisung", paypal: "PayPal" } as Record<
      string,
      string
    >,
    pos: "Pos.",
    item: "Gutschein",
    nftId: "NFT-ID",
    validUntil: "gültig bis",
    amount: "Betrag",
    total: "Gesamtbetrag",
    types: { voucher: "Gutschein", cash_voucher: "Wertgutschein", coupon: "Coupon" } as Record<
      NftType,
      string
    >,
    net: "Nettobetrag",
    vat: (rate: number) => `Umsatzsteuer ${rate} %`,
    gross: "Bruttobetrag",
    vatHeading: "Umsatzsteuer",
    single: (rate: number) =>
      rate === 0
        ? "Einzweck-Gutschein: Der Verkäufer berechnet keine Umsatzsteuer (0 %, z. B. Kleinunternehmer nach § 19 UStG)."
        : `Einzweck-Gutschein: Im Betrag sind ${rate} % Umsatzsteuer enthalten.`,
    multi: "Mehrzweck-Gutschein: Umsatzsteuer fällt bei Einlösung an.",
    withdrawalHeading: "Widerrufsrecht",
    withdrawal: (days: number, last: string) =>
      `Sie können den Kauf jedes noch nicht eingelösten Gutscheins innerhalb von ${days} Tagen ohne Angabe von Gründen widerrufen. Die Frist begann mit dem Kauf und endet am ${last}. Den Widerruf erklären Sie in der Stempla-App beim Gutschein; Sie erhalten den vollen Preis über die gewählte Zahlungsart zurück, und der Gutschein wird ungültig. Ein eingelöster Gutschein kann nicht widerrufen werden.`,
    footer: (partner: string, platform: string) =>
      `${platform} vermittelt den Verkauf im Namen und für Rechnung von ${partner}.`,
    page: (p: number, n: number) => `Seite ${p} von ${n}`,
  },
  en: {
    title: "Receipt",
    seller: "Seller",
    arranger: "Arranged by",
    arrangerNote: "in the seller's name and for its account",
    vatId: "VAT ID",
    number: "Receipt number",
    date: "Date",
    customer: "Customer",
    method: "Payment method",
    methods: { card: "Card", invoice: "Invoice/instant transfer", paypal: "PayPal" } as Record<
      string,
      string
    >,
    pos: "No.",
    item: "Voucher",
    nftId: "NFT ID",
    validUntil: "valid until",
    amount: "Amount",
    total: "Total",
    types: { voucher: "Voucher", cash_voucher: "Cash voucher", coupon: "Coupon" } as Record<NftType, string>,
    net: "Net amount",
    vat: (rate: number) => `VAT ${rate}%`,
    gross: "Gross amount",
    vatHeading: "VAT",
    single: (rate: number) =>
      rate === 0
        ? "Single-purpose voucher: the seller charges no VAT (0%, e.g. a small business under § 19 UStG)."
        : `Single-purpose voucher: the amount includes ${rate}% VAT.`,
    multi: "Multi-purpose voucher: VAT is due on redemption.",
    withdrawalHeading: "Right of withdrawal",
    withdrawal: (days: number, last: string) =>
      `You may withdraw from the purchase of any voucher not yet redeemed within ${days} days without giving a reason. The period began with the purchase and ends on ${last}. Withdraw in the Stempla app at the voucher; you get the full price back through the payment method you chose, and the voucher becomes void. A redeemed voucher cannot be withdrawn.`,
    footer: (partner: string, platform: string) =>
      `${platform} arranges the sale in the name and for the account of ${partner}.`,
    page: (p: number, n: number) => `Page ${p} of ${n}`,
  },
};

interface ReceiptRow {
  id: number;
  state: string;
  receipt_number: string | null;
  paid_at: Date | string | null;
  quantity: number;
  unit_price_cents: number;
  gross_cents: number;
  net_cents: number;
  vat_cents: number;
  vat_rate: number | null;
  purpose: VoucherPurpose;
  payment_method: string;
  offer_name: string;
  offer_type: NftType;
  company_name: string;
  vat_id: string | null;
  street: string | null;
  building: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  first_name: string | null;
  surname: string | null;
  locale: string;
}

const day = (locale: Locale, ymd: string) => {
  const [y, m, d] = ymd.split("-");
  return locale === "de"
    ? `${d}.${m}.${y}`
    : new Date(`${ymd}T12:00:00Z`).toLocaleDateString("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
};

/**
 * The receipt of a paid purchase as a PDF, in the customer's language. 404 for a purchase that is
 * not paid (it has no receipt). The caller checks that the purchase is the customer's.
 */
export async function receiptPdf(db: Database, purchaseId: number): Promise<Buffer> {
  const [p] = rowsOf<ReceiptRow>(
    await db.execute(sql`
      select p.id::int, p.state, p.receipt_number, p.paid_at, p.quantity, p.unit_price_cents, p.gross_cents,
        p.net_cents, p.vat_cents, p.vat_rate, p.purpose, p.payment_method,
        o.name as offer_name, o.type as offer_type, c.name as company_name, c.vat_id,
        a.street, a.building, a.postcode, a.city, a.country, u.first_name, u.surname, u.locale
      from nft_purchases p
      join nft_offers o on o.id = p.offer_id
      join companies c on c.id = p.company_id
      left join billing_addresses a on a.company_id = c.id
      join app_users u on u.id = p.app_user_id
      where p.id = ${purchaseId}`),
  );
  if (p?.state !== "paid" || !p.receipt_number || !p.paid_at) throw HttpError.notFound();
  const items = rowsOf<{ nft_id: string; last_day: string; withdrawal_ends_at: Date | string | null }>(
    await db.execute(sql`
      select nft_id, to_char(last_day, 'YYYY-MM-DD') as last_day, withdrawal_ends_at
      from nft_items where purchase_id = ${purchaseId} order by id`),
  );
  const locale: Locale = isLocale(p.locale) ? p.locale : "de";
  const t = TEXTS[locale];
  const platform = paymentSettings(db).platform;
  const paidAt = new Date(p.paid_at);
  const money = (cents: number) => formatMoney(cents, locale);
  // The period's last day: the day before the stored (exclusive) end, in Berlin.
  const ends = items.find((i) => i.withdrawal_ends_at)?.withdrawal_ends_at;
  const withdrawalLastDay = ends ? berlinDay(new Date(new Date(ends).getTime() - 1)) : null;
  const customer = [p.first_name, p.surname].filter(Boolean).join(" ");

  return renderPdf(
    flowPdfOptions({
      title: `${t.title} ${p.receipt_number}`,
      author: p.company_name,
      lang: localeTag(locale),
      created: paidAt,
    }),
    (doc) => {
      const pdf = new FlowPdf(
        doc,
        `${t.footer(p.company_name, platform.name)} ${t.number} ${p.receipt_number}`,
      );
      pdf.title(`${t.title} ${p.receipt_number}`, p.company_name);
      pdf.columns([
        {
          title: t.seller,
          lines: [
            p.company_name,
            [p.street, p.building].filter(Boolean).join(" "),
            [p.postcode, p.city].filter(Boolean).join(" "),
            ...(p.country && p.country !== "DE" ? [p.country] : []),
            ...(p.vat_id ? [`${t.vatId} ${p.vat_id}`] : []),
          ].filter(Boolean),
        },
        {
          title: t.arranger,
          lines: [
            platform.name,
            platform.street,
            `${platform.postcode} ${platform.city}`,
            `${t.vatId} ${platform.vatId}`,
            t.arrangerNote,
          ],
        },
      ]);
      pdf.keyValues([
        [t.number, p.receipt_number!],
        [t.date, day(locale, berlinDay(paidAt))],
        ...(customer ? [[t.customer, customer] as [string, string]] : []),
        [t.method, t.methods[p.payment_method] ?? p.payment_method],
        [t.item, `${t.types[p.offer_type]}: ${p.offer_name}`],
      ]);
      pdf.table(
        [
          { title: t.pos, share: 0.08, align: "right" },
          { title: t.nftId, share: 0.5 },
          { title: t.validUntil, share: 0.21, align: "right" },
          { title: t.amount, share: 0.21, align: "right" },
        ],
        items.map((item, i) => [
          String(i + 1),
          item.nft_id,
          day(locale, item.last_day),
          money(p.unit_price_cents),
        ]),
        [["", t.total, "", money(p.gross_cents)]],
      );
      pdf.heading(t.vatHeading);
      if (p.purpose === "single" && p.vat_rate !== null) {
        pdf.paragraph(t.single(p.vat_rate));
        pdf.space(4);
        pdf.keyValues([
          [t.net, money(p.net_cents)],
          [t.vat(p.vat_rate), money(p.vat_cents)],
          [t.gross, money(p.gross_cents)],
        ]);
      } else {
        pdf.paragraph(t.multi);
      }
      if (withdrawalLastDay) {
        pdf.heading(t.withdrawalHeading);
        pdf.paragraph(t.withdrawal(NFT.withdrawalDays, day(locale, withdrawalLastDay)), {
          color: PDF_COLORS.text,
        });
      }
      pdf.finish(t.page);
    },
  );
}
