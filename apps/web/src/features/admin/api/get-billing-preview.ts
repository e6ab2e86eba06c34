import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

/** Everything of the monthly billing (preview and issued invoices); a run invalidates it all. */
export const BILLING_KEY = ["admin", "billing"] as const;

export interface BillingPreviewPartner {
  company_id: number;
  name: string;
  locations: number;
  scans: number;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  /** Billed before: a run skips the partner. */
  already_issued: boolean;
}

export interface BillingPreview {
  month: string;
  partners: BillingPreviewPartner[];
  totals: { net_cents: number; vat_cents: number; gross_cents: number };
}

/** GET /api/admin/billing/preview?month=YYYY-MM: what a run for the month would bill. */
export const useBillingPreview = (month: string) =>
  useQuery({
    queryKey: [...BILLING_KEY, "preview", month],
    queryFn: () =>
      api<{ data: BillingPreview }>(`/billing/preview?month=${month}`, { base: "/api/admin" }).then(
        (r) => r.data,
      ),
  });
