import { z } from "zod";

// The states an invoice moves through (docs/product.md, "Billing"): issued open, submitted in a
// direct-debit file, paid, returned by the bank, dunned, or cancelled by a credit note. Written
// once here; the database column, the API's schemas and the web app's labels use these tuples.

export const INVOICE_STATUSES = ["open", "submitted", "paid", "returned", "dunned", "cancelled"] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** An invoice, or a credit note that cancels one. */
export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export const invoiceKindSchema = z.enum(INVOICE_KINDS);
export type InvoiceKind = z.infer<typeof invoiceKindSchema>;
