import { addDays, formatMoney, type Locale, localeTag, PAYMENT } from "@stempla/domain";
import type { MailContent } from "../mail/service.ts";
import { longDayText as date } from "../mail/service.ts";

const percent = (value: number, locale: Locale) =>
  `${value.toLocaleString(localeTag(locale), { maximumFractionDigits: 2 })} %`;

export interface DunningMailInput {
  number: string;
  grossCents: number;
  feeCents: number;
  interestCents: number;
  /** Base rate plus PAYMENT.interestPointsOverBaseRate points. */
  interestRatePercent: number;
  dueDate: string;
  today: string;
  /** The direct debit was returned by the partner's bank. */
  returned: boolean;
  payee: { name: string; iban: string; bic: string };
  link: string;
}

/**
 * The payment reminder (Mahnung). Fee and interest are listed here, not invoiced: as damages they
 * are not subject to VAT, and the invoice itself stays as issued.
 */
export function dunningMail(locale: Locale, p: DunningMailInput): MailContent {
  const money = (cents: number) => formatMoney(cents, locale);
  const total = p.grossCents + p.feeCents + p.interestCents;
  const iban = p.payee.iban.replace(/(.{4})/g, "$1 ").trim();
  // The reminder's deadline: PAYMENT.dunningPaymentDays from the day it is sent, stated as a date.
  const days = PAYMENT.dunningPaymentDays;
  const payBy = date(addDays(p.today, days), locale);
  const points = PAYMENT.interestPointsOverBaseRate;
  if (locale === "de") {
    return {
      subject: `Zahlungserinnerung zu Ihrer Stempla-Rechnung ${p.number}`,
      paragraphs: [
        "Sehr geehrte Damen und Herren,",
        p.returned
          ? `die SEPA-Lastschrift zu Ihrer Rechnung ${p.number} über ${money(p.grossCents)} wurde von Ihrer Bank zurückgegeben. Der Betrag ist seit dem ${date(p.dueDate, locale)} fällig und noch offen.`
          : `zu Ihrer Rechnung ${p.number} über ${money(p.grossCents)}, fällig am ${date(p.dueDate, locale)}, konnten wir bis heute keinen Zahlungseingang feststellen.`,
        `Sie befinden sich damit in Zahlungsverzug. Wir berechnen eine Mahngebühr von ${money(p.feeCents)} sowie Verzugszinsen von ${percent(p.interestRatePercent, locale)} pro Jahr (${points} Prozentpunkte über dem Basiszinssatz) seit Fälligkeit, bis heute ${money(p.interestCents)}. Mahngebühr und Verzugszinsen sind nicht umsatzsteuerpflichtig.`,
        `Bitte überweisen Sie den Gesamtbetrag von ${money(total)} innerhalb von ${days} Tagen, bis zum ${payBy}, unter Angabe der Rechnungsnummer ${p.number} auf unser Konto. Sollten Sie inzwischen bezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.`,
        "Mit freundlichen Grüßen",
        p.payee.name,
      ],
      facts: [
        ["Rechnungsnummer", p.number],
        ["Offener Rechnungsbetrag", money(p.grossCents)],
        ["Mahngebühr", money(p.feeCents)],
        [`Verzugszinsen bis ${date(p.today, locale)}`, money(p.interestCents)],
        ["Gesamtbetrag", money(total)],
        ["Zahlbar bis", payBy],
        ["Empfänger", p.payee.name],
        ["IBAN", iban],
        ["BIC", p.payee.bic],
        ["Verwendungszweck", p.number],
      ],
      action: { label: "Rechnungen ansehen", url: p.link },
    };
  }
  return {
    subject: `Payment reminder for your Stempla invoice ${p.number}`,
    paragraphs: [
      "Dear Sir or Madam,",
      p.returned
        ? `the SEPA direct debit for your invoice ${p.number} of ${money(p.grossCents)} was returned by your bank. The amount has been due since ${date(p.dueDate, locale)} and is still outstanding.`
        : `we have not yet received payment of your invoice ${p.number} of ${money(p.grossCents)}, due on ${date(p.dueDate, locale)}.`,
      `You are therefore in default of payment. We charge a dunning fee of ${money(p.feeCents)} and default interest of ${percent(p.interestRatePercent, locale)} per year (${points} percentage points above the base rate) since the due date, ${money(p.interestCents)} up to today. The dunning fee and default interest are not subject to VAT.`,
      `Please transfer the total of ${money(total)} to our account within ${days} days, by ${payBy}, quoting the invoice number ${p.number}. If you have paid in the meantime, please disregard this letter.`,
      "Yours faithfully",
      p.payee.name,
    ],
    facts: [
      ["Invoice number", p.number],
      ["Outstanding invoice amount", money(p.grossCents)],
      ["Dunning fee", money(p.feeCents)],
      [`Default interest until ${date(p.today, locale)}`, money(p.interestCents)],
      ["Total", money(total)],
      ["Pay by", payBy],
      ["Payee", p.payee.name],
      ["IBAN", iban],
      ["BIC", p.payee.bic],
      ["Reference", p.number],
    ],
    action: { label: "View invoices", url: p.link },
  };
}
