import { formatMoney, type Locale, PAYMENT } from "@stempla/domain";
import type { MailContent } from "../mail/service.ts";
import { longDayText as date } from "../mail/service.ts";

/**
 * The invoice mail. With a mandate it is also the SEPA pre-notification (amount, debit date,
 * mandate reference and creditor id), sent at issue, days before the debit.
 */
export function invoiceMail(
  locale: Locale,
  p: {
    number: string;
    grossCents: number;
    debitDate: string | null;
    mandateReference: string | null;
    creditorId: string;
    /** The provider's account, for a transfer (no mandate). */
    payee: { iban: string; bic: string };
    link: string;
  },
): MailContent {
  const amount = formatMoney(p.grossCents, locale);
  const iban = p.payee.iban.replace(/(.{4})/g, "$1 ").trim();
  if (locale === "de") {
    return {
      subject: `Ihre Stempla-Rechnung ${p.number}`,
      paragraphs: [
        "Guten Tag,",
        `Ihre Rechnung ${p.number} über ${amount} liegt für Sie bereit. Sie finden sie als PDF in Ihrem Dashboard unter „Rechnungen“.`,
        ...(p.debitDate && p.mandateReference
          ? [
              `Ankündigung der SEPA-Lastschrift: Wir ziehen den Betrag von ${amount} am ${date(p.debitDate, locale)} von Ihrem Konto ein. Bitte sorgen Sie für ausreichende Deckung.`,
            ]
          : [
              `Bitte überweisen Sie den Betrag innerhalb von ${PAYMENT.invoicePaymentTermDays} Tagen unter Angabe der Rechnungsnummer auf unser Konto IBAN ${iban}, BIC ${p.payee.bic}.`,
            ]),
      ],
      facts: [
        ["Rechnungsnummer", p.number],
        ["Betrag", amount],
        ...(p.debitDate && p.mandateReference
          ? ([
              ["Einzug am", date(p.debitDate, locale)],
              ["Mandatsreferenz", p.mandateReference],
              ["Gläubiger-ID", p.creditorId],
            ] as [string, string][])
          : []),
      ],
      action: { label: "Rechnung ansehen", url: p.link },
    };
  }
  return {
    subject: `Your Stempla invoice ${p.number}`,
    paragraphs: [
      "Hello,",
      `Your invoice ${p.number} for ${amount} is ready. You find the PDF in your dashboard under "Invoices".`,
      ...(p.debitDate && p.mandateReference
        ? [
            `SEPA direct debit pre-notification: we will collect ${amount} from your account on ${date(p.debitDate, locale)}. Please make sure the account has sufficient funds.`,
          ]
        : [
            `Please transfer the amount within ${PAYMENT.invoicePaymentTermDays} days, quoting the invoice number, to our account IBAN ${iban}, BIC ${p.payee.bic}.`,
          ]),
    ],
    facts: [
      ["Invoice number", p.number],
      ["Amount", amount],
      ...(p.debitDate && p.mandateReference
        ? ([
            ["Debit on", date(p.debitDate, locale)],
            ["Mandate reference", p.mandateReference],
            ["Creditor id", p.creditorId],
          ] as [string, string][])
        : []),
    ],
    action: { label: "View invoice", url: p.link },
  };
}

/** The mail with a credit note: which invoice it cancels, and whether money comes back. */
export function creditNoteMail(
  locale: Locale,
  p: { number: string; invoiceNumber: string; grossCents: number; refundDue: boolean; link: string },
): MailContent {
  const amount = formatMoney(p.grossCents, locale);
  if (locale === "de") {
    return {
      subject: `Gutschrift ${p.number} zu Ihrer Stempla-Rechnung ${p.invoiceNumber}`,
      paragraphs: [
        "Guten Tag,",
        `wir haben Ihre Rechnung ${p.invoiceNumber} storniert. Die Gutschrift ${p.number} über ${amount} finden Sie als PDF in Ihrem Dashboard unter „Rechnungen“.`,
        p.refundDue
          ? "Den bereits gezahlten oder eingezogenen Betrag erstatten wir Ihnen auf Ihr Konto bzw. verrechnen ihn mit offenen Forderungen."
          : "Die stornierte Rechnung wird nicht eingezogen; Sie müssen nichts weiter tun.",
      ],
      facts: [
        ["Gutschrift", p.number],
        ["Zu Rechnung", p.invoiceNumber],
        ["Betrag", amount],
      ],
      action: { label: "Rechnungen ansehen", url: p.link },
    };
  }
  return {
    subject: `Credit note ${p.number} for your Stempla invoice ${p.invoiceNumber}`,
    paragraphs: [
      "Hello,",
      `We have cancelled your invoice ${p.invoiceNumber}. You find credit note ${p.number} for ${amount} as a PDF in your dashboard under "Invoices".`,
      p.refundDue
        ? "We will refund the amount already paid or collected to your account, or set it off against open amounts."
        : "The cancelled invoice will not be collected; there is nothing else for you to do.",
    ],
    facts: [
      ["Credit note", p.number],
      ["For invoice", p.invoiceNumber],
      ["Amount", amount],
    ],
    action: { label: "View invoices", url: p.link },
  };
}
