import type { AdminInvitationPage, InvitationState } from "@stempla/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { PAGE_SIZE } from "./admin-calls.ts";

export const INVITATION_QUEUE_KEY = ["admin", "invitations"] as const;

/**
 * GET /api/admin/invitations: franchise invitations in one state (the queue: `checking`), oldest
 * first (docs/decisions/008-franchise-model.md, section 3). The queue has no search; the unused
 * second argument keeps the signature of the console's paged tables.
 */
export const useInvitationQueue = (state: InvitationState, _search: string, page: number) =>
  useQuery({
    queryKey: [...INVITATION_QUEUE_KEY, state, page],
    queryFn: () =>
      api<AdminInvitationPage>(`/invitations?state=${state}&page=${page}&per_page=${PAGE_SIZE}`, {
        base: "/api/admin",
      }),
    placeholderData: keepPreviousData,
  });
