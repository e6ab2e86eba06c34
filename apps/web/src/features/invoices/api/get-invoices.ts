import type { InvoicesPage, Locale } from "@stempla/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

/** A year of monthly invoices per page. */
export const INVOICES_PER_PAGE = 12;

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
