import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { z } from "zod";
import type { Locale } from "../locales.ts";
import { oneLineString } from "../validation/fields.ts";

/** "de89 3704-0044 0532 0130 00" -> "DE89370400440532013000": what the partner typed, as a bank stores it. */
export const compactIban = (value: string): string => electronicFormatIBAN(value) ?? "";

/** Groups of four as printed on bank cards and statements; used while the partner types. */
export function formatIban(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 34)
    .replace(/(.{4})(?=.)/g, "$1 ");
}

/** The IBAN as the dashboard shows it once saved: only the last four characters (issue 4). */
export function maskIban(iban: string): string {
  const compact = compactIban(iban);
  return `${compact.slice(0, 2)}•• •••• ${compact.slice(-4)}`;
}

export const ibanSchema = z
  .string({ error: "iban.invalid" })
  .transform(compactIban)
  .refine((iban) => isValidIBAN(iban), { error: "iban.invalid" });

export const accountHolderSchema = oneLineString("accountHolder.min")
  .min(3, { error: "accountHolder.min" })
  .max(70, { error: "billing.default" });

/**
 * The billing details step of the set-up and the company page: the account to debit and the
 * partner's acceptance of the SEPA Core direct-debit mandate shown to it.
 */
export const paymentDetailsSchema = z.object({
  account_holder: accountHolderSchema,
  iban: ibanSchema,
  mandate_accepted: z.literal(true, { error: "mandate.required" }),
});
export type PaymentDetailsInput = z.input<typeof paymentDetailsSchema>;

/** The saved payment method as the API returns it: never the full IBAN. */
export const paymentMethodViewSchema = z.object({
  account_holder: z.string(),
  iban_masked: z.string(),
  mandate_reference: z.string(),
  signed_at: z.string(),
});
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

/**
 * Mandate references are unique per creditor and at most 35 characters (SEPA rulebook). One
 * company can sign several mandates over time (a new account ends the old mandate).
 */
export const mandateReference = (companyId: number, sequence: number): string =>
  `STP-${String(companyId).padStart(8, "0")}-${String(sequence).padStart(2, "0")}`;

export interface Creditor {
  name: string;
  street: string;
  postcode: string;
  city: string;
  creditorId: string;
}

/**
 * The SEPA Core direct-debit mandate as the partner reads and accepts it (wording after the
 * German Kreditwirtschaft's standard form). The accepted text is stored with the mandate.
 */
export function sepaMandateText(locale: Locale, creditor: Creditor, reference: string): string {
  const address = `${creditor.name}, ${creditor.street}, ${creditor.postcode} ${creditor.city}`;
  return locale === "de"
    ? [
        `Zahlungsempfänger: ${address}`,
        `Gläubiger-Identifikationsnummer: ${creditor.creditorId}`,
        `Mandatsreferenz: ${reference}`,
        `SEPA-Lastschriftmandat: Ich ermächtige / Wir ermächtigen ${creditor.name}, Zahlungen von meinem / unserem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein / weisen wir unser Kreditinstitut an, die von ${creditor.name} auf mein / unser Konto gezogenen Lastschriften einzulösen.`,
        "Hinweis: Ich kann / Wir können innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem / unserem Kreditinstitut vereinbarten Bedingungen.",
        "Die Vorabankündigung (Pre-Notification) erhalten Sie spätestens einen Tag vor der Belastung mit der Rechnung per E-Mail.",
      ].join("\n\n")
    : [
        `Creditor: ${address}`,
        `Creditor identifier: ${creditor.creditorId}`,
        `Mandate reference: ${reference}`,
        `SEPA Direct Debit Mandate: By accepting this mandate form, you authorise (A) ${creditor.name} to send instructions to your bank to debit your account and (B) your bank to debit your account in accordance with the instructions from ${creditor.name}.`,
        "As part of your rights, you are entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A refund must be claimed within eight weeks starting from the date on which your account was debited.",
        "You receive the pre-notification with the invoice by email at least one day before the debit.",
      ].join("\n\n");
}
