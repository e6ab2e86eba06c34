import type { Locale } from "@stempla/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

/** A year of monthly invoices per page. */
export const INVOICES_PER_PAGE = 12;

export type InvoiceStatus = "open" | "submitted" | "paid" | "returned" | "dunned" | "cancelled";

/** An invoice or credit note of the signed-in partner (spec section 3 "Invoice": title, date, PDF). */
export interface Invoice {
  id: number;
  number: string;
  kind: "invoice" | "credit_note";
  /** Localised by the server, e.g. "Rechnung 2026-000123 · November 2026". */
  title: string;
  /** Calendar days, YYYY-MM-DD. */
  issue_date: string;
  period_start: string | null;
  period_end: string | null;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  status: InvoiceStatus;
  debit_date: string | null;
  /** GET answers the PDF as an attachment. */
  pdf_url: string;
}

export interface InvoicesPage {
  data: Invoice[];
  meta: { page: number; per_page: number; total: number };
}

export const invoicesKeys = {
  all: ["invoices"] as const,
  // The titles come localised from the server, so each language is its own entry.
  list: (locale: Locale, page: number) => [...invoicesKeys.all, "list", locale, page] as const,
};

/** One page of the partner's invoices, newest first (spec section 7: GET /subscription/invoices). */
export const useInvoices = (locale: Locale, page: number) =>
  useQuery({
    queryKey: invoicesKeys.list(locale, page),
    queryFn: () => api<InvoicesPage>(`/subscription/invoices?page=${page}&per_page=${INVOICES_PER_PAGE}`),
    // The list keeps the previous page while the next one loads, instead of jumping to a skeleton.
    placeholderData: keepPreviousData,
  });
