import type { InvoicePaymentState, InvoiceReason } from "@stempla/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { BILLING_KEY } from "./get-billing-preview.ts";

/**
 * POST /api/admin/billing/invoices/{id}/returned: the bank returned a submitted direct debit.
 * 422 with errors.reason for a missing or too long reason; 409 when the invoice is not submitted.
 */
export function useMarkInvoiceReturned() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api<{ data: InvoicePaymentState }>(`/billing/invoices/${id}/returned`, {
        base: "/api/admin",
        method: "POST",
        body: { reason } satisfies InvoiceReason,
      }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
