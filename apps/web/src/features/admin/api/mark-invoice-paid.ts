import type { InvoicePaymentState } from "@stempla/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { BILLING_KEY } from "./get-billing-preview.ts";

/** POST /api/admin/billing/invoices/{id}/paid: money received (409 when already paid or cancelled). */
export function useMarkInvoicePaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ data: InvoicePaymentState }>(`/billing/invoices/${id}/paid`, {
        base: "/api/admin",
        method: "POST",
        body: {},
      }).then((r) => r.data),
    // Also after a 409: someone else recorded it first, and the table shows the current status.
    onSettled: () => client.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
