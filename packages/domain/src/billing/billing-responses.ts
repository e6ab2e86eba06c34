import { z } from "zod";
import { pageOf, pageQueryOf } from "../api/envelope.ts";
import { daySchema, monthSchema, multiLineString } from "../validation/fields.ts";
import { invoiceKindSchema, invoiceStatusSchema } from "./invoice-status.ts";

// Response shapes of the billing endpoints: the partner's invoices (spec section 7,
// GET /subscription/invoices) and the provider team's billing console. Money in integer cents,
// days YYYY-MM-DD.

export const invoiceViewSchema = z.object({
  id: z.number(),
  number: z.string(),
  kind: invoiceKindSchema,
  title: z.string(),
  issue_date: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  net_cents: z.number(),
  vat_cents: z.number(),
  gross_cents: z.number(),
  status: invoiceStatusSchema,
  debit_date: z.string().nullable(),
  pdf_url: z.string(),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

/** GET /subscription/invoices: one page of the partner's invoices, newest first. */
export const invoicesQuerySchema = pageQueryOf(20);
export const invoicesPageSchema = pageOf(invoiceViewSchema);
export type InvoicesPage = z.infer<typeof invoicesPageSchema>;

/**
 * GET /subscription/collective-months: for a franchisee, the months (YYYY-MM-01, oldest first, up
 * to this month) its master bills it on its collective invoice, so it has no invoice of its own for
 * them (docs/decisions/008-franchise-model.md, section 5); null for everyone else.
 */
export const collectiveMonthsSchema = z
  .object({ master_name: z.string(), months: z.array(z.string()) })
  .nullable();
export type CollectiveMonths = z.infer<typeof collectiveMonthsSchema>;

const centTotals = { net_cents: z.number(), vat_cents: z.number(), gross_cents: z.number() };

/** What a billing run for the month would invoice, per partner. */
export const billingPreviewSchema = z.object({
  month: z.string(),
  partners: z.array(
    z.object({
      company_id: z.number(),
      name: z.string(),
      locations: z.number(),
      scans: z.number(),
      ...centTotals,
      already_issued: z.boolean(),
    }),
  ),
  totals: z.object(centTotals),
});
export type BillingPreview = z.infer<typeof billingPreviewSchema>;

/** The console's month: ?month= of the preview and the invoice list, and the body of POST /billing/run. */
export const billingMonthSchema = z.object({ month: monthSchema });
export type BillingMonth = z.input<typeof billingMonthSchema>;

export const billingRunResultSchema = z.object({
  month: z.string(),
  issued: z.number(),
  skipped: z.number(),
  failed: z.array(z.object({ company_id: z.number(), name: z.string(), error: z.string() })),
});
export type BillingRunResult = z.infer<typeof billingRunResultSchema>;

/** An invoice or credit note of a billed month as the console lists it. */
export const billingInvoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  kind: invoiceKindSchema,
  company_id: z.number(),
  company_name: z.string(),
  issue_date: z.string(),
  gross_cents: z.number(),
  status: invoiceStatusSchema,
  /** The number of the invoice a credit note cancels. */
  credits_number: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;

export const sepaFileSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  message_id: z.string(),
  due_until: z.string(),
  transactions: z.number(),
  control_sum_cents: z.number(),
  /** ISO 8601 in UTC. */
  created_at: z.string(),
});
export type SepaFile = z.infer<typeof sepaFileSchema>;

/** POST /billing/sepa: the day the file collects up to (default tomorrow). */
export const sepaFileRequestSchema = z.object({ due_until: daySchema.optional() });
export type SepaFileRequest = z.input<typeof sepaFileRequestSchema>;

/** The SEPA file's answer is the XML itself; these headers say which file it is and how many invoices it holds. */
export const SEPA_FILE_HEADERS = { fileId: "x-sepa-file-id", invoiceCount: "x-invoice-count" } as const;

/** POST /billing/invoices/{id}/returned and …/credit-note: why the bank returned it or it is cancelled. */
export const INVOICE_REASON_MAX = 500;
export const invoiceReasonSchema = z.object({
  reason: multiLineString().min(1, { error: "input.invalid" }).max(INVOICE_REASON_MAX, { error: "text.max" }),
});
export type InvoiceReason = z.input<typeof invoiceReasonSchema>;

/** An invoice whose payment state the team just recorded. */
export const invoicePaymentStateSchema = z.object({
  id: z.number(),
  status: invoiceStatusSchema.extract(["paid", "returned"]),
});
export type InvoicePaymentState = z.infer<typeof invoicePaymentStateSchema>;

export const creditNoteIssuedSchema = z.object({
  id: z.number(),
  number: z.string(),
  credited_invoice_id: z.number(),
});
export type CreditNoteIssued = z.infer<typeof creditNoteIssuedSchema>;

export const digitalMenuStateSchema = z.object({
  location_id: z.number(),
  /** YYYY-MM-DD the current booking started; null when not booked. */
  digital_menu_since: z.string().nullable(),
});
export type DigitalMenuState = z.infer<typeof digitalMenuStateSchema>;

/** PUT /api/admin/locations/{id}/digital-menu: book the digital menu from today, or end it today. */
export const digitalMenuBookingSchema = z.object({ enabled: z.boolean({ error: "input.invalid" }) });
export type DigitalMenuBooking = z.input<typeof digitalMenuBookingSchema>;
