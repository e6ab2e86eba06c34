import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { BILLING_KEY } from "./get-billing-preview.ts";

export interface BillingRunResult {
  month: string;
  /** The invoices issued by this run (their ids, or their number). */
  issued: number | number[];
  /** Partners billed for the month before. */
  skipped: number;
}

/**
 * POST /api/admin/billing/run: bills every partner for a completed month. Idempotent (a partner
 * billed before is skipped); a month that is not over yet answers 422 with errors.month.
 */
export function useRunBilling() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (month: string) =>
      api<{ data: BillingRunResult }>("/billing/run", {
        base: "/api/admin",
        method: "POST",
        body: { month },
      }).then((r) => r.data),
    // Also after a failure: a run that stopped half-way has issued some invoices.
    onSettled: () => client.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}

export const issuedCount = (result: BillingRunResult) =>
  Array.isArray(result.issued) ? result.issued.length : result.issued;
