import type { BillingInvoice, InvoiceStatus } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { BILLING_KEY } from "./get-billing-preview.ts";

// The console's invoice rows as the API answers them (packages/domain, billing-responses.ts).
export type { BillingInvoice };
export type BillingInvoiceStatus = InvoiceStatus;

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
