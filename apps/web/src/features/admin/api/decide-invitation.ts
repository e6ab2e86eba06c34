import type { AdminInvitation } from "@stempla/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

/**
 * The team's decision on a franchise invitation: approve (the single-use link is mailed to the
 * invited company) or refuse with a reason (mailed to the master). POST
 * /api/admin/invitations/{id}/approve|refuse; 409 when it is no longer waiting for the check.
 */
export type InvitationDecision = { action: "approve" } | { action: "refuse"; reason: string };

export function useDecideInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: InvitationDecision }) =>
      api<{ data: AdminInvitation }>(`/invitations/${id}/${decision.action}`, {
        base: "/api/admin",
        method: "POST",
        body: decision.action === "refuse" ? { reason: decision.reason } : {},
      }).then((r) => r.data),
    // Also after a refused decision (409: someone else decided first), so the list shows the
    // current state; the mail outbox lists the mail the decision queued.
    onSettled: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}
