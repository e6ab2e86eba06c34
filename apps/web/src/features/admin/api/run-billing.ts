import type { BillingMonth, BillingRunResult } from "@stempla/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { BILLING_KEY } from "./get-billing-preview.ts";

export type { BillingRunResult };

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
        body: { month } satisfies BillingMonth,
      }).then((r) => r.data),
    // Also after a failure: a run that stopped half-way has issued some invoices.
    onSettled: () => client.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}

/** How many invoices the run issued. */
export const issuedCount = (result: BillingRunResult) => result.issued;
