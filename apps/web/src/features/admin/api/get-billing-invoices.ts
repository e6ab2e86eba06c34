import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { BILLING_KEY } from "./get-billing-preview.ts";

export type BillingInvoiceStatus = "open" | "submitted" | "paid" | "returned" | "dunned" | "cancelled";

export interface BillingInvoice {
  id: number;
  number: string;
  /** A credit note cancels an invoice; its amounts are negative. */
  kind: "invoice" | "credit_note";
  /** For a credit note: the number of the invoice it cancels. */
  credits_number: string | null;
  company_id: number;
  company_name: string;
  issue_date: string;
  gross_cents: number;
  status: BillingInvoiceStatus;
}

/** The PDF of an issued invoice, answered as an attachment. */
export const billingInvoicePdfUrl = (id: number) => `/api/admin/billing/invoices/${id}/pdf`;

/** GET /api/admin/billing/invoices?month=YYYY-MM: the invoices and credit notes issued for a month. */
export const useBillingInvoices = (month: string) =>
  useQuery({
    queryKey: [...BILLING_KEY, "invoices", month],
    queryFn: () =>
      api<{ data: BillingInvoice[] }>(`/billing/invoices?month=${month}`, { base: "/api/admin" }).then(
        (r) => r.data,
      ),
  });
