import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { STATS_KEY } from "./stats-query.ts";

/** Sets the average receipt the estimated extra revenue is computed with; the figures follow. */
export function useUpdateAverageReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (averageReceiptCents: number) =>
      api<{ data: { average_receipt_cents: number } }>("/dashboard/stats/settings", {
        method: "PUT",
        body: { average_receipt_cents: averageReceiptCents },
      }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: STATS_KEY }),
  });
}
