import { z } from "zod";

// The states an invoice moves through (docs/product.md, "Billing"): issued open, submitted in a
// direct-debit file, paid, returned by the bank, dunned, or cancelled by a credit note. Written
// once here; the database column, the API's schemas and the web app's labels use these tuples.

export const INVOICE_STATUSES = ["open", "submitted", "paid", "returned", "dunned", "cancelled"] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/**
 * An invoice, a credit note that cancels one, or the month's statement of voucher sales whose
 * lines are the withheld platform fees (docs/decisions/010-coupons-and-vouchers.md, section 5).
 */
export const INVOICE_KINDS = ["invoice", "credit_note", "nft_statement"] as const;
export const invoiceKindSchema = z.enum(INVOICE_KINDS);
export type InvoiceKind = z.infer<typeof invoiceKindSchema>;
