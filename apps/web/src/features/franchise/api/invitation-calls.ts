import type { FranchiseInvitation, FranchiseInviteInput, Page } from "@stempla/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { FRANCHISE_KEY } from "../../../shared/franchise/franchise-calls.ts";

export const INVITATIONS_PER_PAGE = 10;
const invitationsKey = [...FRANCHISE_KEY, "invitations"] as const;

/** GET /dashboard/invite: the master's invitations, newest first, with their state. */
export const useInvitations = (page: number) =>
  useQuery({
    queryKey: [...invitationsKey, page],
    queryFn: () =>
      api<Page<FranchiseInvitation>>(`/dashboard/invite?page=${page}&per_page=${INVITATIONS_PER_PAGE}`),
    placeholderData: keepPreviousData,
  });

/** Every invitation change moves the list and the counts of the franchise view. */
function useInvitationMutation<T>(request: (input: T) => Promise<{ data: FranchiseInvitation }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => request(input).then((r) => r.data),
    onSettled: () => client.invalidateQueries({ queryKey: FRANCHISE_KEY }),
  });
}

/** POST /dashboard/invite: the provider team checks it before the link is mailed. */
export const useInvite = () =>
  useInvitationMutation((input: FranchiseInviteInput) =>
    api<{ data: FranchiseInvitation }>("/dashboard/invite", { body: input }),
  );

/** POST /dashboard/invite/:id/resend: a new link with a new expiry (sent or expired only). */
export const useResendInvitation = () =>
  useInvitationMutation((id: number) =>
    api<{ data: FranchiseInvitation }>(`/dashboard/invite/${id}/resend`, { body: {} }),
  );

/** DELETE /dashboard/invite/:id: the invitation is withdrawn and its link stops working. */
export const useWithdrawInvitation = () =>
  useInvitationMutation((id: number) =>
    api<{ data: FranchiseInvitation }>(`/dashboard/invite/${id}`, { method: "DELETE" }),
  );
