import type { CreditNoteIssued, InvoiceReason } from "@stempla/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { BILLING_KEY } from "./get-billing-preview.ts";

/**
 * POST /api/admin/billing/invoices/{id}/credit-note: cancels an invoice by a credit note over its
 * full amount (the only correction of an issued invoice). 422 with errors.reason without a reason.
 */
export function useCreateCreditNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api<{ data: CreditNoteIssued }>(`/billing/invoices/${id}/credit-note`, {
        base: "/api/admin",
        method: "POST",
        body: { reason } satisfies InvoiceReason,
      }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
