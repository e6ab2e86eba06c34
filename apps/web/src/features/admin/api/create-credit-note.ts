import type { CreditNoteIssued } from "@stempla/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { BILLING_KEY } from "./get-billing-preview.ts";

export type CreditNote = CreditNoteIssued;

/**
 * POST /api/admin/billing/invoices/{id}/credit-note: cancels an invoice by a credit note over its
 * full amount (the only correction of an issued invoice). 422 with errors.reason without a reason.
 */
export function useCreateCreditNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api<{ data: CreditNote }>(`/billing/invoices/${id}/credit-note`, {
        base: "/api/admin",
        method: "POST",
        body: { reason },
      }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
