import type { BillingPreview } from "@stempla/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

/** Everything of the monthly billing (preview and issued invoices); a run invalidates it all. */
export const BILLING_KEY = ["admin", "billing"] as const;

export type { BillingPreview };
export type BillingPreviewPartner = BillingPreview["partners"][number];

/** GET /api/admin/billing/preview?month=YYYY-MM: what a run for the month would bill. */
export const useBillingPreview = (month: string) =>
  useQuery({
    queryKey: [...BILLING_KEY, "preview", month],
    queryFn: () =>
      api<{ data: BillingPreview }>(`/billing/preview?month=${month}`, { base: "/api/admin" }).then(
        (r) => r.data,
      ),
  });
