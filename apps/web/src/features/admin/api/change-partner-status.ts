import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import type { PartnerReviewStatus } from "./get-partner-review.ts";

/** The provider team's decisions on an account (POST /api/admin/partners/{id}/approve|block|unblock). */
export type StatusAction =
  | { action: "approve" }
  | { action: "block"; reason: string }
  | { action: "unblock" };

export function useChangePartnerStatus(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StatusAction) =>
      api<{ data: PartnerReviewStatus }>(`/partners/${id}/${input.action}`, {
        base: "/api/admin",
        method: "POST",
        body: input.action === "block" ? { reason: input.reason } : {},
      }).then((r) => r.data),
    // Also after a refused action (409: someone else decided first): the page shows the current state.
    // The queue, the partner list and this account's page all show the colour.
    onSettled: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}
